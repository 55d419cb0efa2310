package questions

import evokg "github.com/evokg/evokg"

// PoolSpec says which questions a run uses (an evolution run, an
// experiment or an epoch run) and how they are split. Zero fields take
// the defaults of the run that uses it; an evolution run's are given here.
type PoolSpec struct {
	// Name is a built-in generator (Builtins) or "inline" (Items).
	Name string `json:"name"`
	// Size is the number of generated items, all splits together. Default
	// 200; a size above what the pool supplies (digits 135, glyph 1,600,
	// world 20,000) takes the whole pool.
	Size int `json:"size,omitempty"`
	// Seed seeds the generator and the split. Default 1.
	Seed uint64 `json:"seed,omitempty"`
	// Validation and Test are the shares of the validation split (which
	// the memory switch decides on) and the test split (only reported).
	// Default 0.2 each; train gets the rest.
	Validation float64 `json:"validation,omitempty"`
	Test       float64 `json:"test,omitempty"`
	// Items are the questions of an inline pool (from a JSONL file); an
	// item that names its split keeps it.
	Items []Item `json:"items,omitempty"`
	// AnswerMode declares every task type of the pool answered in this
	// mode (text, number or expression) at the run's start; empty leaves
	// each task type as it is declared (text unless a client declared it).
	AnswerMode evokg.AnswerMode `json:"answer_mode,omitempty"`
	// Checkers declares these task types' checkers at the run's start (a
	// client declares one with its task type); the others keep theirs.
	Checkers map[string]evokg.Checker `json:"checkers,omitempty"`
}

// Fractions are the shares of the validation and test splits.
func (s PoolSpec) Fractions() Fractions {
	return Fractions{Validation: s.Validation, Test: s.Test}
}

// SourceItems are the pool's items before the split, in order: an inline
// pool's, or those the built-in generator gives.
func (s PoolSpec) SourceItems() ([]Item, error) {
	if PoolName(s.Name) == World {
		return GenerateWorldSplits(s.Size, s.Seed, s.Fractions())
	}
	if IsBuiltin(s.Name) {
		return GenerateBuiltin(s.Name, s.Size, s.Seed)
	}
	return s.Items, nil
}

// Build generates a built-in pool's items (an inline pool has them) and
// puts each in train, validation or test. The world pool's items come
// with their split, by world, at the spec's shares.
func (s PoolSpec) Build() (Pool, error) {
	items, err := s.SourceItems()
	if err != nil {
		return Pool{}, err
	}
	return Split(s.Name, items, s.Fractions(), s.Seed)
}
