package ingest

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/vector"
)

// groupService is a service on the test database whose committer has its
// slots taken, so that the single requests sent to it queue up.
func groupService(t *testing.T, groupCommit int) (*Service, func()) {
	t.Helper()
	pool := testenv.Postgres(t)
	queue, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: testenv.Logger(t)})
	require.NoError(t, err)
	s := NewService(Config{GroupCommit: groupCommit}, pool, queue, nil, vector.NewStore(pool, evokg.DefaultEmbeddingDim), testenv.Logger(t))
	return s, occupy(s.group)
}

func embeddedSuccess(question string) evokg.ExperienceInput {
	v := make([]float32, evokg.DefaultEmbeddingDim)
	v[len(question)%len(v)] = 1
	return evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{
		TaskType: "arithmetic", Outcome: evokg.OutcomeSuccess, Question: question, Answer: "4",
		Evaluation: &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1}}, Embedding: v}
}

type receipt struct {
	r   evokg.IngestReceipt
	err error
}

// ingestQueued sends the requests as concurrent single requests, each once
// the one before it waits in the committer's queue, frees one slot, and
// returns the receipts.
func ingestQueued(t *testing.T, s *Service, free func(), ns string, reqs []evokg.ExperienceInput, keys []string) []receipt {
	t.Helper()
	out := make([]receipt, len(reqs))
	var wg sync.WaitGroup
	for i := range reqs {
		wg.Go(func() {
			r, err := s.Ingest(context.Background(), ns, reqs[i], keys[i])
			out[i] = receipt{r, err}
		})
		waitQueued(t, s.group, i+1)
	}
	free()
	wg.Wait()
	return out
}

// transactions counts the distinct transactions that wrote the
// experiences, and lists the ids of each projection job.
func transactions(t *testing.T, s *Service, ns string) (int, [][]uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	var txs int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(DISTINCT xmin::text) FROM experiences WHERE namespace = $1`, ns).Scan(&txs))
	rows, err := s.pool.Query(ctx, `SELECT args->'experience_ids' FROM river_job WHERE kind = $1 AND args->>'namespace' = $2 ORDER BY id`,
		ProjectArgs{}.Kind(), ns)
	require.NoError(t, err)
	jobs, err := pgx.CollectRows(rows, pgx.RowTo[[]uuid.UUID])
	require.NoError(t, err)
	return txs, jobs
}

// TestGroupCommitWritesQueuedRequestsInOneTransaction is the ablation of
// group commit on the real database: ten single requests that queue while
// the slots are busy are written by one transaction with one projection
// job; with GroupCommit 1, by ten of each.
func TestGroupCommitWritesQueuedRequestsInOneTransaction(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ groupCommit, want int }{{64, 1}, {1, 10}} {
		t.Run(fmt.Sprint("group ", tc.groupCommit), func(t *testing.T) {
			s, free := groupService(t, tc.groupCommit)
			ns := testenv.Namespace(t)
			reqs := make([]evokg.ExperienceInput, 10)
			for i := range reqs {
				reqs[i] = embeddedSuccess(fmt.Sprintf("question %d", i))
			}
			got := ingestQueued(t, s, free, ns, reqs, make([]string, len(reqs)))
			var ids []uuid.UUID
			for _, r := range got {
				require.NoError(t, r.err)
				require.Equal(t, evokg.StatusQueued, r.r.Status)
				ids = append(ids, r.r.ID)
			}
			txs, jobs := transactions(t, s, ns)
			require.Equal(t, tc.want, txs, "transactions")
			require.Len(t, jobs, tc.want, "projection jobs")
			var carried []uuid.UUID
			for _, j := range jobs {
				carried = append(carried, j...)
			}
			require.ElementsMatch(t, ids, carried, "every experience in exactly one job")
		})
	}
}

// TestGroupCommitKeepsEachRequestsOutcome puts two requests with one
// idempotency key and a third request in one group: the group's
// transaction fails on the repeated key, each request is then written on
// its own, and the repeated one replays the first's receipt.
func TestGroupCommitKeepsEachRequestsOutcome(t *testing.T) {
	t.Parallel()
	s, free := groupService(t, 64)
	ns := testenv.Namespace(t)
	same := embeddedSuccess("same")
	got := ingestQueued(t, s, free, ns, []evokg.ExperienceInput{same, same, embeddedSuccess("other")}, []string{"k", "k", ""})
	for _, r := range got {
		require.NoError(t, r.err)
	}
	require.Equal(t, got[0].r.ID, got[1].r.ID, "one experience for the key")
	require.NotEqual(t, got[0].r.Replayed, got[1].r.Replayed, "the later one replays")
	txs, jobs := transactions(t, s, ns)
	require.Equal(t, 2, txs)
	require.Len(t, jobs, 2)
	rec, err := s.Get(context.Background(), ns, got[2].r.ID)
	require.NoError(t, err)
	require.Equal(t, "other", rec.Question)
}
