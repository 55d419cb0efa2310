package assets_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/assets"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
)

var (
	schemaOnce sync.Once
	schemaErr  error
)

type bundle struct {
	ctx   context.Context
	ns    string
	svc   *assets.Service
	graph *flakyGraph
	mem   memtest.Bundle
}

// flakyGraph is the real graph; failTools makes the next tool projections fail.
type flakyGraph struct {
	*graph.Graph
	failTools atomic.Int32
}

func (f *flakyGraph) ProjectTool(ctx context.Context, ns string, t evokg.Tool) (evokg.Tool, error) {
	if f.failTools.Add(-1) >= 0 {
		return evokg.Tool{}, evokg.Errorf(evokg.EUNAVAILABLE, "neo4j is down (test)")
	}
	return f.Graph.ProjectTool(ctx, ns, t)
}

func setup(t *testing.T, cfg assets.Config) bundle {
	t.Helper()
	testenv.Neo4j(t)
	ctx := t.Context()
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, testenv.Logger(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(context.Background()) })
	schemaOnce.Do(func() { schemaErr = g.ApplySchema(ctx) })
	require.NoError(t, schemaErr)
	mem := memtest.Setup(t)
	fg := &flakyGraph{Graph: g}
	svc, err := assets.New(cfg, mem.Pool, fg, mem.Store, &memtest.BagOfWords{Dim: memtest.Dim}, testenv.Logger(t))
	require.NoError(t, err)
	return bundle{ctx: ctx, ns: mem.NS, svc: svc, graph: fg, mem: mem}
}

func raw(s string) json.RawMessage { return json.RawMessage(s) }

const addCode = `
def run(input):
    return {"sum": input["a"] + input["b"]}
`

func addSpec() evokg.ToolSpec {
	return evokg.ToolSpec{
		Name: "add_numbers", Description: "adds two numbers a and b and returns their sum",
		InputSchema:  raw(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}`),
		OutputSchema: raw(`{"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"]}`),
		Code:         addCode,
		Tests: []evokg.ToolTest{
			{Input: raw(`{"a":1,"b":2}`), Expected: raw(`{"sum":3}`)},
			{Input: raw(`{"a":-4,"b":4.5}`), Expected: raw(`{"sum":0.5}`)},
		},
	}
}

func requireCode(t *testing.T, err error, code string) *evokg.Error {
	t.Helper()
	var e *evokg.Error
	require.True(t, errors.As(err, &e), "want a %s error, got %v", code, err)
	require.Equal(t, code, e.Code, e.Message)
	return e
}

func TestCreateToolValidatesItsTestsAndRecordsProvenance(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	_, err := b.graph.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "arithmetic"})
	require.NoError(t, err)
	exp := b.mem.Insert(t, memtest.Memory{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Content: "added wrongly", Vec: memtest.Unit(0)})
	require.NoError(t, b.graph.ProjectExperience(b.ctx, exp, nil))

	spec := addSpec()
	spec.Skill, spec.CreatedFrom = "arithmetic", []uuid.UUID{exp.ID}
	tool, err := b.svc.CreateTool(b.ctx, b.ns, spec)
	require.NoError(t, err)
	assert.True(t, tool.Validated)
	assert.Equal(t, 1, tool.Version)
	assert.Equal(t, 2, tool.Validation.Ran)
	assert.Equal(t, 2, tool.Validation.Passed)
	assert.Empty(t, tool.Validation.Reason)
	assert.JSONEq(t, `{"sum":0.5}`, string(tool.Validation.Results[1].Output))

	// The graph holds the version, its record's summary and its provenance.
	skillTools, err := b.graph.SkillTools(b.ctx, b.ns, "arithmetic")
	require.NoError(t, err)
	require.Len(t, skillTools, 1)
	assert.Equal(t, tool.ID, skillTools[0].ID)
	assert.True(t, skillTools[0].Validated)
	assert.Equal(t, 2, skillTools[0].Validation.Passed)
	from, err := b.graph.ToolExperiences(b.ctx, b.ns, tool.ID)
	require.NoError(t, err)
	assert.Equal(t, []uuid.UUID{exp.ID}, from)

	got, err := b.svc.Tool(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	assert.JSONEq(t, string(tool.Validation.Results[0].Output), string(got.Validation.Results[0].Output))
	assert.Equal(t, []uuid.UUID{exp.ID}, got.CreatedFrom)
	assert.Equal(t, "arithmetic", got.Skill)
}

func TestAToolIsValidatedOnlyIfEveryTestPasses(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	cases := []struct {
		name   string
		mutate func(*evokg.ToolSpec)
		failed int
		reason string
	}{
		{"wrong expected value", func(s *evokg.ToolSpec) { s.Tests[1].Expected = raw(`{"sum":1}`) }, 1, "test 1: the output is not the expected value"},
		{"loops forever", func(s *evokg.ToolSpec) { s.Code = "def run(input):\n    while True:\n        pass\n" }, 2, "steps"},
		{"reads a file", func(s *evokg.ToolSpec) { s.Code = "def run(input):\n    return open('/etc/passwd')\n" }, 2, "undefined: open"},
		{"imports", func(s *evokg.ToolSpec) { s.Code = "import os\ndef run(input):\n    return 1\n" }, 2, "no imports"},
		{"breaks its output schema", func(s *evokg.ToolSpec) { s.Code = "def run(input):\n    return {'sum': 'three'}\n" }, 2, "output schema"},
		{"test input breaks the input schema", func(s *evokg.ToolSpec) { s.Tests[0].Input = raw(`{"a":"1","b":2}`) }, 1, "input schema"},
		{"no tests", func(s *evokg.ToolSpec) { s.Tests = nil }, 0, "no tests"},
	}
	for _, c := range cases {
		spec := addSpec()
		c.mutate(&spec)
		tool, err := b.svc.CreateTool(b.ctx, b.ns, spec)
		require.NoError(t, err, c.name)
		assert.False(t, tool.Validated, c.name)
		assert.Equal(t, c.failed, tool.Validation.Failed, c.name)
		assert.Contains(t, tool.Validation.Reason, c.reason, c.name)
	}
}

func TestANewPostOfANameIsANewVersion(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	first, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	spec := addSpec()
	spec.Description = "adds a and b"
	second, err := b.svc.CreateTool(b.ctx, b.ns, spec)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2}, []int{first.Version, second.Version})

	latest, err := b.svc.Tool(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	assert.Equal(t, second.ID, latest.ID)
	versions, err := b.svc.ToolVersions(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	require.Len(t, versions, 2)
	assert.Equal(t, []int{2, 1}, []int{versions[0].Version, versions[1].Version})
	list, err := b.svc.ListTools(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, 2, list[0].Version)
	_, err = b.svc.Tool(b.ctx, b.ns, "missing")
	requireCode(t, err, evokg.ENOTFOUND)
}

func TestCreateToolRefusesBadFields(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	spec := addSpec()
	spec.Name, spec.Code, spec.InputSchema = "Add Numbers", "", raw(`{"type":"nonsense"}`)
	spec.Tests[0].Expected = nil
	spec.Skill, spec.CreatedFrom = "", nil
	e := requireCode(t, errFrom(b.svc.CreateTool(b.ctx, b.ns, spec)), evokg.EINVALID)
	pointers := map[string]bool{}
	for _, f := range e.Fields {
		pointers[f.Pointer] = true
	}
	assert.Equal(t, map[string]bool{"/name": true, "/code": true, "/input_schema": true, "/tests/0/expected": true}, pointers)

	spec = addSpec()
	spec.Skill = "no_such_skill"
	e = requireCode(t, errFrom(b.svc.CreateTool(b.ctx, b.ns, spec)), evokg.ENOTFOUND)
	assert.Equal(t, "/skill", e.Fields[0].Pointer)
	spec = addSpec()
	spec.CreatedFrom = []uuid.UUID{evokg.NewID()}
	e = requireCode(t, errFrom(b.svc.CreateTool(b.ctx, b.ns, spec)), evokg.ENOTFOUND)
	assert.Equal(t, "/created_from", e.Fields[0].Pointer)
	spec = addSpec()
	spec.InputSchema = raw(`{"$ref":"file:///etc/passwd"}`)
	e = requireCode(t, errFrom(b.svc.CreateTool(b.ctx, b.ns, spec)), evokg.EINVALID)
	assert.Equal(t, "/input_schema", e.Fields[0].Pointer)
}

func errFrom[T any](_ T, err error) error { return err }

func TestInvokeNamesTheLimitOrTheSchema(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	_, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	out, err := b.svc.InvokeTool(b.ctx, b.ns, "add_numbers", raw(`{"a":20,"b":22}`))
	require.NoError(t, err)
	assert.JSONEq(t, `{"sum":42}`, string(out))

	e := requireCode(t, errFrom(b.svc.InvokeTool(b.ctx, b.ns, "add_numbers", raw(`{"a":"x"}`))), evokg.EINVALID)
	assert.Equal(t, "/input", e.Fields[0].Pointer)
	assert.Contains(t, e.Fields[0].Detail, "input schema")

	// Validated on small inputs, these stop or lie on large ones.
	spec := addSpec()
	spec.Name = "spin"
	spec.Code = "def run(input):\n    while input['a'] > 100:\n        pass\n    return {'sum': input['a'] + input['b']}\n"
	spin, err := b.svc.CreateTool(b.ctx, b.ns, spec)
	require.NoError(t, err)
	require.True(t, spin.Validated, spin.Validation.Reason)
	e = requireCode(t, errFrom(b.svc.InvokeTool(b.ctx, b.ns, "spin", raw(`{"a":101,"b":1}`))), evokg.ELIMIT)
	assert.Contains(t, e.Message, "the steps limit stopped spin")

	spec.Name = "liar"
	spec.Code = "def run(input):\n    if input['a'] > 100:\n        return {'sum': 'many'}\n    return {'sum': input['a'] + input['b']}\n"
	_, err = b.svc.CreateTool(b.ctx, b.ns, spec)
	require.NoError(t, err)
	e = requireCode(t, errFrom(b.svc.InvokeTool(b.ctx, b.ns, "liar", raw(`{"a":101,"b":1}`))), evokg.ETOOL)
	assert.Contains(t, e.Message, "violates its output schema")

	// Only a validated version runs.
	spec.Name, spec.Tests = "untested", nil
	_, err = b.svc.CreateTool(b.ctx, b.ns, spec)
	require.NoError(t, err)
	e = requireCode(t, errFrom(b.svc.InvokeTool(b.ctx, b.ns, "untested", raw(`{"a":1,"b":1}`))), evokg.ECONFLICT)
	assert.Contains(t, e.Message, "untested version 1 is not validated (no tests")

	_, err = b.svc.InvokeTool(b.ctx, b.ns, "missing", raw(`{}`))
	requireCode(t, err, evokg.ENOTFOUND)
}

// Recruitment returns validated tools above the threshold only: the same
// query recruits a dissimilar tool when the threshold is off (-1).
func TestRecruitToolsHonoursValidationAndTheThreshold(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	_, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	broken := addSpec()
	broken.Name, broken.Description = "add_numbers_broken", "adds two numbers a and b and returns their sum, wrongly"
	broken.Code = "def run(input):\n    return {'sum': 0}\n"
	_, err = b.svc.CreateTool(b.ctx, b.ns, broken)
	require.NoError(t, err)

	got, err := b.svc.RecruitTools(b.ctx, b.ns, "adds two numbers", 5)
	require.NoError(t, err)
	require.Len(t, got, 1, "only the validated tool")
	assert.Equal(t, "add_numbers", got[0].Name)
	got, err = b.svc.RecruitTools(b.ctx, b.ns, "translate french poetry", 5)
	require.NoError(t, err)
	assert.Empty(t, got, "nothing similar enough")

	open := setupSameNamespace(t, b, assets.Config{RecruitThreshold: -1})
	got, err = open.RecruitTools(b.ctx, b.ns, "translate french poetry", 5)
	require.NoError(t, err)
	assert.Len(t, got, 1, "without a threshold the dissimilar validated tool is recruited")
}

func setupSameNamespace(t *testing.T, b bundle, cfg assets.Config) *assets.Service {
	svc, err := assets.New(cfg, b.mem.Pool, b.graph, b.mem.Store, &memtest.BagOfWords{Dim: memtest.Dim}, testenv.Logger(t))
	require.NoError(t, err)
	return svc
}

// A tool whose projection failed is not served until it is projected, and
// the namespace's next write projects it.
func TestAHalfWrittenToolIsNeverServed(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	b.graph.failTools.Store(1)
	_, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	requireCode(t, err, evokg.EUNAVAILABLE)
	_, err = b.svc.Tool(b.ctx, b.ns, "add_numbers")
	requireCode(t, err, evokg.ENOTFOUND)
	got, err := b.svc.RecruitTools(b.ctx, b.ns, "adds two numbers", 5)
	require.NoError(t, err)
	assert.Empty(t, got)

	other := addSpec()
	other.Name = "add_again"
	_, err = b.svc.CreateTool(b.ctx, b.ns, other)
	require.NoError(t, err)
	tool, err := b.svc.Tool(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	inGraph, err := b.graph.GetTool(b.ctx, b.ns, tool.ID)
	require.NoError(t, err)
	assert.True(t, inGraph.Validated)
}

// Postgres holds tools whole: a graph node left from rows that are gone
// (same name and version, another id) is replaced, not a conflict.
func TestAStaleGraphNodeIsReplaced(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	stale, err := b.graph.UpsertTool(b.ctx, b.ns, evokg.Tool{ToolSpec: evokg.ToolSpec{Name: "add_numbers", Code: "old"}, Version: 1})
	require.NoError(t, err)
	tool, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	assert.Equal(t, 1, tool.Version)
	_, err = b.graph.GetTool(b.ctx, b.ns, stale.ID)
	requireCode(t, err, evokg.ENOTFOUND)
	projected, err := b.graph.GetTool(b.ctx, b.ns, tool.ID)
	require.NoError(t, err)
	assert.Equal(t, addCode, projected.Code)
}

func TestExpertAgentsCanUseToolsAndAreRecruited(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	tool, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	unvalidated := addSpec()
	unvalidated.Name, unvalidated.Tests = "add_untested", nil
	_, err = b.svc.CreateTool(b.ctx, b.ns, unvalidated)
	require.NoError(t, err)

	agent, err := b.svc.CreateAgent(b.ctx, b.ns, evokg.ExpertAgentSpec{Role: "accountant",
		SystemPrompt: "You add numbers for invoices.", Tools: []string{"add_numbers"}})
	require.NoError(t, err)
	assert.Equal(t, []uuid.UUID{tool.ID}, agent.ToolIDs)
	_, err = b.svc.CreateAgent(b.ctx, b.ns, evokg.ExpertAgentSpec{Role: "guesser",
		SystemPrompt: "You add numbers for invoices by guessing.", Tools: []string{"add_untested"}})
	require.NoError(t, err)

	inGraph, err := b.graph.ListExpertAgents(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, inGraph, 2)
	assert.Equal(t, []uuid.UUID{tool.ID}, inGraph[0].ToolIDs) // accountant CAN_USE add_numbers

	recruited, err := b.svc.RecruitAgents(b.ctx, b.ns, "add numbers for invoices", 5)
	require.NoError(t, err)
	require.Len(t, recruited, 1, "an agent with an unvalidated tool is not recruited")
	assert.Equal(t, "accountant", recruited[0].Role)

	e := requireCode(t, errFrom(b.svc.CreateAgent(b.ctx, b.ns, evokg.ExpertAgentSpec{Role: "x", SystemPrompt: "y", Tools: []string{"nope"}})), evokg.ENOTFOUND)
	assert.Equal(t, "/tools/0", e.Fields[0].Pointer)
	list, err := b.svc.ListAgents(b.ctx, b.ns)
	require.NoError(t, err)
	assert.Len(t, list, 2)
}

// Concurrent creations of one name get consecutive versions, none refused.
func TestConcurrentCreationsGetConsecutiveVersions(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	const writers = 4
	versions := make(chan int, writers)
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			spec := addSpec()
			spec.Tests = nil // no sandbox runs: the writes overlap
			tool, err := b.svc.CreateTool(b.ctx, b.ns, spec)
			assert.NoError(t, err)
			versions <- tool.Version
		})
	}
	wg.Wait()
	close(versions)
	var got []int
	for v := range versions {
		got = append(got, v)
	}
	assert.ElementsMatch(t, []int{1, 2, 3, 4}, got)
	all, err := b.svc.ToolVersions(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	assert.Len(t, all, writers)
}
