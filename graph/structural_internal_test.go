package graph

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

// referenceMatches is the plain statement of the ranking the matcher
// implements: shared steps per candidate (given newest first), a stable
// sort by them, the cut, then exact LCS.
func referenceMatches(self string, sig []string, cands []sigCandidate, th float64, limit, links int) []sigMatch {
	query := map[string]bool{}
	for _, o := range sig {
		query[o] = true
	}
	type ranked struct {
		c    sigCandidate
		hits int
	}
	var pool []ranked
	for _, c := range cands {
		hits := 0
		for _, o := range c.sig {
			if query[o] {
				hits++
			}
		}
		if hits > 0 && float64(hits) >= th*float64(min(len(c.sig), len(sig)))-0.000001 {
			pool = append(pool, ranked{c, hits})
		}
	}
	slices.SortStableFunc(pool, func(x, y ranked) int { return cmp.Compare(y.hits, x.hits) })
	pool = pool[:min(len(pool), limit+1)]
	var out []sigMatch
	for _, r := range pool {
		if r.c.id == self {
			continue
		}
		if s := evokg.SignatureSimilarity(sig, r.c.sig); s >= th {
			out = append(out, sigMatch{r.c.id, s})
		}
	}
	slices.SortStableFunc(out, func(x, y sigMatch) int { return cmp.Compare(y.similarity, x.similarity) })
	return out[:min(len(out), links)]
}

// randomSignature draws minLen to minLen+spread−1 operations from ops.
func randomSignature(rng *rand.Rand, ops []string, minLen, spread int) []string {
	s := make([]string, minLen+rng.IntN(spread))
	for i := range s {
		s[i] = ops[rng.IntN(len(ops))]
	}
	return s
}

func TestStructuralMatcherEqualsReferenceWhenLimitsBind(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	ops := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	randomSig := func() []string { return randomSignature(rng, ops, 1, 6) }
	cands := make([]sigCandidate, 2000)
	for i := range cands {
		cands[i] = sigCandidate{id: fmt.Sprintf("%05d", rng.IntN(100000)), sig: randomSig()}
	}
	slices.SortFunc(cands, func(x, y sigCandidate) int { return cmp.Compare(y.id, x.id) })
	for _, lim := range []struct{ limit, links int }{{50, 10}, {500, 10}, {5000, 5000}} {
		m := newStructuralMatcher(slices.Clone(cands), 0.6, lim.limit, lim.links)
		for q := range 200 {
			sig := randomSig()
			if q%10 == 0 {
				sig = append(sig, "never_seen") // operations new to the candidates
			}
			self := cands[rng.IntN(len(cands))].id
			want := referenceMatches(self, sig, cands, 0.6, lim.limit, lim.links)
			got := m.matches(self, sig)
			require.Equal(t, want, got, "signature %v, limits %+v", sig, lim)
		}
	}
}

func BenchmarkStructuralMatcher(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	ops := []string{"parse", "lookup", "filter", "join", "aggregate", "compare", "verify", "format", "rank", "compute"}
	sig := func() []string { return randomSignature(rng, ops, 3, 3) }
	cands := make([]sigCandidate, 5000)
	for i := range cands {
		cands[i] = sigCandidate{id: fmt.Sprintf("%08d", i), sig: sig()}
	}
	queries := make([][]string, 200)
	for i := range queries {
		queries[i] = sig()
	}
	b.ReportAllocs()
	for b.Loop() {
		m := newStructuralMatcher(slices.Clone(cands), 0.6, 500, 10)
		for _, q := range queries {
			m.matches("", q)
		}
	}
}
