package app_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/llm/ollamafake"
)

// answerFormat is the part of the answer call's JSON schema (the request's
// format) the modes differ in.
type answerFormat struct {
	Title      string `json:"title"`
	Properties map[string]struct {
		Type string   `json:"type"`
		Enum []string `json:"enum"`
	} `json:"properties"`
	Required []string `json:"required"`
}

// answerFormats are the formats of the answer calls whose question holds
// marker.
func answerFormats(t *testing.T, fake *ollamafake.Server, marker string) []answerFormat {
	t.Helper()
	var out []answerFormat
	for _, r := range fake.Requests() {
		if r.Chat == nil || r.Chat.Task != "answer" || !strings.Contains(r.Chat.Prompt, marker) {
			continue
		}
		var f answerFormat
		require.NoError(t, json.Unmarshal(r.Chat.Format, &f))
		out = append(out, f)
	}
	return out
}

// regexpOf matches s literally.
func regexpOf(s string) *regexp.Regexp { return regexp.MustCompile(regexp.QuoteMeta(s)) }

// TestAnswerModes: a task type declared through PUT …/task-types/{name}
// is answered in its mode through POST /answer: the learner is asked for
// the mode's JSON schema (a number, one of the choices, an expression),
// its reply is decoded in that mode (an expression evaluated by the
// calculator), and the response says the mode, the expression and the
// learner profile; GET /task-types shows the declaration.
func TestAnswerModes(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeAPI, evolution.Limits{})
	cases := []struct {
		mode       evokg.AnswerMode
		taskType   string
		spec       string
		question   string
		reply      string
		answer     string
		expression string
		check      func(t *testing.T, f answerFormat)
	}{
		{mode: evokg.AnswerNumber, taskType: "counting", spec: `{"mode":"number"}`, question: "How many legs have 7 snails?",
			reply: `{"reasoning":"a snail has one foot","answer":7}`, answer: "7",
			check: func(t *testing.T, f answerFormat) {
				require.Equal(t, "number", f.Properties["answer"].Type)
				require.NotContains(t, f.Properties, "expression")
			}},
		{mode: evokg.AnswerChoice, taskType: "colours", spec: `{"mode":"choice","choices":["red","blue","green"]}`,
			question: "Which colour is the sky at noon?", reply: `{"reasoning":"a clear sky","answer":"blue"}`, answer: "blue",
			check: func(t *testing.T, f answerFormat) {
				require.Equal(t, "string", f.Properties["answer"].Type)
				require.Equal(t, []string{"red", "blue", "green"}, f.Properties["answer"].Enum)
			}},
		{mode: evokg.AnswerExpression, taskType: "arith", spec: `{"mode":"expression"}`, question: "What is six sevens and one?",
			reply: `{"reasoning":"six times seven, plus one","expression":"6*7+1"}`, answer: "43", expression: "6*7+1",
			check: func(t *testing.T, f answerFormat) {
				require.Equal(t, "string", f.Properties["expression"].Type)
				require.NotContains(t, f.Properties, "answer")
				require.Contains(t, f.Required, "expression")
			}},
	}
	for _, tc := range cases {
		e.fake.AddRule(ollamafake.Rule{Task: "answer", Pattern: regexpOf(tc.question), Reply: tc.reply})
	}
	for _, tc := range cases {
		t.Run(string(tc.mode), func(t *testing.T) {
			t.Parallel()
			var tt evokg.TaskType
			e.do(t, http.MethodPut, "/task-types/"+tc.taskType, `{"description":"declared","answer":`+tc.spec+`}`, http.StatusOK, &tt)
			require.Equal(t, tc.mode, tt.Answer.Mode)
			require.Equal(t, "declared", tt.Description)

			var a evokg.AnswerResponse
			e.do(t, http.MethodPost, "/answer", `{"question":"`+tc.question+`","task_type":"`+tc.taskType+`"}`, http.StatusOK, &a)
			require.Equal(t, tc.answer, a.Answer)
			require.Equal(t, tc.mode, a.AnswerMode)
			require.Equal(t, tc.expression, a.Expression)
			require.Equal(t, evokg.DefaultProfile, a.Profile, "no profile stored: the default")
			require.Equal(t, 1, a.LearnerCalls)

			formats := answerFormats(t, e.fake, tc.question)
			require.Len(t, formats, 1)
			require.Equal(t, "answer", formats[0].Title)
			require.Contains(t, formats[0].Properties, "reasoning", "the default profile reasons first")
			tc.check(t, formats[0])

			var types struct{ Items []evokg.TaskTypeScore }
			e.do(t, http.MethodGet, "/task-types", "", http.StatusOK, &types)
			found := false
			for _, got := range types.Items {
				if got.Name == tc.taskType {
					found = true
					require.Equal(t, tc.mode, got.Answer.Mode)
				}
			}
			require.True(t, found, "GET /task-types lists %s", tc.taskType)
		})
	}
	t.Run("text", func(t *testing.T) {
		t.Parallel()
		var a evokg.AnswerResponse
		e.do(t, http.MethodPost, "/answer", `{"question":"Name a prime.","task_type":"undeclared"}`, http.StatusOK, &a)
		require.Equal(t, evokg.AnswerText, a.AnswerMode, "a task type never declared is answered in text")
		require.Empty(t, a.Expression)
		formats := answerFormats(t, e.fake, "Name a prime.")
		require.Len(t, formats, 1)
		require.Equal(t, "string", formats[0].Properties["answer"].Type)
		require.Empty(t, formats[0].Properties["answer"].Enum)
	})
}

// TestDeclareTaskTypeOverTheAPI: a declaration is stored in the graph and
// can be changed (a new mode drops the choices; an absent description
// keeps the one it has); every refused declaration names its field, and
// changes nothing; a key without memory:write gets a 403.
func TestDeclareTaskTypeOverTheAPI(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeAPI, evolution.Limits{})
	var tt evokg.TaskType
	e.do(t, http.MethodPut, "/task-types/colours", `{"description":"pick one","answer":{"mode":"choice","choices":["red","blue"]}}`, http.StatusOK, &tt)
	require.Equal(t, evokg.AnswerSpec{Mode: evokg.AnswerChoice, Choices: []string{"red", "blue"}}, tt.Answer)
	var changed evokg.TaskType
	e.do(t, http.MethodPut, "/task-types/colours", `{"answer":{"mode":"number"}}`, http.StatusOK, &changed)
	require.Equal(t, evokg.AnswerSpec{Mode: evokg.AnswerNumber}, changed.Answer)
	require.Equal(t, "pick one", changed.Description, "an absent description keeps the one it has")

	for _, tc := range []struct{ body, pointer string }{
		{`{"answer":{"mode":"essay"}}`, "/answer/mode"},
		{`{"answer":{"mode":"text","choices":["a","b"]}}`, "/answer"},
		{`{"answer":{"mode":"choice","choices":["a"]}}`, "/answer/choices"},
		{`{"answer":{"mode":"choice","choices":["a"," "]}}`, "/answer/choices/1"},
		{`{"answer":{"mode":"choice","choices":["a","b","a"]}}`, "/answer/choices"},
	} {
		var p api.Problem
		e.do(t, http.MethodPut, "/task-types/colours", tc.body, http.StatusUnprocessableEntity, &p)
		require.Equal(t, tc.pointer, p.Errors[0].Pointer, tc.body)
	}
	got, err := e.app.Graph.GetTaskType(e.ctx, e.ns, "colours")
	require.NoError(t, err)
	require.Equal(t, evokg.AnswerNumber, got.Answer.Mode, "refusals changed nothing")
	require.Empty(t, got.Answer.Choices)

	var p api.Problem
	e.as(t, evokg.ScopeMemoryRead).do(t, http.MethodPut, "/task-types/colours", `{"answer":{"mode":"text"}}`, http.StatusForbidden, &p)
	require.Contains(t, p.Detail, evokg.ScopeMemoryWrite)
}

// TestDeclareCheckerOverTheAPI: a task type's checker is stored in the
// graph with its answer mode, listed with the task type, kept by a
// refused declaration and removed by a declaration without one.
func TestDeclareCheckerOverTheAPI(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeAPI, evolution.Limits{})
	star := evokg.Checker{Pattern: `(\d+)\s*★\s*(\d+)`, Code: "def run(operands):\n    return 2 * int(operands[0]) + int(operands[1])\n", Example: "3 ★ 4 = 10"}
	body, err := json.Marshal(evokg.TaskTypeDeclaration{Answer: evokg.AnswerSpec{Mode: evokg.AnswerNumber}, Checker: &star})
	require.NoError(t, err)
	var tt evokg.TaskType
	e.do(t, http.MethodPut, "/task-types/star", string(body), http.StatusOK, &tt)
	require.Equal(t, &star, tt.Checker)
	require.Equal(t, evokg.AnswerNumber, tt.Answer.Mode)
	var list struct{ Items []evokg.TaskTypeScore }
	e.do(t, http.MethodGet, "/task-types", "", http.StatusOK, &list)
	require.Len(t, list.Items, 1)
	require.Equal(t, &star, list.Items[0].Checker, "the list shows the checker")

	wrong := star
	wrong.Example = "3 ★ 4 = 11"
	body, err = json.Marshal(evokg.TaskTypeDeclaration{Answer: evokg.AnswerSpec{Mode: evokg.AnswerText}, Checker: &wrong})
	require.NoError(t, err)
	var p api.Problem
	e.do(t, http.MethodPut, "/task-types/star", string(body), http.StatusUnprocessableEntity, &p)
	require.Equal(t, "/checker/example", p.Errors[0].Pointer)
	got, err := e.app.Graph.GetTaskType(e.ctx, e.ns, "star")
	require.NoError(t, err)
	require.Equal(t, &star, got.Checker, "a refusal changes nothing")
	require.Equal(t, evokg.AnswerNumber, got.Answer.Mode)

	var removed evokg.TaskType
	e.do(t, http.MethodPut, "/task-types/star", `{"answer":{"mode":"number"}}`, http.StatusOK, &removed)
	require.Nil(t, removed.Checker, "a declaration without a checker removes it")
	got, err = e.app.Graph.GetTaskType(e.ctx, e.ns, "star")
	require.NoError(t, err)
	require.Nil(t, got.Checker)
}
