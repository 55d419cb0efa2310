package retrieval

import (
	"context"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/google/uuid"
)

// dedupe drops from the ranked candidates, then from the principles, every
// memory that repeats one already kept: the same memory, the same text once
// normalized, or an embedding with cosine ≥ DuplicateSimilarity and the same
// numbers in the question (sameFigures). Duplicates
// are compared within one memory class: a success exemplar and a failure
// correction of one question are embedded from the same question (cosine 1)
// but carry MAGE's two complementary payloads, so both stay.
func (r *Retriever) dedupe(ctx context.Context, ns string, ranked, principles []Item) ([]Item, []Item, error) {
	items := slices.Concat(ranked, principles)
	pairs, err := r.nearDuplicates(ctx, ns, items)
	if err != nil {
		return nil, nil, err
	}
	d := newDuplicates(sameFigures(items, pairs))
	return slices.DeleteFunc(ranked, d.repeats), slices.DeleteFunc(principles, d.repeats), nil
}

// nearDuplicates returns the pairs of items whose embeddings have cosine ≥
// DuplicateSimilarity. The index searches return each memory's embedding, so
// the pairs are computed in process; only when an item came from the graph
// alone (no embedding at hand) are they asked of the store, which costs a
// round trip over every partition (about 2 ms of planning per pack).
func (r *Retriever) nearDuplicates(ctx context.Context, ns string, items []Item) ([][2]uuid.UUID, error) {
	var pairs [][2]uuid.UUID
	for i, a := range items {
		if a.embedding == nil {
			return r.store.NearDuplicates(ctx, ns, itemIDs(items), r.cfg.DuplicateSimilarity)
		}
		for _, b := range items[:i] {
			if cosine(a.embedding, b.embedding) >= r.cfg.DuplicateSimilarity {
				pairs = append(pairs, [2]uuid.UUID{b.ID, a.ID})
			}
		}
	}
	return pairs, nil
}

// cosine is the cosine similarity of a and b, as pgvector's 1 − (a <=> b);
// 0 when either is the zero vector.
func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range min(len(a), len(b)) {
		x, y := float64(a[i]), float64(b[i])
		dot, na, nb = dot+x*y, na+x*x, nb+y*y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// sameFigures keeps the pairs whose questions hold the same numbers. An
// embedding model barely tells numbers apart (all-MiniLM-L6-v2 puts "the
// digit sum of 48213" and "of 57102" at cosine ≥ 0.98), but two worked
// examples on different values are two memories, not one said twice.
func sameFigures(items []Item, pairs [][2]uuid.UUID) [][2]uuid.UUID {
	figs := make(map[uuid.UUID]string, len(items))
	for _, it := range items {
		figs[it.ID] = figures(it)
	}
	return slices.DeleteFunc(pairs, func(p [2]uuid.UUID) bool { return figs[p[0]] != figs[p[1]] })
}

// figures is the numbers of an item's question (of its text when it has
// none), in order.
func figures(it Item) string {
	s := it.Text
	if it.Worked != nil {
		s = it.Worked.Question
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsDigit(r) }), " ")
}

func itemIDs(items []Item) []uuid.UUID {
	ids := make([]uuid.UUID, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ids
}

// duplicates remembers the items kept so far.
type duplicates struct {
	near  map[uuid.UUID][]uuid.UUID
	kept  map[uuid.UUID]string // id → memory class
	texts map[string]bool      // class + normalized text
}

func newDuplicates(pairs [][2]uuid.UUID) *duplicates {
	d := &duplicates{near: map[uuid.UUID][]uuid.UUID{}, kept: map[uuid.UUID]string{}, texts: map[string]bool{}}
	for _, p := range pairs {
		d.near[p[0]] = append(d.near[p[0]], p[1])
		d.near[p[1]] = append(d.near[p[1]], p[0])
	}
	return d
}

// repeats reports whether it repeats a kept item, and keeps it otherwise.
func (d *duplicates) repeats(it Item) bool {
	class := string(it.Outcome) + "/" + string(it.FailureKind)
	norm := NormalizeText(it.Text)
	text := class + "\x00" + norm
	if _, ok := d.kept[it.ID]; ok || (norm != "" && d.texts[text]) {
		return true
	}
	for _, other := range d.near[it.ID] {
		if d.kept[other] == class {
			return true
		}
	}
	d.kept[it.ID], d.texts[text] = class, true
	return false
}

// NormalizeText is the form in which two memory texts count as identical:
// lower case, runs of white space folded into one space, trimmed.
func NormalizeText(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}
