package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/experiment"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/questions"
)

// ExperimentCmd measures the learning effect: test-split accuracy with the
// evolved memory against the same learner without memory, over seeds.
type ExperimentCmd struct {
	AppFlags        `embed:""`
	Pool            string `default:"glyph" help:"Question pool: 'arith', 'glyph' (made-up rules), 'digits' (one-step questions on small numbers), 'world' (episodes of the built-in text environment) or a JSONL file path."`
	Size            int    `default:"40" help:"Generated pool size, all splits together."`
	Iterations      int    `default:"2" help:"Evolution iterations per seed."`
	Seeds           int    `default:"2" help:"Seeds 1..S, each a fresh namespace and run."`
	Splits          `embed:""`
	ProbationBounds `embed:""`
	Answering       `embed:""`
	Namespace       string  `help:"Prefix of the seeds' namespaces (<prefix>-s<seed>, which must not exist; default exp-<pool>-<time>)."`
	Concurrency     int     `default:"4" help:"Learner calls at once."`
	MaxFailures     int     `name:"max-failures" default:"5" help:"Failure memories per selected task type and iteration."`
	Plot            string  `help:"Write the plot (SVG) of test accuracy with and without memory here."`
	JSON            bool    `help:"Print the report as one JSON object on the last line."`
	NoWorker        bool    `name:"no-worker" help:"Do not work ingest jobs in this process (a separate 'evokg worker' must run)."`
	Memories        string  `type:"existingfile" help:"A JSONL file of memories (one experience a line, as POST …/experiences takes it) posted into each seed's namespace before its run, as a client posts worked examples; a memory that carries a validation or test item of any seed in any text field, or its twin (the same task type, the numbers of its question and its answer), is refused with its line and the item."`
	TeacherNoise    float64 `name:"teacher-noise" default:"0" help:"Share (0-1) of the teacher's texts (corrections, principles, prompt refinements, strategies, agents' prompts, Critic notes) made wrong on purpose (each operation stated replaced by another, every result recomputed with it), the same texts for a given pool and seed: the wrong-teacher ablation; compare with --no-utility."`
}

func (c *ExperimentCmd) Run(g *Globals) error {
	cfg, err := c.config(g.Ctx)
	if err != nil {
		return err
	}
	a, closeApp, err := openLocal(g, c.AppFlags, c.NoWorker)
	if err != nil {
		return err
	}
	defer closeApp()
	bar := newRunBar(os.Stderr, cfg.Iterations)
	report, err := experiment.Run(g.Ctx, experiment.Deps{Engine: a.Engine, Answerer: a.Answer, Memory: a.Ingest,
		Register: registerFunc(a), Progress: bar.update, Logger: g.Logger}, cfg)
	bar.finish()
	if report != nil {
		if werr := c.output(report); werr != nil && err == nil {
			err = werr
		}
	}
	return err
}

// registerFunc creates a seed's namespace, refusing one that exists: each
// seed starts from an empty memory.
func registerFunc(a *app.App) func(ctx context.Context, ns string) error {
	store := access.NewNamespaceStore(a.Pool)
	return func(ctx context.Context, ns string) error {
		_, err := store.CreateNamespace(ctx, evokg.Namespace{Name: ns, Description: "registered by evokg experiment"}, uuid.Nil)
		if evokg.ErrorCode(err) == evokg.ECONFLICT {
			return evokg.Errorf(evokg.ECONFLICT, "namespace %s exists; an experiment needs fresh namespaces (--namespace)", ns)
		}
		return err
	}
}

func (c *ExperimentCmd) config(ctx context.Context) (experiment.Config, error) {
	cfg := experiment.Config{Pool: c.Pool, Size: c.Size, Iterations: c.Iterations, Seeds: c.Seeds, Validation: c.Validation, Test: c.Test,
		Namespace: c.Namespace, Concurrency: c.Concurrency, MaxFailuresPerType: c.MaxFailures, TeacherNoise: c.TeacherNoise,
		ProbationItems: c.ProbationBounds.Items, ProbationCalls: c.ProbationBounds.Calls,
		AnswerMode: evokg.AnswerMode(c.AnswerMode), CalibrationItems: c.CalibrationItems}
	if cfg.Namespace == "" {
		cfg.Namespace = fmt.Sprintf("exp-%s-%s", c.Pool, time.Now().UTC().Format("20060102-150405"))
	}
	var err error
	if cfg.Checkers, err = c.checkers(ctx); err != nil {
		return cfg, err
	}
	var lines []int
	if c.Memories != "" {
		if cfg.Memories, lines, err = loadMemories(c.Memories); err != nil {
			return cfg, err
		}
	}
	if !questions.IsBuiltin(c.Pool) {
		items, err := loadPool(c.Pool)
		if err != nil {
			return cfg, err
		}
		cfg.Pool, cfg.Items = "inline", items
		if c.Namespace == "" {
			cfg.Namespace = "exp-inline-" + time.Now().UTC().Format("20060102-150405")
		}
	}
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return cfg, err
	}
	if err := cfg.CheckMemories(func(i int) string { return fmt.Sprintf("/lines/%d", lines[i]) }); err != nil {
		return cfg, fmt.Errorf("memories %s: %w", c.Memories, err)
	}
	return cfg, nil
}

func loadPool(path string) ([]questions.Item, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("pool: %w", err)
	}
	defer f.Close()
	items, err := questions.LoadJSONL(f)
	if err != nil {
		return nil, fmt.Errorf("pool %s: %w", path, err)
	}
	return items, nil
}

func (c *ExperimentCmd) output(r *experiment.Report) error {
	writeExperimentTable(os.Stdout, r)
	if c.Plot != "" && len(r.PerSeed) > 0 { // an experiment interrupted in its first seed has no curve
		if err := writeExperimentPlot(c.Plot, r); err != nil {
			return err
		}
		fmt.Printf("plot written to %s\n", c.Plot)
	}
	if c.JSON {
		return json.NewEncoder(os.Stdout).Encode(r)
	}
	return nil
}

func writeExperimentPlot(path string, r *experiment.Report) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := experiment.Plot(r, f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func writeExperimentTable(w io.Writer, r *experiment.Report) {
	fmt.Fprintf(w, "splits (all seeds): train %d, validation %d, test %d; the memory switch decided on validation, the table is the test split\n",
		r.Splits.Train, r.Splits.Validation, r.Splits.Test)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "SEED\tVALIDATION WITH\tVALIDATION WITHOUT\tMEMORY OFF\tTEST WITH MEMORY\tWITHOUT\tDELTA\tROUTING ONLY\tTEACHER SHARE\tREJECTED\tSECONDS\tNAMESPACE\t")
	for _, s := range r.PerSeed {
		fmt.Fprintf(tw, "%d\t%d/%d\t%d/%d\t%d\t%d/%d\t%d/%d\t%+.3f\t%d/%d\t%.3f\t%d\t%.0f\t%s\t\n", s.Seed, s.Validation.WithMemory.Correct, s.Validation.WithMemory.Total,
			s.Validation.WithoutMemory.Correct, s.Validation.WithoutMemory.Total, len(s.Validation.MemoryOff), s.WithMemory.Correct, s.WithMemory.Total,
			s.WithoutMemory.Correct, s.WithoutMemory.Total, s.Delta, s.RoutingOnly.Correct, s.RoutingOnly.Total,
			s.TeacherShare, s.Rejected, s.WallSeconds, s.Namespace)
	}
	fmt.Fprintf(tw, "all\t%.3f\t%.3f\t%d\t%.3f\t%.3f\t%+.3f\t%.3f\t%.3f\t%d\t%.0f\t\t\n", r.Validation.WithMemory.Accuracy, r.Validation.WithoutMemory.Accuracy,
		len(r.Validation.MemoryOff), r.WithMemory.Accuracy, r.WithoutMemory.Accuracy, r.Delta, r.RoutingOnly.Accuracy, r.TeacherShare, r.Rejected, r.WallSeconds)
	tw.Flush()
	fmt.Fprintf(w, "test delta %+.3f, 95%% CI [%.3f, %.3f] (%s); McNemar: %d better, %d worse, p = %.3g\n",
		r.Delta, r.CI95[0], r.CI95[1], r.CIMethod, r.McNemar.Better, r.McNemar.Worse, r.McNemar.P)
	fmt.Fprintf(w, "memory alone (with memory − routing only) %+.3f, 95%% CI [%.3f, %.3f]\n",
		r.MemoryDelta, r.MemoryCI95[0], r.MemoryCI95[1])
	p := r.Probation
	fmt.Fprintf(w, "probation: %d memories tried (%d replays, %d learner calls), %d activated, %d quarantined, %d waiting; teacher noise %.2f (%d texts made wrong, %d of them committed)\n",
		p.Tried, p.Replays, p.Calls, p.Activated, p.Quarantined, p.Waiting, r.TeacherNoise, r.Corrupted, r.CorruptedCommitted)
	fmt.Fprintf(w, "learner: answer mode %s, profile per seed %s, without memory %s (calibration: %d learner calls); %.1f model calls per training answer, teacher share %.3f; %d memories posted a seed\n",
		cmp.Or(string(r.AnswerMode), "as declared"), strings.Join(r.Profiles, ", "), strings.Join(r.BaselineProfiles, ", "), r.CalibrationCalls, r.CallsPerItem, r.TeacherShare, r.Memories)
	fmt.Fprintf(w, "write gate: checkers of %s\n", cmp.Or(strings.Join(r.Checkers, ", "), "no task type"))
}

// loadMemories reads a JSONL file of experiences, refusing unknown fields,
// and returns each one's line.
func loadMemories(path string) ([]evokg.ExperienceInput, []int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("memories: %w", err)
	}
	defer f.Close()
	var out []evokg.ExperienceInput
	var lines []int
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		var m evokg.ExperienceInput
		if err := dec.Decode(&m); err != nil {
			return nil, nil, fmt.Errorf("memories %s line %d: %w", path, line, err)
		}
		out, lines = append(out, m), append(lines, line)
	}
	return out, lines, sc.Err()
}
