package graph

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// writeStructural draws STRUCTURALLY_SIMILAR_TO from each experience to its
// best structural matches (at most StructuralLinks) among the newest
// StructuralWindow experiences. The candidates of the whole batch are read
// once; each experience then gets the matches that
// experience_signature_candidates_in_task_type's ranking finds among them.
func (g *Graph) writeStructural(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	if !slices.ContainsFunc(b.items, func(p *projection) bool { return len(p.sig) > 0 }) {
		return nil
	}
	rec, ok, err := single(ctx, tx, "experience_batch_signature_candidates", params(b.ns, "window", g.cfg.StructuralWindow))
	if err != nil || !ok {
		return err
	}
	cands := signatureCandidates(rowOf(rec))
	m := newStructuralMatcher(cands, g.cfg.StructuralThreshold, g.cfg.CandidateLimit, g.cfg.StructuralLinks)
	rows := structuralRows(b, func(p *projection) []sigMatch { return m.matches(p.id, p.sig) })
	if len(rows) == 0 {
		return nil
	}
	return exec(ctx, tx, "experience_batch_structural", params(b.ns, "rows", rows))
}

// structuralRows groups the batch's structural matches by experience for
// experience_batch_structural, each unordered pair once (the similarity
// is symmetric): with an experience created by this transaction the edge
// is new (create), otherwise it may exist (merge).
func structuralRows(b *batch, matches func(*projection) []sigMatch) []map[string]any {
	fresh := make(map[string]bool, len(b.items))
	for _, p := range b.items {
		fresh[p.id] = p.fresh
	}
	type pair struct{ a, b string }
	seen := map[pair]bool{}
	var rows []map[string]any
	for _, p := range b.items {
		var create, merge []map[string]any
		for _, x := range matches(p) {
			key := pair{min(p.id, x.id), max(p.id, x.id)}
			if seen[key] {
				continue
			}
			seen[key] = true
			edge := map[string]any{"id": x.id, "similarity": round3(x.similarity)}
			if p.fresh || fresh[x.id] {
				create = append(create, edge)
			} else {
				merge = append(merge, edge)
			}
		}
		if len(create)+len(merge) > 0 {
			rows = append(rows, map[string]any{"id": p.id, "create": orEmpty(create), "merge": orEmpty(merge)})
		}
	}
	return rows
}

func orEmpty(rows []map[string]any) []map[string]any {
	if rows == nil {
		return []map[string]any{}
	}
	return rows
}

// signatureCandidates decodes the parallel ids and signatures lists.
func signatureCandidates(r row) []sigCandidate {
	ids := r.strs("ids")
	sigs, _ := r["signatures"].([]any)
	cands := make([]sigCandidate, min(len(ids), len(sigs)))
	for i := range cands {
		cands[i] = sigCandidate{id: ids[i], sig: anyStrings(sigs[i])}
	}
	return cands
}

type sigCandidate struct {
	id  string
	sig []string
}

type sigMatch struct {
	id         string
	similarity float64
}

// structuralMatcher finds the structural matches of many signatures among
// one set of candidates. Operations are interned as small integers once, so
// ranking a candidate is a few array reads and the LCS compares integers:
// the batch's cost grows with batch × candidates, and this keeps the
// constant small.
type structuralMatcher struct {
	cands     []sigCandidate // newest (greatest id) first
	seqs      [][]int32      // cands' signatures as operation numbers, views of steps
	steps     []int32        // all of seqs, contiguous
	vocab     map[string]int32
	threshold float64
	limit     int // candidates compared by exact LCS, after the ranking
	links     int // matches kept per signature

	inQuery []uint8   // scratch: 1 for the operations of the signature being matched
	need    []int     // scratch: hits needed, by candidate length
	buckets [][]int32 // scratch: candidates by shared steps
	lcs     evokg.LCS[int32]
}

func newStructuralMatcher(cands []sigCandidate, threshold float64, limit, links int) *structuralMatcher {
	slices.SortFunc(cands, func(x, y sigCandidate) int { return strings.Compare(y.id, x.id) })
	m := &structuralMatcher{cands: cands, seqs: make([][]int32, len(cands)), vocab: map[string]int32{},
		threshold: threshold, limit: limit, links: links}
	for _, c := range cands {
		m.steps = append(m.steps, m.intern(c.sig)...)
	}
	at := 0
	for i, c := range cands {
		m.seqs[i] = m.steps[at : at+len(c.sig) : at+len(c.sig)]
		at += len(c.sig)
	}
	return m
}

func (m *structuralMatcher) intern(sig []string) []int32 {
	seq := make([]int32, len(sig))
	for i, op := range sig {
		n, ok := m.vocab[op]
		if !ok {
			n = int32(len(m.vocab))
			m.vocab[op] = n
		}
		seq[i] = n
	}
	return seq
}

// matches mirrors experience_signature_candidates_in_task_type for one signature —
// candidates ranked by shared steps (hits, descending, then newest), dropped
// when hits cannot reach the threshold, cut at limit+1 — then keeps those
// whose exact LCS similarity reaches the threshold, best first (ranking
// order among equals), at most links; the experience itself (self) is
// never its own match. A candidate whose similarity bound, min(hits,
// |query|) / min(|candidate|, |query|), cannot beat the worst kept match
// is not compared at all.
func (m *structuralMatcher) matches(self string, sig []string) []sigMatch {
	return m.matchesWith(self, sig, m.limit, m.links)
}

// matchesWith is matches with its own candidate limit and links.
func (m *structuralMatcher) matchesWith(self string, sig []string, limit, links int) []sigMatch {
	if len(sig) == 0 || links < 1 {
		return nil
	}
	query := m.lookup(sig)
	m.markQuery(query)
	for i := range m.need {
		m.need[i] = -1
	}
	m.rank(len(query))
	var top []sigMatch
	seen := 0
	for h := len(m.buckets) - 1; h > 0 && seen <= limit; h-- {
		for _, i := range m.buckets[h] {
			if seen++; seen > limit+1 {
				break
			}
			c := &m.cands[i]
			short := float64(min(len(m.seqs[i]), len(query)))
			if c.id == self || (len(top) == links && float64(min(h, len(query)))/short <= top[len(top)-1].similarity) {
				continue
			}
			if s := m.lcs.Similarity(query, m.seqs[i]); s >= m.threshold {
				top = keepBest(top, sigMatch{id: c.id, similarity: s}, links)
			}
		}
	}
	return top
}

// keepBest inserts x after every match at least as similar and keeps at
// most n.
func keepBest(top []sigMatch, x sigMatch, n int) []sigMatch {
	at := len(top)
	for at > 0 && top[at-1].similarity < x.similarity {
		at--
	}
	top = slices.Insert(top, at, x)
	return top[:min(len(top), n)]
}

// lookup numbers a query's operations without growing the vocabulary: an
// operation no candidate has is -1, which matches nothing.
func (m *structuralMatcher) lookup(sig []string) []int32 {
	seq := make([]int32, len(sig))
	for i, op := range sig {
		n, ok := m.vocab[op]
		if !ok {
			n = -1
		}
		seq[i] = n
	}
	return seq
}

func (m *structuralMatcher) markQuery(query []int32) {
	if len(m.inQuery) < len(m.vocab) {
		m.inQuery = make([]uint8, len(m.vocab))
	}
	clear(m.inQuery)
	for _, op := range query {
		if op >= 0 {
			m.inQuery[op] = 1
		}
	}
}

// rank fills the buckets: bucket h holds, newest first, the candidates
// sharing h steps with the query whose h can reach the threshold.
func (m *structuralMatcher) rank(queryLen int) {
	for i := range m.buckets {
		m.buckets[i] = m.buckets[i][:0]
	}
	for i, seq := range m.seqs {
		hits := 0
		for _, op := range seq {
			hits += int(m.inQuery[op]) // no branch: hits are unpredictable
		}
		if hits == 0 || hits < m.hitsNeeded(len(seq), queryLen) {
			continue
		}
		for len(m.buckets) <= hits {
			m.buckets = append(m.buckets, nil)
		}
		m.buckets[hits] = append(m.buckets[hits], int32(i))
	}
}

// hitsNeeded is the fewest shared steps that can reach the threshold for a
// candidate of length n, memoized per query length.
func (m *structuralMatcher) hitsNeeded(n, queryLen int) int {
	if n >= len(m.need) {
		m.need = slices.Grow(m.need[:0], n+1)[:n+1]
		for i := range m.need {
			m.need[i] = -1
		}
	}
	if m.need[n] < 0 {
		m.need[n] = int(math.Ceil(m.threshold*float64(min(n, queryLen)) - 0.000001))
	}
	return m.need[n]
}
