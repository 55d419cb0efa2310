package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"text/tabwriter"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/writegate"
)

// Splits are the shares of the validation and test splits a command
// splits its pool with.
type Splits struct {
	Validation float64 `default:"0.2" help:"Validation share: the memory switch decides on it."`
	Test       float64 `default:"0.2" help:"Test share: answered only to be reported."`
}

// ProbationBounds bounds an evolution run's probation (evolution.Params).
type ProbationBounds struct {
	Items int `name:"probation-items" default:"4" help:"Validation items a probationary memory is tried on."`
	Calls int `name:"probation-calls" default:"120" help:"Learner calls probation may start per iteration; the memories beyond wait for the next."`
}

// Answering is how a run's learner answers (evolution.Params): the answer
// mode its pool's task types are declared with, and the calibration of the
// learner profile.
type Answering struct {
	AnswerMode       string            `name:"answer-mode" enum:",text,number,expression" default:"" help:"Declare every task type of the pool answered in this mode: 'text', 'number', or 'expression' (the learner writes the computation, the built-in calculator evaluates it). Empty keeps each task type's own declaration (text unless declared)."`
	CalibrationItems int               `name:"calibration-items" default:"12" help:"Validation items answered with each candidate learner profile (memory as a block or as chat turns, with or without reasoning) at the start of every iteration; the best is stored for the namespace and model. 0 keeps the stored profile."`
	Checkers         map[string]string `name:"checker" placeholder:"TASK_TYPE=FILE" help:"Declare a task type's checker at the run's start: a JSON file {pattern, code, example} (see docs/concepts/write-gate.md); repeat for each task type. The write gate refuses texts that contradict it, and the run refuses items whose gold it contradicts. No task type has one unless declared, built-in pools included."`
}

// checkers reads and checks each declared checker (its code run on its
// example in the sandbox).
func (a Answering) checkers(ctx context.Context) (map[string]evokg.Checker, error) {
	if len(a.Checkers) == 0 {
		return nil, nil
	}
	out := map[string]evokg.Checker{}
	for t, path := range a.Checkers {
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("checker of %s: %w", t, err)
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var c evokg.Checker
		if err := dec.Decode(&c); err != nil {
			return nil, fmt.Errorf("checker of %s, %s: %w", t, path, err)
		}
		if _, err := writegate.CompileChecker(ctx, t, c, "/checker/"+t); err != nil {
			return nil, fmt.Errorf("checker of %s, %s: %w", t, path, err)
		}
		out[t] = c
	}
	return out, nil
}

// poolSpec names the built-in pool name, or loads the JSONL file at name
// as an inline pool, split with s.
func (s Splits) poolSpec(name string, size int, seed uint64) (questions.PoolSpec, error) {
	spec := questions.PoolSpec{Name: name, Size: size, Seed: seed, Validation: s.Validation, Test: s.Test}
	if questions.IsBuiltin(name) {
		return spec, nil
	}
	items, err := loadPool(name)
	spec.Name, spec.Size, spec.Items = "inline", 0, items
	return spec, err
}

// PoolCmd groups the pool subcommands.
type PoolCmd struct {
	Show PoolShowCmd `cmd:"" help:"Print every item of a pool with its split, its answer and its twins in other splits (items of the same task type, numbers and answer), so anyone can check that no question and no twins are in two splits."`
}

// PoolShowCmd prints a pool as evolve and experiment split it.
type PoolShowCmd struct {
	Pool   string `default:"arith" help:"A built-in pool ('arith', 'digits', 'glyph', 'world') or a JSONL file path."`
	Size   int    `default:"200" help:"Generated pool size, all splits together."`
	Seed   uint64 `default:"1" help:"Generator and split seed (an experiment's seed s uses s)."`
	Splits `embed:""`
	JSON   bool `help:"Print one JSON object: the split sizes and every item's id, split, task type, question, answer and twins."`
}

// poolView is what pool show prints.
type poolView struct {
	Pool   string          `json:"pool"`
	Seed   uint64          `json:"seed"`
	Splits questions.Sizes `json:"splits"`
	Items  []itemView      `json:"items"`
}

type itemView struct {
	ID       string `json:"id"`
	Split    string `json:"split"`
	TaskType string `json:"task_type"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
	// Twins counts the items of other splits that ask the same normalized
	// question or are answer-equivalent (questions.TwinKey): 0 when the
	// split is sound.
	Twins int `json:"twins"`
}

func (c *PoolShowCmd) Run() error { return c.write(os.Stdout) }

func (c *PoolShowCmd) write(w io.Writer) error {
	p, err := c.build()
	if err != nil {
		return err
	}
	v := poolView{Pool: c.Pool, Seed: c.Seed, Splits: p.Sizes(), Items: []itemView{}}
	all := slices.Concat(p.Train, p.Validation, p.Test)
	for i, n := range questions.TwinCounts(all) {
		it := all[i]
		v.Items = append(v.Items, itemView{ID: it.ID, Split: it.Split, TaskType: it.TaskType, Question: it.Question, Answer: it.Answer, Twins: n})
	}
	if c.JSON {
		return json.NewEncoder(w).Encode(v)
	}
	writePool(w, v)
	return nil
}

// build generates or loads the pool and splits it exactly as an evolution
// run with the same flags does.
func (c *PoolShowCmd) build() (questions.Pool, error) {
	spec, err := c.Splits.poolSpec(c.Pool, c.Size, c.Seed)
	if err != nil {
		return questions.Pool{}, err
	}
	p := evolution.Params{Namespace: "pool", Pool: spec}.WithDefaults()
	if err := p.Validate(); err != nil {
		return questions.Pool{}, err
	}
	return p.BuildPool()
}

func writePool(w io.Writer, v poolView) {
	fmt.Fprintf(w, "%s, seed %d: train %d, validation %d, test %d\n", v.Pool, v.Seed, v.Splits.Train, v.Splits.Validation, v.Splits.Test)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSPLIT\tTASK TYPE\tTWINS\tANSWER\tQUESTION")
	for _, it := range v.Items {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\n", it.ID, it.Split, it.TaskType, it.Twins, it.Answer, it.Question)
	}
	tw.Flush()
}
