package evolution

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/cascade"
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

// e2e task types: the learner fails the hard ones until a failure
// correction for the very question is retrieved.
const (
	hardRatio = "hard_ratio"
	hardRate  = "hard_rate"
	easySum   = "easy_sum"
	easyDiff  = "easy_diff"
)

var e2eTypes = []string{hardRatio, hardRate, easySum, easyDiff}

// e2eItems returns 40 items, 10 per task type, with integer gold answers.
func e2eItems() []questions.Item {
	nouns := []string{"plums", "bolts", "tiles", "seeds", "coins", "cards", "beads", "shells", "pens", "rocks"}
	var items []questions.Item
	for ti, tt := range e2eTypes {
		for i := range 10 {
			a, b := 3+i+ti, 2+(i*7+ti)%9
			q := fmt.Sprintf("Crate %s-%d holds %d %s per row in %d rows. How many %s are in crate %s-%d?", tt, i, a, nouns[i], b, nouns[i], tt, i)
			items = append(items, questions.Item{ID: fmt.Sprintf("%s-%02d", tt, i), Question: q, Answer: fmt.Sprint(a * b), TaskType: tt})
		}
	}
	return items
}

// learnerScript plays the frozen learner. Easy types are always right.
// Hard types are right only when the memory block carries a failure
// correction (retrieval shows only the question's task type; a training
// question is never shown the corrections of its own). From iteration 3 on the
// learner regresses on hard_ratio whatever it retrieves (the drop the
// Delta-Guard must catch). Iterations are counted by answer calls.
type learnerScript struct {
	mu       sync.Mutex
	calls    int
	perIter  int
	heldOut  int // held-out items, answered once more without memory (the baseline) in iteration 1
	gold     map[string]questions.Item
	question *regexp.Regexp
}

func (s *learnerScript) reply(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	s.mu.Lock()
	s.calls++
	k, first := 1, s.perIter+s.heldOut
	if s.calls > first {
		k = (s.calls-first-1)/s.perIter + 2
	}
	s.mu.Unlock()
	m := s.question.FindStringSubmatch(v.Prompt)
	if m == nil {
		return `{"reasoning":"no question","answer":"0"}`, true
	}
	it := s.gold[strings.TrimSpace(m[1])]
	right := it.TaskType == easySum || it.TaskType == easyDiff
	if !right {
		memories := strings.TrimSuffix(v.Prompt, m[0])
		right = strings.Contains(memories, "CORRECTION")
	}
	if k >= 3 && it.TaskType == hardRatio {
		right = false
	}
	answer := it.Answer
	if !right {
		answer += "1"
	}
	return fmt.Sprintf(`{"reasoning":"rows times per row","answer":%q}`, answer), true
}

func guidanceRules() []ollamafake.Rule {
	plan := `{"skills":[{"name":"ratio_reasoning","description":"scale quantities"},{"name":"rate_reasoning","description":"rates"},{"name":"summing","description":"add and subtract"}],
"task_types":[{"name":"hard_ratio","description":""},{"name":"hard_rate","description":""},{"name":"easy_sum","description":""},{"name":"easy_diff","description":""}],
"skill_for_task":[{"skill":"ratio_reasoning","task_type":"hard_ratio"},{"skill":"rate_reasoning","task_type":"hard_rate"},{"skill":"summing","task_type":"easy_sum"},{"skill":"summing","task_type":"easy_diff"}],
"prerequisites":[{"skill":"ratio_reasoning","prerequisite":"summing"}]}`
	return []ollamafake.Rule{
		{Task: "discover_skills", Reply: plan},
		{Task: "author_tool", Reply: `{"name":"multiply_rows","description":"rows times per row","inputs":[{"name":"rows","type":"integer"},{"name":"per_row","type":"integer"}],"outputs":[{"name":"total","type":"integer"}],"code":"def run(input):\n    return {\"total\": input[\"rows\"] * input[\"per_row\"]}","tests":[{"input":{"rows":3,"per_row":4},"expected":{"total":12}}]}`},
		{Task: "refine_prompt", Reply: `{"prompt":"Multiply rows by the amount per row.","strategy":"decompose","rationale":"failures skipped the product"}`},
		{Task: "extract_principles", Reply: `{"principles":[{"text":"Totals of rows are products","applies_when":"a quantity repeats per row"}]}`},
	}
}

// expectedAnswer reads the gold answer the failure analyst is shown.
var expectedAnswer = regexp.MustCompile(`Expected answer: (\S+)`)

// correction plays the failure analyst: a correction that reaches the
// gold answer, so the write gate commits it.
func correction(v ollamafake.ChatRequestView) (string, bool) {
	m := expectedAnswer.FindStringSubmatch(v.Prompt)
	if v.Task != "write_failure_memory" || m == nil {
		return "", false
	}
	return fmt.Sprintf(`{"content":"CORRECTION: multiply the rows by the amount per row, which gives %s","steps":["count per row","multiply by rows"]}`, m[1]), true
}

type e2e struct {
	ctx    context.Context
	ns     string
	engine *Engine
	graph  *graph.Graph
	bandit *bandit.Bandit
	fake   *ollamafake.Server
}

func setupE2E(t *testing.T, learner *learnerScript) e2e {
	t.Helper()
	return setupE2EOn(t, learner.reply, testenv.Postgres(t))
}

// setupE2EOn is setupE2E on pg (an isolated schema for tests that work jobs).
func setupE2EOn(t *testing.T, learner ollamafake.ScriptFunc, pg *pgxpool.Pool) e2e {
	t.Helper()
	ctx := context.Background()
	testenv.Neo4j(t)
	ns := testenv.Namespace(t)
	logger := testenv.Logger(t)

	fake := ollamafake.New(ollamafake.Options{Rules: guidanceRules()})
	fake.Script(learner)
	fake.Script(correction)
	models, err := llm.New(llm.Config{BaseURL: fake.Start(t)}, &http.Client{Timeout: time.Minute}, nil, logger)
	require.NoError(t, err)

	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { g.Close(context.Background()) })
	require.NoError(t, g.ApplySchema(ctx))

	store := vector.NewStore(pg, evokg.DefaultEmbeddingDim)
	queue, err := workers.NewInsertClient(pg, workers.Config{}, logger)
	require.NoError(t, err)
	memory := ingest.NewService(ingest.Config{}, pg, queue, models.Embedder(), store, logger)
	b, err := bandit.New(pg, bandit.Config{Seed: 3}, logger)
	require.NoError(t, err)
	casc, err := cascade.New(cascade.Config{Components: allComponents}, g, pg)
	require.NoError(t, err)
	engine, err := NewEngine(Deps{Pool: pg, Graph: g, Teacher: models.Teacher(), Learner: models.Learner(),
		Retriever: retrieval.New(retrieval.Config{}, store, g, models.Embedder(), logger), Memory: memory, Bandit: b,
		Cascade: casc, Logger: logger})
	require.NoError(t, err)
	return e2e{ctx: ctx, ns: ns, engine: engine, graph: g, bandit: b, fake: fake}
}

// protectedRecords returns the record of every protected memory of ns.
func protectedRecords(t *testing.T, e e2e) map[string]string {
	t.Helper()
	rows, err := e.engine.deps.Pool.Query(e.ctx,
		`SELECT id::text, record::text FROM experiences WHERE namespace = $1 AND outcome IN ('principle','failure_memory','success_memory')`, e.ns)
	require.NoError(t, err)
	out := map[string]string{}
	for rows.Next() {
		var id, rec string
		require.NoError(t, rows.Scan(&id, &rec))
		out[id] = rec
	}
	require.NoError(t, rows.Err())
	return out
}

func TestEndToEndThreeIterations(t *testing.T) {
	t.Parallel()
	items := e2eItems()
	learner := &learnerScript{perIter: len(items), heldOut: 10, gold: map[string]questions.Item{}, question: regexp.MustCompile(`(?m)^Question: (.+)\s*$`)}
	for _, it := range items {
		learner.gold[it.Question] = it
	}
	e := setupE2E(t, learner)
	params := Params{Namespace: e.ns, Iterations: 3, MaxFailuresPerType: 10, Concurrency: 4, RefreshEvery: 3,
		Pool: questions.PoolSpec{Name: "inline", Items: items, Validation: 0.125, Test: 0.125}}.WithDefaults()
	require.NoError(t, params.Validate())
	pl, err := params.BuildPool()
	require.NoError(t, err)
	require.Equal(t, questions.Sizes{Train: 30, Validation: 5, Test: 5}, pl.Sizes())

	run := newRun(params)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, params))

	// Iterations 1 and 2, as if the worker stopped after the second.
	first := params
	first.Iterations = 2
	require.NoError(t, e.engine.Run(e.ctx, run.ID, first, nil))
	before := protectedRecords(t, e)
	m2, err := e.engine.store.metrics(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Len(t, m2, 2)

	// The run resumes from its last completed iteration (3 of 3).
	final, err := e.engine.Execute(e.ctx, e.ns, run.ID, nil)
	require.NoError(t, err)
	require.Equal(t, evokg.RunSucceeded, final.Run.Status)
	require.Equal(t, 3, final.Run.Iteration)
	require.Len(t, final.Metrics, 3)
	m := final.Metrics
	for _, x := range m {
		b, _ := json.Marshal(x)
		t.Logf("iteration %d: %s", x.Iteration, b)
	}

	hardPool := m[0].ByTaskType[hardRatio].Total + m[0].ByTaskType[hardRate].Total
	easyPool := m[0].ByTaskType[easySum].Total + m[0].ByTaskType[easyDiff].Total
	// Iteration 1: only the easy types are right; each right answer is harvested.
	require.InDelta(t, float64(easyPool)/30, m[0].Accuracy, 1e-9)
	require.Equal(t, easyPool, m[0].Harvested)
	require.Equal(t, 0, m[0].Flips)
	require.ElementsMatch(t, []string{hardRatio, hardRate}, m[0].Selected[:2], "the curriculum picks the failing types first")
	require.Equal(t, hardPool+2, m[0].Failures, "one specific memory per failed item and one type_strategy per type")
	require.EqualValues(t, easyPool, m[0].Memories.Success)
	require.EqualValues(t, hardPool+2, m[0].Memories.Failure)

	// Iteration 2: the retrieved corrections make every hard item right.
	require.InDelta(t, 1.0, m[1].Accuracy, 1e-9)
	require.Equal(t, hardPool, m[1].Flips)
	require.False(t, m[1].Rollback)
	require.EqualValues(t, easyPool+30, m[1].Memories.Success)

	// Iteration 3: hard_ratio regresses; the drop is over δ (and over the
	// catastrophic threshold), so the mutable slots roll back.
	ratioTotal := m[2].ByTaskType[hardRatio].Total
	require.InDelta(t, float64(30-ratioTotal)/30, m[2].Accuracy, 1e-9)
	require.True(t, m[2].Rollback)
	require.Equal(t, "catastrophic", m[2].RollbackKind)
	require.Equal(t, 1, m[2].Rollbacks)
	require.Greater(t, m[2].Drop, DefaultDelta)

	// Protected memories written before the rollback are all there, unchanged,
	// and the iteration's own memories were kept.
	after := protectedRecords(t, e)
	for id, rec := range before {
		require.Equal(t, rec, after[id], "protected memory %s changed", id)
	}
	require.Greater(t, len(after), len(before))
	require.EqualValues(t, easyPool+30+(30-ratioTotal), m[2].Memories.Success)

	// The refresh at iteration 3 rewrote hard_ratio's type strategy: three
	// versions (iteration 1, the curriculum's at 3, the refresh's), each
	// superseding the one before, all kept.
	require.True(t, m[2].Refreshed)
	var versions, superseding int
	require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx, `SELECT count(*), count(supersedes) FROM experiences
		WHERE namespace = $1 AND task_type = $2 AND failure_kind = 'type_strategy'`, e.ns, hardRatio).Scan(&versions, &superseding))
	require.Equal(t, 3, versions)
	require.Equal(t, 2, superseding)

	// Mastery was restored to the iteration-2 snapshot (taken before that
	// iteration's Curator) and then ratcheted once with e_3: ratio_reasoning
	// had 0 at the snapshot and e_3 = 0, so it is 0 (0.54 without the rollback).
	skills, err := e.graph.ListSkills(e.ctx, e.ns)
	require.NoError(t, err)
	mastery := map[string]float64{}
	for _, s := range skills {
		mastery[s.Name] = s.Mastery
	}
	require.InDelta(t, 0.0, mastery["ratio_reasoning"], 1e-9)
	require.InDelta(t, 0.6, mastery["rate_reasoning"], 1e-9)
	require.InDelta(t, evokg.Ratchet(0.6, 1, 0.6, 0.1), mastery["summing"], 1e-9)

	// Bandit posteriors were restored too: α+β over the search arms holds
	// the prior, iteration 1's rewards and iteration 3's, not iteration 2's.
	arms, err := e.bandit.List(e.ctx, e.ns)
	require.NoError(t, err)
	total := 0.0
	for _, a := range arms {
		if a.Kind == bandit.Search {
			total += a.Alpha + a.Beta
		}
	}
	require.InDelta(t, float64(4*len(bandit.DefaultSearchArms)*2+30+30), total, 1e-9)

	// The learner never called the teacher model: teacher calls are the
	// teacher layer's own, counted apart.
	// Every learner call is counted: one answer per question (train,
	// validation and test, once validation and test without memory), plus what the
	// routing arms and the learner's signature plans add.
	var learnerCalls int64
	for _, it := range m {
		learnerCalls += it.LearnerCalls
	}
	require.EqualValues(t, e.fake.CountModel(llm.DefaultLearnerModel), learnerCalls)
	require.GreaterOrEqual(t, m[0].LearnerCalls, int64(40+10))
	require.GreaterOrEqual(t, m[1].LearnerCalls, int64(40))
	require.Greater(t, m[0].TeacherCalls, int64(0))
}

// allComponents switches every cascade component on.
var allComponents = cascade.Components{Principles: true, Recipes: true, Plan: true, Boost: true, Environment: true}
