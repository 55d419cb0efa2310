package ingest_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

const dim = 768

// bagVector is the test embedding of text (the fake model server's).
func bagVector(text string) []float32 { return ollamafake.Embed(text, dim) }

type bundle struct {
	svc   *ingest.Service
	pool  *pgxpool.Pool
	ns    string
	embed *memtest.BagOfWords
	store *vector.Store
}

func setup(t *testing.T) bundle {
	t.Helper()
	pool := testenv.Postgres(t)
	queue, err := workers.NewInsertClient(pool, workers.Config{}, testenv.Logger(t))
	require.NoError(t, err)
	embed := &memtest.BagOfWords{Dim: dim}
	store := vector.NewStore(pool, dim)
	svc := ingest.NewService(ingest.Config{ChainOfThoughtRunes: 10}, pool, queue, embed, store, testenv.Logger(t))
	return bundle{svc: svc, pool: pool, ns: testenv.Namespace(t), embed: embed, store: store}
}

func success(question string) evokg.ExperienceInput {
	return evokg.ExperienceInput{
		ExperienceFields: evokg.ExperienceFields{
			TaskType:       "arithmetic",
			Outcome:        evokg.OutcomeSuccess,
			Question:       question,
			Answer:         "4",
			ChainOfThought: "two plus two makes four, obviously",
			Evaluation:     &evokg.Evaluation{Correct: 1, Efficient: 0.5, Complete: 1},
			Signature:      []string{"parse", "add"},
		},
	}
}

func jobCount(t *testing.T, pool *pgxpool.Pool, kind string, id uuid.UUID) int {
	t.Helper()
	var n int
	err := pool.QueryRow(context.Background(),
		`SELECT count(*) FROM river_job WHERE kind = $1
		   AND (args->>'experience_id' = $2 OR args->'experience_ids' @> jsonb_build_array($2::text))`, kind, id.String()).Scan(&n)
	require.NoError(t, err)
	return n
}

// embedJobs counts the embedding jobs that carry the experience.
func embedJobs(t *testing.T, pool *pgxpool.Pool, id uuid.UUID) int {
	t.Helper()
	var n int
	err := pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = $1
		AND args->'experience_ids' @> jsonb_build_array($2::text)`, ingest.EmbedArgs{}.Kind(), id.String()).Scan(&n)
	require.NoError(t, err)
	return n
}

func TestIngestPreEvaluatedCommitsRowVectorAndJob(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()

	res, err := b.svc.Ingest(ctx, b.ns, success("what is two plus two"), "")
	require.NoError(t, err)
	require.Equal(t, evokg.StatusEmbedding, res.Status, "accepted before any model call")
	require.Zero(t, b.embed.Calls())
	require.Equal(t, 1, embedJobs(t, b.pool, res.ID))
	require.Zero(t, jobCount(t, b.pool, ingest.ProjectArgs{}.Kind(), res.ID))

	waiting, err := b.svc.CompleteEmbedding(ctx, b.ns, []uuid.UUID{res.ID})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{res.ID}, waiting)
	rec, err := b.svc.Get(ctx, b.ns, res.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.StatusQueued, rec.Status)
	require.Equal(t, evokg.OutcomeSuccess, rec.Outcome)
	require.InDelta(t, 0.9+0.025+0.05, rec.Evaluation.Q, 1e-9)
	require.Equal(t, evokg.EvalSuccessful, rec.Evaluation.Status)
	require.Equal(t, "two plus t", rec.ChainOfThought, "chain of thought cut to 10 runes")
	require.Equal(t, 1, b.embed.Calls())

	hits, err := b.store.Nearest(ctx, vector.NearestQuery{Namespace: b.ns, TaskType: rec.TaskType,
		Embedding: bagVector("what is two plus two"), K: 3})
	require.NoError(t, err)
	require.Len(t, hits[0], 1)
	require.Equal(t, res.ID, hits[0][0].ID)
	require.Equal(t, 1, jobCount(t, b.pool, ingest.ProjectArgs{}.Kind(), res.ID))

	waiting, err = b.svc.CompleteEmbedding(ctx, b.ns, []uuid.UUID{res.ID})
	require.NoError(t, err)
	require.Empty(t, waiting, "a retried job finds nothing left to embed")
	require.Equal(t, 1, b.embed.Calls())
	require.Equal(t, 1, jobCount(t, b.pool, ingest.ProjectArgs{}.Kind(), res.ID))
}

func TestIngestClientEmbeddingSkipsTheModel(t *testing.T) {
	t.Parallel()
	b := setup(t)
	req := success("q")
	req.Embedding = bagVector("client side text")
	_, err := b.svc.Ingest(context.Background(), b.ns, req, "")
	require.NoError(t, err)
	require.Zero(t, b.embed.Calls())

	req.Embedding = req.Embedding[:10]
	_, err = b.svc.Ingest(context.Background(), b.ns, req, "")
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

func TestIngestPlatformPathWaitsForEvaluation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	req := success("evaluate me")
	req.Evaluation, req.Outcome = nil, ""
	res, err := b.svc.Ingest(context.Background(), b.ns, req, "")
	require.NoError(t, err)
	require.Equal(t, evokg.StatusEvaluating, res.Status)
	require.Zero(t, b.embed.Calls(), "embedding waits for the evaluation")
	require.Equal(t, 1, jobCount(t, b.pool, ingest.EvaluateArgs{}.Kind(), res.ID))
	require.Zero(t, jobCount(t, b.pool, ingest.ProjectArgs{}.Kind(), res.ID))
}

func TestIngestIdempotencyKey(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	first, err := b.svc.Ingest(ctx, b.ns, success("same"), "key-1")
	require.NoError(t, err)
	require.False(t, first.Replayed)

	again, err := b.svc.Ingest(ctx, b.ns, success("same"), "key-1")
	require.NoError(t, err)
	require.True(t, again.Replayed)
	require.Equal(t, first.ID, again.ID)

	_, err = b.svc.Ingest(ctx, b.ns, success("different"), "key-1")
	require.Equal(t, evokg.ECONFLICT, evokg.ErrorCode(err))

	page, err := b.svc.List(ctx, b.ns, evokg.ExperienceFilter{})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
}

func TestIngestIdempotencyKeyUnderConcurrency(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const n = 8
	ids := make([]uuid.UUID, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			res, err := b.svc.Ingest(context.Background(), b.ns, success("race"), "race-key")
			if err == nil {
				ids[i] = res.ID
			}
		})
	}
	wg.Wait()
	for _, id := range ids {
		require.Equal(t, ids[0], id)
	}
	page, err := b.svc.List(context.Background(), b.ns, evokg.ExperienceFilter{})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	require.Equal(t, 1, embedJobs(t, b.pool, ids[0]))
}

func TestIngestBatch(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	reqs := []evokg.ExperienceInput{success("one"), success("two"), success("three")}
	reqs[1].Evaluation, reqs[1].Outcome = nil, ""

	res, err := b.svc.IngestBatch(ctx, b.ns, reqs, "batch-1")
	require.NoError(t, err)
	require.Len(t, res, 3)
	require.Equal(t, []evokg.IngestStatus{evokg.StatusEmbedding, evokg.StatusEvaluating, evokg.StatusEmbedding},
		[]evokg.IngestStatus{res[0].Status, res[1].Status, res[2].Status})
	require.Equal(t, 1, embedJobs(t, b.pool, res[0].ID), "one embedding job for the request")
	waiting, err := b.svc.CompleteEmbedding(ctx, b.ns, []uuid.UUID{res[0].ID, res[1].ID, res[2].ID})
	require.NoError(t, err)
	require.ElementsMatch(t, []uuid.UUID{res[0].ID, res[2].ID}, waiting, "the evaluated item is not embedded here")
	require.Equal(t, 1, b.embed.Calls(), "one embedder call for the batch")
	require.Equal(t, [][]uuid.UUID{{res[0].ID, res[2].ID}}, projectJobs(t, b),
		"one projection job for the request's embedded experiences")

	again, err := b.svc.IngestBatch(ctx, b.ns, reqs, "batch-1")
	require.NoError(t, err)
	require.Equal(t, res[2].ID, again[2].ID)
	require.True(t, again[0].Replayed)

	_, err = b.svc.Ingest(ctx, b.ns, reqs[0], "batch-1")
	require.Equal(t, evokg.ECONFLICT, evokg.ErrorCode(err), "a single request never replays a batch")
}

func TestIngestBatchEnqueuesOneProjectionJobPerRequest(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	n := ingest.MaxProjectJobIDs + 50
	reqs := make([]evokg.ExperienceInput, n)
	for i := range reqs {
		reqs[i] = success(fmt.Sprintf("question %d", i))
		reqs[i].Embedding = bagVector(reqs[i].Question)
	}
	res, err := b.svc.IngestBatch(ctx, b.ns, reqs, "")
	require.NoError(t, err)
	single, err := b.svc.IngestEmbedded(ctx, b.ns, success("one more"), "")
	require.NoError(t, err)

	jobs := projectJobs(t, b)
	require.Len(t, jobs, 3, "a batch of %d fills two jobs, a single request one", n)
	require.Len(t, jobs[0], ingest.MaxProjectJobIDs)
	require.Len(t, jobs[1], 50)
	var carried []uuid.UUID
	for _, j := range jobs[:2] {
		carried = append(carried, j...)
	}
	want := make([]uuid.UUID, n)
	for i, r := range res {
		want[i] = r.ID
	}
	require.Equal(t, want, carried, "every experience in one job, in request order")
	require.Equal(t, []uuid.UUID{single.ID}, jobs[2])
}

// projectJobs lists the experiences of each projection job of the
// namespace, in insertion order.
func projectJobs(t *testing.T, b bundle) [][]uuid.UUID {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT args->'experience_ids' FROM river_job
		WHERE kind = $1 AND args->>'namespace' = $2 ORDER BY id`, ingest.ProjectArgs{}.Kind(), b.ns)
	require.NoError(t, err)
	lists, err := pgx.CollectRows(rows, pgx.RowTo[[]uuid.UUID])
	require.NoError(t, err)
	return lists
}

func TestIngestBatchIsAllOrNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	reqs := []evokg.ExperienceInput{success("ok"), success("bad"), success("bad too")}
	reqs[1].TaskType = ""
	reqs[2].Evaluation.Correct = 2
	_, err := b.svc.IngestBatch(ctx, b.ns, reqs, "")
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, evokg.EINVALID, de.Code)
	require.Equal(t, []evokg.FieldError{
		{Pointer: "/1/task_type", Detail: "is required"},
		{Pointer: "/2/evaluation/correct", Detail: "must be within [0, 1]"},
	}, de.Fields)

	page, err := b.svc.List(ctx, b.ns, evokg.ExperienceFilter{})
	require.NoError(t, err)
	require.Empty(t, page.Items)

	_, err = b.svc.IngestBatch(ctx, b.ns, make([]evokg.ExperienceInput, 1001), "")
	require.Equal(t, evokg.ETOOLARGE, evokg.ErrorCode(err))
	_, err = b.svc.IngestBatch(ctx, b.ns, nil, "")
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

func TestGetAndList(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()

	_, err := b.svc.Get(ctx, b.ns, evokg.NewID())
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))

	var reqs []evokg.ExperienceInput
	for i := range 7 {
		r := success(strings.Repeat("x", i+1))
		if i%2 == 1 {
			r.Outcome, r.Evaluation.Correct, r.TaskType = evokg.OutcomeFailure, 0, "logic"
		}
		reqs = append(reqs, r)
	}
	res, err := b.svc.IngestBatch(ctx, b.ns, reqs, "")
	require.NoError(t, err)

	var seen []uuid.UUID
	cursor := ""
	for {
		page, err := b.svc.List(ctx, b.ns, evokg.ExperienceFilter{Limit: 3, Cursor: cursor})
		require.NoError(t, err)
		for _, r := range page.Items {
			seen = append(seen, r.ID)
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	var want []uuid.UUID
	for _, r := range res {
		want = append(want, r.ID)
	}
	require.Equal(t, want, seen, "all items, oldest first, no repeats")

	failures, err := b.svc.List(ctx, b.ns, evokg.ExperienceFilter{Outcome: evokg.OutcomeFailure, TaskType: "logic", Status: evokg.StatusEmbedding})
	require.NoError(t, err)
	require.Len(t, failures.Items, 3)
	for _, r := range failures.Items {
		require.Equal(t, evokg.FailureSpecific, r.FailureKind, "failure kind defaults to specific")
	}
	none, err := b.svc.List(ctx, b.ns, evokg.ExperienceFilter{Status: evokg.StatusCommitted})
	require.NoError(t, err)
	require.Empty(t, none.Items)

	_, err = b.svc.List(ctx, b.ns, evokg.ExperienceFilter{Cursor: "!!", Limit: 501, Status: "done"})
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Len(t, de.Fields, 3)
}

func TestNamespaceIsolation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	other := testenv.Namespace(t)
	res, err := b.svc.Ingest(context.Background(), b.ns, success("mine"), "k")
	require.NoError(t, err)
	_, err = b.svc.Get(context.Background(), other, res.ID)
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
	// The same idempotency key in another namespace is another request.
	res2, err := b.svc.Ingest(context.Background(), other, success("mine"), "k")
	require.NoError(t, err)
	require.NotEqual(t, res.ID, res2.ID)
}

func TestIngestEmbeddedIsRetrievableAtOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	res, err := b.svc.IngestEmbedded(ctx, b.ns, success("what is five plus five"), "")
	require.NoError(t, err)
	require.Equal(t, evokg.StatusQueued, res.Status)
	require.Equal(t, 1, b.embed.Calls())
	hits, err := b.store.Nearest(ctx, vector.NearestQuery{Namespace: b.ns, TaskType: "arithmetic",
		Embedding: bagVector("what is five plus five"), K: 3})
	require.NoError(t, err)
	require.Len(t, hits[0], 1)
	require.Equal(t, res.ID, hits[0][0].ID)
	require.Zero(t, embedJobs(t, b.pool, res.ID))
}
