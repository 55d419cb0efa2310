// Package questions provides the question pools evolution runs train and test
// on: a seeded generator of verifiable multi-step word problems over ten
// task types, a JSONL loader, the graders (exact numeric match, normalized
// text match, and a judge hook for free text) and the split into train,
// validation and test, disjoint by answer-equivalence: no normalized
// question, and no twin (same task type, numbers and gold), in two splits.
package questions

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/world"
)

// Item is one question with its gold answer.
type Item struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
	TaskType string `json:"task_type,omitempty"`
	Context  string `json:"context,omitempty"`
	// Split is the split the item is in ("train", "validation", "test");
	// set by Split, or given by a JSONL pool that fixes its own splits.
	Split string `json:"split,omitempty"`
	// Episode is set on the items of the world pool: the answer is
	// an action sequence, graded by playing it in the episode.
	Episode *world.Episode `json:"episode,omitempty"`
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

// Split names: every item of a pool is in exactly one.
const (
	// SplitTrain items are what evolution learns from: answered, harvested
	// as success memories, corrected as failure memories.
	SplitTrain = "train"
	// SplitValidation items decide: the memory switch and any other choice
	// by accuracy. They are answered, never written to memory.
	SplitValidation = "validation"
	// SplitTest items are answered only to be reported: no decision reads them.
	SplitTest = "test"
)

// Splits lists the split names in order.
var Splits = []string{SplitTrain, SplitValidation, SplitTest}

// Pool is a question pool split three ways. No normalized question and no
// twins (TwinKey) are in two splits, so no memory written from a training
// item carries a validation or test question, nor one with the same
// numbers and answer.
type Pool struct {
	Name       string `json:"name"`
	Train      []Item `json:"train"`
	Validation []Item `json:"validation"`
	Test       []Item `json:"test"`
}

// Sizes counts each split's items.
type Sizes struct {
	Train      int `json:"train"`
	Validation int `json:"validation"`
	Test       int `json:"test"`
}

// Sizes returns how many items each split holds.
func (p Pool) Sizes() Sizes {
	return Sizes{Train: len(p.Train), Validation: len(p.Validation), Test: len(p.Test)}
}

// Fractions are the shares of the validation and test splits; train gets
// the rest.
type Fractions struct {
	Validation float64 `json:"validation"`
	Test       float64 `json:"test"`
}

// Validate reports invalid shares by JSON pointer under prefix. A share
// of 0 leaves its split empty.
func (f Fractions) Validate(prefix string) []evokg.FieldError {
	var out []evokg.FieldError
	if f.Validation < 0 || f.Validation >= 1 {
		out = append(out, evokg.FieldError{Pointer: prefix + "/validation", Detail: "must be within [0, 1)"})
	}
	if f.Test < 0 || f.Test >= 1 {
		out = append(out, evokg.FieldError{Pointer: prefix + "/test", Detail: "must be within [0, 1)"})
	}
	if len(out) == 0 && f.Validation+f.Test >= 1 {
		out = append(out, evokg.FieldError{Pointer: prefix, Detail: "validation + test must leave items to train on (sum below 1)"})
	}
	return out
}

// DefaultTaskType is given to loaded items without one.
const DefaultTaskType = "general"

// Normalize is the form under which two questions are the same: lower
// case, runs of white space as one space, trimmed; digits and punctuation
// kept.
func Normalize(question string) string {
	return strings.ToLower(strings.Join(strings.Fields(question), " "))
}

// Split puts every item in one split. Items that name their split (loaded
// from JSONL with "split") keep it; the others are grouped with their
// twins (the same normalized question, or the same task type, numbers and
// gold: TwinKey), the groups shuffled with seed and shared out evenly over
// the task types: round(f·n) groups each to validation and test, the rest
// to train, which keeps at least one. A group always lands in one split;
// named splits that put one group in two are refused.
func Split(name string, items []Item, f Fractions, seed uint64) (Pool, error) {
	if errs := f.Validate("/splits"); len(errs) > 0 {
		return Pool{}, evokg.Invalid(errs...)
	}
	if err := CheckSplitDuplicates(items, func(i int) string { return fmt.Sprintf("/items/%d", i) }); err != nil {
		return Pool{}, err
	}
	groups := twinGroups(items)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	rng.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	// Stable by task type so every split takes its share of every type.
	slices.SortStableFunc(groups, func(a, b []Item) int { return cmp.Compare(a[0].TaskType, b[0].TaskType) })
	free := slices.DeleteFunc(slices.Clone(groups), func(g []Item) bool { return namedSplit(g) != "" })
	splits := spread(len(free), f)
	p := Pool{Name: name}
	for _, g := range groups {
		split := namedSplit(g)
		if split == "" {
			split, splits = splits[0], splits[1:]
		}
		p.add(split, g)
	}
	sortByID(p.Train)
	sortByID(p.Validation)
	sortByID(p.Test)
	return p, nil
}

// twinGroups are groupTwins' groups of items.
func twinGroups(items []Item) [][]Item {
	var out [][]Item
	for _, g := range groupTwins(items) {
		group := make([]Item, len(g))
		for k, i := range g {
			group[k] = items[i]
		}
		out = append(out, group)
	}
	return out
}

// namedSplit is the split an item of group names, "" when none does.
func namedSplit(group []Item) string {
	for _, it := range group {
		if it.Split != "" {
			return it.Split
		}
	}
	return ""
}

// spread returns the splits of n groups in order: round(f·n) test and
// validation groups spaced evenly among them (counted in integers, so the
// totals are exact), train keeping at least one group.
func spread(n int, f Fractions) []string {
	test, val := int(math.Round(f.Test*float64(n))), int(math.Round(f.Validation*float64(n)))
	for n > 0 && test+val > n-1 {
		if test >= val {
			test--
		} else {
			val--
		}
	}
	out := make([]string, n)
	// Each share accrues by its count per group and takes a group when it
	// reaches n; validation starts half a turn ahead so the two rarely want
	// the same group (the one that waits takes the next).
	accTest, accVal, gotVal := 0, n/2, 0
	for i := range out {
		accTest, accVal = accTest+test, accVal+val
		out[i] = SplitTrain
		switch {
		case accTest >= n:
			accTest -= n
			out[i] = SplitTest
		case accVal >= n && gotVal < val:
			accVal -= n
			out[i], gotVal = SplitValidation, gotVal+1
		}
	}
	// A validation turn deferred at the very end goes to the last train group.
	for i := n - 1; i >= 0 && gotVal < val; i-- {
		if out[i] == SplitTrain {
			out[i], gotVal = SplitValidation, gotVal+1
		}
	}
	return out
}

func (p *Pool) add(split string, items []Item) {
	for i := range items {
		items[i].Split = split
	}
	switch split {
	case SplitValidation:
		p.Validation = append(p.Validation, items...)
	case SplitTest:
		p.Test = append(p.Test, items...)
	default:
		p.Train = append(p.Train, items...)
	}
}

// CheckSplitDuplicates refuses items that name an unknown split, or that
// put one normalized question, or twins (TwinKey), in two splits;
// pointer(i) locates item i (a JSONL line, a request's item) in the error.
func CheckSplitDuplicates(items []Item, pointer func(i int) string) error {
	errs := map[int]evokg.FieldError{}
	for i, it := range items {
		if it.Split != "" && !slices.Contains(Splits, it.Split) {
			errs[i] = evokg.FieldError{Pointer: pointer(i) + "/split", Detail: `must be "train", "validation" or "test"`}
		}
	}
	for _, g := range groupTwins(items) {
		first := -1 // the group's first item that names a split decides
		for _, i := range g {
			switch _, bad := errs[i]; {
			case items[i].Split == "" || bad:
			case first < 0:
				first = i
			case items[i].Split != items[first].Split:
				errs[i] = splitConflict(items, i, first, pointer)
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	var out []evokg.FieldError
	for _, i := range slices.Sorted(maps.Keys(errs)) {
		out = append(out, errs[i])
	}
	return evokg.Invalid(out...)
}

// splitConflict says that item i names another split than item j of its group.
func splitConflict(items []Item, i, j int, pointer func(int) string) evokg.FieldError {
	detail := fmt.Sprintf("question also at %s in split %q: a question is in one split only", pointer(j), items[j].Split)
	if Normalize(items[i].Question) != Normalize(items[j].Question) {
		detail = fmt.Sprintf("twin of the item at %s in split %q (the same task type, numbers and answer, or linked through twins): twins are in one split only",
			pointer(j), items[j].Split)
	}
	return evokg.FieldError{Pointer: pointer(i) + "/split", Detail: detail}
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
