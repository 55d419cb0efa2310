package main

import (
	"fmt"
	"os"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/questions"
)

// CalibrateCmd chooses a namespace's learner profile on demand: it answers
// validation items of a pool with each candidate profile, as an evolution
// run does at the start of every iteration, and stores the best.
type CalibrateCmd struct {
	AppFlags   `embed:""`
	Namespace  string `required:"" help:"Namespace whose learner profile to calibrate (its memory is what the candidates render)."`
	Pool       string `default:"arith" help:"Question pool whose validation split is answered: a built-in one ('arith', 'digits', 'glyph', 'env') or a JSONL file path."`
	Size       int    `default:"200" help:"Generated pool size, all splits together."`
	Seed       uint64 `default:"1" help:"Generator and split seed: the same as the run's, so no training or test item is answered."`
	Splits     `embed:""`
	Items      int    `default:"12" help:"Validation items answered with each candidate."`
	AnswerMode string `name:"answer-mode" enum:",text,number,expression" default:"" help:"Declare the pool's task types answered in this mode first; empty keeps their declarations."`
}

func (c *CalibrateCmd) Run(g *Globals) error {
	spec, err := c.Splits.poolSpec(c.Pool, c.Size, c.Seed)
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
	a, closeApp, err := openLocal(g, c.AppFlags, true)
	if err != nil {
		return err
	}
	defer closeApp()
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
	fmt.Printf("learner profile of %s in %s: %s\n", sp.Model, sp.Namespace, sp.Profile.Name())
	writeCalibration(os.Stdout, sp.Calibration)
	return nil
}
