package vector_test

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/vector"
)

const dim = memtest.Dim

// bundle is the test's namespace and vector store; b.Insert adds a memory.
type bundle = memtest.Bundle

var setup = memtest.Setup

// expOpts describes a memory to insert; an empty Namespace is the bundle's.
type expOpts = memtest.Memory

var unit, tilt = memtest.Unit, memtest.Tilt

type bagOfWords = memtest.BagOfWords

func ids(hits []vector.Hit) []uuid.UUID {
	out := make([]uuid.UUID, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

func TestSearchNeverCrossesTaskTypeOrNamespace(t *testing.T) {
	t.Parallel()
	b := setup(t)
	other := testenv.Namespace(t)
	ctx := context.Background()
	// The closest vectors live in another task type and another namespace.
	b.Insert(t, expOpts{TaskType: "geometry", Vec: unit(0)})
	b.Insert(t, expOpts{Namespace: other, Vec: unit(0)})
	b.Insert(t, expOpts{TaskType: "geometry", Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Vec: unit(0)})
	mine := b.Insert(t, expOpts{Question: "What is 2+2?", Vec: tilt(0, 1, 0.3)})
	fail := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Content: "carry the one", Vec: tilt(0, 2, 0.2)})

	hits, err := b.Store.Search(ctx, vector.Query{Namespace: b.NS, TaskType: "arithmetic", Channel: evokg.ChannelSuccess, Embedding: unit(0), K: 3})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{mine.ID}, ids(hits))
	require.InDelta(t, 0.3, hits[0].Similarity, 1e-6)
	require.Equal(t, "What is 2+2?", hits[0].Payload.Question)
	require.Equal(t, evokg.OutcomeSuccess, hits[0].Outcome)

	hits, err = b.Store.Search(ctx, vector.Query{Namespace: b.NS, TaskType: "arithmetic", Channel: evokg.ChannelFailure, Embedding: unit(0)})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{fail.ID}, ids(hits))
	require.Equal(t, "carry the one", hits[0].Payload.Content)
	require.Equal(t, evokg.FailureSpecific, hits[0].FailureKind)

	exact, err := b.Store.SearchExact(ctx, vector.Query{Namespace: b.NS, TaskType: "arithmetic", Channel: evokg.ChannelFailure, Embedding: unit(0)})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{fail.ID}, ids(exact))
}

func TestSearchOrdersByCosineAndHonoursK(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var want []uuid.UUID
	for _, cos := range []float64{0.9, 0.8, 0.7, 0.6, 0.5} {
		want = append(want, b.Insert(t, expOpts{Vec: tilt(3, 4, cos)}).ID)
	}
	hits, err := b.Store.Search(context.Background(), vector.Query{Namespace: b.NS, TaskType: "arithmetic", Embedding: unit(3), K: 3})
	require.NoError(t, err)
	require.Equal(t, want[:3], ids(hits))
	require.InDelta(t, 0.9, hits[0].Similarity, 1e-6)
	require.InDelta(t, 0.7, hits[2].Similarity, 1e-6)
}

func TestSearchMinSimilarityAndFailureKind(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	above := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureTypeStrategy, Vec: tilt(5, 6, 0.56)})
	b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureTypeStrategy, Vec: tilt(5, 7, 0.54)})
	specific := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Vec: tilt(5, 8, 0.3)})

	q := vector.Query{Namespace: b.NS, TaskType: "arithmetic", Channel: evokg.ChannelFailure, Embedding: unit(5),
		FailureKind: evokg.FailureTypeStrategy, MinSimilarity: 0.55}
	hits, err := b.Store.Search(ctx, q)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{above.ID}, ids(hits))

	q.FailureKind, q.MinSimilarity = evokg.FailureSpecific, 0
	hits, err = b.Store.Search(ctx, q)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{specific.ID}, ids(hits))
}

func TestDimensionErrors(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()

	_, err := b.Store.Search(ctx, vector.Query{Namespace: b.NS, TaskType: "arithmetic", Embedding: make([]float32, 3)})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "/embedding", e.Fields[0].Pointer)
	require.Contains(t, e.Fields[0].Detail, "has 3 dimensions, the embedding indexes have 768")

	_, err = b.Store.Nearest(ctx, vector.NearestQuery{Namespace: b.NS, TaskType: "arithmetic", Embedding: make([]float32, dim+1), K: 3})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))

	require.NoError(t, vector.CheckDimension(ctx, b.Pool, dim))
	err = vector.CheckDimension(ctx, b.Pool, 1024)
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	require.Contains(t, err.Error(), "embedding dimension mismatch")
	require.Contains(t, err.Error(), "vector(768) but the configured embedding dimension is 1024")
}

func TestInsertTxRoutesByChannel(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	succ := b.Insert(t, expOpts{Vec: unit(10)})
	fail := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Vec: unit(10)})
	principle := b.Insert(t, expOpts{Outcome: evokg.OutcomePrinciple, Content: "Check units first.", Vec: unit(10)})
	recipe := b.Insert(t, expOpts{Outcome: evokg.OutcomeRecipe, Vec: unit(10)})

	q := vector.Query{Namespace: b.NS, TaskType: "arithmetic", Embedding: unit(10), K: 10}
	hits, err := b.Store.Search(ctx, q)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{succ.ID}, ids(hits), "the success channel returns success memories by default")

	q.Outcomes = []evokg.Outcome{evokg.OutcomeRecipe}
	hits, err = b.Store.Search(ctx, q)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{recipe.ID}, ids(hits))

	q.Outcomes, q.Channel = nil, evokg.ChannelFailure
	hits, err = b.Store.Search(ctx, q)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{fail.ID}, ids(hits))

	hits, err = b.Store.SearchPrinciples(ctx, vector.Query{Namespace: b.NS, TaskType: "arithmetic", Embedding: unit(10)})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{principle.ID}, ids(hits))
	require.Equal(t, "Check units first.", hits[0].Payload.Content)
}

func TestInsertTxRequiresTheExperienceRow(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	exp := &evokg.Experience{
		ID:               evokg.NewID(),
		Namespace:        b.NS,
		ExperienceFields: evokg.ExperienceFields{TaskType: "arithmetic", Outcome: evokg.OutcomeSuccess},
	}
	err := pgx.BeginFunc(ctx, b.Pool, func(tx pgx.Tx) error { return b.Store.InsertTx(ctx, tx, exp, unit(0)) })
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
}

// Neighbors reads both channels of one slice, nearest first, with the
// threshold and K, and nothing of another task type or namespace.
func TestNeighborsBothChannelsOfOneSlice(t *testing.T) {
	t.Parallel()
	b := setup(t)
	other := testenv.Namespace(t)
	a := b.Insert(t, expOpts{Vec: tilt(20, 21, 0.95)})
	f := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Vec: tilt(20, 22, 0.9)})
	far := b.Insert(t, expOpts{Vec: tilt(20, 23, 0.5)})
	b.Insert(t, expOpts{TaskType: "geometry", Vec: unit(20)})
	b.Insert(t, expOpts{Namespace: other, Vec: unit(20)})

	q := vector.NearestQuery{Namespace: b.NS, TaskType: "arithmetic", Embedding: unit(20), K: 10}
	strict, loose := q, q
	strict.MinSimilarity, strict.K = 0.85, 10
	loose.K = 2
	res, err := b.Store.Nearest(context.Background(), q, strict, loose)
	require.NoError(t, err)
	neighborIDs := func(ns []evokg.SimilarExperience) []uuid.UUID {
		var out []uuid.UUID
		for _, n := range ns {
			out = append(out, n.ID)
		}
		return out
	}
	require.Equal(t, []uuid.UUID{a.ID, f.ID, far.ID}, neighborIDs(res[0]))
	require.InDelta(t, 0.95, res[0][0].Cosine, 1e-6)
	require.InDelta(t, 0.5, res[0][2].Cosine, 1e-6)
	require.Equal(t, []uuid.UUID{a.ID, f.ID}, neighborIDs(res[1]), "the threshold")
	require.Equal(t, []uuid.UUID{a.ID, f.ID}, neighborIDs(res[2]), "K across both channels")

	q.TaskType = ""
	_, err = b.Store.Nearest(context.Background(), q)
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

func TestPayloadsStayInSlice(t *testing.T) {
	t.Parallel()
	b := setup(t)
	mine := b.Insert(t, expOpts{Question: "q1", Signature: []string{"parse", "sum"}, Vec: unit(1)})
	elsewhere := b.Insert(t, expOpts{TaskType: "geometry", Vec: unit(1)})
	hits, err := b.Store.Payloads(context.Background(), b.NS, "arithmetic", []uuid.UUID{mine.ID, elsewhere.ID, evokg.NewID()})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{mine.ID}, ids(hits))
	require.Equal(t, []string{"parse", "sum"}, hits[0].Signature)
	require.Equal(t, "q1", hits[0].Payload.Question)
}

func TestAssets(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	emb := &bagOfWords{}
	vs, err := emb.Embed(ctx, []string{"convert units of measure", "plot a chart", "convert currency amounts"})
	require.NoError(t, err)
	units := vector.Asset{Namespace: b.NS, ID: evokg.NewID(), Kind: vector.AssetTool, Name: "unit_converter", Validated: true}
	require.NoError(t, b.Store.UpsertAsset(ctx, units, vs[0]))
	require.NoError(t, b.Store.UpsertAsset(ctx, vector.Asset{Namespace: b.NS, ID: evokg.NewID(), Kind: vector.AssetTool, Name: "plotter"}, vs[1]))
	units.Description = "converts units"
	require.NoError(t, b.Store.UpsertAsset(ctx, units, vs[0]))

	hits, err := b.Store.SearchAssets(ctx, b.NS, vector.AssetTool, vs[2], 1)
	require.NoError(t, err)
	require.Len(t, hits, 1)
	require.Equal(t, units.ID, hits[0].ID)
	require.Equal(t, "converts units", hits[0].Description)
	require.InDelta(t, 1/math.Sqrt(12), hits[0].Similarity, 1e-6) // one shared word of 4 and 3

	err = b.Store.UpsertAsset(ctx, vector.Asset{Namespace: b.NS, ID: evokg.NewID(), Kind: "robot", Name: "x"}, vs[0])
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

// Assets of other namespaces nearer the query never hide a namespace's own:
// 120 exact matches elsewhere outnumber any approximate candidate list.
func TestAssetSearchSeesItsNamespaceWhenOthersCrowd(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	other := testenv.Namespace(t)
	for i := range 120 {
		a := vector.Asset{Namespace: other, ID: evokg.NewID(), Kind: vector.AssetTool, Name: fmt.Sprintf("t%d", i), Validated: true}
		require.NoError(t, b.Store.UpsertAsset(ctx, a, unit(3)))
	}
	mine := vector.Asset{Namespace: b.NS, ID: evokg.NewID(), Kind: vector.AssetTool, Name: "mine", Validated: true}
	require.NoError(t, b.Store.UpsertAsset(ctx, mine, tilt(3, 4, 0.6)))

	hits, err := b.Store.SearchAssets(ctx, b.NS, vector.AssetTool, unit(3), 1)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{mine.ID}, assetIDs(hits))
	hits, err = b.Store.RecruitAssets(ctx, b.NS, vector.AssetTool, unit(3), 0.5, 3)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{mine.ID}, assetIDs(hits))
}

func assetIDs(hits []vector.AssetHit) []uuid.UUID {
	var out []uuid.UUID
	for _, h := range hits {
		out = append(out, h.ID)
	}
	return out
}

func TestSearchValidates(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.Store.Search(context.Background(), vector.Query{Embedding: unit(0), K: 500})
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	pointers := []string{}
	for _, f := range e.Fields {
		pointers = append(pointers, f.Pointer)
	}
	require.ElementsMatch(t, []string{"/namespace", "/task_type", "/k"}, pointers)
}

func TestSearchHonoursContext(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	_, err := b.Store.Search(ctx, vector.Query{Namespace: b.NS, TaskType: "arithmetic", Embedding: unit(0)})
	require.Error(t, err)
}

// A slice above the exact-scan bound is searched by the planner's choice in
// one channel while the other, small, is scanned exactly; the merged top-K
// is the exact one.
func TestNeighborsOfALargeSliceMatchTheExactTopK(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	for i := range vector.DefaultExactScanMax + 44 {
		b.Insert(t, expOpts{Vec: tilt(30, 31+i%40, 0.2+0.75*float64(i)/float64(vector.DefaultExactScanMax+44))})
	}
	b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Vec: tilt(30, 80, 0.96)})
	b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Vec: tilt(30, 81, 0.1)})

	q := vector.NearestQuery{Namespace: b.NS, TaskType: "arithmetic", Embedding: unit(30), K: 6}
	res, err := b.Store.Nearest(ctx, q)
	require.NoError(t, err)
	var want []vector.Hit
	for _, ch := range []evokg.Channel{evokg.ChannelSuccess, evokg.ChannelFailure} {
		hits, err := b.Store.SearchExact(ctx, vector.Query{Namespace: b.NS, TaskType: "arithmetic", Channel: ch,
			Embedding: unit(30), K: 6, Outcomes: []evokg.Outcome{evokg.OutcomeSuccess, evokg.OutcomeFailure}})
		require.NoError(t, err)
		want = append(want, hits...)
	}
	slices.SortFunc(want, func(a, b vector.Hit) int { return cmp.Compare(b.Similarity, a.Similarity) })
	require.Len(t, res[0], 6)
	for i, n := range res[0] {
		require.Equal(t, want[i].ID, n.ID, "rank %d", i)
		require.InDelta(t, want[i].Similarity, n.Cosine, 1e-6)
	}
	require.InDelta(t, 0.96, res[0][0].Cosine, 1e-6, "the failure channel's nearest leads")
}

// BuildANNIndexes builds only the HNSW indexes that are missing and takes
// no table lock when none is (CREATE INDEX IF NOT EXISTS would take a SHARE
// lock and block, or deadlock with, concurrent writes).
func TestBuildANNIndexesBuildsOnlyWhatIsMissing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, store := isolatedStore(t)

	built, err := store.BuildANNIndexes(ctx)
	require.NoError(t, err)
	require.False(t, built, "the migrations built them")

	tx, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx)                                                     //nolint:errcheck // read-only holder
	_, err = tx.Exec(ctx, "LOCK TABLE success_index_p0 IN ROW EXCLUSIVE MODE") // a writer in flight
	require.NoError(t, err)
	quick, cancel := context.WithTimeout(ctx, 10*time.Second) // a SHARE lock would wait for tx
	defer cancel()
	built, err = store.BuildANNIndexes(quick)
	require.NoError(t, err, "no lock is needed when nothing is missing")
	require.False(t, built)
	require.NoError(t, tx.Rollback(ctx))

	require.NoError(t, store.DropANNIndexes(ctx))
	built, err = store.BuildANNIndexes(ctx)
	require.NoError(t, err)
	require.True(t, built)
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM pg_indexes
		WHERE schemaname = current_schema() AND indexname IN ('success_index_hnsw', 'failure_index_hnsw', 'principle_embeddings_hnsw')`).Scan(&n))
	require.Equal(t, 3, n)
}
