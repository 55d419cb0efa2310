package evolution

import (
	"fmt"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/settings"
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
//
// A cap's tags declare its command-line flag (cmd/evokg embeds Limits with
// the prefix "evolution-"), its environment variable, its default and its
// help; WithDefaults fills zero fields from the same defaults.
type Limits struct {
	// MaxIterations caps a run's iterations N.
	MaxIterations int `name:"max-iterations" env:"EVOKG_EVOLUTION_MAX_ITERATIONS" default:"50" help:"Cap on the iterations of one evolution run (API and evolve)."`
	// MaxPoolSize caps a run's questions, evolution pool and held-out split
	// together (the generated size or the inline items).
	MaxPoolSize int `name:"max-pool-size" env:"EVOKG_EVOLUTION_MAX_POOL_SIZE" default:"1000" help:"Cap on the questions of one evolution run, held-out split included (API and evolve)."`
	// RunsPerWorker is how many runs one worker process executes at once.
	RunsPerWorker int `name:"runs-per-worker" env:"EVOKG_EVOLUTION_RUNS_PER_WORKER" default:"1" help:"Evolution runs one worker process executes at once; the others wait queued."`
}

// Defaults of Limits, as its tags declare them.
var (
	DefaultMaxRunIterations = settings.Default[int](Limits{}, "MaxIterations")
	DefaultMaxRunPool       = settings.Default[int](Limits{}, "MaxPoolSize")
	DefaultRunsPerWorker    = settings.Default[int](Limits{}, "RunsPerWorker")
)

// WithDefaults returns l with zero fields set to their defaults.
func (l Limits) WithDefaults() Limits {
	settings.Fill(&l)
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
