package llm_test

import (
	"context"
	"net"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/usage"
)

type bundle struct {
	fake   *ollamafake.Server
	models *llm.Models
	rec    *usage.Recorder
	reg    *prometheus.Registry
	ns     string
	ctx    context.Context
}

type setupOpts struct {
	cfg  llm.Config
	fake ollamafake.Options
}

// setup starts a fake Ollama, builds the layer against it with a Postgres
// recorder, and returns a context carrying a fresh namespace.
func setup(t *testing.T, opts setupOpts) *bundle {
	t.Helper()
	fake := ollamafake.New(opts.fake)
	opts.cfg.BaseURL = fake.Start(t)
	reg := prometheus.NewRegistry()
	rec := usage.NewRecorder(testenv.Postgres(t), reg)
	m, err := llm.New(opts.cfg, &http.Client{Timeout: 30 * time.Second}, rec, testenv.Logger(t))
	require.NoError(t, err)
	ns := testenv.Namespace(t)
	ctx := llm.WithCall(context.Background(), llm.CallMeta{Namespace: ns, RunID: "run-1"})
	return &bundle{fake: fake, models: m, rec: rec, reg: reg, ns: ns, ctx: ctx}
}

func (b *bundle) usage(t *testing.T, runID string) usage.Summary {
	t.Helper()
	u, err := b.rec.Summary(context.Background(), b.ns, runID)
	require.NoError(t, err)
	return u
}

func roleUsage(u usage.Summary, role llm.Role) usage.RoleUsage {
	for _, r := range u.ByRole {
		if r.Role == role {
			return r
		}
	}
	return usage.RoleUsage{}
}

func TestNewRequiresClientTimeout(t *testing.T) {
	t.Parallel()
	_, err := llm.New(llm.Config{}, &http.Client{}, nil, testenv.Logger(t))
	require.ErrorContains(t, err, "Timeout")
	_, err = llm.New(llm.Config{}, nil, nil, testenv.Logger(t))
	require.Error(t, err)
	_, err = llm.New(llm.Config{BaseURL: "ftp://x"}, &http.Client{Timeout: time.Second}, nil, testenv.Logger(t))
	require.ErrorContains(t, err, "base URL")
}

func TestConfigDefaults(t *testing.T) {
	t.Parallel()
	c := llm.Config{}.WithDefaults()
	require.Equal(t, "http://127.0.0.1:11434", c.BaseURL)
	require.Equal(t, "qwen3:8b", c.Teacher.Model)
	require.Equal(t, "llama3.1:8b", c.Learner.Model)
	require.Equal(t, "nomic-embed-text", c.EmbeddingModel)
	require.Equal(t, 768, c.EmbeddingDim)
	require.Equal(t, 64, c.EmbedBatch)
	require.Equal(t, 2, c.MaxRepairs)
	require.Equal(t, 3, c.Budgets.PerExperience)
	require.Equal(t, 2000, c.Budgets.PerIteration)
	require.Equal(t, 0.0, c.Learner.Temperature)
}

// The learner role's calls reach only the learner model: the fake sees no
// request for the teacher model and the recorder counts no teacher call.
// (That answering through the client's /answer, on every search arm, makes
// no teacher call is e2e's TestEndToEnd.)
func TestLearnerRoleCallsOnlyTheLearnerModel(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fake.AddRule(ollamafake.Rule{Task: "answer", Pattern: regexp.MustCompile(`capital of France`),
		Reply: `{"reasoning":"Paris is the capital.","answer":" Paris "}`})
	x := b.models.Learner()
	for i := 0; i < 5; i++ {
		reply, err := x.Answer(b.ctx, evokg.AnswerPrompt{Question: "What is the capital of France?",
			Context: "France is a country in Europe.", MemoryBlock: "Success: capitals are cities."})
		require.NoError(t, err)
		require.Equal(t, "Paris", reply.Answer)
	}
	require.Equal(t, 0, b.fake.CountModel("qwen3:8b"))
	require.Equal(t, 5, b.fake.CountModel("llama3.1:8b"))
	u := b.usage(t, "run-1")
	require.Equal(t, 0, u.Teacher)
	require.Equal(t, 5, u.Learner)
	require.Equal(t, 0.0, u.TeacherShare)
	require.Equal(t, llm.LayerLearner, roleUsage(u, llm.RoleLearner).Layer)

	// A judge call afterwards makes the share 1/6.
	_, err := b.models.Teacher().Judge(b.ctx, evokg.JudgeRequest{Question: "q", Answer: "Paris", Gold: "Paris"})
	require.NoError(t, err)
	u = b.usage(t, "run-1")
	require.Equal(t, 1, u.Teacher)
	require.InDelta(t, 1.0/6, u.TeacherShare, 1e-9)
	require.Equal(t, 1, b.fake.CountModel("qwen3:8b"))
}

func TestAnswerTemperature(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	x := b.models.Learner()
	_, err := x.Answer(b.ctx, evokg.AnswerPrompt{Question: "q1"})
	require.NoError(t, err)
	hot := 0.3
	_, err = x.Answer(b.ctx, evokg.AnswerPrompt{Question: "q2", Temperature: &hot})
	require.NoError(t, err)
	reqs := b.fake.Requests()
	require.Len(t, reqs, 2)
	require.Equal(t, 0.0, reqs[0].Chat.Options["temperature"])
	require.Equal(t, 0.3, reqs[1].Chat.Options["temperature"])
	require.EqualValues(t, 8192, reqs[0].Chat.Options["num_ctx"])
	require.Contains(t, string(reqs[0].Chat.Format), `"title":"answer"`)
}

func TestTeacherTemperatureByRole(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: llm.Config{Teacher: llm.RoleConfig{Temperature: 0.3}}})
	g := b.models.Teacher()
	_, err := g.Judge(b.ctx, evokg.JudgeRequest{Question: "2+2?", Answer: "4", Gold: "4"})
	require.NoError(t, err)
	_, err = g.WriteFailureMemory(b.ctx, evokg.FailureMemoryRequest{Kind: evokg.FailureSpecific, TaskType: "arith",
		Question: "2+3?", Answer: "6", Gold: "5"})
	require.NoError(t, err)
	reqs := b.fake.Requests()
	require.Len(t, reqs, 2)
	require.Equal(t, 0.0, reqs[0].Chat.Options["temperature"], "grading is deterministic")
	require.Equal(t, 0.3, reqs[1].Chat.Options["temperature"], "writing memory uses the training temperature")
}

func TestStructuredRepair(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fake.AddRule(ollamafake.Rule{Task: "judge", Reply: "The answer is right.", Times: 1})
	b.fake.AddRule(ollamafake.Rule{Task: "judge", Reply: `{"correct": "yes"}`, Times: 1})
	b.fake.AddRule(ollamafake.Rule{Task: "judge", Reply: `{"correct": true, "reason": "same city"}`})
	v, err := b.models.Teacher().Judge(b.ctx, evokg.JudgeRequest{Question: "Capital?", Answer: "paris", Gold: "Paris"})
	require.NoError(t, err)
	require.Equal(t, evokg.Judgment{Correct: true, Reason: "same city"}, v)

	reqs := b.fake.Requests()
	require.Len(t, reqs, 3)
	// Each repair resends the conversation with the bad reply and a repair note.
	require.Len(t, reqs[1].Chat.Messages, 4)
	require.Equal(t, "The answer is right.", reqs[1].Chat.Messages[2].Content)
	require.Contains(t, reqs[1].Chat.Prompt, "not valid JSON")
	require.Len(t, reqs[2].Chat.Messages, 6)
	require.Contains(t, reqs[2].Chat.Prompt, "does not match the schema")

	judge := roleUsage(b.usage(t, ""), llm.RoleJudge)
	require.Equal(t, 3, judge.Calls)
	require.Equal(t, 2, judge.Failed)
	require.Equal(t, 2.0, counterValue(t, b.reg, llm.RoleJudge, "invalid_reply"))
	require.Equal(t, 1.0, counterValue(t, b.reg, llm.RoleJudge, "ok"))
}

// counterValue reads evokg_llm_calls_total for role and outcome from reg.
func counterValue(t *testing.T, reg *prometheus.Registry, role llm.Role, outcome string) float64 {
	t.Helper()
	families, err := reg.Gather()
	require.NoError(t, err)
	var sum float64
	for _, f := range families {
		if f.GetName() != "evokg_llm_calls_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["role"] == string(role) && labels["outcome"] == outcome {
				sum += m.GetCounter().GetValue()
			}
		}
	}
	return sum
}

func TestStructuredErrorAfterMaxRepairs(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: llm.Config{MaxRepairs: 1}})
	b.fake.AddRule(ollamafake.Rule{Task: "critique", Reply: `{"task_types": [{"task_type": "math", "score": 7}]}`})
	_, err := b.models.Teacher().Critique(b.ctx, evokg.CritiqueRequest{Iteration: 1,
		Results: []evokg.TaskTypeResult{{TaskType: "math", Correct: 1, Total: 2}}})
	var se *llm.StructuredError
	require.ErrorAs(t, err, &se)
	require.Equal(t, 2, se.Attempts)
	require.Equal(t, `{"task_types": [{"task_type": "math", "score": 7}]}`, se.Raw)
	require.Equal(t, llm.RoleCritic, se.Role)
	require.Equal(t, "critique", se.Task)
	require.Equal(t, evokg.EINTERNAL, evokg.ErrorCode(err))
	require.Equal(t, 2, b.fake.CountTask("critique"))
}

func TestThinkBlocksAreStripped(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fake.AddRule(ollamafake.Rule{Task: "extract_signature",
		Reply: "<think>The steps are {lookup} then a filter.</think>\n```json\n{\"operations\": [\"Entity Resolution\", \"temporal-filter\", \"aggregation\"]}\n```"})
	ops, err := b.models.Teacher().ExtractSignature(b.ctx, evokg.SignatureRequest{TaskType: "temporal",
		Task: "How many films did X direct before 2000?", Steps: []string{"find X", "filter by year", "count"}})
	require.NoError(t, err)
	require.Equal(t, []string{"entity_resolution", "temporal_filter", "aggregation"}, ops)
	require.Equal(t, 1, b.fake.CountTask("extract_signature"), "a think block must not cost a repair")
}

func TestStripThink(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"<think>a</think>b", "b"},
		{"  <think>\nmulti\nline\n</think>\n\n{\"a\":1}  ", `{"a":1}`},
		{"<think>x</think>y<think>z</think>", "y"},
		{"answer<think>never closed", "answer"},
		{"no think", "no think"},
	} {
		require.Equal(t, tc.want, llm.StripThink(tc.in), tc.in)
	}
}

func TestBudgetStopsCalls(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: llm.Config{Budgets: llm.Budgets{PerExperience: 2}}})
	budget := b.models.ExperienceBudget("exp-1")
	ctx := llm.WithCall(context.Background(), llm.CallMeta{Namespace: b.ns, RunID: "ingest", ExperienceID: "exp-1", Budget: budget})
	g := b.models.Teacher()
	for i := 0; i < 2; i++ {
		_, err := g.Judge(ctx, evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "a"})
		require.NoError(t, err)
	}
	_, err := g.Judge(ctx, evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "a"})
	require.Equal(t, evokg.ELIMIT, evokg.ErrorCode(err))
	require.Contains(t, evokg.ErrorMessage(err), "budget of 2 calls for experience exp-1")
	require.Equal(t, 2, budget.Used())
	require.Equal(t, 2, b.fake.CountModel("qwen3:8b"), "the refused call never reaches the server")

	judge := roleUsage(b.usage(t, "ingest"), llm.RoleJudge)
	require.Equal(t, 3, judge.Calls)
	require.Equal(t, 1, judge.Failed)
	var reason string
	require.NoError(t, testenv.Postgres(t).QueryRow(context.Background(),
		`SELECT reason FROM llm_calls WHERE namespace = $1 AND outcome = 'budget_exceeded'`, b.ns).Scan(&reason))
	require.Contains(t, reason, "experience exp-1")
}

func TestBudgetSharedByRepairs(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fake.AddRule(ollamafake.Rule{Task: "judge", Reply: "nope"})
	ctx := llm.WithCall(context.Background(), llm.CallMeta{Namespace: b.ns, Budget: llm.NewBudget("iteration 1 of run r", 2)})
	_, err := b.models.Teacher().Judge(ctx, evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "b"})
	require.Equal(t, evokg.ELIMIT, evokg.ErrorCode(err), "the third attempt exceeds the budget")
	require.Equal(t, 2, b.fake.CountTask("judge"))
}

func TestErrorMapping(t *testing.T) {
	t.Parallel()
	t.Run("unreachable", func(t *testing.T) {
		t.Parallel()
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		url := "http://" + ln.Addr().String()
		require.NoError(t, ln.Close())
		m, err := llm.New(llm.Config{BaseURL: url}, &http.Client{Timeout: 5 * time.Second}, nil, testenv.Logger(t))
		require.NoError(t, err)
		_, err = m.Learner().Answer(context.Background(), evokg.AnswerPrompt{Question: "q"})
		require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
		require.Contains(t, evokg.ErrorMessage(err), url)
		_, err = m.Check(context.Background())
		require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
		_, err = m.Embedder().Embed(context.Background(), []string{"x"})
		require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
	})
	t.Run("model not found", func(t *testing.T) {
		t.Parallel()
		b := setup(t, setupOpts{fake: ollamafake.Options{Models: []string{"llama3.1:8b", "nomic-embed-text"}}})
		_, err := b.models.Teacher().Judge(b.ctx, evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "a"})
		require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
		require.Contains(t, evokg.ErrorMessage(err), "model qwen3:8b not found on Ollama server http://")
		require.Contains(t, evokg.ErrorMessage(err), "run `ollama pull qwen3:8b`")
		require.Equal(t, 1, b.fake.CountModel("qwen3:8b"), "a missing model is not retried")
		require.Equal(t, 1, roleUsage(b.usage(t, ""), llm.RoleJudge).Failed)
	})
	t.Run("timeout", func(t *testing.T) {
		t.Parallel()
		b := setup(t, setupOpts{cfg: llm.Config{Learner: llm.RoleConfig{Timeout: 100 * time.Millisecond}}})
		b.fake.InjectFault(ollamafake.Fault{Model: "llama3.1:8b", Delay: 5 * time.Second})
		start := time.Now()
		_, err := b.models.Learner().Answer(b.ctx, evokg.AnswerPrompt{Question: "q"})
		require.Equal(t, evokg.ETIMEOUT, evokg.ErrorCode(err))
		require.Contains(t, evokg.ErrorMessage(err), "llama3.1:8b")
		require.Less(t, time.Since(start), 4*time.Second)
	})
	t.Run("server error", func(t *testing.T) {
		t.Parallel()
		b := setup(t, setupOpts{})
		b.fake.InjectFault(ollamafake.Fault{Path: "/api/chat", Status: http.StatusInternalServerError, Message: "out of memory", Times: 1})
		_, err := b.models.Learner().Answer(b.ctx, evokg.AnswerPrompt{Question: "q"})
		require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
		require.Contains(t, err.Error(), "out of memory")
		_, err = b.models.Learner().Answer(b.ctx, evokg.AnswerPrompt{Question: "q"})
		require.NoError(t, err, "the fault was used up")
	})
	t.Run("canceled", func(t *testing.T) {
		t.Parallel()
		b := setup(t, setupOpts{})
		ctx, cancel := context.WithCancel(b.ctx)
		cancel()
		_, err := b.models.Learner().Answer(ctx, evokg.AnswerPrompt{Question: "q"})
		require.ErrorIs(t, err, context.Canceled)
	})
}

func TestEmbedder(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: llm.Config{EmbedBatch: 2}})
	e := b.models.Embedder()
	require.Equal(t, 768, e.Dimension())
	texts := []string{"the cat sat on the mat", "a cat sat on a mat", "quarterly revenue report", "the cat sat on the mat", "stock market"}
	vecs, err := e.Embed(b.ctx, texts)
	require.NoError(t, err)
	require.Len(t, vecs, 5)
	require.Equal(t, vecs[0], vecs[3])
	require.Equal(t, ollamafake.Embed("quarterly revenue report", 768), vecs[2])
	require.Greater(t, dot(vecs[0], vecs[1]), dot(vecs[0], vecs[2]), "shared words are closer")

	reqs := b.fake.Requests()
	require.Len(t, reqs, 2, "4 distinct texts in batches of 2")
	require.Equal(t, []string{"the cat sat on the mat", "a cat sat on a mat"}, reqs[0].Inputs)

	again, err := e.Embed(b.ctx, []string{"stock market", "the cat sat on the mat", "new text"})
	require.NoError(t, err)
	require.Equal(t, vecs[4], again[0])
	require.Len(t, b.fake.Requests(), 3, "only the new text is sent")
	require.Equal(t, []string{"new text"}, b.fake.Requests()[2].Inputs)
	hits, misses := e.CacheStats()
	require.Equal(t, int64(2), hits)   // the second call's two known texts
	require.Equal(t, int64(6), misses) // five lookups of the first call (the duplicate is sent once), one new text
	require.Equal(t, 3, roleUsage(b.usage(t, ""), llm.RoleEmbedder).Calls)
}

func TestEmbedderDimensionCheck(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{fake: ollamafake.Options{EmbeddingDim: 384}})
	_, err := b.models.Embedder().Embed(b.ctx, []string{"hello"})
	require.Error(t, err)
	require.Contains(t, err.Error(), "returned 384, configured 768")
}

func TestCheckAndServer(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{fake: ollamafake.Options{Models: []string{"qwen3:8b", "nomic-embed-text:latest"}}})
	statuses, err := b.models.Check(context.Background())
	require.NoError(t, err)
	url := b.models.Config().BaseURL
	require.Equal(t, []llm.ModelStatus{
		{Layer: llm.LayerTeacher, Provider: llm.ProviderOllama, URL: url, Model: "qwen3:8b", Present: true},
		{Layer: llm.LayerLearner, Provider: llm.ProviderOllama, URL: url, Model: "llama3.1:8b", Present: false},
		{Layer: llm.LayerEmbedding, Provider: llm.ProviderOllama, URL: url, Model: "nomic-embed-text", Present: true},
	}, statuses)
	err = llm.MissingModels(statuses)
	require.ErrorContains(t, err, "ollama pull llama3.1:8b")
	info, err := b.models.Server(context.Background())
	require.NoError(t, err)
	require.True(t, info.Scripted)
	require.True(t, strings.HasPrefix(info.URL, "http://127.0.0.1:"))
}

func TestUsageByRun(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	g, x := b.models.Teacher(), b.models.Learner()
	run := func(id string) context.Context {
		return llm.WithCall(context.Background(), llm.CallMeta{Namespace: b.ns, RunID: id, Iteration: 1})
	}
	for i := 0; i < 3; i++ {
		_, err := x.Answer(run("a"), evokg.AnswerPrompt{Question: "q"})
		require.NoError(t, err)
	}
	_, err := g.Critique(run("a"), evokg.CritiqueRequest{Iteration: 1})
	require.NoError(t, err)
	_, err = g.Judge(run("b"), evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "a"})
	require.NoError(t, err)

	a := b.usage(t, "a")
	require.Equal(t, 1, a.Teacher)
	require.Equal(t, 3, a.Learner)
	require.InDelta(t, 0.25, a.TeacherShare, 1e-9)
	learner := roleUsage(a, llm.RoleLearner)
	require.Equal(t, 3, learner.Calls)
	require.Positive(t, learner.PromptTokens)
	require.Positive(t, learner.ReplyTokens)

	all := b.usage(t, "")
	require.Equal(t, 2, all.Teacher)
	require.InDelta(t, 0.4, all.TeacherShare, 1e-9)

	other, err := b.rec.Summary(context.Background(), "no-such-namespace", "")
	require.NoError(t, err)
	require.Zero(t, other.TeacherShare)
	require.Empty(t, other.ByRole)
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// The learner layer's exported surface is fixed: anything added to it
// must be reviewed for the isolation rule (no path to a teacher model).
func TestLearnerSurface(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeFor[*llm.Learner]()
	var methods []string
	for m := range typ.Methods() {
		methods = append(methods, m.Name)
	}
	require.Equal(t, []string{"Answer", "CallTools", "Decompose", "Explore", "Expression", "GenerateAttempt", "Model", "PlanActions", "PlanSignature", "PlanTask", "Verify"}, methods)
	require.Zero(t, typ.Elem().NumField()-1, "Execution holds exactly one (unexported) endpoint")
}
