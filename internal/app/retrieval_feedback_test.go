package app_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
)

// searchArm returns the search bandit's posterior of arm for task type
// taskType, and whether the bandit has that arm yet.
func (e *env) searchArm(t *testing.T, taskType, arm string) (evokg.BanditArm, bool) {
	t.Helper()
	var states struct{ Items []evokg.BanditState }
	e.do(t, http.MethodGet, "/bandits", "", http.StatusOK, &states)
	for _, s := range states.Items {
		if s.Bandit != "search" || s.Key != taskType {
			continue
		}
		for _, a := range s.Arms {
			if a.Arm == arm {
				return a, true
			}
		}
	}
	return evokg.BanditArm{}, false
}

// An external reward on a /retrieve id moves the search bandit's posterior
// of the arm that built the pack, once, and with it the strategy the next
// /retrieve of the task type is served with; without the reward neither
// changes.
func TestRetrievalRewardMovesTheSearchBandit(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeAPI, evolution.Limits{})
	const question = `{"question":"What is 17 + 25?","task_type":"addition"}`

	var plain evokg.RetrieveResponse
	e.do(t, http.MethodPost, "/retrieve", question, http.StatusOK, &plain)
	require.NotEqual(t, uuid.Nil, plain.ID)
	require.Equal(t, "semantic", plain.Strategy, "an untried task type is served with the first search arm")
	_, seen := e.searchArm(t, "addition", "hybrid_graph")
	require.False(t, seen, "retrieving alone leaves the search bandit as it was")

	var forced evokg.RetrieveResponse
	e.do(t, http.MethodPost, "/retrieve", `{"question":"What is 17 + 25?","task_type":"addition","strategy":"hybrid_graph"}`,
		http.StatusOK, &forced)
	require.Equal(t, "hybrid_graph", forced.Strategy)
	require.NotEqual(t, plain.ID, forced.ID)

	var fb evokg.RetrievalFeedbackResponse
	e.do(t, http.MethodPost, "/retrievals/"+forced.ID.String()+"/feedback", `{"reward":1}`, http.StatusOK, &fb)
	require.Equal(t, forced.ID, fb.RetrievalID)
	require.Equal(t, []evokg.PulledArm{{Bandit: "search", Key: "addition", Arm: "hybrid_graph"}}, fb.Updated)

	rewarded, seen := e.searchArm(t, "addition", "hybrid_graph")
	require.True(t, seen)
	require.InDelta(t, 2.0, rewarded.Alpha, 1e-9, "α = prior 1 + reward 1")
	require.InDelta(t, 1.0, rewarded.Beta, 1e-9, "β = prior 1 + (1 − reward)")
	other, _ := e.searchArm(t, "addition", "semantic")
	require.InDelta(t, 1.0, other.Alpha, 1e-9, "the other arms keep their prior")

	var next evokg.RetrieveResponse
	e.do(t, http.MethodPost, "/retrieve", question, http.StatusOK, &next)
	require.Equal(t, "hybrid_graph", next.Strategy, "the rewarded arm now serves the task type")

	e.do(t, http.MethodPost, "/retrievals/"+forced.ID.String()+"/feedback", `{"reward":0}`, http.StatusConflict, nil)
	again, _ := e.searchArm(t, "addition", "hybrid_graph")
	require.Equal(t, rewarded, again, "a second reward changes nothing")

	e.do(t, http.MethodPost, "/retrievals/"+evokg.NewID().String()+"/feedback", `{"reward":1}`, http.StatusNotFound, nil)
	e.do(t, http.MethodPost, "/retrievals/"+plain.ID.String()+"/feedback", `{"reward":1.5}`, http.StatusUnprocessableEntity, nil)
}
