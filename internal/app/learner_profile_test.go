package app_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/llm/ollamafake"
)

// reasons reports whether an answer call asked for reasoning first.
func reasons(v ollamafake.ChatRequestView) bool {
	var f answerFormat
	return json.Unmarshal(v.Format, &f) == nil && f.Properties["reasoning"].Type != ""
}

// TestLearnerProfileOverTheAPI: with nothing stored GET shows the default
// (stored false) for the learner model; PUT sets a profile by hand (and
// refuses an invalid one, naming the field); a calibration answers the
// client's two items with both candidates (four learner calls), keeps the
// one that answered right, stores it with its figures, and GET and the
// next answer use it.
func TestLearnerProfileOverTheAPI(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeAPI, evolution.Limits{})
	model := e.app.Answer.Model()
	require.NotEmpty(t, model)

	var got api.LearnerProfileState
	e.do(t, http.MethodGet, "/learner-profile", "", http.StatusOK, &got)
	require.Equal(t, api.LearnerProfileState{Namespace: e.ns, Model: model, Profile: evokg.DefaultProfile}, got)

	var set api.LearnerProfileState
	e.do(t, http.MethodPut, "/learner-profile", `{"render":"block","memories":5,"item_chars":400,"reasoning":true}`, http.StatusOK, &set)
	require.True(t, set.Stored)
	require.Equal(t, model, set.Model)
	require.Equal(t, evokg.LearnerProfile{Render: evokg.RenderBlock, Memories: 5, ItemChars: 400, Reasoning: true}, set.Profile)
	require.Nil(t, set.Calibration)
	require.NotNil(t, set.UpdatedAt)
	for _, tc := range []struct{ body, pointer string }{
		{`{"render":"scroll","reasoning":true}`, "/render"},
		{`{"render":"turns","memories":21,"reasoning":true}`, "/memories"},
		{`{"render":"turns","item_chars":40,"reasoning":true}`, "/item_chars"},
	} {
		var p api.Problem
		e.do(t, http.MethodPut, "/learner-profile", tc.body, http.StatusUnprocessableEntity, &p)
		require.Equal(t, tc.pointer, p.Errors[0].Pointer, tc.body)
	}
	var other api.LearnerProfileState
	e.do(t, http.MethodGet, "/learner-profile?model=qwen3:8b", "", http.StatusOK, &other)
	require.False(t, other.Stored, "another model has its own profile")
	require.Equal(t, "qwen3:8b", other.Model)

	// The learner answers right only when asked to answer directly, so the
	// second candidate wins.
	e.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "answer" || !strings.Contains(v.Prompt, "★") {
			return "", false
		}
		right := map[string]string{"What is 3 ★ 4?": "10", "What is 3 ★ 6?": "12"}
		for q, a := range right {
			if strings.Contains(v.Prompt, q) {
				if reasons(v) {
					return `{"reasoning":"guessing","answer":"0"}`, true
				}
				return `{"answer":"` + a + `"}`, true
			}
		}
		return "", false
	})
	var p api.Problem
	e.as(t, evokg.ScopeMemoryRead, evokg.ScopeMemoryWrite).do(t, http.MethodPost, "/learner-profile/calibrate",
		`{"items":[{"id":"v1","question":"What is 3 ★ 4?","answer":"10","task_type":"glyph"}]}`, http.StatusForbidden, &p)
	require.Contains(t, p.Detail, evokg.ScopeEvolve)

	before := time.Now().UTC()
	var cal api.LearnerProfileState
	e.do(t, http.MethodPost, "/learner-profile/calibrate", `{"items":[
		{"id":"v1","question":"What is 3 ★ 4?","answer":"10","task_type":"glyph"},
		{"id":"v2","question":"What is 3 ★ 6?","answer":"12","task_type":"glyph","context":"★ is a glyph"}],
		"candidates":[{"render":"block","reasoning":true},{"render":"turns","memories":3,"reasoning":false}]}`, http.StatusOK, &cal)
	turns := evokg.LearnerProfile{Render: evokg.RenderTurns, Memories: 3}
	require.True(t, cal.Stored)
	require.Equal(t, model, cal.Model)
	require.Equal(t, turns, cal.Profile)
	require.NotNil(t, cal.Calibration)
	require.Equal(t, []string{"v1", "v2"}, cal.Calibration.Items)
	require.Equal(t, []evokg.ProfileScore{
		{Profile: evokg.LearnerProfile{Render: evokg.RenderBlock, Reasoning: true}, Correct: 0, Items: 2, Accuracy: 0},
		{Profile: turns, Correct: 2, Items: 2, Accuracy: 1},
	}, cal.Calibration.Scores)
	require.Equal(t, 2*2, cal.Calibration.LearnerCalls, "two items × two candidates, one call each")
	require.False(t, cal.Calibration.At.Before(before.Truncate(time.Second)))

	var after api.LearnerProfileState
	e.do(t, http.MethodGet, "/learner-profile", "", http.StatusOK, &after)
	require.True(t, after.Stored)
	require.Equal(t, turns, after.Profile)
	require.Equal(t, cal.Calibration.Scores, after.Calibration.Scores)
	require.Equal(t, cal.Calibration.LearnerCalls, after.Calibration.LearnerCalls)

	var a evokg.AnswerResponse
	e.do(t, http.MethodPost, "/answer", `{"question":"What is 3 ★ 6?","task_type":"glyph"}`, http.StatusOK, &a)
	require.Equal(t, turns, a.Profile, "answers use the calibrated profile")
	require.Equal(t, "12", a.Answer)
	require.Equal(t, evokg.AnswerText, a.AnswerMode)
}
