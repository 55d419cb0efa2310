package retrieval

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/vector"
)

// The pack's near-duplicate pairs are computed in process from the
// embeddings the searches return; they are the pairs pgvector finds among
// the same memories, and an item without an embedding (found by the graph
// alone) falls back to asking the store.
func TestNearDuplicatesInProcessMatchTheStore(t *testing.T) {
	t.Parallel()
	b := memtest.Setup(t)
	rng := rand.New(rand.NewPCG(7, 11))
	for c := range 4 {
		for range 5 { // five memories around each of four centres: cosines straddle 0.98
			b.Insert(t, memtest.Memory{Question: "q", Vec: around(c, 0.05+0.15*rng.Float64(), rng)})
		}
	}
	hits, err := b.Store.Search(t.Context(), vector.Query{Namespace: b.NS, TaskType: "arithmetic",
		Embedding: memtest.Unit(0), K: 20, MinSimilarity: -1})
	require.NoError(t, err)
	require.Len(t, hits, 20)
	r := New(Config{}, b.Store, nil, nil, testenv.Logger(t))
	items := make([]Item, len(hits))
	for i, h := range hits {
		require.Len(t, h.Embedding, memtest.Dim, "the search returns the embedding")
		items[i] = r.hitItem(h, ChannelSemantic, h.CreatedAt)
	}

	inProcess, err := r.nearDuplicates(t.Context(), b.NS, items)
	require.NoError(t, err)
	fromStore, err := b.Store.NearDuplicates(t.Context(), b.NS, itemIDs(items), r.cfg.DuplicateSimilarity)
	require.NoError(t, err)
	require.NotEmpty(t, inProcess, "some memories are near-duplicates")
	require.Less(t, len(inProcess), 20*19/2, "and some are not")
	require.ElementsMatch(t, unordered(fromStore), unordered(inProcess))

	items[3].embedding = nil // found by the graph alone
	fallback, err := r.nearDuplicates(t.Context(), b.NS, items)
	require.NoError(t, err)
	require.ElementsMatch(t, unordered(fromStore), unordered(fallback))
}

// around returns a unit vector near basis vector c, tilted by noise.
func around(c int, noise float64, rng *rand.Rand) []float32 {
	v := make([]float32, memtest.Dim)
	v[c] = 1
	var n float64 = 1
	for i := 8; i < 16; i++ {
		v[i] = float32(noise * rng.NormFloat64())
		n += float64(v[i] * v[i])
	}
	for i := range v {
		v[i] = float32(float64(v[i]) / math.Sqrt(n))
	}
	return v
}

func unordered(pairs [][2]uuid.UUID) []string {
	out := make([]string, len(pairs))
	for i, p := range pairs {
		ids := []string{p[0].String(), p[1].String()}
		slices.Sort(ids)
		out[i] = ids[0] + "/" + ids[1]
	}
	return out
}
