package experiment

import (
	"errors"
	"slices"
	"time"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/llm"
)

// Arm is the held-out accuracy of one arm.
type Arm struct {
	Correct  int     `json:"correct"`
	Total    int     `json:"total"`
	Accuracy float64 `json:"accuracy"`
}

func newArm(correct, total int) Arm {
	a := Arm{Correct: correct, Total: total}
	if total > 0 {
		a.Accuracy = float64(correct) / float64(total)
	}
	return a
}

// Point is one iteration of a seed's training curve.
type Point struct {
	Iteration int     `json:"iteration"`
	Accuracy  float64 `json:"accuracy"` // on the training split
	// Held-out accuracy with memory and without (the run's baseline).
	HeldOut              float64  `json:"held_out_accuracy"`
	HeldOutWithoutMemory float64  `json:"held_out_without_memory"`
	Memories             int64    `json:"memories"` // success, failure and principles committed
	Rejected             int      `json:"rejected"` // kept out by the write gate
	MemoryOff            []string `json:"memory_off,omitempty"`
	GuidanceShare        float64  `json:"guidance_share"`
}

// SeedResult is one seed's run and held-out evaluation.
type SeedResult struct {
	Seed          uint64       `json:"seed"`
	Namespace     string       `json:"namespace"`
	RunID         uuid.UUID    `json:"run_id"`
	WithMemory    Arm          `json:"with_memory"`
	WithoutMemory Arm          `json:"without_memory"`
	RoutingOnly   Arm          `json:"routing_only"`
	Delta         float64      `json:"delta"`
	Curve         []Point      `json:"curve"`
	GuidanceCalls int64        `json:"guidance_calls"`
	LearnerCalls  int64        `json:"learner_calls"` // of the run (the final evaluation's are not counted)
	GuidanceShare float64      `json:"guidance_share"`
	Rejected      int          `json:"rejected"`
	WallSeconds   float64      `json:"wall_s"`
	Items         []ItemResult `json:"items"`
}

func newSeedResult(seed uint64, res *evolution.Result, items []ItemResult, wall time.Duration) *SeedResult {
	s := &SeedResult{Seed: seed, Namespace: res.Run.Namespace, RunID: res.Run.ID, Items: items, WallSeconds: wall.Seconds()}
	with, without, routed := 0, 0, 0
	for _, it := range items {
		with += boolInt(it.WithMemory)
		without += boolInt(it.WithoutMemory)
		routed += boolInt(it.RoutingOnly)
	}
	s.WithMemory, s.WithoutMemory, s.RoutingOnly = newArm(with, len(items)), newArm(without, len(items)), newArm(routed, len(items))
	s.Delta = s.WithMemory.Accuracy - s.WithoutMemory.Accuracy
	for _, m := range res.Metrics {
		s.GuidanceCalls += m.GuidanceCalls
		s.LearnerCalls += m.LearnerCalls
		s.Rejected += m.Rejected
		s.Curve = append(s.Curve, Point{Iteration: m.Iteration, Accuracy: m.Accuracy, HeldOut: m.HeldOutAccuracy,
			HeldOutWithoutMemory: m.HeldOutWithoutMemory, Rejected: m.Rejected, MemoryOff: m.MemoryOff,
			Memories: m.Memories.Success + m.Memories.Failure + m.Memories.Principles, GuidanceShare: m.GuidanceShare})
	}
	s.GuidanceShare = share(s.GuidanceCalls, s.LearnerCalls)
	return s
}

// TypeResult is a task type's held-out accuracy over every seed.
type TypeResult struct {
	WithMemory    Arm     `json:"with_memory"`
	WithoutMemory Arm     `json:"without_memory"`
	RoutingOnly   Arm     `json:"routing_only"`
	Delta         float64 `json:"delta"`
	MemoryOff     int     `json:"memory_off"` // items answered without memory by the switch
}

// Report is the experiment's result; its JSON is the last line of
// `evokg experiment --json`.
type Report struct {
	Pool          string   `json:"pool"`
	Size          int      `json:"size"`
	Iterations    int      `json:"iterations"`
	Seeds         int      `json:"seeds"`
	WithMemory    Arm      `json:"with_memory"`
	WithoutMemory Arm      `json:"without_memory"`
	Delta         float64  `json:"delta"` // mean paired difference over every seed's held-out items
	CI95          Interval `json:"ci95"`
	CIMethod      string   `json:"ci_method"`
	McNemar       McNemar  `json:"mcnemar"`
	// RoutingOnly answers with memory off and the bandits' routing on;
	// MemoryDelta (with memory − routing only, its interval MemoryCI95)
	// is what memory adds with the routing held equal, the rest of Delta
	// is the evolved routing's.
	RoutingOnly   Arm                   `json:"routing_only"`
	MemoryDelta   float64               `json:"memory_delta"`
	MemoryCI95    Interval              `json:"memory_ci95"`
	ByTaskType    map[string]TypeResult `json:"by_task_type"`
	GuidanceShare float64               `json:"guidance_share"` // guidance calls / all model calls of the runs
	Rejected      int                   `json:"rejected"`
	WallSeconds   float64               `json:"wall_s"`
	PerSeed       []SeedResult          `json:"per_seed"`
}

// summarize pools the seeds' held-out items into the report.
func summarize(c Config, seeds []SeedResult, wall time.Duration) *Report {
	r := &Report{Pool: c.Pool, Size: c.Size, Iterations: c.Iterations, Seeds: len(seeds), CIMethod: CIMethod,
		ByTaskType: map[string]TypeResult{}, WallSeconds: wall.Seconds(), PerSeed: slices.Clone(seeds)}
	if r.PerSeed == nil {
		r.PerSeed = []SeedResult{}
	}
	var diffs, memoryDiffs []float64
	var with, without, routed, better, worse int
	var guidance, learner int64
	for _, s := range seeds {
		guidance, learner, r.Rejected = guidance+s.GuidanceCalls, learner+s.LearnerCalls, r.Rejected+s.Rejected
		for _, it := range s.Items {
			d := float64(boolInt(it.WithMemory) - boolInt(it.WithoutMemory))
			diffs = append(diffs, d)
			memoryDiffs = append(memoryDiffs, float64(boolInt(it.WithMemory)-boolInt(it.RoutingOnly)))
			with, without, routed = with+boolInt(it.WithMemory), without+boolInt(it.WithoutMemory), routed+boolInt(it.RoutingOnly)
			better, worse = better+boolInt(d > 0), worse+boolInt(d < 0)
			r.ByTaskType[it.TaskType] = addItem(r.ByTaskType[it.TaskType], it)
		}
	}
	r.WithMemory, r.WithoutMemory = newArm(with, len(diffs)), newArm(without, len(diffs))
	r.Delta = r.WithMemory.Accuracy - r.WithoutMemory.Accuracy
	r.CI95 = PairedBootstrap(diffs, c.Resamples, 1)
	r.RoutingOnly = newArm(routed, len(diffs))
	r.MemoryDelta = r.WithMemory.Accuracy - r.RoutingOnly.Accuracy
	r.MemoryCI95 = PairedBootstrap(memoryDiffs, c.Resamples, 1)
	r.McNemar = NewMcNemar(better, worse)
	r.GuidanceShare = share(guidance, learner)
	return r
}

func addItem(t TypeResult, it ItemResult) TypeResult {
	t.WithMemory = newArm(t.WithMemory.Correct+boolInt(it.WithMemory), t.WithMemory.Total+1)
	t.WithoutMemory = newArm(t.WithoutMemory.Correct+boolInt(it.WithoutMemory), t.WithoutMemory.Total+1)
	t.RoutingOnly = newArm(t.RoutingOnly.Correct+boolInt(it.RoutingOnly), t.RoutingOnly.Total+1)
	t.Delta = t.WithMemory.Accuracy - t.WithoutMemory.Accuracy
	t.MemoryOff += boolInt(it.MemoryOff)
	return t
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func share(a, b int64) float64 {
	if a+b == 0 {
		return 0
	}
	return float64(a) / float64(a+b)
}

// itemFailure: a reply that stayed invalid after its repairs, or a call
// that timed out, fails its item (counted wrong), as in evolution.
func itemFailure(err error) bool {
	var invalid *llm.StructuredError
	return errors.As(err, &invalid) || evokg.ErrorCode(err) == evokg.ETIMEOUT
}
