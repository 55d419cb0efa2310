package experiment

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/questions"
)

// ArmsConfig is a comparison of the search arms on held-out items of a
// namespace that already holds memory.
type ArmsConfig struct {
	Namespace string
	// Items are the held-out items (a pool's test or validation split).
	Items []questions.Item
	// Arms are the search arms compared. Default bandit.DefaultSearchArms.
	Arms []string
	// Concurrency bounds the learner calls at once. Default 4.
	Concurrency int
	// IgnoreSwitch answers with memory even where the task type's memory
	// switch is off, as the switch's own validation measurement does: the
	// arms are compared on what each would give. Off, every arm answers a
	// switched-off task type without memory, as a client's /answer does.
	IgnoreSwitch bool
}

// ArmResult is one search arm's held-out accuracy.
type ArmResult struct {
	Arm      string   `json:"arm"`
	Correct  int      `json:"correct"`
	Items    int      `json:"items"`
	Accuracy float64  `json:"accuracy"`
	CI95     Interval `json:"ci95"` // Wilson score interval
	// Memories is the mean number of memories shown per item.
	Memories float64 `json:"memories_shown"`
	// LearnerCalls counts every learner call, plans included.
	LearnerCalls int `json:"learner_calls"`
}

// ArmPair is how often two arms gave the learner different memory: the
// share of items whose set of shown memory ids differs (the rendered text
// is not compared: the same memories in another order or allocation are
// the same memory).
type ArmPair struct {
	A      string  `json:"a"`
	B      string  `json:"b"`
	Differ int     `json:"differ"`
	Rate   float64 `json:"rate"`
	// WithMemory counts the items for which either arm showed memory; an
	// item of a task type the namespace holds nothing for cannot differ.
	WithMemory int `json:"with_memory"`
}

// ArmsReport is the comparison.
type ArmsReport struct {
	Namespace string `json:"namespace"`
	// Split names the items answered (validation or test), set by the
	// caller that chose them.
	Split string      `json:"split,omitempty"`
	Items int         `json:"items"`
	Arms  []ArmResult `json:"arms"`
	Pairs []ArmPair   `json:"pairs"`
	// MinPairRate is the smallest difference rate of any pair.
	MinPairRate float64 `json:"min_pair_rate"`
	// SwitchedOff counts the items answered without memory because their
	// task type's memory switch is off (none under IgnoreSwitch).
	SwitchedOff  int  `json:"switched_off"`
	IgnoreSwitch bool `json:"ignore_switch"`
}

// armAnswer is one item answered under one arm.
type armAnswer struct {
	correct bool
	shown   []uuid.UUID // the memory ids shown, sorted
	calls   int
	off     bool // the task type's memory switch is off
}

// CompareArms answers every item once per arm through the learner layer,
// as a client's /answer with search_arm does (the arm forced, nothing
// pulled, temperature 0, the bandits' best routing arm), grades the
// answers, and compares what each arm gave the learner.
func CompareArms(ctx context.Context, a Answerer, cfg ArmsConfig) (*ArmsReport, error) {
	arms := cfg.Arms
	if len(arms) == 0 {
		arms = bandit.DefaultSearchArms
	}
	for _, arm := range arms {
		if !slices.Contains(bandit.DefaultSearchArms, arm) {
			return nil, fmt.Errorf("search arm %q is not one of %v", arm, bandit.DefaultSearchArms)
		}
	}
	got := make([][]armAnswer, len(arms))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(cfg.Concurrency, 1))
	for i, arm := range arms {
		got[i] = make([]armAnswer, len(cfg.Items))
		for j, it := range cfg.Items {
			g.Go(func() (err error) {
				got[i][j], err = answerWithArm(gctx, a, cfg, arm, it)
				return err
			})
		}
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	rep := armsReport(cfg.Namespace, arms, got)
	rep.IgnoreSwitch = cfg.IgnoreSwitch
	return rep, nil
}

func answerWithArm(ctx context.Context, a Answerer, cfg ArmsConfig, arm string, it questions.Item) (armAnswer, error) {
	zero := 0.0
	q := answer.Question{TaskType: it.TaskType, Question: it.Question, Context: it.Context, Temperature: &zero, SearchArm: arm,
		IgnoreSwitch: cfg.IgnoreSwitch, NoToolScores: true} // held-out items: no tool is scored on them
	reply, err := a.Answer(ctx, cfg.Namespace, q)
	got := armAnswer{shown: sortedIDs(reply.MemoryIDs), calls: reply.LearnerCalls, off: reply.MemoryOff}
	if itemFailure(err) {
		return got, nil
	}
	if err != nil {
		return armAnswer{}, err
	}
	got.correct, err = questions.Grader{}.Grade(ctx, it, reply.Answer)
	return got, err
}

func armsReport(ns string, arms []string, got [][]armAnswer) *ArmsReport {
	n := 0
	if len(got) > 0 {
		n = len(got[0])
	}
	rep := &ArmsReport{Namespace: ns, Items: n, MinPairRate: 1}
	for k := range n {
		if got[0][k].off {
			rep.SwitchedOff++
		}
	}
	for i, arm := range arms {
		r := ArmResult{Arm: arm, Items: n}
		shown := 0
		for _, x := range got[i] {
			if x.correct {
				r.Correct++
			}
			shown += len(x.shown)
			r.LearnerCalls += x.calls
		}
		if n > 0 {
			r.Accuracy, r.Memories = float64(r.Correct)/float64(n), float64(shown)/float64(n)
		}
		r.CI95 = Wilson(r.Correct, n)
		rep.Arms = append(rep.Arms, r)
	}
	for i := range arms {
		for j := i + 1; j < len(arms); j++ {
			p := ArmPair{A: arms[i], B: arms[j]}
			for k := range n {
				if !slices.Equal(got[i][k].shown, got[j][k].shown) {
					p.Differ++
				}
				if len(got[i][k].shown)+len(got[j][k].shown) > 0 {
					p.WithMemory++
				}
			}
			if n > 0 {
				p.Rate = float64(p.Differ) / float64(n)
			}
			rep.MinPairRate = min(rep.MinPairRate, p.Rate)
			rep.Pairs = append(rep.Pairs, p)
		}
	}
	if len(rep.Pairs) == 0 {
		rep.MinPairRate = 0
	}
	return rep
}

// sortedIDs is a sorted copy of ids: the set an answer showed.
func sortedIDs(ids []uuid.UUID) []uuid.UUID {
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
	return out
}

// Wilson is the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{}
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return Interval{max(0, centre-half), min(1, centre+half)}
}
