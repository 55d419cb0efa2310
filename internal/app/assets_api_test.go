package app_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
)

const tripleTool = `{"name":"triple","description":"multiplies a number n by three",
 "input_schema":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]},
 "output_schema":{"type":"integer"},
 "code":"def run(input):\n    return input[\"n\"] * 3\n",
 "tests":[{"input":{"n":2},"expected":6},{"input":{"n":-1},"expected":-3}]}`

// The tool API over the real stores: a tool is validated on creation,
// versioned, recruited, invoked, and stopped by the sandbox's limits with
// a problem naming the limit.
func TestToolsOverTheAPI(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeAPI, evolution.Limits{})
	var created evokg.Tool
	e.do(t, "POST", "/tools", tripleTool, 201, &created)
	assert.True(t, created.Validated)
	assert.Equal(t, 2, created.Validation.Passed)

	var again evokg.Tool
	e.do(t, "POST", "/tools", tripleTool, 201, &again)
	assert.Equal(t, 2, again.Version)
	var detail evokg.ToolDetail
	e.do(t, "GET", "/tools/triple", "", 200, &detail)
	assert.Equal(t, 2, detail.Version)
	require.Len(t, detail.Versions, 2)
	assert.Equal(t, []int{2, 1}, []int{detail.Versions[0].Version, detail.Versions[1].Version})

	var recruited struct{ Items []evokg.Tool }
	e.do(t, "GET", "/tools?query=multiply%20a%20number%20by%20three", "", 200, &recruited)
	require.Len(t, recruited.Items, 1)
	e.do(t, "GET", "/tools?query=spell%20a%20french%20word", "", 200, &recruited)
	assert.Empty(t, recruited.Items)

	var out evokg.ToolOutput
	e.do(t, "POST", "/tools/triple/invoke", `{"input":{"n":14}}`, 200, &out)
	assert.JSONEq(t, `42`, string(out.Output))

	var problem api.Problem
	e.do(t, "POST", "/tools/triple/invoke", `{"input":{"n":"x"}}`, 422, &problem)
	assert.Equal(t, evokg.EINVALID, problem.Code)
	assert.Equal(t, []string{"/input"}, pointers(problem.Errors))

	// Validated on small inputs, spin loops forever on large ones.
	loop := `{"name":"spin","description":"loops on large inputs","code":"def run(input):\n    while input > 100:\n        pass\n    return input\n","tests":[{"input":1,"expected":1}]}`
	var spin evokg.Tool
	e.do(t, "POST", "/tools", loop, 201, &spin)
	require.True(t, spin.Validated, spin.Validation.Reason)
	e.do(t, "POST", "/tools/spin/invoke", `{"input":101}`, 422, &problem)
	assert.Equal(t, evokg.ELIMIT, problem.Code)
	assert.Contains(t, problem.Detail, "the steps limit stopped spin")

	broken := `{"name":"broken","description":"returns the wrong value","code":"def run(input):\n    return 0\n","tests":[{"input":1,"expected":1}]}`
	var brokenTool evokg.Tool
	e.do(t, "POST", "/tools", broken, 201, &brokenTool)
	assert.False(t, brokenTool.Validated)
	assert.Contains(t, brokenTool.Validation.Reason, "not the expected value")
	e.do(t, "POST", "/tools/broken/invoke", `{"input":1}`, 409, &problem)
	assert.Contains(t, problem.Detail, "only a validated tool runs")

	e.do(t, "POST", "/tools", `{"name":"Bad Name","description":"x","code":"x"}`, 422, &problem)
	assert.Equal(t, []string{"/name"}, pointers(problem.Errors))
	e.do(t, "GET", "/tools/missing", "", 404, &problem)

	var agent evokg.ExpertAgent
	e.do(t, "POST", "/agents", `{"role":"multiplier","system_prompt":"You multiply numbers by three.","tools":["triple"]}`, 201, &agent)
	require.Len(t, agent.ToolIDs, 1)
	assert.Equal(t, again.ID, agent.ToolIDs[0])
	var agents struct{ Items []evokg.ExpertAgent }
	e.do(t, "GET", "/agents?query=multiply%20numbers%20by%20three", "", 200, &agents)
	require.Len(t, agents.Items, 1)
	e.do(t, "POST", "/agents", `{"role":"x","system_prompt":"y","tools":["nope"]}`, 404, &problem)
	assert.Equal(t, []string{"/tools/0"}, pointers(problem.Errors))
}
