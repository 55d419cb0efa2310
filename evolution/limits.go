package evolution

import (
	"fmt"

	evokg "github.com/evokg/evokg"
)

// Queue is the River queue of evolution run jobs. A worker process works it
// with Limits.RunsPerWorker workers: that many runs at most execute in one
// process at once, and the others wait queued.
const Queue = "evolution"

// Limits are the admission caps on evolution runs. Service.Start and
// RunLocal refuse a run over a cap with evokg.ELIMIT, naming the parameter
// by JSON pointer; on top of them, one namespace has at most one active
// (queued or running) run, which the database enforces. The defaults fit one
// machine with 2 cores shared with Postgres and Neo4j.
type Limits struct {
	// MaxIterations caps a run's iterations N. Default 50.
	MaxIterations int
	// MaxPoolSize caps a run's questions, evolution pool and held-out split
	// together (the generated size or the inline items). Default 1000.
	MaxPoolSize int
	// RunsPerWorker is how many runs one worker process executes at once.
	// Default 1.
	RunsPerWorker int
}

// Defaults of Limits.
const (
	DefaultMaxRunIterations = 50
	DefaultMaxRunPool       = 1000
	DefaultRunsPerWorker    = 1
)

// WithDefaults returns l with zero fields set to their defaults.
func (l Limits) WithDefaults() Limits {
	if l.MaxIterations == 0 {
		l.MaxIterations = DefaultMaxRunIterations
	}
	if l.MaxPoolSize == 0 {
		l.MaxPoolSize = DefaultMaxRunPool
	}
	if l.RunsPerWorker == 0 {
		l.RunsPerWorker = DefaultRunsPerWorker
	}
	return l
}

// Validate reports a cap outside what a run can use at all.
func (l Limits) Validate() error {
	switch {
	case l.MaxIterations < 1 || l.MaxIterations > MaxIterations:
		return fmt.Errorf("evolution: max iterations per run %d, need 1..%d", l.MaxIterations, MaxIterations)
	case l.MaxPoolSize < 2 || l.MaxPoolSize > MaxPoolSize:
		return fmt.Errorf("evolution: max pool size %d, need 2..%d", l.MaxPoolSize, MaxPoolSize)
	case l.RunsPerWorker < 1:
		return fmt.Errorf("evolution: runs per worker %d, need at least 1", l.RunsPerWorker)
	}
	return nil
}

// admit checks p (with its defaults applied) against the caps.
func (l Limits) admit(p Params) error {
	var fields []evokg.FieldError
	if p.Iterations > l.MaxIterations {
		fields = append(fields, evokg.FieldError{Pointer: "/iterations",
			Detail: fmt.Sprintf("%d is over the cap max_iterations = %d iterations per run", p.Iterations, l.MaxIterations)})
	}
	size, pointer := p.Pool.Size, "/pool/size"
	if p.Pool.Name == "inline" {
		size, pointer = len(p.Pool.Items), "/pool/items"
	}
	if size > l.MaxPoolSize {
		fields = append(fields, evokg.FieldError{Pointer: pointer,
			Detail: fmt.Sprintf("%d questions is over the cap max_pool_size = %d questions per run", size, l.MaxPoolSize)})
	}
	if len(fields) == 0 {
		return nil
	}
	return &evokg.Error{Code: evokg.ELIMIT, Message: "the evolution run is over a configured cap", Fields: fields}
}
