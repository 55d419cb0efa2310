package app_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/app"
)

// A write held by ingest admission (no workers here, so the namespace's
// backlog, aged by the test, never clears) is written after MaxHold and
// shows in the process's /metrics.
func TestHeldIngestWritesShowInMetrics(t *testing.T) {
	t.Parallel()
	e := openWith(t, app.ModeAPI, func(c *app.Config) {
		c.Ingest.MaxLag, c.Ingest.MaxHold = time.Second, 100*time.Millisecond
	})
	embedding := make([]float32, evokg.DefaultEmbeddingDim)
	embedding[0] = 1
	post := func(question string) {
		body, err := json.Marshal(map[string]any{"task_type": "arithmetic", "outcome": "success_memory", "question": question,
			"answer": "4", "evaluation": map[string]float64{"correct": 1, "efficient": 1, "complete": 1},
			"embedding": embedding})
		require.NoError(t, err)
		e.do(t, http.MethodPost, "/experiences", string(body), http.StatusAccepted, nil)
	}
	post("What is 2 + 2?")
	_, err := e.app.Pool.Exec(e.ctx, `UPDATE experiences SET created_at = now() - interval '1 minute' WHERE namespace = $1`, e.ns)
	require.NoError(t, err)
	time.Sleep(100 * time.Millisecond) // past the reading the first write took
	post("What is 3 + 1?")

	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Body.String(), `evokg_ingest_admission_released_total{reason="max_hold"} 1`)
	require.Contains(t, rec.Body.String(), "evokg_ingest_admission_hold_seconds_count 1")
}

// With a read target, the process's ingest is paced by its own graph reads
// and /metrics shows the pace (0: no limit while nothing is slow).
func TestReadsFirstFollowsTheProcesssGraph(t *testing.T) {
	t.Parallel()
	e := openWith(t, app.ModeAPI, func(c *app.Config) { c.Ingest.ReadTarget = 10 * time.Millisecond })
	require.Same(t, e.app.Graph, e.app.Ingest.Config().Reads)
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	require.Contains(t, rec.Body.String(), "evokg_ingest_reads_first_limit 0")
}
