package ingest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/vector"
)

// importLine is one NDJSON line of in.
func importLine(t *testing.T, in evokg.ExperienceInput) string {
	t.Helper()
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

// importFile is an NDJSON file of every kind of line: pre-evaluated with an
// embedding in each index, one without an embedding, one for the platform
// to evaluate, a blank line and three bad ones.
func importFile(t *testing.T) (string, map[string]string) {
	t.Helper()
	withVec := withEmbedding
	failure := success("what is 3 times 3?")
	failure.Outcome, failure.Answer, failure.Content = evokg.OutcomeFailure, "6", "multiplied as addition"
	principle := evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{TaskType: "arithmetic",
		Outcome: evokg.OutcomePrinciple, Content: "check the operator before computing",
		Evaluation: &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1}}}
	toEvaluate := evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{TaskType: "arithmetic",
		Question: "what is 5 minus 2?", Answer: "3"}}
	short := success("what is 1 plus 1?")
	short.Embedding = []float32{1, 2, 3}
	lines := []string{
		importLine(t, withVec(success("what is 2 plus 2?"))), // 1 queued, success index
		importLine(t, withVec(failure)),                      // 2 queued, failure index
		"",                                                   // 3 blank: not a line
		`{"task_type": "arithmetic", "outcome": "success_memory",`,        // 4 not JSON
		importLine(t, withVec(principle)),                                 // 5 queued, principle index
		importLine(t, success("what is 4 plus 4?")),                       // 6 waits for its embedding
		`{"outcome": "success_memory", "question": "q", "colour": "red"}`, // 7 unknown field
		importLine(t, toEvaluate),                                         // 8 to evaluate
		importLine(t, short),                                              // 9 wrong dimension
		`{"outcome": "success_memory", "question": "q"}`,                  // 10 no task type
	}
	want := map[string]string{"4": "is not an experience", "7": `unknown field "colour"`,
		"9": "/embedding has 3 dimensions, the index has 768", "10": "/task_type is required"}
	return strings.Join(lines, "\n") + "\n", want
}

func TestImportLoadsEveryKindOfLineAndReportsBadLinesByNumber(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	file, want := importFile(t)

	res, err := b.svc.Import(ctx, b.ns, strings.NewReader(file), ingest.ImportOptions{Chunk: 2})
	require.NoError(t, err)
	require.Equal(t, 9, res.Lines)
	require.Equal(t, 5, res.Imported)
	require.Equal(t, 0, res.Existing)
	require.Equal(t, 4, res.Invalid)
	require.Len(t, res.Errors, 4)
	for _, e := range res.Errors {
		require.Contains(t, e.Detail, want[strconv.Itoa(e.Line)], "line %d", e.Line)
	}
	require.Equal(t, map[string]int{"queued": 3, "embedding": 1, "evaluating": 1}, statusCounts(t, b))
	require.Equal(t, map[string]int{"success_index": 1, "failure_index": 1, "principle_embeddings": 1}, indexCounts(t, b))
	require.Equal(t, map[string]int{
		ingest.ProjectArgs{}.Kind(): 3, ingest.EmbedArgs{}.Kind(): 1, ingest.EvaluateArgs{}.Kind(): 1,
	}, namespaceJobs(t, b))
}

func TestImportAgainSkipsWhatIsThereAndLoadsTheRest(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	file, _ := importFile(t)
	lines := strings.SplitAfter(file, "\n")
	partial := strings.Join(lines[:3], "") // as a run stopped after its first lines

	first, err := b.svc.Import(ctx, b.ns, strings.NewReader(partial), ingest.ImportOptions{})
	require.NoError(t, err)
	require.Equal(t, 2, first.Imported)
	full, err := b.svc.Import(ctx, b.ns, strings.NewReader(file+lines[0]), ingest.ImportOptions{Chunk: 3})
	require.NoError(t, err)
	require.Equal(t, 3, full.Imported)
	require.Equal(t, 3, full.Existing, "the first run's two lines and the repeated first line")
	again, err := b.svc.Import(ctx, b.ns, strings.NewReader(file), ingest.ImportOptions{})
	require.NoError(t, err)
	require.Equal(t, 0, again.Imported)
	require.Equal(t, 5, again.Existing)

	require.Equal(t, map[string]int{"queued": 3, "embedding": 1, "evaluating": 1}, statusCounts(t, b))
	require.Equal(t, map[string]int{"success_index": 1, "failure_index": 1, "principle_embeddings": 1}, indexCounts(t, b))
	require.Equal(t, map[string]int{
		ingest.ProjectArgs{}.Kind(): 3, ingest.EmbedArgs{}.Kind(): 1, ingest.EvaluateArgs{}.Kind(): 1,
	}, namespaceJobs(t, b), "no job twice")
}

// Writers that share ids across their chunks import each line once and
// do not deadlock: every line of the file comes three times, shuffled,
// in chunks of five written by four connections.
func TestConcurrentWritersImportRepeatedLinesOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var lines []string
	for i := range 40 {
		lines = append(lines, importLine(t, withEmbedding(success(fmt.Sprintf("what is %d plus %d?", i, i)))))
	}
	file := slices.Concat(lines, lines, lines)
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(file), func(i, j int) { file[i], file[j] = file[j], file[i] })
	res, err := b.svc.Import(context.Background(), b.ns, strings.NewReader(strings.Join(file, "\n")),
		ingest.ImportOptions{Chunk: 5, Writers: 4})
	require.NoError(t, err)
	require.Equal(t, 120, res.Lines)
	require.Equal(t, 40, res.Imported)
	require.Equal(t, 80, res.Existing)
	require.Equal(t, map[string]int{"queued": 40}, statusCounts(t, b))
	require.Equal(t, map[string]int{"success_index": 40, "failure_index": 0, "principle_embeddings": 0}, indexCounts(t, b))
}

func TestImportedExperienceReadsAsPosted(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	in := success("what is 6 plus 7?")
	in.Embedding = bagVector(in.Question)
	line := importLine(t, in)
	_, err := b.svc.Import(ctx, b.ns, strings.NewReader(line), ingest.ImportOptions{})
	require.NoError(t, err)

	var id uuid.UUID
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT id FROM experiences WHERE namespace = $1`, b.ns).Scan(&id))
	got, err := b.svc.Get(ctx, b.ns, id)
	require.NoError(t, err)
	require.Equal(t, evokg.StatusQueued, got.Status)
	require.Equal(t, in.Question, got.Question)
	require.Equal(t, "two plus t", got.ChainOfThought, "cut to the configured cap as on POST")
	require.Equal(t, in.Signature, got.Signature)
	hits, err := b.store.SearchExact(ctx, vector.Query{Namespace: b.ns, TaskType: in.TaskType,
		Channel: evokg.ChannelSuccess, Embedding: in.Embedding})
	require.NoError(t, err)
	require.Len(t, hits, 1)
	require.Equal(t, id, hits[0].ID)
	require.InDelta(t, 1, hits[0].Similarity, 1e-5)
	require.Equal(t, in.Embedding, hits[0].Embedding, "the vector is stored bit for bit")
}

func TestImportRefusesAnInvalidNamespace(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.svc.Import(context.Background(), "Not a namespace!", strings.NewReader("{}"), ingest.ImportOptions{})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

func statusCounts(t *testing.T, b bundle) map[string]int {
	t.Helper()
	return countBy(t, b, `SELECT status, count(*) FROM experiences WHERE namespace = $1 GROUP BY status`)
}

func indexCounts(t *testing.T, b bundle) map[string]int {
	t.Helper()
	return countBy(t, b, `SELECT 'success_index', count(*) FROM success_index WHERE namespace = $1
		UNION ALL SELECT 'failure_index', count(*) FROM failure_index WHERE namespace = $1
		UNION ALL SELECT 'principle_embeddings', count(*) FROM principle_embeddings WHERE namespace = $1`)
}

// namespaceJobs counts, per job kind, the experiences the namespace's jobs
// carry (a projection or embedding job carries a list), each experience
// once per job that carries it.
func namespaceJobs(t *testing.T, b bundle) map[string]int {
	t.Helper()
	return countBy(t, b, `SELECT j.kind, count(*)
		FROM river_job j,
		     jsonb_array_elements(coalesce(j.args->'experience_ids', jsonb_build_array(j.args->'experience_id'))) e
		WHERE j.args->>'namespace' = $1 GROUP BY j.kind`)
}

func countBy(t *testing.T, b bundle, sql string) map[string]int {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), sql, b.ns)
	require.NoError(t, err)
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var k string
		var n int
		require.NoError(t, rows.Scan(&k, &n))
		out[k] = n
	}
	require.NoError(t, rows.Err())
	return out
}

// Chunks are decoded concurrently and may be written out of order; the
// result still lists the first MaxImportErrors refused lines in line order
// and counts every line.
func TestImportListsTheFirstRefusedLinesInOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var lines []string
	var bad []int
	for i := 1; i <= 3*ingest.MaxImportErrors; i++ {
		if i%3 == 0 {
			lines = append(lines, importLine(t, withEmbedding(success(fmt.Sprintf("what is %d plus 1?", i)))))
			continue
		}
		lines = append(lines, `{"outcome": "success_memory", "question": "no task type"}`)
		bad = append(bad, i)
	}
	res, err := b.svc.Import(context.Background(), b.ns, strings.NewReader(strings.Join(lines, "\n")),
		ingest.ImportOptions{Chunk: 7})
	require.NoError(t, err)
	require.Equal(t, len(lines), res.Lines)
	require.Equal(t, ingest.MaxImportErrors, res.Imported)
	require.Equal(t, len(bad), res.Invalid)
	got := make([]int, len(res.Errors))
	for i, e := range res.Errors {
		got[i] = e.Line
	}
	require.Equal(t, bad[:ingest.MaxImportErrors], got)
}

func withEmbedding(in evokg.ExperienceInput) evokg.ExperienceInput {
	in.Embedding = bagVector(in.Question + in.Content)
	return in
}
