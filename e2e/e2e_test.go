// Package e2e_test walks EvoKG's REST API as a client would, against the
// real binary: it builds `evokg`, starts `evokg serve` and `evokg worker` as
// processes on the real Postgres and Neo4j and a scripted fake of the
// Ollama API, creates a key with `evokg keys create`, then ingests, waits
// until committed, retrieves, answers, gives feedback and reads usage.
package e2e_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
)

// Bounds of the waits; each is a deadline on a polled condition.
const (
	buildTimeout  = 5 * time.Minute
	readyTimeout  = 90 * time.Second
	commitTimeout = 90 * time.Second
	pollInterval  = 100 * time.Millisecond
)

func TestEndToEnd(t *testing.T) {
	env := newEnv(t)
	c := env.client(t, env.createKey(t, "memory:read,memory:write,evolve,admin"))

	pre := c.ingest(t, `{"task_type":"arithmetic","outcome":"success_memory","question":"What is 17 + 25?",
		"answer":"42","chain_of_thought":"17 + 25 = 42","signature":["parse_numbers","add"],
		"evaluation":{"correct":1,"efficient":1,"complete":1,"q":1,"status":"successful"}}`)
	evaluated := c.ingest(t, `{"task_type":"arithmetic","question":"What is 40 + 2?","answer":"42",
		"chain_of_thought":"40 plus 2 is 42"}`)
	c.waitCommitted(t, pre)
	c.waitCommitted(t, evaluated)

	var pack evokg.RetrieveResponse
	c.post(t, "/retrieve", `{"question":"What is 17 + 26?","task_type":"arithmetic"}`, http.StatusOK, &pack)
	require.NotEmpty(t, pack.Memories, "the committed success memories are retrieved")
	require.Contains(t, memoryIDs(pack), pre)
	var problem struct{ Errors []struct{ Pointer string } }
	c.post(t, "/retrieve", `{"question":"x","task_type":"arithmetic","embedding":[0.1,0.2]}`, http.StatusUnprocessableEntity, &problem)
	require.Equal(t, "/embedding", problem.Errors[0].Pointer, "a client vector of the wrong dimension is refused")

	var before evokg.Usage
	c.get(t, "/usage", http.StatusOK, &before)
	var ans evokg.AnswerResponse
	c.post(t, "/answer", `{"question":"What is 17 + 26?","task_type":"arithmetic"}`, http.StatusOK, &ans)
	require.NotEqual(t, "", ans.ID.String())
	require.Zero(t, ans.TeacherCalls, "the learner layer never calls a teacher model")
	require.NotEmpty(t, ans.Arms)

	var fb evokg.FeedbackResponse
	c.post(t, "/answers/"+ans.ID.String()+"/feedback", `{"reward":1}`, http.StatusOK, &fb)
	require.Equal(t, ans.ID, fb.AnswerID)
	c.post(t, "/answers/"+ans.ID.String()+"/feedback", `{"reward":1}`, http.StatusConflict, nil)

	// Every search arm, forced as a client may force it, plans and answers
	// with the learner alone.
	learnerCalls := ans.LearnerCalls
	for _, arm := range bandit.DefaultSearchArms {
		var forced evokg.AnswerResponse
		c.post(t, "/answer", `{"question":"What is 17 + 26?","task_type":"arithmetic","search_arm":"`+arm+`"}`, http.StatusOK, &forced)
		require.Equal(t, arm, forced.Arms[0].Arm)
		require.Zero(t, forced.TeacherCalls, arm)
		learnerCalls += forced.LearnerCalls
	}
	c.post(t, "/answer", `{"question":"What is 17 + 26?","task_type":"arithmetic","search_arm":"bm25"}`, http.StatusUnprocessableEntity, &problem)
	require.Equal(t, "/search_arm", problem.Errors[0].Pointer)

	var usage evokg.Usage
	c.get(t, "/usage", http.StatusOK, &usage)
	require.Positive(t, ans.LearnerCalls)
	require.Equal(t, before.LearnerCalls+learnerCalls, usage.LearnerCalls, "the answers count the learner calls they made")
	require.Equal(t, before.TeacherCalls, usage.TeacherCalls, "answering made no teacher call")
	require.Positive(t, before.TeacherCalls, "the platform-evaluated experience was graded by the teacher model")

	c.do(t, http.MethodDelete, "/experiences/"+pre, "", http.StatusConflict, nil)

	c.walkEvolutionRun(t)

	// Another namespace is forbidden to this key; no key is unauthorized.
	other := env.client(t, c.token)
	other.ns = "someone-else"
	other.get(t, "/experiences", http.StatusForbidden, nil)
	env.client(t, "").get(t, "/experiences", http.StatusUnauthorized, nil)
}

// env is one running EvoKG: binary, fake model server, serve and worker.
type env struct {
	bin, baseURL, ns, pgURL string
	vars                    []string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := newEnvWith(t, ollamafake.New(ollamafake.Options{}))
	e.start(t, "worker")
	return e
}

// newEnvWith starts `evokg serve` on fake, without a worker.
func newEnvWith(t *testing.T, fake *ollamafake.Server) *env {
	t.Helper()
	testenv.Postgres(t)
	testenv.Neo4j(t)
	e := &env{bin: buildEvokg(t), ns: testenv.Namespace(t), pgURL: testenv.IsolatedPostgresURL(t)}
	addr := freeAddr(t)
	e.baseURL = "http://" + addr
	e.vars = append(os.Environ(),
		"EVOKG_POSTGRES_URL="+e.pgURL, "EVOKG_NEO4J_URI="+testenv.Neo4jURI(),
		"EVOKG_NEO4J_USER="+testenv.Neo4jUser(), "EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(),
		"EVOKG_OLLAMA_URL="+fake.Start(t), "EVOKG_ADDR="+addr, "EVOKG_LOG_FORMAT=text")
	e.start(t, "serve", "--addr", addr)
	e.waitReady(t)
	e.createNamespace(t)
	return e
}

// buildEvokg builds the binary from the module root into a temp folder.
func buildEvokg(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "evokg")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/evokg")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build ./cmd/evokg: %s", out)
	return bin
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return addr
}

// start runs `evokg args…` until the test ends, logging its output, and
// stops it with SIGTERM (graceful shutdown) when the test ends.
func (e *env) start(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(e.bin, args...)
	cmd.Env = e.vars
	cmd.Stdout = logWriter{t, args[0]}
	cmd.Stderr = logWriter{t, args[0]}
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-done:
			if err != nil {
				t.Logf("evokg %s exited: %v", args[0], err)
			}
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("evokg %s did not stop within 30s of SIGTERM", args[0])
		}
	})
	return cmd
}

// createKey runs `evokg keys create` and returns the token on its last line.
func (e *env) createKey(t *testing.T, scopes string) string {
	t.Helper()
	cmd := exec.Command(e.bin, "keys", "create", "--name", "e2e-"+e.ns, "--scopes", scopes, "--namespaces", e.ns)
	cmd.Env = e.vars
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "evokg keys create: %s", stderr.String())
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	token := strings.TrimSpace(lines[len(lines)-1])
	require.True(t, strings.HasPrefix(token, "evk_"), "the last line is the token, got %q", token)
	t.Cleanup(func() { revoke(t, token) })
	return token
}

// createNamespace creates e's namespace through the API with a key of
// scope admin: the routes under it answer 404 until it exists.
func (e *env) createNamespace(t *testing.T) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.baseURL+"/v1/namespaces", strings.NewReader(`{"name":"`+e.ns+`"}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+e.createKey(t, "admin"))
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusCreated, resp.StatusCode, "POST /v1/namespaces: %s", raw)
}

func revoke(t *testing.T, token string) {
	ctx := context.Background()
	keys := access.NewKeyStore(testenv.Postgres(t), testenv.Logger(t))
	if k, err := keys.Authenticate(ctx, token); err == nil {
		require.NoError(t, keys.Revoke(ctx, k.ID))
	}
}

func (e *env) waitReady(t *testing.T) {
	t.Helper()
	poll(t, readyTimeout, "evokg serve to be ready at "+e.baseURL+"/readyz", func() (bool, error) {
		resp, err := http.Get(e.baseURL + "/readyz")
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// poll calls cond every pollInterval until it is true, fails or timeout passes.
func poll(t *testing.T, timeout time.Duration, what string, cond func() (bool, error)) {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	for {
		ok, err := cond()
		require.NoError(t, err, "waiting for %s", what)
		if ok {
			return
		}
		select {
		case <-deadline.C:
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		case <-tick.C:
		}
	}
}

// client calls the API of one namespace with one token.
type client struct {
	base, ns, token string
	http            *http.Client
}

func (e *env) client(_ *testing.T, token string) *client {
	return &client{base: e.baseURL, ns: e.ns, token: token, http: &http.Client{Timeout: 30 * time.Second}}
}

func (c *client) ingest(t *testing.T, body string) string {
	t.Helper()
	var r evokg.IngestReceipt
	c.post(t, "/experiences", body, http.StatusAccepted, &r)
	return r.ID.String()
}

func (c *client) waitCommitted(t *testing.T, id string) {
	t.Helper()
	poll(t, commitTimeout, "experience "+id+" to be committed", func() (bool, error) {
		var exp evokg.StoredExperience
		c.get(t, "/experiences/"+id, http.StatusOK, &exp)
		if exp.Status == "failed" {
			return false, fmt.Errorf("experience %s failed: %s", id, exp.StatusReason)
		}
		return exp.Status == "committed", nil
	})
}

// walkEvolutionRun starts a short run on the built-in pool through the API,
// follows it to the end in the worker process and reads its metrics, the
// skills Phase 0 induced and the task types' curriculum scores.
func (c *client) walkEvolutionRun(t *testing.T) {
	t.Helper()
	var run evokg.EvolutionRun
	c.post(t, "/evolution-runs", `{"generator":{"name":"arith","size":30,"seed":7},"iterations":2}`, http.StatusAccepted, &run)
	require.Equal(t, 2, run.Iterations)
	poll(t, commitTimeout, "evolution run "+run.ID.String()+" to finish", func() (bool, error) {
		c.get(t, "/evolution-runs/"+run.ID.String(), http.StatusOK, &run)
		if run.Status == "failed" || run.Status == "cancelled" {
			return false, fmt.Errorf("run %s: %s", run.Status, run.Error)
		}
		return run.Status == "succeeded", nil
	})
	require.Len(t, run.Metrics, 2)
	for _, m := range run.Metrics {
		require.Positive(t, m.LearnerCalls, "iteration %d asked the learner", m.Iteration)
		require.Positive(t, m.TeacherCalls, "iteration %d evolved with the teacher model", m.Iteration)
		require.NotEmpty(t, m.Selected, "the curriculum selected task types")
	}
	var runUsage evokg.Usage
	c.get(t, "/usage?run_id="+run.ID.String(), http.StatusOK, &runUsage)
	learner, guidance := 0, 0
	for _, m := range run.Metrics {
		learner, guidance = learner+m.LearnerCalls, guidance+m.TeacherCalls
	}
	require.Equal(t, learner, runUsage.LearnerCalls, "the recorder counted every learner call of the run")
	require.GreaterOrEqual(t, runUsage.TeacherCalls, guidance, "and its teacher calls (Phase 0 included)")
	require.InDelta(t, float64(runUsage.TeacherCalls)/float64(runUsage.TeacherCalls+runUsage.LearnerCalls),
		runUsage.TeacherShare, 1e-9)
	c.get(t, "/usage?run_id=not-a-uuid", http.StatusUnprocessableEntity, nil)
	var skills struct{ Items []map[string]any }
	c.get(t, "/skills", http.StatusOK, &skills)
	require.NotEmpty(t, skills.Items, "Phase 0 induced skills")
	var types struct{ Items []evokg.TaskTypeScore }
	c.get(t, "/task-types", http.StatusOK, &types)
	observed := map[string]bool{}
	for _, tt := range types.Items {
		observed[tt.Name] = tt.NSeen > 0
	}
	pool, err := questions.Generate(100, 1) // every task type of the built-in pool
	require.NoError(t, err)
	for _, name := range questions.TaskTypes(pool) {
		require.True(t, observed[name], "task type %s was observed by the run", name)
	}
}

func (c *client) get(t *testing.T, path string, status int, out any) {
	t.Helper()
	c.do(t, http.MethodGet, path, "", status, out)
}

func (c *client) post(t *testing.T, path, body string, status int, out any) {
	t.Helper()
	c.do(t, http.MethodPost, path, body, status, out)
}

// do calls /v1/namespaces/{ns}{path}, requires status and decodes into out.
func (c *client) do(t *testing.T, method, path, body string, status int, out any) {
	t.Helper()
	req, err := http.NewRequest(method, c.base+"/v1/namespaces/"+c.ns+path, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.http.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, status, resp.StatusCode, "%s %s: %s", method, path, raw)
	if resp.StatusCode >= 400 {
		require.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"))
	}
	if out != nil {
		require.NoError(t, json.Unmarshal(raw, out), "%s %s: %s", method, path, raw)
	}
}

func memoryIDs(pack evokg.RetrieveResponse) []string {
	ids := make([]string, len(pack.Memories))
	for i, m := range pack.Memories {
		ids[i] = m.ExperienceID.String()
	}
	return ids
}

// logWriter sends a process's output to the test log, line by line.
type logWriter struct {
	t    *testing.T
	name string
}

func (w logWriter) Write(p []byte) (int, error) {
	sc := bufio.NewScanner(bytes.NewReader(p))
	for sc.Scan() {
		w.t.Logf("[%s] %s", w.name, sc.Text())
	}
	return len(p), nil
}
