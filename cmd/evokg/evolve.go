package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/schollz/progressbar/v3"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
)

// EvolveCmd runs a MAGE evolution run in this process.
type EvolveCmd struct {
	AppFlags        `embed:""`
	Namespace       string `required:"" help:"Namespace to evolve."`
	Pool            string `default:"arith" help:"Question pool: a built-in generator ('arith', 'digits', 'glyph', 'world': episodes of the built-in text environment, explored by the Explorer) or a JSONL file path ({id, question, answer, task_type?, context?} per line)."`
	Size            int    `default:"200" help:"Generated pool size, all splits together."`
	Seed            uint64 `default:"1" help:"Generator and split seed."`
	Splits          `embed:""`
	ProbationBounds `embed:""`
	Answering       `embed:""`
	Iterations      int    `default:"20" help:"Iterations N."`
	Plot            string `help:"Where to write the plot of accuracy and memory growth: .svg or .png (default evolve-<namespace>.svg)."`
	JSON            bool   `help:"Print the per-iteration metrics as one JSON object on the last line."`
	NoWorker        bool   `name:"no-worker" help:"Do not work ingest jobs in this process (a separate 'evokg worker' must run)."`
}

func (c *EvolveCmd) Run(g *Globals) error {
	params, err := c.params(g.Ctx)
	if err != nil {
		return err
	}
	a, closeApp, err := openLocal(g, c.AppFlags, c.NoWorker)
	if err != nil {
		return err
	}
	defer closeApp()
	if err := registerNamespace(g.Ctx, a.Pool, c.Namespace, "evolve"); err != nil {
		return c.fail(nil, err)
	}
	bar := newRunBar(os.Stderr, params.Iterations)
	res, err := evolution.RunLocal(g.Ctx, a.Engine, params, bar.update)
	bar.finish()
	if err != nil {
		return c.fail(res, err)
	}
	return c.report(res)
}

// fail reports a run that did not succeed: the table of the iterations it
// completed and, with --json, a last line naming the reason.
func (c *EvolveCmd) fail(res *evolution.Result, err error) error {
	reason := evokg.ErrorMessage(err)
	var domain *evokg.Error
	if !errors.As(err, &domain) {
		reason = err.Error()
	}
	status := evokg.RunFailed
	if errors.Is(err, context.Canceled) {
		status = evokg.RunCancelled // RunLocal records an interrupted run so
	}
	out := map[string]any{"namespace": c.Namespace, "status": status, "error": reason,
		"iterations": []evolution.Metrics{}}
	if res != nil && res.Run != nil {
		writeTable(os.Stdout, res.Metrics)
		out["run_id"], out["status"], out["iterations"] = res.Run.ID, res.Run.Status, res.Metrics
		if res.Run.Error != "" {
			out["error"] = res.Run.Error
		}
	}
	if c.JSON {
		if jerr := json.NewEncoder(os.Stdout).Encode(out); jerr != nil {
			return errors.Join(err, jerr)
		}
	}
	return err
}

func (c *EvolveCmd) params(ctx context.Context) (evolution.Params, error) {
	spec, err := c.Splits.poolSpec(c.Pool, c.Size, c.Seed)
	if err != nil {
		return evolution.Params{}, err
	}
	spec.AnswerMode = evokg.AnswerMode(c.AnswerMode)
	if spec.Checkers, err = c.checkers(ctx); err != nil {
		return evolution.Params{}, err
	}
	p := evolution.Params{Namespace: c.Namespace, Pool: spec, Iterations: c.Iterations,
		ProbationItems: c.ProbationBounds.Items, ProbationCalls: c.ProbationBounds.Calls, CalibrationItems: c.CalibrationItems}.WithDefaults()
	return p, p.Validate()
}

func (c *EvolveCmd) report(res *evolution.Result) error {
	writeTable(os.Stdout, res.Metrics)
	path := c.Plot
	if path == "" {
		path = "evolve-" + c.Namespace + ".svg"
	}
	if err := writePlot(path, res.Metrics); err != nil {
		return err
	}
	fmt.Printf("run %s: %s; plot written to %s\n", res.Run.ID, res.Run.Status, path)
	if c.JSON {
		return json.NewEncoder(os.Stdout).Encode(map[string]any{"run_id": res.Run.ID, "namespace": c.Namespace,
			"status": res.Run.Status, "iterations": res.Metrics})
	}
	return nil
}

func writePlot(path string, metrics []evolution.Metrics) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	format := evolution.FormatSVG
	if strings.HasSuffix(strings.ToLower(path), ".png") {
		format = evolution.FormatPNG
	}
	if err := evolution.Plot(metrics, f, format); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func writeTable(w io.Writer, metrics []evolution.Metrics) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "ITER\tTRAIN\tVALIDATION\tTEST\tTEST NO MEMORY\tFLIPS\tSUCCESS\tFAILURE\tPRINCIPLES\tTEACHER\tLEARNER\tSHARE\tINVALID\tFAILED\tROLLBACK\tOPERATION\tSECONDS\t")
	for _, m := range metrics {
		rollback := "-"
		if m.Rollback {
			rollback = m.RollbackKind
		}
		fmt.Fprintf(tw, "%d\t%.3f\t%.3f\t%.3f\t%.3f\t%d\t%d\t%d\t%d\t%d\t%d\t%.3f\t%d\t%d\t%s\t%s\t%.1f\t\n", m.Iteration, m.Accuracy,
			m.Validation.Accuracy, m.Test.Accuracy, m.Test.WithoutMemory, m.Flips, m.Memories.Success, m.Memories.Failure, m.Memories.Principles, m.TeacherCalls,
			m.LearnerCalls, m.TeacherShare, m.InvalidReplies, m.FailedItems, rollback, m.Operation, m.Durations.Total)
	}
	tw.Flush()
}

// runBar shows iteration, item and running accuracy.
type runBar struct {
	mu         sync.Mutex
	w          io.Writer
	iterations int
	bar        *progressbar.ProgressBar
	key        string
}

func newRunBar(w io.Writer, iterations int) *runBar { return &runBar{w: w, iterations: iterations} }

func (b *runBar) update(p evolution.Progress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	key := fmt.Sprintf("%d/%s", p.Iteration, p.Phase)
	if key != b.key || b.bar == nil {
		b.finishLocked()
		b.key = key
		b.bar = progressbar.NewOptions(max(p.Items, 1), progressbar.OptionSetWriter(b.w),
			progressbar.OptionShowCount(), progressbar.OptionSetWidth(30), progressbar.OptionClearOnFinish())
	}
	b.bar.Describe(fmt.Sprintf("iteration %d/%d %-9s acc %.3f", p.Iteration, b.iterations, phaseName(p.Phase), p.Accuracy))
	_ = b.bar.Set(p.Item)
}

func phaseName(p string) string { return strings.ReplaceAll(p, "_", "-") }

func (b *runBar) finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.finishLocked()
}

func (b *runBar) finishLocked() {
	if b.bar != nil {
		_ = b.bar.Finish()
		b.bar = nil
	}
}

// openLocal opens the process of a run that evolves in process (evolve,
// experiment): it works ingest jobs too unless noWorker, so harvested
// memories reach the graph. The returned function stops and closes it.
func openLocal(g *Globals, flags AppFlags, noWorker bool) (*app.App, func(), error) {
	a, err := flags.Open(g.Ctx, app.ModeIngest, g.Logger)
	if err != nil {
		return nil, nil, err
	}
	a.ReportModelServer(g.Ctx)
	if noWorker {
		return a, func() { a.Close(context.Background()) }, nil
	}
	if err := a.StartJobs(context.WithoutCancel(g.Ctx)); err != nil {
		a.Close(context.Background())
		return nil, nil, err
	}
	return a, func() {
		_ = a.StopJobs(context.Background()) // best effort at exit
		a.Close(context.Background())
	}, nil
}
