package retrieval

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"
)

// dedupe drops from the ranked candidates, then from the principles, every
// memory that repeats one already kept: the same memory, the same text once
// normalized, or an embedding with cosine ≥ DuplicateSimilarity. Duplicates
// are compared within one memory class: a success exemplar and a failure
// correction of one question are embedded from the same question (cosine 1)
// but carry MAGE's two complementary payloads, so both stay.
func (r *Retriever) dedupe(ctx context.Context, ns string, ranked, principles []Item) ([]Item, []Item, error) {
	all := slices.Concat(ranked, principles)
	ids := make([]uuid.UUID, len(all))
	for i, it := range all {
		ids[i] = it.ID
	}
	pairs, err := r.store.NearDuplicates(ctx, ns, ids, r.cfg.DuplicateSimilarity)
	if err != nil {
		return nil, nil, err
	}
	d := newDuplicates(pairs)
	return slices.DeleteFunc(ranked, d.repeats), slices.DeleteFunc(principles, d.repeats), nil
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
