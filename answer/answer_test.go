package answer_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/vector"
)

var (
	schemaOnce sync.Once
	schemaErr  error
)

// bundle is the learner layer on the real Postgres and Neo4j, with the
// fake model server in place of Ollama.
type bundle struct {
	ns    string
	fake  *ollamafake.Server
	graph *graph.Graph
	store *vector.Store
	svc   func(arms answer.Bandits) *answer.Service
	t     *testing.T
}

func setup(t *testing.T, rules ...ollamafake.Rule) bundle {
	t.Helper()
	return setupWith(t, retrieval.Config{}, rules...)
}

// setupWith is setup with a retrieval configuration.
func setupWith(t *testing.T, cfg retrieval.Config, rules ...ollamafake.Rule) bundle {
	t.Helper()
	pool := testenv.Postgres(t)
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	g, err := graph.Open(t.Context(), graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(context.Background()) })
	schemaOnce.Do(func() { schemaErr = g.ApplySchema(t.Context()) })
	require.NoError(t, schemaErr)

	fake := ollamafake.New(ollamafake.Options{Rules: rules})
	models, err := llm.New(llm.Config{BaseURL: fake.Start(t)}, &http.Client{Timeout: time.Minute}, nil, logger)
	require.NoError(t, err)
	store := vector.NewStore(pool, memtest.Dim)
	retriever := retrieval.New(cfg, store, g, models.Embedder(), logger)
	b := bundle{ns: testenv.Namespace(t), fake: fake, graph: g, store: store, t: t}
	b.svc = func(arms answer.Bandits) *answer.Service {
		return answer.New(models.Learner(), retriever, nil, arms, g)
	}
	return b
}

// memory commits a memory embedded as the fake model server embeds text,
// and projects it into the graph.
func (b bundle) memory(m memtest.Memory) *evokg.Experience {
	b.t.Helper()
	m.Namespace = b.ns
	m.Vec = ollamafake.Embed(m.Question, memtest.Dim)
	exp := memtest.Insert(b.t, testenv.Postgres(b.t), b.store, m)
	require.NoError(b.t, b.graph.ProjectExperience(b.t.Context(), exp, nil))
	return exp
}

// prompts returns the user prompts the fake received for task, in order.
func (b bundle) prompts(task string) []string {
	var out []string
	for _, r := range b.fake.Requests() {
		if r.Chat != nil && r.Chat.Task == task {
			out = append(out, r.Chat.System+"\n"+r.Chat.Prompt)
		}
	}
	return out
}

// chatModels returns the models the fake was asked to chat with.
func (b bundle) chatModels() map[string]int {
	out := map[string]int{}
	for _, r := range b.fake.Requests() {
		if r.Chat != nil {
			out[r.Model]++
		}
	}
	return out
}

// fixedArms is a Bandits that always pulls the same arms.
type fixedArms struct{ search, routing string }

func (f fixedArms) Select(ctx context.Context, ns string, k bandit.Kind, key string) (bandit.Choice, error) {
	arm, err := f.Best(ctx, ns, k, key)
	return bandit.Choice{Arm: arm}, err
}

func (f fixedArms) SelectForRun(ctx context.Context, ns string, k bandit.Kind, key string, _ uuid.UUID) (bandit.Choice, error) {
	return f.Select(ctx, ns, k, key)
}

func (f fixedArms) Best(_ context.Context, _ string, k bandit.Kind, _ string) (string, error) {
	if k == bandit.Search {
		return f.search, nil
	}
	return f.routing, nil
}

func (f fixedArms) ChooseSkill(_ context.Context, _ string, skills []string, _ bool) (string, error) {
	return skills[0], nil
}

func (f fixedArms) ApplyReward(context.Context, string, uuid.UUID, float64) (bandit.RewardResult, error) {
	return bandit.RewardResult{}, nil
}

const answerReply = `{"reasoning":"added them","answer":"80"}`

// The learner plans its own signature with the learner model, so the
// structural arms find what the semantic arm cannot: with the structural
// scope crossing task types (not the default), an experience of another
// task type that followed the same procedure. The calls are counted, and
// none goes to the teacher model.
func TestLearnerPlansItsSignatureWithTheLearnerModel(t *testing.T) {
	t.Parallel()
	b := setupWith(t, retrieval.Config{StructuralScope: retrieval.ScopeAll},
		ollamafake.Rule{Task: "plan_signature", Reply: `{"operations":["Entity Resolution","Temporal Filter","Aggregation"]}`},
		ollamafake.Rule{Task: "answer", Reply: answerReply})
	curry := b.memory(memtest.Memory{TaskType: "nba_stats", Question: "Total points Curry scored over the 2016 season",
		Signature: []string{"entity_resolution", "temporal_filter", "aggregation"}})
	q := answer.Question{TaskType: "finance", Question: "What revenue did Tesla book in 2021?"}

	semantic, err := b.svc(fixedArms{bandit.StrategySemantic, bandit.StrategyDirectCoT}).Answer(t.Context(), b.ns, q)
	require.NoError(t, err)
	require.Nil(t, semantic.Signature, "the semantic arm plans nothing")
	require.NotContains(t, semantic.MemoryIDs, curry.ID)
	require.Equal(t, 1, semantic.LearnerCalls)
	require.Empty(t, b.prompts("plan_signature"))

	for _, arm := range []string{bandit.StrategySemanticStructural, bandit.StrategyHybridGraph} {
		r, err := b.svc(fixedArms{arm, bandit.StrategyDirectCoT}).Answer(t.Context(), b.ns, q)
		require.NoError(t, err, arm)
		require.Equal(t, []string{"entity_resolution", "temporal_filter", "aggregation"}, r.Signature, arm)
		require.Contains(t, r.MemoryIDs, curry.ID, "%s: the structural match reaches the pack", arm)
		require.Equal(t, 2, r.LearnerCalls, "%s: plan + answer", arm)
		require.Zero(t, r.TeacherCalls, arm)
	}
	plans := b.prompts("plan_signature")
	require.Len(t, plans, 2)
	require.Contains(t, plans[0], "Known operations: aggregation, entity_resolution, temporal_filter", "the learner plans in the graph's words")
	answers := b.prompts("answer")
	require.NotContains(t, answers[0], "Curry")
	require.Contains(t, answers[1], "Curry", "the learner reads the structural match")
	require.Equal(t, map[string]int{llm.DefaultLearnerModel: 5}, b.chatModels(), "every chat call went to the learner model")

	empty, err := b.svc(fixedArms{bandit.StrategySemanticStructural, bandit.StrategyDirectCoT}).Answer(t.Context(), testenv.Namespace(t), q)
	require.NoError(t, err)
	require.Nil(t, empty.Signature, "a graph without operations: no signature could match, none is planned")
	require.Equal(t, 1, empty.LearnerCalls)

	given, err := b.svc(fixedArms{bandit.StrategySemanticStructural, bandit.StrategyDirectCoT}).Answer(t.Context(), b.ns,
		answer.Question{TaskType: "finance", Question: q.Question, Signature: []string{"entity_resolution", "temporal_filter", "aggregation"}})
	require.NoError(t, err)
	require.Equal(t, 1, given.LearnerCalls, "a caller's signature needs no plan")
	require.Contains(t, given.MemoryIDs, curry.ID)
}

// Prompt refinement writes Skill.Strategy; the learner's prompt carries it.
func TestRefinedStrategyReachesTheLearnersPrompt(t *testing.T) {
	t.Parallel()
	b := setup(t, ollamafake.Rule{Task: "answer", Reply: answerReply})
	_, err := b.graph.CreateSkill(t.Context(), b.ns, evokg.NewSkill{Name: "multiplying", Description: "products"})
	require.NoError(t, err)
	require.NoError(t, b.graph.LinkSkillToTask(t.Context(), b.ns, "multiplying", "arithmetic"))
	svc := b.svc(fixedArms{bandit.StrategySemantic, bandit.StrategyDirectCoT})
	q := answer.Question{TaskType: "arithmetic", Question: "How many tiles in 12 rows of 7?"}

	_, err = svc.Answer(t.Context(), b.ns, q)
	require.NoError(t, err)
	strategy := "Multiply the rows by the amount per row; never add them."
	_, err = b.graph.UpdateSkill(t.Context(), b.ns, "multiplying", evokg.SkillUpdate{Strategy: &strategy})
	require.NoError(t, err)
	r, err := svc.Answer(t.Context(), b.ns, q)
	require.NoError(t, err)
	require.Equal(t, "multiplying", r.Skill)

	prompts := b.prompts("answer")
	require.Len(t, prompts, 2)
	require.NotContains(t, prompts[0], "Strategy for this skill")
	require.Contains(t, prompts[1], "Strategy for this skill: "+strategy)

	off, err := svc.Answer(t.Context(), b.ns, answer.Question{TaskType: "arithmetic", Question: q.Question, NoMemory: true})
	require.NoError(t, err)
	require.Equal(t, 1, off.LearnerCalls)
	require.NotContains(t, b.prompts("answer")[2], strategy, "an evolved strategy is memory: off without memory")
}

// Each routing arm changes what the learner does, not only a line of its
// prompt: decompose works steps out first, tool_call runs the calculator on
// the learner's expression, verify_then_answer rechecks and revises.
func TestRoutingArmsChangeWhatHappens(t *testing.T) {
	t.Parallel()
	b := setup(t,
		ollamafake.Rule{Task: "decompose", Reply: `{"steps":[{"skill":"read_quantities","output":"12 rows of 7"},{"skill":"multiply","output":"12 x 7 = 84"}]}`},
		ollamafake.Rule{Task: "calculator", Reply: `{"expression":"12 * 7"}`},
		ollamafake.Rule{Task: "verify_answer", Reply: `{"verdict":"revised","reasoning":"12 x 7 is 84","answer":"84"}`},
		ollamafake.Rule{Task: "answer", Reply: answerReply})
	q := answer.Question{TaskType: "arithmetic", Question: "How many tiles in 12 rows of 7?"}
	replies := map[string]answer.Reply{}
	for _, arm := range bandit.DefaultRoutingArms {
		r, err := b.svc(fixedArms{bandit.StrategySemantic, arm}).Answer(t.Context(), b.ns,
			answer.Question{TaskType: q.TaskType, Question: q.Question, Skill: &evokg.Skill{Name: "multiplying"}})
		require.NoError(t, err, arm)
		require.Equal(t, arm, r.RoutingArm)
		replies[arm] = r
	}
	direct := replies[bandit.StrategyDirectCoT]
	require.Equal(t, "80", direct.Answer)
	require.Equal(t, 1, direct.LearnerCalls)
	require.Empty(t, direct.Steps)

	dec := replies[bandit.StrategyDecompose]
	require.Equal(t, 2, dec.LearnerCalls)
	require.Equal(t, []evokg.SkillStep{{Skill: "read_quantities", Output: "12 rows of 7"}, {Skill: "multiply", Output: "12 x 7 = 84"}}, dec.Steps)

	tool := replies[bandit.StrategyToolCall]
	require.Equal(t, 2, tool.LearnerCalls)
	require.Equal(t, "12 * 7 = 84", tool.ToolResult)

	ver := replies[bandit.StrategyVerifyThenAnswer]
	require.Equal(t, 2, ver.LearnerCalls)
	require.Equal(t, "84", ver.Answer, "the recheck revised the draft")

	prompts := b.prompts("answer")
	require.Len(t, prompts, 4, "one answer call per arm")
	require.Contains(t, strings.Join(b.prompts("decompose"), ""), "Name the steps after these skills where they fit: multiplying")
	withSteps, withTool := 0, 0
	for _, p := range prompts {
		if strings.Contains(p, "Your worked steps:\n1. [read_quantities] 12 rows of 7\n2. [multiply] 12 x 7 = 84") {
			withSteps++
		}
		if strings.Contains(p, "Calculator: 12 * 7 = 84") {
			withTool++
		}
	}
	require.Equal(t, 1, withSteps, "only the decompose arm's answer sees worked steps")
	require.Equal(t, 1, withTool, "only the tool_call arm's answer sees the calculator")
	require.Contains(t, b.prompts("verify_answer")[0], "Draft answer: 80")
}

func TestCalculate(t *testing.T) {
	t.Parallel()
	for expr, want := range map[string]string{
		"12 * 7": "84", "2 + 3 * 4": "14", "(2 + 3) * 4": "20", "2 ^ 3 ^ 2": "512", "-3 + 5": "2",
		"7 / 2": "3.5", "0.1 + 0.2": "0.3", "1,200 / 4": "300", "10 × 3 ÷ 4": "7.5", "-(2 - 5)": "3",
	} {
		got, err := answer.Calculate(expr)
		require.NoError(t, err, expr)
		require.Equal(t, want, got, expr)
	}
	for _, bad := range []string{"", "1 / 0", "2 +", "(1 + 2", "1 2", "x + 1", "fake_expression", "import os", strings.Repeat("(", 40) + "1"} {
		_, err := answer.Calculate(bad)
		require.Error(t, err, bad)
	}
}

// /answer takes the allocation mode per request: APEX-EM's P+ top-3 and P−
// top-2, or MAGE's κ (2 + 1 for a short context), the configured default.
func TestAnswerModePerRequest(t *testing.T) {
	t.Parallel()
	b := setup(t, ollamafake.Rule{Task: "answer", Reply: answerReply})
	for _, q := range []string{"tiles in rows of seven", "bolts in crates of twelve", "seeds in packets of nine", "coins in stacks of ten"} {
		b.memory(memtest.Memory{Question: "How many " + q + "?"})
		b.memory(memtest.Memory{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Question: "Count the " + q, Content: "multiply, do not add"})
	}
	online := answer.NewOnline(b.svc(fixedArms{bandit.StrategySemantic, bandit.StrategyDirectCoT}), b.graph).
		WithUtility(byIDUtilities{})
	req := evokg.AnswerRequest{TaskType: "arithmetic", Question: "How many tiles in 12 rows of seven?"}
	mage, err := online.Answer(t.Context(), b.ns, req)
	require.NoError(t, err)
	require.Len(t, mage.MemoryIDs, 3, "κ: 2 successes + 1 failure")
	require.Len(t, mage.Memories, 3)
	for i, u := range mage.Memories {
		require.Equal(t, mage.MemoryIDs[i], u.ID, "the utility of each memory shown, in the answer's order")
	}
	req.Mode = retrieval.ModeAPEX
	apex, err := online.Answer(t.Context(), b.ns, req)
	require.NoError(t, err)
	require.Len(t, apex.MemoryIDs, 5, "P+ top-3 and P− top-2")
	require.Equal(t, 1, apex.LearnerCalls)
	require.Zero(t, apex.TeacherCalls)
}

// byIDUtilities reads the utility of memories as *utility.Store does: by id.
type byIDUtilities struct{}

func (byIDUtilities) Many(_ context.Context, _ string, ids []uuid.UUID) ([]evokg.Utility, error) {
	out := make([]evokg.Utility, len(ids))
	for i, id := range ids {
		out[i] = evokg.Utility{ID: id, State: evokg.MemoryActive, Score: 0.5}
	}
	slices.SortFunc(out, func(a, b evokg.Utility) int { return slices.Compare(a.ID[:], b.ID[:]) })
	return out, nil
}
