package evolution

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/assets"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

// The tool end-to-end test's task types: the learner gets field areas
// wrong (it adds the sides) unless a tool computes them; sums it gets right.
const (
	fieldArea = "field_area"
	basketSum = "basket_sum"
	areaSkill = "area_reasoning"
	areaTool  = "rectangle_area"
)

func toolItems() []questions.Item {
	var items []questions.Item
	for i := range 10 {
		w, l := 4+i, 3+(i*5)%11
		items = append(items, questions.Item{ID: fmt.Sprintf("area-%02d", i), TaskType: fieldArea, Answer: strconv.Itoa(w * l),
			Question: fmt.Sprintf("Field %d is %d m wide and %d m long. What is its area in square metres?", i, w, l)})
		a, b := 2+i, 5+i%4
		items = append(items, questions.Item{ID: fmt.Sprintf("sum-%02d", i), TaskType: basketSum, Answer: strconv.Itoa(a + b),
			Question: fmt.Sprintf("Basket %d holds %d apples and %d pears. How many fruits are in basket %d?", i, a, b, i)})
	}
	return items
}

var (
	lastQuestion = regexp.MustCompile(`(?m)^Question: (.+)$`)
	fieldSides   = regexp.MustCompile(`(\d+) m wide and (\d+) m long`)
	basketFruits = regexp.MustCompile(`holds (\d+) apples and (\d+) pears`)
	// toolArea is what the answer prompt shows of a call of the area tool.
	toolArea = regexp.MustCompile(`(?m)^` + areaTool + `\(.*\) = \{"area":\s*(\d+)\}$`)
)

// question is the request's own question: the last "Question:" line.
func question(v ollamafake.ChatRequestView) string {
	m := lastQuestion.FindAllStringSubmatch(v.Prompt, -1)
	if m == nil {
		return ""
	}
	return m[len(m)-1][1]
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// toolLearner plays the learner. In its tool rounds it calls the area tool
// on a field's sides when that tool is offered; its answer is the area the
// tool returned when the prompt shows one, else the sum of the sides.
func toolLearner(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	q := question(v)
	if m := basketFruits.FindStringSubmatch(q); m != nil {
		return fmt.Sprintf(`{"reasoning":"apples and pears","answer":"%d"}`, atoi(m[1])+atoi(m[2])), true
	}
	if m := toolArea.FindStringSubmatch(v.Prompt); m != nil {
		return fmt.Sprintf(`{"reasoning":"%s returned the area","answer":"%s"}`, areaTool, m[1]), true
	}
	m := fieldSides.FindStringSubmatch(q)
	if m == nil {
		return `{"reasoning":"no field","answer":"0"}`, true
	}
	return fmt.Sprintf(`{"reasoning":"added the sides","answer":"%d"}`, atoi(m[1])+atoi(m[2])), true
}

func toolLearnerCalls(v ollamafake.ChatRequestView) ([]ollamafake.ScriptedCall, bool) {
	m := fieldSides.FindStringSubmatch(question(v))
	offered := false
	for _, t := range v.Tools {
		offered = offered || t.Function.Name == areaTool
	}
	if v.AfterToolResult() || m == nil || !offered {
		return nil, true
	}
	return []ollamafake.ScriptedCall{{Name: areaTool, Arguments: map[string]any{"width": atoi(m[1]), "length": atoi(m[2])}}}, true
}

// toolAuthor plays the teacher model writing the tool: its first version
// adds the sides (as the failed answers did) and fails its test; given the
// validation record it multiplies them. It keeps the prompts it was given.
type toolAuthor struct {
	mu      sync.Mutex
	prompts []string
}

const (
	areaToolHead = `{"name":"` + areaTool + `","description":"Computes the area of a field in square metres from how many m wide and m long it is.",` +
		`"inputs":[{"name":"width","type":"number"},{"name":"length","type":"number"}],"outputs":[{"name":"area","type":"number"}],`
	areaTests = `"tests":[{"input":{"width":3,"length":4},"expected":{"area":12}},{"input":{"width":10,"length":2},"expected":{"area":20}}]}`
	buggyArea = areaToolHead + `"code":"def run(input):\n    return {\"area\": input[\"width\"] + input[\"length\"]}",` + areaTests
	fixedArea = areaToolHead + `"code":"def run(input):\n    return {\"area\": input[\"width\"] * input[\"length\"]}",` + areaTests
)

func (a *toolAuthor) reply(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "author_tool" {
		return "", false
	}
	a.mu.Lock()
	a.prompts = append(a.prompts, v.Prompt)
	a.mu.Unlock()
	if strings.Contains(v.Prompt, "Validation record:") {
		return fixedArea, true
	}
	return buggyArea, true
}

func toolDiscovery() ollamafake.Rule {
	return ollamafake.Rule{Task: "discover_skills", Reply: `{"skills":[{"name":"` + areaSkill + `","description":"areas of fields"},{"name":"summing","description":"add counts"}],
"task_types":[{"name":"` + fieldArea + `","description":""},{"name":"` + basketSum + `","description":""}],
"skill_for_task":[{"skill":"` + areaSkill + `","task_type":"` + fieldArea + `"},{"skill":"summing","task_type":"` + basketSum + `"}],"prerequisites":[]}`}
}

// projectingMemory projects every memory into the graph as it is written,
// as the projection worker does a moment later, so the test does not race it.
type projectingMemory struct {
	*ingest.Service
	graph *graph.Graph
}

func (p projectingMemory) IngestEmbedded(ctx context.Context, ns string, req evokg.ExperienceInput, key string) (evokg.IngestReceipt, error) {
	rec, err := p.Service.IngestEmbedded(ctx, ns, req, key)
	if err != nil {
		return rec, err
	}
	exp, err := p.Service.Get(ctx, ns, rec.ID)
	if err != nil {
		return rec, err
	}
	return rec, p.graph.ProjectExperience(ctx, &exp.Experience, nil)
}

type toolRun struct {
	e2e
	tools   *assets.Service
	author  *toolAuthor
	metrics []Metrics
}

// toolLoop configures runToolLoop.
type toolLoop struct {
	mech Mechanisms
	// existing is a tool stored before the run starts.
	existing *evokg.ToolSpec
}

// storedAreaTool is the validated area tool a namespace may already hold,
// written by a client under no skill.
func storedAreaTool() *evokg.ToolSpec {
	return &evokg.ToolSpec{Name: areaTool,
		Description: "Computes the area of a field in square metres from how many m wide and m long it is.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"width":{"type":"number"},"length":{"type":"number"}},"required":["width","length"]}`),
		Code:        "def run(input):\n    return {\"area\": input[\"width\"] * input[\"length\"]}\n",
		Tests:       []evokg.ToolTest{{Input: json.RawMessage(`{"width":3,"length":4}`), Expected: json.RawMessage(`{"area":12}`)}}}
}

// runToolLoop runs three iterations (the tool operation is the second's)
// over the field and basket pool. The routing bandit picks every arm (its
// round-robin warm-up gives each a quarter of the answers): only the
// tool_call arm offers tools, so only its answers can get areas right.
func runToolLoop(t *testing.T, opts toolLoop) toolRun {
	t.Helper()
	mech := opts.mech
	ctx := context.Background()
	pg := testenv.Postgres(t)
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	author := &toolAuthor{}
	fake := ollamafake.New(ollamafake.Options{Rules: []ollamafake.Rule{toolDiscovery()}})
	fake.Script(toolLearner)
	fake.Script(correction)
	fake.Script(author.reply)
	fake.ScriptToolCalls(toolLearnerCalls)
	models, err := llm.New(llm.Config{BaseURL: fake.Start(t)}, &http.Client{Timeout: time.Minute}, nil, logger)
	require.NoError(t, err)
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { g.Close(context.Background()) })
	require.NoError(t, g.ApplySchema(ctx))
	store := vector.NewStore(pg, evokg.DefaultEmbeddingDim)
	queue, err := workers.NewInsertClient(pg, workers.Config{}, logger)
	require.NoError(t, err)
	tools, err := assets.New(assets.Config{}, pg, g, store, models.Embedder(), logger)
	require.NoError(t, err)
	b, err := bandit.New(pg, bandit.Config{Seed: 3}, logger)
	require.NoError(t, err)
	b.WithToolGrades(tools)
	engine, err := NewEngine(Deps{Pool: pg, Graph: g, Teacher: models.Teacher(), Learner: models.Learner(),
		Retriever: retrieval.New(retrieval.Config{}, store, g, models.Embedder(), logger),
		Memory:    projectingMemory{ingest.NewService(ingest.Config{}, pg, queue, models.Embedder(), store, logger), g}, Bandit: b,
		Tools: tools, Mechanisms: mech, Logger: logger})
	require.NoError(t, err)
	e := e2e{ctx: ctx, ns: testenv.Namespace(t), engine: engine, graph: g, bandit: b, fake: fake}
	if opts.existing != nil {
		existing, err := tools.CreateTool(ctx, e.ns, *opts.existing)
		require.NoError(t, err)
		require.True(t, existing.Validated)
	}

	params := Params{Namespace: e.ns, Iterations: 3, MaxFailuresPerType: 10, Concurrency: 4,
		Pool: questions.PoolSpec{Name: "inline", Items: toolItems(), Validation: 0.125, Test: 0.125}}.WithDefaults()
	require.NoError(t, params.Validate())
	run := newRun(params)
	require.NoError(t, engine.store.insertRun(ctx, run, params))
	require.NoError(t, engine.Run(ctx, run.ID, params, nil))
	m, err := engine.store.metrics(ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Len(t, m, 3)
	require.Equal(t, OpTool, m[1].Operation)
	for _, x := range m {
		b, _ := json.Marshal(x)
		t.Logf("iteration %d: %s", x.Iteration, b)
	}
	return toolRun{e2e: e, tools: tools, author: author, metrics: m}
}

// Issue 19's end-to-end test: a task type whose failures are computational
// gets a tool, created from its failure memories by the tool operation,
// validated in the sandbox after one revision, recruited for its next
// questions and called by the learner whenever the routing bandit picks the
// tool_call arm, and those answers become right; the graph holds the tool,
// its tests' record and its provenance, and the tool's statistics count the
// calls and their grades. The same run with the tool operation off leaves
// the task type failing.
func TestEvolutionCreatesAToolTheLearnerThenUses(t *testing.T) {
	t.Parallel()
	with := runToolLoop(t, toolLoop{})
	m := with.metrics
	require.Zero(t, m[0].ByTaskType[fieldArea].Accuracy, "the learner adds the sides")
	require.Zero(t, m[1].ByTaskType[fieldArea].Accuracy)
	require.Positive(t, m[2].ByTaskType[fieldArea].Accuracy, "the tool computes the areas of the tool_call arm's answers")

	// The operation's record: no tool to recruit, a first version failed
	// its tests, the revision from its validation record passed.
	require.True(t, m[1].OperationOK)
	out := m[1].Tool
	require.Equal(t, &ToolOutcome{Name: areaTool, Version: 2, Validated: true, Attempts: 2, GuidedBy: out.GuidedBy, CreatedFrom: out.GuidedBy}, out)
	require.Positive(t, out.GuidedBy)
	require.Len(t, with.author.prompts, 2)
	require.Regexp(t, `Failure memory \(a correction of a failed answer\): Question: Field \d+ is[^\n]*\nCORRECTION: `, with.author.prompts[0],
		"the task type's failure memories guide the tool")
	require.Contains(t, with.author.prompts[1], "2 tests ran, 0 passed, 2 failed", "the revision sees the validation record")

	tool, err := with.tools.Tool(with.ctx, with.ns, areaTool)
	require.NoError(t, err)
	require.Equal(t, 2, tool.Version)
	require.True(t, tool.Validated)
	require.Equal(t, 2, tool.Validation.Passed)
	require.Equal(t, areaSkill, tool.Skill)
	require.Len(t, tool.CreatedFrom, out.CreatedFrom)
	var failures int
	require.NoError(t, with.engine.deps.Pool.QueryRow(with.ctx, `SELECT count(*) FROM experiences
		WHERE namespace = $1 AND id = ANY($2) AND task_type = $3 AND outcome = 'failure_memory'`, with.ns, tool.CreatedFrom, fieldArea).Scan(&failures))
	require.Positive(t, failures, "created from the task type's failure memories")

	// The graph: both versions under the skill with their tests' record,
	// the validated one linked to the memories that guided it.
	versions, err := with.graph.SkillTools(with.ctx, with.ns, areaSkill)
	require.NoError(t, err)
	type record struct {
		validated     bool
		ran, passed   int
		createdFrom   int
		failureReason bool
	}
	records := map[int]record{}
	for _, v := range versions {
		from, err := with.graph.ToolExperiences(with.ctx, with.ns, v.ID)
		require.NoError(t, err)
		records[v.Version] = record{v.Validated, v.Validation.Ran, v.Validation.Passed, len(from), v.Validation.Reason != ""}
	}
	require.Equal(t, map[int]record{1: {false, 2, 0, out.CreatedFrom, true}, 2: {true, 2, 2, out.CreatedFrom, false}}, records)

	// Iteration 3's tool_call answers called the tool and were right: the
	// answer records and the harvested success memories carry the calls.
	var onToolArm, withCalls, withEvidence int
	require.NoError(t, with.engine.deps.Pool.QueryRow(with.ctx, `SELECT count(*) FILTER (WHERE routing_arm = $3),
		count(*) FILTER (WHERE tool_calls IS NOT NULL) FROM answers
		WHERE namespace = $1 AND iteration = 3 AND task_type = $2`, with.ns, fieldArea, bandit.StrategyToolCall).Scan(&onToolArm, &withCalls))
	require.Positive(t, onToolArm)
	require.Equal(t, onToolArm, withCalls)
	right := int(m[2].ByTaskType[fieldArea].Accuracy*float64(m[2].ByTaskType[fieldArea].Total) + 0.5)
	require.Equal(t, withCalls, right, "exactly the answers that called the tool are right")
	require.NoError(t, with.engine.deps.Pool.QueryRow(with.ctx, `SELECT count(*) FROM experiences
		WHERE namespace = $1 AND task_type = $2 AND outcome = 'success_memory' AND record->'evidence' @> '[{"kind":"tool_call"}]'`,
		with.ns, fieldArea).Scan(&withEvidence))
	require.Equal(t, withCalls, withEvidence)

	// The tool keeps score: every call completed, and the run's grading
	// counted them right.
	require.EqualValues(t, withCalls, tool.Stats.Calls)
	require.EqualValues(t, withCalls, tool.Stats.Completed)
	require.EqualValues(t, withCalls, tool.Stats.GradedRight)
	require.Zero(t, tool.Stats.GradedWrong)
	require.Equal(t, evokg.ToolActive, tool.State)

	// Ablation: without the tool operation nothing is created and the
	// task type keeps failing.
	without := runToolLoop(t, toolLoop{mech: Mechanisms{NoToolAuthoring: true}})
	require.Zero(t, without.metrics[2].ByTaskType[fieldArea].Accuracy)
	require.False(t, without.metrics[1].OperationOK)
	require.Nil(t, without.metrics[1].Tool)
	none, err := without.tools.ListTools(without.ctx, without.ns)
	require.NoError(t, err)
	require.Empty(t, none)
	require.Empty(t, without.author.prompts)
	require.Greater(t, m[2].Accuracy, without.metrics[2].Accuracy)
}

// Recruit before create: when the namespace already holds a validated tool
// that covers the failures (tried on the failed items, on the tool_call
// arm, before it is reused), the tool operation recruits it: the skill
// gets HAS_TOOL to it, no tool version is written and the teacher model
// writes nothing. With recruitment off the same run writes a new tool.
func TestToolOperationRecruitsBeforeCreating(t *testing.T) {
	t.Parallel()
	with := runToolLoop(t, toolLoop{existing: storedAreaTool()})
	out := with.metrics[1].Tool
	require.Equal(t, &ToolOutcome{Name: areaTool, Version: 1, Validated: true, Recruited: true}, out)
	require.True(t, with.metrics[1].OperationOK)
	require.Empty(t, with.author.prompts, "no teacher call writes a tool")
	tool, err := with.tools.Tool(with.ctx, with.ns, areaTool)
	require.NoError(t, err)
	require.Equal(t, 1, tool.Version, "no new version")
	attached, err := with.graph.SkillTools(with.ctx, with.ns, areaSkill)
	require.NoError(t, err)
	require.Len(t, attached, 1)
	require.Equal(t, tool.ID, attached[0].ID, "the skill HAS_TOOL the recruited tool")
	// The trial's calls were counted and graded against the tool, beside
	// the calls of the tool_call arm's answers.
	require.Positive(t, tool.Stats.Completed)
	require.Positive(t, tool.Stats.GradedRight)

	without := runToolLoop(t, toolLoop{existing: storedAreaTool(), mech: Mechanisms{NoToolRecruitment: true}})
	created := without.metrics[1].Tool
	require.False(t, created.Recruited)
	require.Equal(t, 3, created.Version, "the teacher's two versions follow the stored one")
	require.Len(t, without.author.prompts, 2)
}
