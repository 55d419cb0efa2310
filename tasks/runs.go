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
)

// RunParams configures an epoch run. Its pool's training split goes
// through the tasks every epoch; its test split (Pool.Test, never trained
// on) is evaluated once when Frozen. An epoch run uses no validation split.
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

// split returns the training items and the test ones, each field error
// naming the request's member.
func (p RunParams) split() (training, test []questions.Item, err error) {
	if err := p.validate(); err != nil {
		return nil, nil, err
	}
	s, err := p.Pool.Build()
	if err != nil {
		return nil, nil, underPool(err)
	}
	training, test = s.Train, s.Test
	if len(p.Pool.Items) == 0 && p.Frozen && len(test) == 0 && len(training) > 1 {
		// The frozen evaluation tests at least one item.
		training, test = training[:len(training)-1], training[len(training)-1:]
	}
	var v evokg.FieldErrors
	v.Check(len(training) > 0, "/pool/size", "leaves no training item")
	v.Check(!p.Frozen || len(test) > 0, "/test", fmt.Sprintf("tests no item of the pool's %d: frozen needs a test split", len(training)+len(test)))
	return training, test, v.Err()
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
