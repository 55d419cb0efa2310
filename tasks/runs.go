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
	// MaxPoolSize bounds a run's pool, training and held-out together.
	MaxPoolSize = 500
	// DefaultPoolSize is a generated pool's size.
	DefaultPoolSize = 20
	// DefaultHeldOut is the held-out fraction of a generated pool.
	DefaultHeldOut = 0.2
)

// PoolSpec says which items a run sends through PRGII: a built-in
// generator's pool, split by HeldOut, or items given already split (a
// JSONL pool the CLI loaded).
type PoolSpec struct {
	Name         string           `json:"name"`
	Size         int              `json:"size,omitempty"`
	Seed         uint64           `json:"seed,omitempty"`
	Items        []questions.Item `json:"items,omitempty"`
	HeldOutItems []questions.Item `json:"held_out_items,omitempty"`
}

// RunParams configures an epoch run.
type RunParams struct {
	Pool   PoolSpec `json:"pool"`
	Epochs int      `json:"epochs"`
	// MaxIterations is J; 0 takes the validator's default.
	MaxIterations int `json:"max_iterations,omitempty"`
	// Frozen evaluates the held-out split once after the epochs with
	// memory frozen (no ingest): APEX-EM's transfer setting.
	Frozen bool `json:"frozen,omitempty"`
	// HeldOut is the held-out fraction of a generated pool (never trained
	// on; evaluated only when Frozen).
	HeldOut float64 `json:"held_out"`
}

// withDefaults fills a generated pool's size and seed; a size above what
// the pool supplies takes the whole pool (the run shows the size used).
func (p RunParams) withDefaults() RunParams {
	if len(p.Pool.Items) == 0 {
		p.Pool.Size = cmp.Or(p.Pool.Size, DefaultPoolSize)
		if s := questions.Supply(p.Pool.Name); s > 0 && p.Pool.Size > s && p.Pool.Size <= MaxPoolSize {
			p.Pool.Size = s
		}
	}
	p.Pool.Seed = cmp.Or(p.Pool.Seed, 1)
	return p
}

// split returns the training items and the held-out ones, each field
// error naming the request's member.
func (p RunParams) split() (training, heldOut []questions.Item, err error) {
	if err := p.validate(); err != nil {
		return nil, nil, err
	}
	if len(p.Pool.Items) > 0 {
		training, heldOut = p.Pool.Items, p.Pool.HeldOutItems
	} else {
		items, err := questions.GenerateBuiltin(p.Pool.Name, p.Pool.Size, p.Pool.Seed)
		if err != nil {
			return nil, nil, underPool(err)
		}
		s, err := questions.Split(p.Pool.Name, items, questions.Fractions{Test: p.HeldOut}, p.Pool.Seed)
		if err != nil {
			return nil, nil, err
		}
		training, heldOut = s.Train, s.Test
		if p.Frozen && len(heldOut) == 0 && len(training) > 1 {
			// The frozen evaluation holds out at least one item.
			training, heldOut = training[:len(training)-1], training[len(training)-1:]
		}
	}
	var v evokg.FieldErrors
	v.Check(len(training) > 0, "/pool/size", "leaves no training item")
	v.Check(!p.Frozen || len(heldOut) > 0, "/held_out", fmt.Sprintf("holds out no item of the pool's %d: frozen needs a held-out split", len(training)+len(heldOut)))
	return training, heldOut, v.Err()
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
	v.Check(len(p.Pool.Items)+len(p.Pool.HeldOutItems) <= MaxPoolSize, "/pool/items", fmt.Sprintf("at most %d items", MaxPoolSize))
	v.Check(p.Epochs >= 1 && p.Epochs <= MaxEpochs, "/epochs", fmt.Sprintf("must be within 1..%d", MaxEpochs))
	v.Check(p.MaxIterations >= 0 && p.MaxIterations <= validate.MaxIterations, "/max_iterations",
		fmt.Sprintf("must be within 1..%d", validate.MaxIterations))
	v.Check(p.HeldOut >= 0 && p.HeldOut < 1, "/held_out", "must be within [0, 1)")
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
