package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/tasks"
)

// EpochsCmd runs a pool through the task workflow for several epochs in this process:
// an epoch run as POST epoch-runs starts, executed here instead of by a worker.
type EpochsCmd struct {
	AppFlags      `embed:""`
	Namespace     string  `required:"" help:"Namespace whose memory the tasks read and write."`
	Pool          string  `default:"arith" help:"Question pool: a built-in generator ('arith', 'digits', 'glyph') or a JSONL file path ({id, question, answer, task_type?, context?} per line); each item is a task graded by normalized match against its answer."`
	Size          int     `default:"20" help:"Generated pool size, all splits together."`
	Seed          uint64  `default:"1" help:"Generator and split seed."`
	Epochs        int     `default:"3" help:"Epochs E (1..20): the training split goes through PRGII once per epoch, memory growing."`
	MaxIterations int     `name:"max-iterations" help:"Attempts J per task (0: the validator's default, 10)."`
	Frozen        bool    `help:"After the epochs, evaluate the test split with memory frozen (no ingest): transfer."`
	Validation    float64 `default:"0.2" help:"Validation fraction, as an evolution run's: never trained on nor tested. An epoch run decides nothing by accuracy; a decision would read this split, never the test split. 0 makes none."`
	Test          float64 `name:"test" aliases:"held-out" default:"0.2" help:"Test fraction (evaluated only with --frozen; never trained on). --held-out, its former name, is still accepted."`
	JSON          bool    `help:"Print the run (as GET epoch-runs/{id} shows it) as one JSON object on the last line."`
	NoWorker      bool    `name:"no-worker" help:"Do not work ingest and projection jobs in this process (a separate 'evokg worker' must run)."`
}

func (c *EpochsCmd) Run(g *Globals) error {
	params, err := c.params()
	if err != nil {
		return err
	}
	sizes, err := params.Splits()
	if err != nil {
		return err
	}
	a, closeApp, err := openLocal(g, c.AppFlags, c.NoWorker)
	if err != nil {
		return err
	}
	defer closeApp()
	if err := registerNamespace(g.Ctx, a.Pool, c.Namespace, "epochs"); err != nil {
		return err
	}
	run, err := a.Tasks.RunLocal(g.Ctx, c.Namespace, params, func(m evokg.EpochMetrics) {
		fmt.Fprintf(os.Stderr, "epoch %d: SR %.3f CSR %.3f mean attempts %.2f first-attempt %.3f\n", m.Epoch, m.SR, m.CSR, m.MeanIterations, m.FirstAttemptShare)
	})
	if run == nil {
		return err
	}
	writeSplits(os.Stdout, sizes, run.Frozen)
	writeEpochs(os.Stdout, *run)
	if c.JSON {
		if jerr := json.NewEncoder(os.Stdout).Encode(run); jerr != nil && err == nil {
			err = jerr
		}
	}
	return err
}

// params names a built-in pool, or loads a JSONL pool and splits it.
func (c *EpochsCmd) params() (tasks.RunParams, error) {
	p := tasks.RunParams{Pool: questions.PoolSpec{Name: c.Pool, Size: c.Size, Seed: c.Seed, Validation: c.Validation, Test: c.Test}, Epochs: c.Epochs,
		MaxIterations: c.MaxIterations, Frozen: c.Frozen}
	if questions.IsBuiltin(c.Pool) {
		return p, nil
	}
	items, err := loadPool(c.Pool)
	p.Pool.Size, p.Pool.Items = 0, items
	return p, err
}

// writeSplits prints what each split of an epoch run's pool is for.
func writeSplits(w io.Writer, s questions.Sizes, frozen bool) {
	test := "held out (not --frozen)"
	if frozen {
		test = "the frozen row"
	}
	fmt.Fprintf(w, "splits: train %d (the epochs), validation %d (held out; no decision by accuracy), test %d (%s)\n",
		s.Train, s.Validation, s.Test, test)
}

// writeEpochs prints one row per epoch (and the frozen test row).
func writeEpochs(w io.Writer, run evokg.EpochRun) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "epoch\ttasks\tsolved\tSR\tCSR\tmean attempts\tfirst-attempt")
	rows := run.Metrics
	if run.FrozenResult != nil {
		rows = append(rows, *run.FrozenResult)
	}
	for _, m := range rows {
		label := fmt.Sprint(m.Epoch)
		if m.Frozen {
			label = "test (frozen)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.3f\t%.3f\t%.2f\t%.3f\n", label, m.Tasks, m.Solved, m.SR, m.CSR, m.MeanIterations, m.FirstAttemptShare)
	}
	_ = tw.Flush()
}
