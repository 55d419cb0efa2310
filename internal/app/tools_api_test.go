package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/ollama/ollama/api"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/llm/ollamafake"
)

// The tool tests' world: the learner adds a field's sides unless a tool
// returns its area, which it then answers with.
const (
	areaType  = "field_area"
	areaSkill = "area_reasoning"
	areaTool  = "field_area"
)

// areaToolJSON is a tool computing a field's area; adds, the buggy one,
// passes its one test (2 + 2 = 2 × 2) and is wrong on every other field.
func areaToolJSON(op string) string {
	return `{"name":"` + areaTool + `","description":"Computes the area of a field in square metres from how many m wide and m long it is.",
 "input_schema":{"type":"object","properties":{"width":{"type":"integer"},"length":{"type":"integer"}},"required":["width","length"]},
 "code":"def run(input):\n    return {\"area\": input[\"width\"] ` + op + ` input[\"length\"]}\n",
 "tests":[{"input":{"width":2,"length":2},"expected":{"area":4}}]}`
}

var (
	fieldQuestion = regexp.MustCompile(`Field \d+ is (\d+) m wide and (\d+) m long`)
	toolAreaLine  = regexp.MustCompile(`(?m)^` + areaTool + `\(.*\) = \{"area":\s*(\d+)\}$`)
)

func fieldItem(i int) (question string, area int) {
	w, l := 4+i, 3+(i*5)%11
	return fmt.Sprintf("Field %d is %d m wide and %d m long. What is its area in square metres?", i, w, l), w * l
}

func num(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// playAreaLearner scripts the learner: in a tool round it calls the area
// tool when it is offered; it answers with the area a tool call returned,
// else with the sum of the sides.
func playAreaLearner(fake *ollamafake.Server) {
	fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "answer" {
			return "", false
		}
		if m := toolAreaLine.FindStringSubmatch(v.Prompt); m != nil {
			return `{"reasoning":"the tool returned the area","answer":"` + m[1] + `"}`, true
		}
		m := fieldQuestion.FindStringSubmatch(v.Prompt)
		if m == nil {
			return "", false
		}
		return fmt.Sprintf(`{"reasoning":"added the sides","answer":"%d"}`, num(m[1])+num(m[2])), true
	})
	fake.ScriptToolCalls(func(v ollamafake.ChatRequestView) ([]ollamafake.ScriptedCall, bool) {
		m := fieldQuestion.FindStringSubmatch(v.Prompt)
		if m == nil || v.AfterToolResult() || !offers(v, areaTool) {
			return nil, true
		}
		return []ollamafake.ScriptedCall{{Name: areaTool, Arguments: map[string]any{"width": num(m[1]), "length": num(m[2])}}}, true
	})
}

func offers(v ollamafake.ChatRequestView, tool string) bool {
	return slices.ContainsFunc(v.Tools, func(t api.Tool) bool { return t.Function.Name == tool })
}

// offeredRequests counts the model requests that offered tool.
func offeredRequests(fake *ollamafake.Server, tool string) int {
	n := 0
	for _, r := range fake.Requests() {
		if r.Chat != nil && offers(*r.Chat, tool) {
			n++
		}
	}
	return n
}

// openAreaWorld opens a process whose routing bandit has arms (the
// default ones when nil), with the area skill serving field questions.
func openAreaWorld(t *testing.T, routingArms []string) *env {
	t.Helper()
	e := openWith(t, app.ModeAPI, func(c *app.Config) {
		c.Bandit = bandit.Config{Seed: 7, RoutingArms: routingArms}
	})
	_, err := e.app.Graph.CreateSkill(e.ctx, e.ns, evokg.NewSkill{Name: areaSkill, Description: "areas of fields"})
	require.NoError(t, err)
	require.NoError(t, e.app.Graph.LinkSkillToTask(e.ctx, e.ns, areaSkill, areaType))
	playAreaLearner(e.fake)
	return e
}

func (e *env) answerField(t *testing.T, i int) (evokg.AnswerResponse, bool) {
	t.Helper()
	q, area := fieldItem(i)
	var a evokg.AnswerResponse
	e.do(t, http.MethodPost, "/answer", `{"question":"`+q+`","task_type":"`+areaType+`"}`, http.StatusOK, &a)
	return a, a.Answer == strconv.Itoa(area)
}

func (e *env) tool(t *testing.T, name string) evokg.ToolDetail {
	t.Helper()
	var d evokg.ToolDetail
	e.do(t, http.MethodGet, "/tools/"+name, "", http.StatusOK, &d)
	return d
}

// Tools reach the learner at /answer, the client's entry point, with the
// routing bandit choosing among all its arms: the same eight questions are
// answered before the namespace holds the area tool and after. Only with
// the tool do the tool_call arm's answers offer it, call it and come out
// right.
func TestToolsReachTheLearnerAtAnswer(t *testing.T) {
	t.Parallel()
	e := openAreaWorld(t, nil)
	round := func() (right, called, onToolArm int) {
		for i := range 8 {
			a, ok := e.answerField(t, i)
			if ok {
				right++
			}
			if len(a.ToolCalls) > 0 {
				called++
			}
			if slices.Contains(a.Arms, evokg.PulledArm{Bandit: "routing", Key: areaSkill, Arm: bandit.StrategyToolCall}) {
				onToolArm++
			}
		}
		return right, called, onToolArm
	}
	offRight, offCalled, offToolArm := round()
	require.Zero(t, offRight, "without the tool the learner adds the sides")
	require.Zero(t, offCalled)
	require.Zero(t, offeredRequests(e.fake, areaTool))
	require.Equal(t, 2, offToolArm, "the warm-up gives each of the four arms a quarter")

	e.do(t, http.MethodPost, "/tools", areaToolJSON("*"), http.StatusCreated, nil)
	onRight, onCalled, onToolArm := round()
	require.Equal(t, 2, onToolArm)
	require.Equal(t, onToolArm, onCalled, "every tool_call answer called the tool")
	require.Equal(t, onCalled, onRight, "and was right")
	require.Equal(t, 2*onToolArm, offeredRequests(e.fake, areaTool), "offered in both tool rounds of each tool_call answer, and nowhere else")
	require.Greater(t, onRight, offRight)
}

// Every call the learner makes at /answer is counted against the tool and
// shown by GET /tools/{name} and the list: completed at once, graded when
// the client posts the answer's feedback.
func TestToolCallsKeepScoreOverTheAPI(t *testing.T) {
	t.Parallel()
	e := openAreaWorld(t, []string{bandit.StrategyToolCall})
	var created evokg.Tool
	e.do(t, http.MethodPost, "/tools", areaToolJSON("*"), http.StatusCreated, &created)
	require.Equal(t, evokg.ToolActive, created.State)
	require.Zero(t, created.Stats.Calls)

	first, ok := e.answerField(t, 1)
	require.True(t, ok)
	require.Len(t, first.ToolCalls, 1)
	second, ok := e.answerField(t, 2)
	require.True(t, ok)
	got := e.tool(t, areaTool).Stats
	require.EqualValues(t, 2, got.Calls)
	require.EqualValues(t, 2, got.Completed)
	require.Zero(t, got.Errors)
	require.NotNil(t, got.LastCalledAt)
	require.Zero(t, got.GradedRight+got.GradedWrong, "no answer graded yet")

	e.do(t, http.MethodPost, "/answers/"+first.ID.String()+"/feedback", `{"reward":1}`, http.StatusOK, nil)
	e.do(t, http.MethodPost, "/answers/"+second.ID.String()+"/feedback", `{"reward":0.2}`, http.StatusOK, nil)
	got = e.tool(t, areaTool).Stats
	require.EqualValues(t, 1, got.GradedRight)
	require.EqualValues(t, 1, got.GradedWrong)
	require.EqualValues(t, 2, got.Judged)
	require.EqualValues(t, 1, got.JudgedFailed)

	var list struct{ Items []evokg.Tool }
	e.do(t, http.MethodGet, "/tools", "", http.StatusOK, &list)
	require.Len(t, list.Items, 1)
	require.Equal(t, got, list.Items[0].Stats)
}

// A tool whose calls keep failing is retired: after five answers graded
// wrong it is still shown (state retired, with the reason) but no longer
// offered to the learner at /answer nor recruited; restoring it brings it
// back.
func TestFailingToolIsRetiredAndRestored(t *testing.T) {
	t.Parallel()
	e := openAreaWorld(t, []string{bandit.StrategyToolCall})
	e.do(t, http.MethodPost, "/tools", areaToolJSON("+"), http.StatusCreated, nil) // validated, and wrong
	for i := range 5 {
		a, ok := e.answerField(t, i+1)
		require.False(t, ok, "the tool adds the sides")
		require.Len(t, a.ToolCalls, 1)
		require.Equal(t, evokg.ToolActive, e.tool(t, areaTool).State, "retired only once the rule holds")
		e.do(t, http.MethodPost, "/answers/"+a.ID.String()+"/feedback", `{"reward":0}`, http.StatusOK, nil)
	}
	retired := e.tool(t, areaTool)
	require.Equal(t, evokg.ToolRetired, retired.State)
	require.NotNil(t, retired.Stats.RetiredAt)
	require.Contains(t, retired.Stats.RetiredReason, "5 of its 5 judged calls failed")
	require.EqualValues(t, 5, retired.Stats.GradedWrong)

	offered := offeredRequests(e.fake, areaTool)
	a, _ := e.answerField(t, 7)
	require.Empty(t, a.ToolCalls, "a retired tool is not offered")
	require.Equal(t, offered, offeredRequests(e.fake, areaTool))
	var recruited struct{ Items []evokg.Tool }
	q, _ := fieldItem(7)
	e.do(t, http.MethodGet, "/tools?query="+url.QueryEscape(q), "", http.StatusOK, &recruited)
	require.Empty(t, recruited.Items)

	var restored evokg.Tool
	e.do(t, http.MethodPost, "/tools/"+areaTool+"/restore", "", http.StatusOK, &restored)
	require.Equal(t, evokg.ToolActive, restored.State)
	require.NotNil(t, restored.Stats.RestoredAt)
	require.Zero(t, restored.Stats.Judged, "the rule counts again from zero")
	require.EqualValues(t, 5, restored.Stats.GradedWrong, "the history stays")
	a, _ = e.answerField(t, 7)
	require.Len(t, a.ToolCalls, 1, "offered again")
	require.Greater(t, offeredRequests(e.fake, areaTool), offered)
	e.do(t, http.MethodPost, "/tools/missing/restore", "", http.StatusNotFound, nil)
}
