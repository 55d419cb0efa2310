package main

import (
	"context"
	"fmt"
	"os"
	"slices"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/questions"
)

// CalibrateCmd chooses a namespace's learner profile on demand: it answers
// validation items of a run's pool with each candidate profile, as an
// evolution run does at the start of every iteration, and stores the best.
// With a run, it answers only that run's validation split: no item the
// run trains or tests on.
type CalibrateCmd struct {
	AppFlags   `embed:""`
	Namespace  string   `required:"" help:"Namespace whose learner profile to calibrate (its memory is what the candidates render)."`
	RunID      string   `name:"run" help:"Evolution run of the namespace whose validation split is answered: its pool, size, seed and shares. Default the namespace's newest run; a pool flag that differs from the run's is refused."`
	Pool       *string  `help:"Question pool, for a namespace with no run: a built-in one ('arith', 'digits', 'glyph', 'world') or a JSONL file path (default arith). With a run, it must be the run's."`
	Size       *int     `help:"Generated pool size, all splits together (default 200). With a run, it must be the run's."`
	Seed       *uint64  `help:"Generator and split seed (default 1). With a run, it must be the run's."`
	Validation *float64 `help:"Validation share (default 0.2). With a run, it must be the run's."`
	Test       *float64 `help:"Test share (default 0.2). With a run, it must be the run's."`
	Items      int      `default:"12" help:"Validation items answered with each candidate."`
	AnswerMode string   `name:"answer-mode" enum:",text,number,expression" default:"" help:"Declare the pool's task types answered in this mode first; empty keeps their declarations."`
}

func (c *CalibrateCmd) Run(g *Globals) error {
	a, closeApp, err := openLocal(g, c.AppFlags, true)
	if err != nil {
		return err
	}
	defer closeApp()
	run, err := c.run(g.Ctx, a)
	if err != nil {
		return err
	}
	spec, err := c.poolSpec(run)
	if err != nil {
		return err
	}
	params := evolution.Params{Namespace: c.Namespace, Pool: spec, CalibrationItems: c.Items}.WithDefaults()
	if err := params.Validate(); err != nil {
		return err
	}
	pl, err := params.BuildPool()
	if err != nil {
		return err
	}
	if c.AnswerMode != "" {
		for _, t := range questions.TaskTypes(pl.Validation) {
			if _, err := a.Graph.DeclareTaskType(g.Ctx, c.Namespace, t, "", evokg.AnswerSpec{Mode: evokg.AnswerMode(c.AnswerMode)}); err != nil {
				return err
			}
		}
	}
	current, err := a.Profiles.Profile(g.Ctx, c.Namespace, a.Answer.Model())
	if err != nil {
		return err
	}
	sp, err := profile.Calibrate(g.Ctx, a.Answer, questions.Grader{}, c.Namespace, evolution.CalibrationSample(pl.Validation, c.Items),
		profile.CandidatesFrom(current))
	if err != nil {
		return err
	}
	if sp, err = a.Profiles.Put(g.Ctx, sp); err != nil {
		return err
	}
	fmt.Printf("learner profile of %s in %s: %s (validation split of pool %s, size %d, seed %d)\n",
		sp.Model, sp.Namespace, sp.Profile.Name(), spec.Name, len(pl.Train)+len(pl.Validation)+len(pl.Test), spec.Seed)
	writeCalibration(os.Stdout, sp.Calibration)
	return nil
}

// run returns the pool of the run calibrate answers (--run, or the
// namespace's newest run), nil when the namespace has none.
func (c *CalibrateCmd) run(ctx context.Context, a *app.App) (*questions.PoolSpec, error) {
	id := uuid.Nil
	if c.RunID != "" {
		var err error
		if id, err = uuid.Parse(c.RunID); err != nil {
			return nil, evokg.Invalid(evokg.FieldError{Pointer: "/run", Detail: "not a run id: " + err.Error()})
		}
	}
	p, found, err := a.Engine.RunParams(ctx, c.Namespace, id)
	if err != nil || !found {
		return nil, err
	}
	return &p.Pool, nil
}

// poolSpec is the pool calibrate answers the validation split of: run's
// (nil: the namespace has no run), every pool flag given checked against
// it, or the flags' own.
func (c *CalibrateCmd) poolSpec(run *questions.PoolSpec) (questions.PoolSpec, error) {
	if run == nil {
		splits := Splits{Validation: deref(c.Validation, evolution.DefaultValidation), Test: deref(c.Test, evolution.DefaultTest)}
		spec, err := splits.poolSpec(deref(c.Pool, questions.Arith), deref(c.Size, evolution.DefaultPoolSize), deref(c.Seed, 1))
		return evolution.Params{Pool: spec}.WithDefaults().Pool, err
	}
	var v evokg.FieldErrors
	which := "the namespace's newest run"
	if c.RunID != "" {
		which = "run " + c.RunID
	}
	check := func(same bool, pointer, flag string, given, runs any) {
		v.Check(same, pointer, fmt.Sprintf("--%s %v: %s has %v; calibrate answers the run's validation split only", flag, given, which, runs))
	}
	if c.Pool != nil {
		spec, err := Splits{}.poolSpec(*c.Pool, run.Size, run.Seed)
		if err != nil {
			return *run, err
		}
		spec = evolution.Params{Pool: spec}.WithDefaults().Pool
		check(spec.Name == run.Name && slices.EqualFunc(spec.Items, run.Items, sameItem), "/pool/name", "pool", *c.Pool, run.Name)
	}
	if c.Size != nil { // as the run took it: a size above the pool's supply is the supply
		size := evolution.Params{Pool: questions.PoolSpec{Name: run.Name, Size: *c.Size, Seed: run.Seed, Items: run.Items}}.WithDefaults().Pool.Size
		check(size == run.Size, "/pool/size", "size", *c.Size, run.Size)
	}
	if c.Seed != nil {
		check(*c.Seed == run.Seed, "/pool/seed", "seed", *c.Seed, run.Seed)
	}
	if c.Validation != nil {
		check(*c.Validation == run.Validation, "/pool/validation", "validation", *c.Validation, run.Validation)
	}
	if c.Test != nil {
		check(*c.Test == run.Test, "/pool/test", "test", *c.Test, run.Test)
	}
	return *run, v.Err()
}

// sameItem reports whether a pool file's item is the run's.
func sameItem(a, b questions.Item) bool {
	return a.ID == b.ID && a.Question == b.Question && a.Answer == b.Answer && a.TaskType == b.TaskType && a.Split == b.Split
}

func deref[T any](p *T, otherwise T) T {
	if p == nil {
		return otherwise
	}
	return *p
}
