package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

// TestImportCommand loads an NDJSON file with `evokg import` on three
// writers: every valid line once (repeats counted as existing), the bad
// lines reported by number with a non-zero exit, the vectors stored as
// written, and a second run importing nothing.
func TestImportCommand(t *testing.T) {
	t.Parallel()
	testenv.Postgres(t)
	pgURL := testenv.IsolatedPostgresURL(t)
	pg := openPool(t, pgURL)
	m, err := postgres.NewMigrator(pg)
	require.NoError(t, err)
	require.NoError(t, m.Up(context.Background()))
	ns := testenv.Namespace(t)

	lines, vectors := importLines(t, 250)
	lines = append(lines, lines[:40]...) // repeats
	bad := map[int]string{
		20:  `{"task_type":"arith","outcome":"success_memory","question":"q","colour":"red"}`,
		150: `{"task_type":"arith","outcome":"success_memory","question":"q"} {"task_type":"x"}`,
		280: `{"outcome":"success_memory","question":"q"}`,
	}
	for _, at := range slices.Sorted(maps.Keys(bad)) { // in order, so each lands on its line number
		lines = slices.Insert(lines, at-1, bad[at])
	}
	file := filepath.Join(t.TempDir(), "memories.ndjson")
	require.NoError(t, os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o600))

	bin := buildEvokg(t)
	vars := append(os.Environ(), "EVOKG_POSTGRES_URL="+pgURL, "EVOKG_LOG_LEVEL=warn")
	args := []string{"import", "--namespace", ns, "--writers", "3", "--chunk", "25", "--json", file}
	out, err := runCommand(t, bin, vars, args...)
	require.Error(t, err, "bad lines make the command fail")
	res := lastJSON[ingest.ImportResult](t, out)
	require.Equal(t, 293, res.Lines)
	require.Equal(t, 250, res.Imported)
	require.Equal(t, 40, res.Existing)
	require.Equal(t, 3, res.Invalid)
	require.Len(t, res.Errors, 3)
	require.Equal(t, 20, res.Errors[0].Line)
	require.Contains(t, res.Errors[0].Detail, `unknown field "colour"`)
	require.Equal(t, 150, res.Errors[1].Line)
	require.Contains(t, res.Errors[1].Detail, "more than one JSON value")
	require.Equal(t, 280, res.Errors[2].Line)
	require.Contains(t, res.Errors[2].Detail, "/task_type is required")

	stored := storedVectors(t, pgURL, ns)
	require.Equal(t, vectors, stored, "each experience once, its vector as written")

	out, err = runCommand(t, bin, vars, args...)
	require.Error(t, err)
	again := lastJSON[ingest.ImportResult](t, out)
	require.Equal(t, 0, again.Imported)
	require.Equal(t, 290, again.Existing)
}

// importLines returns n distinct success memories as NDJSON lines, with
// their embeddings by question.
func importLines(t *testing.T, n int) ([]string, map[string][]float32) {
	t.Helper()
	var lines []string
	vectors := map[string][]float32{}
	for i := range n {
		in := evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{TaskType: "arith",
			Outcome: evokg.OutcomeSuccess, Question: fmt.Sprintf("what is %d plus %d?", i, i),
			Answer: fmt.Sprint(2 * i), Evaluation: &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1}}}
		in.Embedding = make([]float32, evokg.DefaultEmbeddingDim)
		in.Embedding[i%len(in.Embedding)] = 1
		in.Embedding[(7*i+3)%len(in.Embedding)] += 0.5 + float32(i)/1000
		b, err := json.Marshal(in)
		require.NoError(t, err)
		lines = append(lines, string(b))
		vectors[in.Question] = in.Embedding
	}
	return lines, vectors
}

// storedVectors reads the namespace's success-channel vectors by question.
func storedVectors(t *testing.T, pgURL, ns string) map[string][]float32 {
	t.Helper()
	rows, err := openPool(t, pgURL).Query(context.Background(),
		`SELECT e.record->>'question', s.embedding::real[] FROM success_index s JOIN experiences e ON e.id = s.id
		  WHERE s.namespace = $1`, ns)
	require.NoError(t, err)
	defer rows.Close()
	out := map[string][]float32{}
	for rows.Next() {
		var q string
		var v []float32
		require.NoError(t, rows.Scan(&q, &v))
		_, dup := out[q]
		require.False(t, dup, "%q stored twice", q)
		out[q] = v
	}
	require.NoError(t, rows.Err())
	return out
}

// lastJSON decodes the last line of a command's output that is a JSON object.
func lastJSON[T any](t *testing.T, out string) T {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		var v T
		if strings.HasPrefix(lines[i], "{") && json.Unmarshal([]byte(lines[i]), &v) == nil {
			return v
		}
	}
	t.Fatalf("no JSON line in:\n%s", out)
	var zero T
	return zero
}
