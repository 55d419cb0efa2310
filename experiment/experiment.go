// Package experiment measures the learning effect: the test-split accuracy
// of the same frozen learner without memory and with the memory evolved on
// the training split, per seed, each seed in a fresh namespace. Every
// decision by accuracy (the per-task-type memory switch) is taken on the
// validation split during the run; the test split is answered only to be
// reported, and shares no question with the other two. Both arms go
// through the learner layer the API's /answer uses: the memory-off arm
// asks it for no memory and no routing (answer.Question NoMemory,
// NoRouting), the memory arm is what a client gets, memory switch
// included. The difference is reported with a 95% paired bootstrap
// interval over the test items (and McNemar's exact test), beside the
// validation figures the switch decided from, the per-iteration curves,
// the teacher share of model calls and the wall time. A third arm, memory
// off with the bandits' routing on, splits the difference into what memory
// adds and what the evolved routing does.
package experiment

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"time"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/questions"
)

// Defaults of Config.
const (
	DefaultSize       = 40
	DefaultIterations = 2
	DefaultSeeds      = 2
	DefaultResamples  = 10_000
)

// CIMethod names how the interval is computed.
const CIMethod = "paired bootstrap over test items (percentile, 95%)"

// Config is one experiment.
type Config struct {
	// Pool is a built-in pool (pool.Builtins) or "inline" (Items).
	Pool  string
	Items []questions.Item
	// Size of a generated pool, all splits together. Default 40.
	Size int
	// Iterations of each seed's evolution run. Default 2.
	Iterations int
	// Seeds: seeds 1..Seeds, one run and one namespace each. Default 2.
	Seeds int
	// Validation and Test are the shares of the validation and test
	// splits. Default evolution.DefaultValidation and DefaultTest.
	Validation float64
	Test       float64
	// Namespace prefixes each seed's namespace ("<Namespace>-s<seed>"),
	// which must not exist yet.
	Namespace string
	// Concurrency of learner calls, in the runs and the final evaluation.
	// Default evolution.DefaultConcurrency.
	Concurrency int
	// MaxFailuresPerType bounds the failure memories per selected task type
	// and iteration. Default evolution.DefaultMaxFailures.
	MaxFailuresPerType int
	// Resamples of the bootstrap. Default 10,000.
	Resamples int
	// TeacherNoise is the share of the teacher's texts made wrong on
	// purpose (evolution.Params.TeacherNoise).
	TeacherNoise float64
	// ProbationItems and ProbationCalls bound each run's probation
	// (evolution.Params); 0 takes the default.
	ProbationItems, ProbationCalls int
	// AnswerMode declares the pool's task types answered in this mode
	// (questions.PoolSpec); both arms answer in it.
	AnswerMode evokg.AnswerMode
	// Checkers declares these task types' checkers in each seed's
	// namespace (questions.PoolSpec); none by default.
	Checkers map[string]evokg.Checker
	// CalibrationItems is how many validation items each iteration's
	// calibration answers per candidate learner profile (0: none).
	CalibrationItems int
	// Memories are posted into each seed's namespace before its run, as a
	// client posts memories (active at once): worked examples written by
	// a person or a stronger model. None may carry a validation or test
	// item of any seed, nor a twin of one (CheckMemories).
	Memories []evokg.ExperienceInput
}

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.Pool = questions.PoolName(c.Pool)
	c.Size = cmp.Or(c.Size, DefaultSize)
	c.Iterations = cmp.Or(c.Iterations, DefaultIterations)
	c.Seeds = cmp.Or(c.Seeds, DefaultSeeds)
	c.Validation = cmp.Or(c.Validation, evolution.DefaultValidation)
	c.Test = cmp.Or(c.Test, evolution.DefaultTest)
	c.Concurrency = cmp.Or(c.Concurrency, evolution.DefaultConcurrency)
	c.MaxFailuresPerType = cmp.Or(c.MaxFailuresPerType, evolution.DefaultMaxFailures)
	c.Resamples = cmp.Or(c.Resamples, DefaultResamples)
	return c
}

// Validate reports every invalid field by JSON pointer (EINVALID); each
// seed's run parameters are checked again when it starts.
func (c Config) Validate() error {
	var v evokg.FieldErrors
	v.Check(questions.IsBuiltin(c.Pool) || (c.Pool == "inline" && len(c.Items) >= 3), "/pool", `must be "arith", "digits", "glyph", "world", or an inline pool of 3 items or more`)
	v.Check(c.Seeds >= 1 && c.Seeds <= 20, "/seeds", "must be within 1..20")
	v.Check(c.Resamples >= 100, "/resamples", "must be at least 100")
	v.Check(evokg.ValidNamespace(c.Namespace+"-s1"), "/namespace", "not a valid namespace prefix")
	return v.Err()
}

// params are seed's evolution run parameters.
func (c Config) params(seed uint64) evolution.Params {
	spec := questions.PoolSpec{Name: c.Pool, Size: c.Size, Seed: seed, Validation: c.Validation, Test: c.Test, AnswerMode: c.AnswerMode, Checkers: c.Checkers}
	if c.Pool == "inline" {
		spec = questions.PoolSpec{Name: c.Pool, Items: c.Items, Seed: seed, Validation: c.Validation, Test: c.Test, AnswerMode: c.AnswerMode, Checkers: c.Checkers}
	}
	return evolution.Params{Namespace: c.namespace(seed), Pool: spec, Iterations: c.Iterations,
		Concurrency: c.Concurrency, MaxFailuresPerType: c.MaxFailuresPerType, TeacherNoise: c.TeacherNoise,
		ProbationItems: c.ProbationItems, ProbationCalls: c.ProbationCalls, CalibrationItems: c.CalibrationItems}.WithDefaults()
}

func (c Config) namespace(seed uint64) string { return fmt.Sprintf("%s-s%d", c.Namespace, seed) }

// Memory takes a client's memories (*ingest.Service).
type Memory interface {
	IngestEmbedded(ctx context.Context, ns string, req evokg.ExperienceInput, idemKey string) (evokg.IngestReceipt, error)
}

// Answerer is the learner layer (*answer.Service, with the memory switch).
type Answerer interface {
	Answer(ctx context.Context, ns string, q answer.Question) (answer.Reply, error)
}

// Deps are the services an experiment drives.
type Deps struct {
	Engine   *evolution.Engine
	Answerer Answerer
	// Register creates a namespace; it fails (ECONFLICT) when it exists.
	Register func(ctx context.Context, ns string) error
	// Memory takes Config.Memories; needed only when there are some.
	Memory Memory
	// Progress receives each run's progress and the final evaluation's.
	Progress evolution.ProgressFunc
	Logger   *slog.Logger
}

// Run runs the experiment: for each seed a fresh namespace, an evolution
// run on the training split (deciding on the validation split), then the
// test split answered with and without memory. A seed that fails ends the experiment with the seeds
// done so far in the report.
func Run(ctx context.Context, d Deps, c Config) (*Report, error) {
	c = c.WithDefaults()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := c.CheckMemories(func(i int) string { return fmt.Sprintf("/memories/%d", i) }); err != nil {
		return nil, err
	}
	if d.Progress == nil {
		d.Progress = func(evolution.Progress) {}
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	start := time.Now()
	var seeds []SeedResult
	for seed := uint64(1); seed <= uint64(c.Seeds); seed++ {
		s, err := runSeed(ctx, d, c, seed)
		if err != nil {
			return summarize(c, seeds, time.Since(start)), fmt.Errorf("seed %d: %w", seed, err)
		}
		d.Logger.InfoContext(ctx, "experiment seed done", "seed", seed, "namespace", s.Namespace,
			"with_memory", s.WithMemory.Accuracy, "without_memory", s.WithoutMemory.Accuracy)
		seeds = append(seeds, *s)
	}
	return summarize(c, seeds, time.Since(start)), nil
}

// runSeed evolves a fresh namespace with seed and evaluates its test split.
func runSeed(ctx context.Context, d Deps, c Config, seed uint64) (*SeedResult, error) {
	start := time.Now()
	params := c.params(seed)
	pl, err := params.BuildPool()
	if err != nil {
		return nil, err
	}
	if err := d.Register(ctx, params.Namespace); err != nil {
		return nil, fmt.Errorf("namespace %s: %w", params.Namespace, err)
	}
	if err := postMemories(ctx, d, params.Namespace, c.Memories); err != nil {
		return nil, err
	}
	res, err := evolution.RunLocal(ctx, d.Engine, params, d.Progress)
	if err != nil {
		return nil, err
	}
	items, err := evaluate(ctx, d, res.Run, pl.Test, baselineProfile(res), c.Concurrency)
	if err != nil {
		return nil, fmt.Errorf("test evaluation: %w", err)
	}
	return newSeedResult(seed, res, pl.Sizes(), items, time.Since(start)), nil
}

// baselineProfile is the profile res's last iteration answered without
// memory under, nil when the run kept no profile.
func baselineProfile(res *evolution.Result) *evokg.LearnerProfile {
	if n := len(res.Metrics); n > 0 && res.Metrics[n-1].BaselineProfile.Render != "" {
		return &res.Metrics[n-1].BaselineProfile
	}
	return nil
}
