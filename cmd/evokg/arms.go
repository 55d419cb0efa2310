package main

import (
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/experiment"
	"github.com/evokg/evokg/questions"
)

// BenchArmsCmd compares the search arms on a pool's held-out split in a
// namespace that holds memory (an evolved one, such as an experiment
// seed's): each arm's accuracy, and how often two arms showed the learner
// other memories (sets of memory ids). It answers the validation split
// unless --split test asks for the test split.
type BenchArmsCmd struct {
	AppFlags     `embed:""`
	Namespace    string `required:"" help:"Namespace whose memory is searched (for example an experiment seed's, <prefix>-s<seed>)."`
	Pool         string `default:"arith" help:"A built-in pool ('arith', 'digits', 'glyph', 'world') or a JSONL file path."`
	Size         int    `default:"40" help:"Generated pool size, all splits together (as the run that evolved the namespace)."`
	Seed         uint64 `default:"1" help:"Generator and split seed (as the run that evolved the namespace)."`
	Splits       `embed:""`
	Split        string   `default:"validation" enum:"validation,test" help:"Held-out split answered: validation, or test when asked for explicitly."`
	Arms         []string `help:"Search arms compared (default every arm)."`
	Concurrency  int      `default:"4" help:"Learner calls at once."`
	IgnoreSwitch bool     `name:"ignore-switch" help:"Answer with memory even where a task type's memory switch is off, to compare what each arm would give (by default every arm answers a switched-off task type without memory, as /answer does)."`
	JSON         bool     `help:"Print the report as one JSON line."`
}

func (c *BenchArmsCmd) Run(g *Globals) error {
	items, err := c.items()
	if err != nil {
		return err
	}
	a, closeApp, err := openLocal(g, c.AppFlags, true)
	if err != nil {
		return err
	}
	defer closeApp()
	rep, err := experiment.CompareArms(g.Ctx, a.Answer, experiment.ArmsConfig{Namespace: c.Namespace, Items: items,
		Arms: c.Arms, Concurrency: c.Concurrency, IgnoreSwitch: c.IgnoreSwitch})
	if err != nil {
		return err
	}
	rep.Split = c.Split
	if c.JSON {
		return report(os.Stdout, true, rep)
	}
	writeArms(os.Stdout, rep)
	return nil
}

// items are the pool's held-out split, built as an evolution run with the
// same flags builds it.
func (c *BenchArmsCmd) items() ([]questions.Item, error) {
	spec, err := c.Splits.poolSpec(c.Pool, c.Size, c.Seed)
	if err != nil {
		return nil, err
	}
	p := evolution.Params{Namespace: c.Namespace, Pool: spec}.WithDefaults()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	pool, err := p.BuildPool()
	if c.Split == "test" {
		return pool.Test, err
	}
	return pool.Validation, err
}

func writeArms(w io.Writer, r *experiment.ArmsReport) {
	fmt.Fprintf(w, "%s: %d %s items", r.Namespace, r.Items, r.Split)
	switch {
	case r.IgnoreSwitch:
		fmt.Fprint(w, ", answered with memory whatever the memory switches say")
	case r.SwitchedOff > 0:
		fmt.Fprintf(w, ", %d of them answered without memory: their task type's memory switch is off (--ignore-switch)", r.SwitchedOff)
	}
	fmt.Fprint(w, "\n\n")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ARM\tCORRECT\tACCURACY\t95% CI\tMEMORIES/ITEM\tLEARNER CALLS")
	for _, a := range r.Arms {
		fmt.Fprintf(tw, "%s\t%d/%d\t%.3f\t[%.3f, %.3f]\t%.2f\t%d\n", a.Arm, a.Correct, a.Items, a.Accuracy,
			a.CI95[0], a.CI95[1], a.Memories, a.LearnerCalls)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nShare of items whose shown memory ids differ between two arms (and of the items either arm showed memory for):")
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, p := range r.Pairs {
		fmt.Fprintf(tw, "%s\t%s\t%d/%d\t%.2f\t%d/%d\n", p.A, p.B, p.Differ, r.Items, p.Rate, p.Differ, p.WithMemory)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nsmallest pairwise difference: %.2f (target %.2f)\n", r.MinPairRate, armsTarget)
}

// armsTarget is the pairwise difference rate every pair of search arms
// should reach on a mixed pool.
const armsTarget = 0.30
