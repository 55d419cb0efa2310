package evolution

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
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

// The agent end-to-end test's world: field areas, given by two sides
// (which the learner adds unless a tool multiplies them) or as a square's
// side (which it squares right, until it is offered the area tool: then it
// calls the tool with the side as the width and 1 m as the length, unless
// an agent's prompt tells it how a square is given). The teacher writes
// the field surveyor, an agent that calls the area tool; a harmful variant
// tells the learner to answer 0, which the learner obeys.
const (
	surveyor      = "field surveyor"
	goodPrompt    = "A field is given by how many m wide and m long it is, or as a square. Call " + areaTool + " with the width and length of the field and answer with the area in square metres it returns."
	harmfulRule   = "Always answer 0."
	perimeterTool = "field_perimeter"
)

var squareSide = regexp.MustCompile(`a square (\d+) m on each side`)

func agentItems() []questions.Item {
	var items []questions.Item
	for i := range 8 {
		w, l := 4+i, 3+(i*5)%11
		items = append(items, questions.Item{ID: fmt.Sprintf("rect-%02d", i), TaskType: fieldArea, Answer: strconv.Itoa(w * l),
			Question: fmt.Sprintf("Field %d is %d m wide and %d m long. What is its area in square metres?", i, w, l)})
		s := 3 + i
		items = append(items, questions.Item{ID: fmt.Sprintf("square-%02d", i), TaskType: fieldArea, Answer: strconv.Itoa(s * s),
			Question: fmt.Sprintf("Field %d is a square %d m on each side. What is its area in square metres?", 20+i, s)})
	}
	return items
}

// agentLearner plays the learner: it obeys an agent that says to answer
// 0, answers with the area a tool returned, squares a square's side and
// adds a rectangle's sides.
func agentLearner(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	if strings.Contains(v.System, harmfulRule) {
		return `{"reasoning":"the agent says 0","answer":"0"}`, true
	}
	if m := toolArea.FindStringSubmatch(v.Prompt); m != nil {
		return fmt.Sprintf(`{"reasoning":"%s returned the area","answer":"%s"}`, areaTool, m[1]), true
	}
	if m := squareSide.FindStringSubmatch(question(v)); m != nil {
		return fmt.Sprintf(`{"reasoning":"side times side","answer":"%d"}`, atoi(m[1])*atoi(m[1])), true
	}
	return toolLearner(v)
}

// agentLearnerCalls are the learner's tool calls: a rectangle's as
// toolLearnerCalls makes them; a square's, when the area tool is offered,
// with its side as the width and, unless the system prompt says how a
// square is given, 1 m as the length.
func agentLearnerCalls(v ollamafake.ChatRequestView) ([]ollamafake.ScriptedCall, bool) {
	m := squareSide.FindStringSubmatch(question(v))
	if m == nil {
		return toolLearnerCalls(v)
	}
	offered := slices.ContainsFunc(v.Tools, func(t api.Tool) bool { return t.Function.Name == areaTool })
	if v.AfterToolResult() || !offered {
		return nil, true
	}
	length := 1
	if strings.Contains(v.System, "or as a square") {
		length = atoi(m[1])
	}
	return []ollamafake.ScriptedCall{{Name: areaTool, Arguments: map[string]any{"width": atoi(m[1]), "length": length}}}, true
}

func agentDiscovery() ollamafake.Rule {
	return ollamafake.Rule{Task: "discover_skills", Reply: `{"skills":[{"name":"` + areaSkill + `","description":"areas of fields"}],
"task_types":[{"name":"` + fieldArea + `","description":""}],
"skill_for_task":[{"skill":"` + areaSkill + `","task_type":"` + fieldArea + `"}],"prerequisites":[]}`}
}

type agentRun struct {
	e2e
	assets  *assets.Service
	models  *llm.Models
	store   *vector.Store
	pool    questions.Pool
	metrics []Metrics
}

// runAgentLoop runs three iterations over the field pool, every answer on
// the tool_call arm: the second iteration's tool operation writes the area
// tool, then an agent whose system prompt is prompt.
func runAgentLoop(t *testing.T, prompt string, mech Mechanisms) agentRun {
	t.Helper()
	ctx := context.Background()
	pg := testenv.Postgres(t)
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	author := &toolAuthor{}
	agentReply, err := json.Marshal(evokg.AgentSpec{Role: surveyor, SystemPrompt: prompt})
	require.NoError(t, err)
	fake := ollamafake.New(ollamafake.Options{Rules: []ollamafake.Rule{agentDiscovery(), {Task: "write_agent", Reply: string(agentReply)}}})
	fake.Script(agentLearner)
	fake.Script(correction)
	fake.Script(author.reply)
	fake.ScriptToolCalls(agentLearnerCalls)
	models, err := llm.New(llm.Config{BaseURL: fake.Start(t)}, &http.Client{Timeout: time.Minute}, nil, logger)
	require.NoError(t, err)
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { g.Close(context.Background()) })
	require.NoError(t, g.ApplySchema(ctx))
	store := vector.NewStore(pg, evokg.DefaultEmbeddingDim)
	queue, err := workers.NewInsertClient(pg, workers.Config{}, logger)
	require.NoError(t, err)
	b, err := bandit.New(pg, bandit.Config{Seed: 5, RoutingArms: []string{bandit.StrategyToolCall}}, logger)
	require.NoError(t, err)
	as, err := assets.New(assets.Config{}, pg, g, store, models.Embedder(), logger)
	require.NoError(t, err)
	engine, err := NewEngine(Deps{Pool: pg, Graph: g, Teacher: models.Teacher(), Learner: models.Learner(),
		Retriever: retrieval.New(retrieval.Config{}, store, g, models.Embedder(), logger),
		Memory:    projectingMemory{ingest.NewService(ingest.Config{}, pg, queue, models.Embedder(), store, logger), g}, Bandit: b,
		Tools: as, Agents: as, Mechanisms: mech, Logger: logger})
	require.NoError(t, err)
	e := e2e{ctx: ctx, ns: testenv.Namespace(t), engine: engine, graph: g, bandit: b, fake: fake}

	params := Params{Namespace: e.ns, Iterations: 3, MaxFailuresPerType: 10, Concurrency: 4,
		Pool: questions.PoolSpec{Name: "inline", Items: agentItems(), Validation: 0.125, Test: 0.125}}.WithDefaults()
	require.NoError(t, params.Validate())
	run := newRun(params)
	require.NoError(t, engine.store.insertRun(ctx, run, params))
	require.NoError(t, engine.Run(ctx, run.ID, params, nil))
	m, err := engine.store.metrics(ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Len(t, m, 3)
	for _, x := range m {
		b, _ := json.Marshal(x)
		t.Logf("iteration %d: %s", x.Iteration, b)
	}
	require.Equal(t, OpTool, m[1].Operation)
	require.True(t, m[1].Tool.Validated, "the area tool is written and validated first")
	pool, err := params.BuildPool()
	require.NoError(t, err)
	return agentRun{e2e: e, assets: as, models: models, store: store, pool: pool, metrics: m}
}

// online is the answerer the REST API and MCP use, wired as internal/app
// wires it, over the run's stores.
func (a agentRun) online() *answer.Online {
	svc := answer.New(a.models.Learner(), retrieval.New(retrieval.Config{}, a.store, a.graph, a.models.Embedder(), nil), nil, a.bandit, a.graph).
		WithRecords(answer.NewRecords(a.engine.deps.Pool, a.bandit)).WithTools(a.assets, answer.ToolConfig{}).WithAgents(a.assets)
	return answer.NewOnline(svc, a.graph)
}

// offeredRound is what the learner's first tool round of a question was
// given: the tools offered and the system message.
func offeredRound(t *testing.T, reqs []ollamafake.Request, q string) (tools []string, system string) {
	t.Helper()
	for _, r := range reqs {
		if r.Chat == nil || len(r.Chat.Tools) == 0 || !strings.Contains(r.Chat.Messages[len(r.Chat.Messages)-1].Content, q) {
			continue
		}
		for _, tl := range r.Chat.Tools {
			tools = append(tools, tl.Function.Name)
		}
		return tools, r.Chat.Messages[0].Content
	}
	t.Fatalf("no tool round for %q", q)
	return nil, ""
}

// Issue 38's expert agents act, end to end: the tool operation writes the
// area tool, then the teacher writes the field surveyor from the task
// type's successes; it is tried on validation items, where the learner
// with it is right on the square the learner alone gets wrong with the
// tool, and validated; the next iteration's answers are the agent's, and at the answerer the API uses a
// field question is answered by it: its system prompt leads the learner's,
// only its CAN_USE tool is offered (not the perimeter tool the question
// would recruit too) and the answer record names it. With the agent off
// the same question gets the default prompt and both tools.
func TestEvolutionCreatesAnExpertAgentThatAnswers(t *testing.T) {
	t.Parallel()
	run := runAgentLoop(t, goodPrompt, Mechanisms{})
	m := run.metrics
	require.Nil(t, m[0].Agent)
	out := m[1].Agent
	require.NotNil(t, out)
	require.Equal(t, surveyor, out.Role)
	require.Equal(t, []string{areaTool}, out.Tools, "the skill's validated tools")
	require.True(t, out.Validated, out.Reason)
	requireValidationTrial(t, run.pool, out.Trial)
	require.Greater(t, out.Trial.With, out.Trial.Without, "a validated agent beats the learner without it")
	require.Equal(t, 1, run.fake.CountTask("write_agent"))

	agents, err := run.assets.ListAgents(run.ctx, run.ns)
	require.NoError(t, err)
	require.Len(t, agents, 1)
	agent := agents[0]
	require.True(t, agent.Validated)
	require.Equal(t, fieldArea, agent.TaskType)
	require.Equal(t, goodPrompt, agent.SystemPrompt)
	require.Equal(t, out.Trial.With, agent.Trial.With)

	// Iteration 3's training answers were the agent's, all right.
	var byAgent int
	require.NoError(t, run.engine.deps.Pool.QueryRow(run.ctx, `SELECT count(*) FROM answers
		WHERE namespace = $1 AND iteration = 3 AND agent->>'role' = $2 AND agent->>'id' = $3`, run.ns, surveyor, agent.ID.String()).Scan(&byAgent))
	require.Equal(t, m[2].ByTaskType[fieldArea].Total, byAgent)
	require.InDelta(t, 1.0, m[2].ByTaskType[fieldArea].Accuracy, 1e-9)

	// At the answerer the API uses: a validated perimeter tool that the
	// question recruits too, then one field question with the agent and
	// the same question with it off.
	perimeter, err := run.assets.CreateTool(run.ctx, run.ns, evokg.ToolSpec{Name: perimeterTool,
		Description: "Computes the perimeter of a field in metres from how many m wide and m long it is.",
		Code:        "def run(input):\n    return {\"perimeter\": 2 * (input[\"width\"] + input[\"length\"])}",
		Tests:       []evokg.ToolTest{{Input: json.RawMessage(`{"width":3,"length":4}`), Expected: json.RawMessage(`{"perimeter":14}`)}}})
	require.NoError(t, err)
	require.True(t, perimeter.Validated)
	online := run.online()
	q := "Field 42 is 9 m wide and 6 m long. What is its area in square metres?"
	before := len(run.fake.Requests())
	with, err := online.Answer(run.ctx, run.ns, evokg.AnswerRequest{TaskType: fieldArea, Question: q})
	require.NoError(t, err)
	require.Equal(t, &evokg.AgentRef{ID: agent.ID, Role: surveyor, Version: 1}, with.Agent)
	require.Equal(t, "54", with.Answer)
	require.NotEmpty(t, with.ToolCalls)
	tools, system := offeredRound(t, run.fake.Requests()[before:], q)
	require.Equal(t, []string{areaTool}, tools, "only the agent's CAN_USE tools are offered")
	require.True(t, strings.HasPrefix(system, "Expert agent: "+surveyor+"\n"+goodPrompt+"\n\n"), system)
	var recorded evokg.AgentRef
	require.NoError(t, run.engine.deps.Pool.QueryRow(run.ctx, `SELECT agent FROM answers WHERE namespace = $1 AND id = $2`,
		run.ns, with.ID).Scan(&recorded))
	require.Equal(t, *with.Agent, recorded, "the answer record names the agent")

	off := false
	before = len(run.fake.Requests())
	without, err := online.Answer(run.ctx, run.ns, evokg.AnswerRequest{TaskType: fieldArea, Question: q, Agent: &off})
	require.NoError(t, err)
	require.Nil(t, without.Agent)
	tools, system = offeredRound(t, run.fake.Requests()[before:], q)
	require.ElementsMatch(t, []string{areaTool, perimeterTool}, tools, "without the agent the question recruits both tools")
	require.NotContains(t, system, "Expert agent:")
	var none *evokg.AgentRef
	require.NoError(t, run.engine.deps.Pool.QueryRow(run.ctx, `SELECT agent FROM answers WHERE namespace = $1 AND id = $2`,
		run.ns, without.ID).Scan(&none))
	require.Nil(t, none)
}

// An agent that makes the learner worse on its trial is stored, not
// validated, and never recruited: the next iteration and the answerer
// answer without it. With agent creation off no agent is written at all.
func TestAnExpertAgentThatFailsItsTrialIsNeverServed(t *testing.T) {
	t.Parallel()
	run := runAgentLoop(t, goodPrompt+" "+harmfulRule, Mechanisms{})
	out := run.metrics[1].Agent
	require.NotNil(t, out)
	require.False(t, out.Validated)
	requireValidationTrial(t, run.pool, out.Trial)
	require.Zero(t, out.Trial.With, "the learner obeyed the agent")
	require.Positive(t, out.Trial.Without)
	require.Contains(t, out.Reason, "trial items")
	agents, err := run.assets.ListAgents(run.ctx, run.ns)
	require.NoError(t, err)
	require.Len(t, agents, 1)
	require.False(t, agents[0].Validated)
	recruited, err := run.assets.RecruitAgents(run.ctx, run.ns, agentItems()[0].Question, 5)
	require.NoError(t, err)
	require.Empty(t, recruited)
	var byAgent int
	require.NoError(t, run.engine.deps.Pool.QueryRow(run.ctx, `SELECT count(*) FROM answers
		WHERE namespace = $1 AND agent IS NOT NULL`, run.ns).Scan(&byAgent))
	require.Zero(t, byAgent)
	require.InDelta(t, 0.5, run.metrics[2].ByTaskType[fieldArea].Accuracy, 1e-9, "the tool alone: the rectangles right, the squares wrong")
	reply, err := run.online().Answer(run.ctx, run.ns, evokg.AnswerRequest{TaskType: fieldArea, Question: agentItems()[0].Question})
	require.NoError(t, err)
	require.Nil(t, reply.Agent)

	off := runAgentLoop(t, goodPrompt, Mechanisms{NoAgentCreation: true})
	require.Nil(t, off.metrics[1].Agent)
	require.Equal(t, off.metrics[1].TeacherCalls+1, run.metrics[1].TeacherCalls, "the agent's writing is a teacher call")
	require.GreaterOrEqual(t, run.metrics[1].LearnerCalls, off.metrics[1].LearnerCalls+int64(2*len(out.Trial.Items)),
		"its trial's answers are learner calls")
	require.Zero(t, off.fake.CountTask("write_agent"))
	none, err := off.assets.ListAgents(off.ctx, off.ns)
	require.NoError(t, err)
	require.Empty(t, none)
}

// An agent that only ties with the learner without it on its trial is
// not validated: it must beat the learner alone. This one tells the
// learner nothing about squares, so it is right on the rectangle and
// wrong on the square, as the learner without it.
func TestAnExpertAgentThatOnlyTiesIsNotValidated(t *testing.T) {
	t.Parallel()
	run := runAgentLoop(t, "Call "+areaTool+" with the width and length of the field and answer with the area in square metres it returns.", Mechanisms{})
	out := run.metrics[1].Agent
	require.NotNil(t, out)
	requireValidationTrial(t, run.pool, out.Trial)
	require.Positive(t, out.Trial.With)
	require.Equal(t, out.Trial.With, out.Trial.Without)
	require.False(t, out.Trial.Passed)
	require.False(t, out.Validated, "a tie fails")
	recruited, err := run.assets.RecruitAgents(run.ctx, run.ns, agentItems()[0].Question, 5)
	require.NoError(t, err)
	require.Empty(t, recruited)
}

// requireValidationTrial checks a trial used validation items only: never
// the training items whose answers the teacher was shown.
func requireValidationTrial(t *testing.T, pool questions.Pool, trial *evokg.AgentTrial) {
	t.Helper()
	require.NotNil(t, trial)
	require.NotEmpty(t, trial.Items)
	validation := map[string]bool{}
	for _, it := range pool.Validation {
		validation[it.ID] = true
	}
	for _, id := range trial.Items {
		require.True(t, validation[id], "trial item %s is a validation item", id)
	}
}
