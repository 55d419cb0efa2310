package app_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
)

// /retrieve serves what /answer shows the same learner: under a stored
// learner profile that gives one memory as turns, on every search arm,
// the memories retrieved are the answer's memory_ids, under the profile
// the answer reports, and the response names what it cannot match (a
// routing arm with a preliminary call would also show the block).
func TestRetrieveShowsWhatAnswerShows(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeWorker, evolution.Limits{})
	for _, q := range []string{"Glyph star: what is 21 ★ 4?", "Glyph star: what is 23 ★ 7?", "Glyph star: what is 25 ★ 2?", "Glyph star: what is 26 ★ 8?"} {
		e.remember(t, q, "40", "")
	}
	e.do(t, http.MethodPut, "/learner-profile", `{"render":"turns","memories":1,"reasoning":true}`, http.StatusOK, nil)
	const ask = `{"question":"Glyph star: what is 29 ★ 5?","task_type":"glyph","signature":["multiply","add"]`
	for _, arm := range bandit.DefaultSearchArms {
		var answered evokg.AnswerResponse
		e.do(t, http.MethodPost, "/answer", ask+`,"search_arm":"`+arm+`","routing":false}`, http.StatusOK, &answered)
		var got evokg.RetrieveResponse
		e.do(t, http.MethodPost, "/retrieve", ask+`,"strategy":"`+arm+`"}`, http.StatusOK, &got)
		require.Len(t, answered.MemoryIDs, 1, arm)
		require.Equal(t, answered.MemoryIDs, got.MemoryIDs, arm)
		listed := make([]uuid.UUID, len(got.Memories))
		for i, m := range got.Memories {
			listed[i] = m.ExperienceID
		}
		require.Equal(t, answered.MemoryIDs, listed, arm)
		require.NotNil(t, got.Profile, arm)
		require.Equal(t, answered.Profile, *got.Profile, arm)
		require.Equal(t, []string{evokg.DiffersPreliminaryBlock}, got.Differs, arm)
	}
}
