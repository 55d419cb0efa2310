// Package pool provides the question pools evolution runs train and test
// on: a seeded generator of verifiable multi-step word problems over ten
// task types, a JSONL loader, the graders (exact numeric match, normalized
// text match, and a judge hook for free text) and the split into an
// evolution pool and a held-out test set.
package pool

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/env"
)

// Item is one question with its gold answer.
type Item struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
	TaskType string `json:"task_type,omitempty"`
	Context  string `json:"context,omitempty"`
	// Episode is set on the items of the environment pool: the answer is
	// an action sequence, graded by playing it in the episode.
	Episode *env.Episode `json:"episode,omitempty"`
}

func (it Item) validate(pointer string) []evokg.FieldError {
	var out []evokg.FieldError
	check := func(ok bool, field, detail string) {
		if !ok {
			out = append(out, evokg.FieldError{Pointer: pointer + "/" + field, Detail: detail})
		}
	}
	check(it.ID != "", "id", "required")
	check(it.Question != "", "question", "required")
	check(it.Answer != "", "answer", "required")
	return out
}

// Pool is an evolution pool and its held-out test split. No item is in both.
type Pool struct {
	Name      string `json:"name"`
	Evolution []Item `json:"evolution"`
	HeldOut   []Item `json:"held_out"`
}

// DefaultTaskType is given to loaded items without one.
const DefaultTaskType = "general"

// Split shuffles items with seed and puts round(heldOut·n) of them, spread
// over task types, in the held-out split. heldOut is a fraction in [0, 1).
func Split(name string, items []Item, heldOut float64, seed uint64) (Pool, error) {
	if heldOut < 0 || heldOut >= 1 {
		return Pool{}, evokg.Invalid(evokg.FieldError{Pointer: "/held_out", Detail: "must be within [0, 1)"})
	}
	shuffled := slices.Clone(items)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	// Stable by task type so the held-out share is taken from every type.
	slices.SortStableFunc(shuffled, func(a, b Item) int { return cmp.Compare(a.TaskType, b.TaskType) })
	p := Pool{Name: name}
	step := 0.0
	for _, it := range shuffled {
		step += heldOut
		if step >= 1 {
			step--
			p.HeldOut = append(p.HeldOut, it)
			continue
		}
		p.Evolution = append(p.Evolution, it)
	}
	sortByID(p.Evolution)
	sortByID(p.HeldOut)
	return p, nil
}

func sortByID(items []Item) {
	slices.SortFunc(items, func(a, b Item) int { return cmp.Compare(a.ID, b.ID) })
}

// TaskTypes returns the distinct task types of items, sorted.
func TaskTypes(items []Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.TaskType)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func checkUnique(items []Item) error {
	seen := make(map[string]bool, len(items))
	for i, it := range items {
		if seen[it.ID] {
			return evokg.Invalid(evokg.FieldError{Pointer: fmt.Sprintf("/items/%d/id", i), Detail: "duplicate id " + it.ID})
		}
		seen[it.ID] = true
	}
	return nil
}
