package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

// TestDeclareTaskTypeRefusals: every declaration the answer-mode rules
// forbid is refused with the field's pointer before the graph is reached;
// a key without memory:write gets a 403, a key for another namespace too.
func TestDeclareTaskTypeRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	many := make([]string, evokg.MaxChoices+1)
	for i := range many {
		many[i] = fmt.Sprintf("%q", fmt.Sprint("c", i))
	}
	refuse(t, b, "PUT", "/v1/namespaces/"+ns+"/task-types/colour", token, []refusal{
		{`{"answer":{"mode":"essay"}}`, 422, "/answer/mode"},
		{`{"answer":{}}`, 422, "/answer/mode"},
		{`{"description":"d"}`, 422, "/answer"},
		{`{"answer":{"mode":"text","choices":["red","blue"]}}`, 422, "/answer"},
		{`{"answer":{"mode":"number","choices":["1","2"]}}`, 422, "/answer"},
		{`{"answer":{"mode":"choice"}}`, 422, "/answer"},
		{`{"answer":{"mode":"choice","choices":["red"]}}`, 422, "/answer/choices"},
		{`{"answer":{"mode":"choice","choices":[]}}`, 422, "/answer/choices"},
		{`{"answer":{"mode":"choice","choices":[` + strings.Join(many, ",") + `]}}`, 422, "/answer/choices"},
		{`{"answer":{"mode":"choice","choices":["red",""]}}`, 422, "/answer/choices/1"},
		{`{"answer":{"mode":"choice","choices":["red","  "]}}`, 422, "/answer/choices/1"},
		{`{"answer":{"mode":"choice","choices":["red","` + strings.Repeat("b", evokg.MaxChoiceRunes+1) + `"]}}`, 422, "/answer/choices/1"},
		{`{"answer":{"mode":"choice","choices":["red","blue","red"]}}`, 422, "/answer/choices"},
		{`{"answer":{"mode":"choice","choices":["red","a\u0000b"]}}`, 422, "/answer/choices/1"},
		{`{"answer":{"mode":5}}`, 422, "/answer/mode"}, // an enum is checked before the type
		{`{"answer":{"mode":"choice","choices":"red,blue"}}`, 400, "/answer/choices"},
		{`{"answer":{"mode":"text"},"colour":"red"}`, 400, "/colour"},
		{`{"answer":{"mode":"text","format":"x"}}`, 400, "/answer/format"},
		{checker(`(\\d+ ★`, star, "3 ★ 4 = 10"), 422, "/checker/pattern"},
		{checker(`\\d+ ★ \\d+`, star, "3 ★ 4 = 10"), 422, "/checker/pattern"},
		{checker(starPattern, `def run(operands)\n  return 1`, "3 ★ 4 = 10"), 422, "/checker/code"},
		{checker(starPattern, `def run(operands):\n  return \"ten\"`, "3 ★ 4 = 10"), 422, "/checker/code"},
		{checker(starPattern, star, "3 ★ 4 = 11"), 422, "/checker/example"},
		{checker(starPattern, star, "three and four"), 422, "/checker/example"},
		{checker("", star, "3 ★ 4 = 10"), 422, "/checker/pattern"},
		{`{"answer":{"mode":"number"},"checker":{"pattern":"(\\d+)","code":"x"}}`, 422, "/checker/example"},
		{`{"answer":{"mode":"number"},"checker":{"pattern":"(\\d+)","code":"x","example":"1","language":"python"}}`, 400, "/checker/language"},
	})
	name := "/v1/namespaces/" + ns + "/task-types/" + strings.Repeat("n", 201)
	refuse(t, b, "PUT", name, token, []refusal{{`{"answer":{"mode":"text"}}`, 422, "/name"}})

	read := b.key(t, []string{evokg.ScopeMemoryRead}, ns)
	rec := b.do(t, call{method: "PUT", path: "/v1/namespaces/" + ns + "/task-types/colour", token: read, body: `{"answer":{"mode":"text"}}`})
	require.Equal(t, http.StatusForbidden, rec.Code)
	require.Contains(t, problemOf(t, rec.Body.Bytes()).Detail, evokg.ScopeMemoryWrite)
	rec = b.do(t, call{method: "PUT", path: "/v1/namespaces/" + b.namespace(t) + "/task-types/colour", token: token, body: `{"answer":{"mode":"text"}}`})
	require.Equal(t, http.StatusForbidden, rec.Code, "another namespace")
	rec = b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/task-types/colour", token: token})
	require.Equal(t, http.StatusMethodNotAllowed, rec.Code)
	require.Equal(t, "PUT", rec.Header().Get("Allow"))
	require.Zero(t, b.fakes.calls.Load())

	write := b.key(t, []string{evokg.ScopeMemoryWrite}, ns)
	rec = b.do(t, call{method: "PUT", path: "/v1/namespaces/" + ns + "/task-types/colour", token: write,
		body: `{"description":"pick one","answer":{"mode":"choice","choices":["red","blue"]}}`})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	var tt evokg.TaskType
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &tt))
	require.Equal(t, evokg.AnswerSpec{Mode: evokg.AnswerChoice, Choices: []string{"red", "blue"}}, tt.Answer)
	require.Equal(t, "colour", tt.Name)
	require.Equal(t, "pick one", tt.Description)
}

// A checker of the star operator (a ★ b = 2a + b) as a client declares it.
const (
	starPattern = `(\\d+)\\s*★\\s*(\\d+)`
	star        = `def run(operands):\n    return 2 * int(operands[0]) + int(operands[1])`
)

// checker is a declaration body with a number answer and the checker.
func checker(pattern, code, example string) string {
	return fmt.Sprintf(`{"answer":{"mode":"number"},"checker":{"pattern":"%s","code":"%s","example":"%s"}}`, pattern, code, example)
}
