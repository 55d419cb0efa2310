package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
)

// killIngest is how many pre-evaluated experiences TestWorkerKilledMidIngest
// ingests, in batches of killBatch; killEvaluated more are left to the
// platform's evaluation, which the victim is running when it dies.
const killIngest, killBatch, killEvaluated = 3000, 100, 4

// TestWorkerKilledMidIngest kills the worker with SIGKILL during a
// 3,000-experience ingest, while it holds evaluation jobs (their teacher
// calls held back by the model server), and starts another. Nothing is lost
// or duplicated in either store: the dead worker's running jobs go back to
// the queue once its heartbeat is 10 s old, and the time from its death to
// the last commit is printed. It is bounded by a minute, which River's own
// rescue (after the 2-minute job timeout, then up to its 30-second sweep)
// could not meet.
func TestWorkerKilledMidIngest(t *testing.T) {
	fake := ollamafake.New(ollamafake.Options{})
	fake.InjectFault(ollamafake.Fault{Path: "/api/chat", Model: "qwen3:8b", Delay: 10 * time.Minute, Times: killEvaluated})
	e := newEnvWith(t, fake)
	pool := isolatedPool(t, e.pgURL)
	victim := e.start(t, "worker")
	victimID := waitHeartbeats(t, pool, nil, 1)[0]
	c := e.client(t, e.createKey(t, "memory:read,memory:write"))

	var accepted atomic.Int64
	require.NoError(t, ingestBatches(c, &accepted))
	require.EqualValues(t, killIngest+killEvaluated, accepted.Load())
	poll(t, commitTimeout, "the victim to hold the evaluation jobs", func() (bool, error) {
		return fake.CountModel("qwen3:8b") == killEvaluated, nil
	})
	held := runningJobsOf(t, pool, victimID)
	require.GreaterOrEqual(t, held, killEvaluated, "the worker holds jobs when it is killed")
	require.NoError(t, victim.Process.Signal(syscall.SIGKILL))
	killedAt := time.Now()
	total := killIngest + killEvaluated
	queued := total - first(committedCount(t, pool, e.ns))
	e.start(t, "worker", "--warm-rounds", "0")

	poll(t, 3*time.Minute, "every accepted experience to be committed", func() (bool, error) {
		n, failed := committedCount(t, pool, e.ns)
		if failed > 0 {
			return false, fmt.Errorf("%d experiences failed", failed)
		}
		return n == total, nil
	})
	recovery := lastProjection(t, pool, e.ns).Sub(killedAt)
	t.Logf("worker killed holding %d running jobs, %d experiences not yet committed; %d jobs handed back; last commit %.1f s after its death",
		held, queued, rescuedFrom(t, pool, victimID), recovery.Seconds())
	require.GreaterOrEqual(t, rescuedFrom(t, pool, victimID), killEvaluated, "the dead worker's jobs were handed back")
	require.Less(t, recovery, time.Minute)

	rows, distinct := experienceRows(t, pool, e.ns)
	require.Equal(t, total, rows, "Postgres holds each accepted experience once")
	require.Equal(t, total, distinct)
	nodes, ids := graphExperiences(t, e.ns)
	require.Equal(t, total, nodes, "Neo4j holds each accepted experience once")
	require.Equal(t, total, ids)
}

func first[A, B any](a A, _ B) A { return a }

func isolatedPool(t *testing.T, url string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), url)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return pool
}

// waitHeartbeats waits until n worker heartbeats other than known are
// written and returns their client ids.
func waitHeartbeats(t *testing.T, pool *pgxpool.Pool, known []string, n int) []string {
	t.Helper()
	var ids []string
	poll(t, readyTimeout, "a worker heartbeat", func() (bool, error) {
		rows, err := pool.Query(context.Background(),
			`SELECT client_id FROM worker_heartbeats WHERE NOT client_id = ANY($1) ORDER BY started_at`, append([]string{}, known...))
		if err != nil {
			return false, err
		}
		ids = ids[:0]
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return false, err
			}
			ids = append(ids, id)
		}
		return len(ids) >= n, rows.Err()
	})
	return ids
}

// ingestBatches sends killIngest pre-evaluated experiences in batches, and
// killEvaluated to be evaluated with the last.
func ingestBatches(c *client, accepted *atomic.Int64) error {
	for b := 0; b < killIngest/killBatch; b++ {
		items := make([]string, killBatch)
		for i := range items {
			n := b*killBatch + i
			items[i] = fmt.Sprintf(`{"task_type":"arithmetic","outcome":"success_memory","question":"What is %d + %d?",`+
				`"answer":"%d","signature":["parse_numbers","add"],"evaluation":{"correct":1,"efficient":1,"complete":1,"q":1,"status":"successful"}}`,
				n, n+1, 2*n+1)
		}
		if b == killIngest/killBatch-1 {
			for i := range killEvaluated {
				items = append(items, fmt.Sprintf(`{"task_type":"arithmetic","question":"What is %d - 1?","answer":"%d"}`, i+1, i))
			}
		}
		n, err := c.postBatch("[" + strings.Join(items, ",") + "]")
		if err != nil {
			return err
		}
		accepted.Add(int64(n))
	}
	return nil
}

// postBatch posts one batch and returns how many experiences it accepted.
func (c *client) postBatch(body string) (int, error) {
	req, err := http.NewRequest(http.MethodPost, c.base+"/v1/namespaces/"+c.ns+"/experiences/batch", strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var out struct{ Items []evokg.IngestReceipt }
	if resp.StatusCode != http.StatusAccepted {
		return 0, fmt.Errorf("batch: status %d", resp.StatusCode)
	}
	err = json.NewDecoder(resp.Body).Decode(&out)
	return len(out.Items), err
}

func queryInt(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), sql, args...).Scan(&n))
	return n
}

func runningJobsOf(t *testing.T, pool *pgxpool.Pool, clientID string) int {
	return queryInt(t, pool, `SELECT count(*) FROM river_job WHERE state = 'running'
		AND attempted_by[cardinality(attempted_by)] = $1`, clientID)
}

func rescuedFrom(t *testing.T, pool *pgxpool.Pool, clientID string) int {
	return queryInt(t, pool, `SELECT count(*) FROM river_job WHERE metadata->>'evokg:rescued_from' = $1`, clientID)
}

func committedCount(t *testing.T, pool *pgxpool.Pool, ns string) (committed, failed int) {
	t.Helper()
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE status = 'committed'),
		count(*) FILTER (WHERE status = 'failed') FROM experiences WHERE namespace = $1`, ns).Scan(&committed, &failed))
	return committed, failed
}

func lastProjection(t *testing.T, pool *pgxpool.Pool, ns string) time.Time {
	t.Helper()
	var at time.Time
	require.NoError(t, pool.QueryRow(context.Background(),
		`SELECT max(projected_at) FROM experiences WHERE namespace = $1`, ns).Scan(&at))
	return at
}

func experienceRows(t *testing.T, pool *pgxpool.Pool, ns string) (rows, distinct int) {
	t.Helper()
	require.NoError(t, pool.QueryRow(context.Background(),
		`SELECT count(*), count(DISTINCT id) FROM experiences WHERE namespace = $1`, ns).Scan(&rows, &distinct))
	return rows, distinct
}

func graphExperiences(t *testing.T, ns string) (nodes, ids int) {
	t.Helper()
	res, err := neo4j.ExecuteQuery(context.Background(), testenv.Neo4j(t),
		`MATCH (e:Experience {namespace: $ns}) RETURN count(e) AS nodes, count(DISTINCT e.id) AS ids`,
		map[string]any{"ns": ns}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	n, _ := res.Records[0].Get("nodes")
	d, _ := res.Records[0].Get("ids")
	return int(n.(int64)), int(d.(int64))
}
