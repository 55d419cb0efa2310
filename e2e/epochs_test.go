package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/postgres"
)

var digitsTask = regexp.MustCompile(`(?m)^Task: (?:What is (\d+) ([+-]) (\d+)\?|Which is larger, (\d+) or (\d+)\?)$`)

// digitsLearner plays the learner model on the digits pool: sums are
// right at once, differences after a rejection or with a guardrail in
// memory, and the larger number never (it answers the smaller).
func digitsLearner(v ollamafake.ChatRequestView) (string, bool) {
	m := digitsTask.FindStringSubmatch(v.Prompt)
	if v.Task != "generate_attempt" || m == nil {
		return "", false
	}
	var answer int
	switch {
	case m[2] == "+":
		answer = atoi(m[1]) + atoi(m[3])
	case m[2] == "-" && (strings.Contains(v.Prompt, "was rejected") || strings.Contains(v.Prompt, "Guardrail 1")):
		answer = atoi(m[1]) - atoi(m[3])
	case m[2] == "-":
		answer = atoi(m[1]) - atoi(m[3]) + 1
	default:
		answer = min(atoi(m[4]), atoi(m[5]))
	}
	return fmt.Sprintf(`{"reasoning":"worked it out","answer":"%d"}`, answer), true
}

// storedFigures recomputes each epoch's figures of run from its stored
// tasks and attempts, row by row in Go (not with the service's query).
func storedFigures(t *testing.T, pg *pgxpool.Pool, ns string, run uuid.UUID) map[int]evokg.EpochMetrics {
	t.Helper()
	rows, err := pg.Query(context.Background(), `SELECT t.id, t.epoch, t.item_id, t.frozen, a.n, a.passed
		FROM tasks t JOIN task_attempts a ON a.task_id = t.id
		WHERE t.namespace = $1 AND t.batch_id = $2 ORDER BY t.epoch, a.n`, ns, run)
	require.NoError(t, err)
	defer rows.Close()
	type task struct {
		epoch         int
		item          string
		frozen        bool
		attempts      int
		solved, first bool
	}
	tasks := map[uuid.UUID]*task{}
	for rows.Next() {
		var id uuid.UUID
		var tk task
		var n int
		var passed bool
		require.NoError(t, rows.Scan(&id, &tk.epoch, &tk.item, &tk.frozen, &n, &passed))
		if tasks[id] == nil {
			tasks[id] = &tk
		}
		tasks[id].attempts++
		tasks[id].solved = tasks[id].solved || passed
		tasks[id].first = tasks[id].first || (n == 1 && passed)
	}
	require.NoError(t, rows.Err())
	firstSolved := map[string]int{}
	for _, tk := range tasks {
		if e, ok := firstSolved[tk.item]; tk.solved && (!ok || tk.epoch < e) {
			firstSolved[tk.item] = tk.epoch
		}
	}
	counts := map[int]*struct{ tasks, solved, attempts, first, soFar int }{}
	out := map[int]evokg.EpochMetrics{}
	for id, tk := range tasks {
		c := counts[tk.epoch]
		if c == nil {
			c = &struct{ tasks, solved, attempts, first, soFar int }{}
			counts[tk.epoch] = c
		}
		c.tasks++
		c.attempts += tk.attempts
		c.solved += b2i(tk.solved)
		c.first += b2i(tk.first)
		if e, ok := firstSolved[tk.item]; ok && e <= tk.epoch {
			c.soFar++
		}
		m := out[tk.epoch]
		m.TaskIDs = append(m.TaskIDs, id)
		m.Frozen = tk.frozen
		out[tk.epoch] = m
	}
	for epoch, c := range counts {
		m := out[epoch]
		n := float64(c.tasks)
		m.Epoch, m.Tasks, m.Solved = epoch, c.tasks, c.solved
		m.SR, m.CSR, m.MeanIterations, m.FirstAttemptShare = float64(c.solved)/n, float64(c.soFar)/n, float64(c.attempts)/n, float64(c.first)/n
		out[epoch] = m
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// requireStoredFigures checks a run's reported figures against those of
// its stored attempts.
func requireStoredFigures(t *testing.T, pg *pgxpool.Pool, run evokg.EpochRun) {
	t.Helper()
	stored := storedFigures(t, pg, run.Namespace, run.ID)
	reported := append([]evokg.EpochMetrics{}, run.Metrics...)
	if run.FrozenResult != nil {
		reported = append(reported, *run.FrozenResult)
	}
	require.Len(t, reported, len(stored))
	for _, m := range reported {
		want := stored[m.Epoch]
		require.ElementsMatch(t, want.TaskIDs, m.TaskIDs, "epoch %d", m.Epoch)
		want.TaskIDs, m.TaskIDs = nil, nil
		require.InDeltaMapValues(t, figures(want), figures(m), 1e-9, "epoch %d", m.Epoch)
		require.Equal(t, want.Frozen, m.Frozen, "epoch %d", m.Epoch)
	}
}

func figures(m evokg.EpochMetrics) map[string]float64 {
	return map[string]float64{"tasks": float64(m.Tasks), "solved": float64(m.Solved), "sr": m.SR, "csr": m.CSR,
		"mean_attempts": m.MeanIterations, "first_attempt": m.FirstAttemptShare}
}

func openPool(t *testing.T, url string) *pgxpool.Pool {
	t.Helper()
	pg, err := postgres.Open(context.Background(), postgres.Config{URL: url, MaxConns: 2})
	require.NoError(t, err)
	t.Cleanup(pg.Close)
	return pg
}

// TestEpochsCommand runs `evokg epochs --json` for 2 epochs on the digits
// pool against the fake model and the real databases, then checks the
// printed figures (per epoch SR, CSR, mean attempts, first-attempt
// success, and the frozen test result) against the stored attempts.
func TestEpochsCommand(t *testing.T) {
	t.Parallel()
	testenv.Postgres(t)
	testenv.Neo4j(t)
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(digitsLearner)
	ns := testenv.Namespace(t)
	pgURL := testenv.IsolatedPostgresURL(t)
	vars := []string{"EVOKG_POSTGRES_URL=" + pgURL, "EVOKG_NEO4J_URI=" + testenv.Neo4jURI(),
		"EVOKG_NEO4J_USER=" + testenv.Neo4jUser(), "EVOKG_NEO4J_PASSWORD=" + testenv.Neo4jPassword(),
		"EVOKG_OLLAMA_URL=" + fake.Start(t), "EVOKG_LOG_FORMAT=text", "EVOKG_LOG_LEVEL=warn"}
	args := []string{"epochs", "--namespace", ns, "--pool", "digits", "--size", "12", "--seed", "2", "--epochs", "2",
		"--max-iterations", "2", "--frozen", "--validation", "0", "--test", "0.25", "--json"}
	out, err := runCommand(t, buildEvokg(t), append(os.Environ(), vars...), args...)
	require.NoError(t, err, out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var run evokg.EpochRun
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &run), "the last line is the JSON run")
	require.Contains(t, out, "test (frozen)", "the table has the frozen row")
	require.Contains(t, out, "splits: train 9 (the epochs), validation 0 (held out; no decision by accuracy), test 3 (the frozen row)")

	require.Equal(t, evokg.RunSucceeded, run.Status)
	require.Len(t, run.Metrics, 2)
	require.NotNil(t, run.FrozenResult)
	requireStoredFigures(t, openPool(t, pgURL), run)
	first := run.Metrics[0]
	for _, m := range append(run.Metrics, *run.FrozenResult) {
		t.Logf("epoch %d (frozen %t): SR %.3f CSR %.3f mean attempts %.3f first-attempt %.3f", m.Epoch, m.Frozen, m.SR, m.CSR,
			m.MeanIterations, m.FirstAttemptShare)
	}
	require.Equal(t, 9, first.Tasks, "12 items, 3 tested")
	require.Equal(t, 3, run.FrozenResult.Tasks)
	require.True(t, run.FrozenResult.Frozen)
	// 3 sums, 3 differences and 3 comparisons train (one of each is held
	// out): the sums are solved at once, the differences by their second
	// attempt at the latest, the comparisons never.
	for _, m := range run.Metrics {
		require.InDelta(t, 6.0/9, m.SR, 1e-9, "epoch %d", m.Epoch)
		require.InDelta(t, 6.0/9, m.CSR, 1e-9, "epoch %d", m.Epoch)
	}
	requireMemoryHelps(t, run)
}

// requireMemoryHelps checks the digits run's attempts: the first difference
// of epoch 1 meets no guardrail and needs 2 attempts, the two after it
// retrieve its failure and pass at once; in epoch 2 and on the test
// split every difference passes at once. Sums take 1 attempt, comparisons 2.
func requireMemoryHelps(t *testing.T, run evokg.EpochRun) {
	t.Helper()
	first, second, frozen := run.Metrics[0], run.Metrics[1], *run.FrozenResult
	require.InDelta(t, (3+4+6)/9.0, first.MeanIterations, 1e-9)
	require.InDelta(t, 5.0/9, first.FirstAttemptShare, 1e-9)
	require.InDelta(t, (3+3+6)/9.0, second.MeanIterations, 1e-9, "attempts per task fall as memory grows")
	require.InDelta(t, 6.0/9, second.FirstAttemptShare, 1e-9)
	require.InDelta(t, 2.0/3, frozen.SR, 1e-9)
	require.InDelta(t, 4.0/3, frozen.MeanIterations, 1e-9)
	require.InDelta(t, 2.0/3, frozen.FirstAttemptShare, 1e-9)
}

// send calls /v1/namespaces/{ns}{path} with headers, requires status,
// decodes into out and returns the response's headers.
func (c *client) send(t *testing.T, method, path, body string, header map[string]string, status int, out any) http.Header {
	t.Helper()
	req, err := http.NewRequest(method, c.base+"/v1/namespaces/"+c.ns+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.token)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, status, resp.StatusCode, "%s %s: %s", method, path, raw)
	if out != nil {
		require.NoError(t, json.Unmarshal(raw, out), "%s %s: %s", method, path, raw)
	}
	return resp.Header
}

type problem struct {
	Status int    `json:"status"`
	Detail string `json:"detail"`
	Errors []struct {
		Pointer string `json:"pointer"`
	} `json:"errors"`
}

// TestPRGIIRunsThroughTheAPI walks epoch runs through the REST API of the
// real binary: bad requests are 422s naming the field; with no worker yet
// the first run stays queued, so a second start is the 409 that names it
// while the Idempotency-Key replays the first; the first is cancelled; a
// worker then runs the next one to its end, and its figures equal those of
// its stored attempts, each task readable at GET tasks/{id}.
func TestEpochRunsThroughTheAPI(t *testing.T) {
	t.Parallel()
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(digitsLearner)
	env := newEnvWith(t, fake)
	c := env.client(t, env.createKey(t, "memory:read,memory:write,evolve"))

	for body, pointer := range map[string]string{
		`{"pool":{"name":"digits"},"epochs":0}`:            "/epochs",
		`{"pool":{"name":"digits"},"epochs":21}`:           "/epochs",
		`{"pool":{"name":"tarot"},"epochs":1}`:             "/pool/name",
		`{"pool":{"name":"env"},"epochs":1}`:               "/pool/name",
		`{"pool":{"name":"digits","size":501},"epochs":1}`: "/pool/size",
	} {
		var p problem
		c.post(t, "/epoch-runs", body, http.StatusUnprocessableEntity, &p)
		require.NotEmpty(t, p.Errors, body)
		require.Equal(t, pointer, p.Errors[0].Pointer, body)
	}

	body := `{"pool":{"name":"digits","size":12,"seed":2},"epochs":2,"max_iterations":2,"frozen":true,"validation":0,"test":0.25}`
	var first evokg.EpochRun
	h := c.send(t, http.MethodPost, "/epoch-runs", body, map[string]string{"Idempotency-Key": "first"}, http.StatusAccepted, &first)
	require.Equal(t, "/v1/namespaces/"+c.ns+"/epoch-runs/"+first.ID.String(), h.Get("Location"))
	require.Equal(t, evokg.RunQueued, first.Status, "no worker runs yet")
	var replay evokg.EpochRun
	c.send(t, http.MethodPost, "/epoch-runs", body, map[string]string{"Idempotency-Key": "first"}, http.StatusAccepted, &replay)
	require.Equal(t, first.ID, replay.ID, "the same key and body replay the run")
	c.send(t, http.MethodPost, "/epoch-runs", `{"pool":{"name":"arith"},"epochs":1}`, map[string]string{"Idempotency-Key": "first"},
		http.StatusConflict, nil)
	var active problem
	c.post(t, "/epoch-runs", body, http.StatusConflict, &active)
	require.Contains(t, active.Detail, first.ID.String(), "the 409 names the active run")

	var cancelled evokg.EpochRun
	c.post(t, "/epoch-runs/"+first.ID.String()+"/cancel", "", http.StatusOK, &cancelled)
	require.Equal(t, evokg.RunCancelled, cancelled.Status)
	c.post(t, "/epoch-runs/"+first.ID.String()+"/cancel", "", http.StatusConflict, nil)

	var run evokg.EpochRun
	c.post(t, "/epoch-runs", body, http.StatusAccepted, &run)
	env.start(t, "worker")
	poll(t, commitTimeout, "epoch run "+run.ID.String()+" to finish", func() (bool, error) {
		c.get(t, "/epoch-runs/"+run.ID.String(), http.StatusOK, &run)
		return run.Status.Terminal(), nil
	})
	require.Equal(t, evokg.RunSucceeded, run.Status, run.Error)
	require.Len(t, run.Metrics, 2)
	require.Equal(t, 3, run.Epoch, "the frozen split ran as epoch 3")
	requireStoredFigures(t, openPool(t, env.pgURL), run)
	for _, m := range run.Metrics {
		require.InDelta(t, 6.0/9, m.SR, 1e-9, "epoch %d: the sums and the differences are solved", m.Epoch)
		require.InDelta(t, 6.0/9, m.CSR, 1e-9, "epoch %d", m.Epoch)
	}

	requireMemoryHelps(t, run)

	for _, id := range run.Metrics[1].TaskIDs {
		var task evokg.Task
		c.get(t, "/tasks/"+id.String(), http.StatusOK, &task)
		require.True(t, task.Terminal())
		require.False(t, task.Frozen)
	}
	for _, id := range run.FrozenResult.TaskIDs {
		var task evokg.Task
		c.get(t, "/tasks/"+id.String(), http.StatusOK, &task)
		require.True(t, task.Frozen)
		require.Empty(t, task.Committed, "frozen memory commits nothing")
	}
	var list struct{ Items []evokg.EpochRun }
	c.get(t, "/epoch-runs", http.StatusOK, &list)
	require.Equal(t, []uuid.UUID{run.ID, first.ID}, []uuid.UUID{list.Items[0].ID, list.Items[1].ID})
	var gone problem
	c.get(t, "/epoch-runs/"+uuid.NewString(), http.StatusNotFound, &gone)
}
