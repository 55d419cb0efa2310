package tasks

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/validate"
)

// Epoch run bounds and defaults.
const (
	// MaxEpochs bounds an epoch run's epochs.
	MaxEpochs = 20
	// MaxPoolSize bounds a run's pool, every split together.
	MaxPoolSize = 500
	// DefaultPoolSize is a generated pool's size.
	DefaultPoolSize = 20
	// DefaultTest is the test fraction of a generated pool.
	DefaultTest = 0.2
	// DefaultValidation is the validation fraction of a pool, as an
	// evolution run's (evolution.DefaultValidation).
	DefaultValidation = 0.2
)

// RunParams configures an epoch run. Its pool's training split goes
// through the tasks every epoch; its test split (Pool.Test, never trained
// on) is evaluated once when Frozen. Its validation split (Pool.Validation)
// is neither trained on nor tested: an epoch run takes no decision by
// accuracy (each task's attempts read only that task's validator), and one
// it came to take would read this split, never the test split.
type RunParams struct {
	Pool   questions.PoolSpec `json:"pool"`
	Epochs int                `json:"epochs"`
	// MaxIterations is J; 0 takes the validator's default.
	MaxIterations int `json:"max_iterations,omitempty"`
	// Frozen evaluates the test split once after the epochs with memory
	// frozen (no ingest): APEX-EM's transfer setting.
	Frozen bool `json:"frozen,omitempty"`
	// FormerHeldOut is the test fraction as the previous release stored a
	// run's parameters; withDefaults moves it into Pool.Test. Remove it in
	// the release after.
	FormerHeldOut *float64 `json:"held_out,omitempty"`
}

// withDefaults fills a generated pool's size and seed; a size above what
// the pool supplies takes the whole pool (the run shows the size used).
func (p RunParams) withDefaults() RunParams {
	if p.FormerHeldOut != nil {
		p.Pool.Test, p.FormerHeldOut = *p.FormerHeldOut, nil
	}
	p.Pool.Name = questions.PoolName(p.Pool.Name)
	if len(p.Pool.Items) == 0 {
		p.Pool.Size = cmp.Or(p.Pool.Size, DefaultPoolSize)
		if s := questions.Supply(p.Pool.Name); s > 0 && p.Pool.Size > s && p.Pool.Size <= MaxPoolSize {
			p.Pool.Size = s
		}
	}
	p.Pool.Seed = cmp.Or(p.Pool.Seed, 1)
	return p
}

// split returns the pool split three ways, each field error naming the
// request's member.
func (p RunParams) split() (questions.Pool, error) {
	if err := p.validate(); err != nil {
		return questions.Pool{}, err
	}
	s, err := p.Pool.Build()
	if err != nil {
		return questions.Pool{}, underPool(err)
	}
	if len(p.Pool.Items) == 0 && p.Frozen && len(s.Test) == 0 && len(s.Train) > 1 {
		// The frozen evaluation tests at least one item.
		last := s.Train[len(s.Train)-1]
		last.Split = questions.SplitTest
		s.Train, s.Test = s.Train[:len(s.Train)-1], []questions.Item{last}
	}
	var v evokg.FieldErrors
	n := len(s.Train) + len(s.Validation) + len(s.Test)
	v.Check(len(s.Train) > 0, "/pool/size", "leaves no training item")
	v.Check(!p.Frozen || len(s.Test) > 0, "/test", fmt.Sprintf("tests no item of the pool's %d: frozen needs a test split", n))
	return s, v.Err()
}

// Splits returns how many items each split of the run's pool holds.
func (p RunParams) Splits() (questions.Sizes, error) {
	s, err := p.withDefaults().split()
	return s.Sizes(), err
}

// RunPools are the generators an epoch run takes (env episodes are graded
// by playing them, not by matching an answer).
var RunPools = []string{questions.Arith, questions.Digits, questions.Glyph}

func (p RunParams) validate() error {
	var v evokg.FieldErrors
	inline := len(p.Pool.Items) > 0
	if !inline {
		v.Check(isRunPool(p.Pool.Name), "/pool/name", "must be "+quoted(RunPools))
		v.Check(p.Pool.Size >= 2 && p.Pool.Size <= MaxPoolSize, "/pool/size", fmt.Sprintf("must be within 2..%d", MaxPoolSize))
	}
	v.Check(len(p.Pool.Items) <= MaxPoolSize, "/pool/items", fmt.Sprintf("at most %d items", MaxPoolSize))
	v.Check(p.Epochs >= 1 && p.Epochs <= MaxEpochs, "/epochs", fmt.Sprintf("must be within 1..%d", MaxEpochs))
	v.Check(p.MaxIterations >= 0 && p.MaxIterations <= validate.MaxIterations, "/max_iterations",
		fmt.Sprintf("must be within 1..%d", validate.MaxIterations))
	v.Check(p.Pool.Test >= 0 && p.Pool.Test < 1, "/test", "must be within [0, 1)")
	v.Check(p.Pool.Validation >= 0 && p.Pool.Validation < 1, "/validation", "must be within [0, 1)")
	v.Check(p.Pool.Validation+p.Pool.Test < 1, "/validation", "validation + test must leave items to train on (sum below 1)")
	return v.Err()
}

func isRunPool(name string) bool { return slices.Contains(RunPools, name) }

// underPool points a generator's field errors (/size) into the request's
// pool member (/pool/size).
func underPool(err error) error {
	var de *evokg.Error
	if !errors.As(err, &de) || len(de.Fields) == 0 {
		return err
	}
	out := *de
	out.Fields = make([]evokg.FieldError, len(de.Fields))
	for i, f := range de.Fields {
		f.Pointer = "/pool" + f.Pointer
		out.Fields[i] = f
	}
	return &out
}

func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = `"` + n + `"`
	}
	return strings.Join(q, ", ")
}
