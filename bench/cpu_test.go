package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStageOfNamesTheIngestStatements classifies the statement files the
// ingest path runs, as pg_stat_statements records them (comments kept).
func TestStageOfNamesTheIngestStatements(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"../vector/queries/insert_success.sql":        "vector index insert",
		"../vector/queries/insert_failure.sql":        "vector index insert",
		"../vector/queries/insert_principle.sql":      "vector index insert",
		"../vector/queries/list_grown_failure.sql":    "grown slices' listing",
		"../vector/queries/neighbors_success_ann.sql": "neighbour search (SIMILAR_TO)",
		"../ingest/queries/insert_experience.sql":     "experience row insert",
		"../ingest/queries/idempotency_put.sql":       "idempotency record",
		"../ingest/queries/mark_committed.sql":        "projection: claim, lock and status",
		"../ingest/queries/projection_lag.sql":        "ingest admission (projection backlog)",
		"../ingest/queries/claim_queued.sql":          "projection: claim, lock and status",
		"../ingest/queries/claimed_embeddings.sql":    "projection: embeddings read",
		"../ingest/queries/save_similar_batch.sql":    "SIMILAR_TO candidates record",
		"../vector/queries/scan_settings.sql":         "transaction control and settings",
		"queries/ingest_statement_times.sql":          "other",
	}
	for file, want := range cases {
		b, err := os.ReadFile(filepath.FromSlash(file))
		require.NoError(t, err)
		require.Equal(t, want, stageOf(string(b)), file)
	}
	require.Equal(t, "job queue (River)", stageOf("-- name: JobInsertFastMany :many\nWITH raw_job_data AS (SELECT 1) INSERT INTO river_job SELECT 1"))
	require.Equal(t, "transaction control and settings", stageOf("begin"))
}

// TestStageFiguresDiffSnapshots groups the statement time between two
// snapshots by stage, per experience, largest first.
func TestStageFiguresDiffSnapshots(t *testing.T) {
	t.Parallel()
	before := map[int64]stmtTime{
		1: {query: "INSERT INTO success_index VALUES ($1)", calls: 10, ms: 100},
		2: {query: "SELECT * FROM river_job", calls: 5, ms: 50},
		3: {query: "SELECT 1", calls: 7, ms: 9}, // not run during the window
	}
	after := map[int64]stmtTime{
		1: {query: "INSERT INTO success_index VALUES ($1)", calls: 20, ms: 160},
		2: {query: "SELECT * FROM river_job", calls: 9, ms: 70},
		3: {query: "SELECT 1", calls: 7, ms: 9},
		4: {query: "INSERT INTO failure_index VALUES ($1)", calls: 10, ms: 40}, // new in the window
	}
	got, total := stageFigures(before, after, 1.0/20)
	require.Equal(t, 6.0, total) // (60 + 20 + 40) / 20
	require.Equal(t, []StageFigure{
		{Stage: "vector index insert", Calls: 20, Ms: 5, Share: 0.833},
		{Stage: "job queue (River)", Calls: 4, Ms: 1, Share: 0.167},
	}, got)
}
