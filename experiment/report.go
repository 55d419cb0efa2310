package experiment

import (
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/questions"
)

// Arm is one arm's accuracy on a split.
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
	// Validation (memory switch ignored: the switch decides from it) and
	// test (switch applied) accuracy with memory, and without it.
	Validation              float64  `json:"validation_accuracy"`
	ValidationWithoutMemory float64  `json:"validation_without_memory"`
	Test                    float64  `json:"test_accuracy"`
	TestWithoutMemory       float64  `json:"test_without_memory"`
	Memories                int64    `json:"memories"` // success, failure and principles committed
	Rejected                int      `json:"rejected"` // kept out by the write gate
	MemoryOff               []string `json:"memory_off,omitempty"`
	TeacherShare            float64  `json:"teacher_share"`
}

// Decisions are the validation figures the memory switch last decided
// from: the validation split with memory (switch ignored) and without.
type Decisions struct {
	Split         string `json:"split"` // "validation"
	WithMemory    Arm    `json:"with_memory"`
	WithoutMemory Arm    `json:"without_memory"`
	// MemoryOff lists the task types the switch left off: per seed by
	// name, in the report as "<seed>/<task type>" over every seed.
	MemoryOff []string `json:"memory_off"`
}

// SeedResult is one seed's run and test evaluation. WithMemory,
// WithoutMemory, RoutingOnly and Delta are the test split's.
type SeedResult struct {
	Seed          uint64          `json:"seed"`
	Namespace     string          `json:"namespace"`
	RunID         uuid.UUID       `json:"run_id"`
	Splits        questions.Sizes `json:"splits"`
	Validation    Decisions       `json:"validation"`
	WithMemory    Arm             `json:"with_memory"`
	WithoutMemory Arm             `json:"without_memory"`
	RoutingOnly   Arm             `json:"routing_only"`
	Delta         float64         `json:"delta"`
	Curve         []Point         `json:"curve"`
	TeacherCalls  int64           `json:"teacher_calls"`
	LearnerCalls  int64           `json:"learner_calls"` // of the run (the final evaluation's are not counted)
	TeacherShare  float64         `json:"teacher_share"`
	Rejected      int             `json:"rejected"`
	// Checkers lists the task types whose declared checker the write gate
	// applied in the seed's run.
	Checkers []string `json:"checkers"`
	// Corrupted counts the teacher's texts made wrong on purpose
	// (--teacher-noise) as written, CorruptedCommitted those of them the
	// write gate let into memory; Probation sums what probation did.
	Corrupted          int64           `json:"teacher_corrupted"`
	CorruptedCommitted int64           `json:"teacher_corrupted_committed"`
	Probation          evokg.Probation `json:"probation"`
	// Profile is the learner profile the test split was answered with
	// memory under, Calibration the last measurement that chose it;
	// BaselineProfile the one the arms without memory answered under (the
	// profile best without memory), BaselineCalibration the last
	// measurement that chose it; CalibrationCalls the learner calls every
	// calibration of the run made (within LearnerCalls).
	Profile             evokg.LearnerProfile `json:"profile"`
	Calibration         *evokg.Calibration   `json:"calibration,omitempty"`
	BaselineProfile     evokg.LearnerProfile `json:"baseline_profile"`
	BaselineCalibration *evokg.Calibration   `json:"baseline_calibration,omitempty"`
	CalibrationCalls    int                  `json:"calibration_calls"`
	WallSeconds         float64              `json:"wall_s"`
	Items               []ItemResult         `json:"items"`
}

func newSeedResult(seed uint64, res *evolution.Result, splits questions.Sizes, items []ItemResult, wall time.Duration) *SeedResult {
	s := &SeedResult{Seed: seed, Namespace: res.Run.Namespace, RunID: res.Run.ID, Splits: splits, Items: items, WallSeconds: wall.Seconds(),
		Validation: Decisions{Split: questions.SplitValidation, MemoryOff: []string{}}, Checkers: []string{}}
	with, without, routed := 0, 0, 0
	for _, it := range items {
		with += boolInt(it.WithMemory)
		without += boolInt(it.WithoutMemory)
		routed += boolInt(it.RoutingOnly)
	}
	s.WithMemory, s.WithoutMemory, s.RoutingOnly = newArm(with, len(items)), newArm(without, len(items)), newArm(routed, len(items))
	s.Delta = s.WithMemory.Accuracy - s.WithoutMemory.Accuracy
	for _, m := range res.Metrics {
		s.TeacherCalls += m.TeacherCalls
		s.LearnerCalls += m.LearnerCalls
		s.Rejected += m.Rejected
		s.Corrupted, s.CorruptedCommitted = s.Corrupted+m.Corrupted, s.CorruptedCommitted+m.CorruptedCommitted
		s.Checkers = union(s.Checkers, m.Checkers)
		s.Probation = addProbation(s.Probation, m.Probation)
		s.Profile, s.BaselineProfile = m.Profile, m.BaselineProfile
		if m.Calibration != nil {
			s.Calibration, s.CalibrationCalls = m.Calibration, s.CalibrationCalls+m.Calibration.LearnerCalls
		}
		if m.BaselineCalibration != nil {
			s.BaselineCalibration, s.CalibrationCalls = m.BaselineCalibration, s.CalibrationCalls+m.BaselineCalibration.LearnerCalls
		}
		s.Curve = append(s.Curve, Point{Iteration: m.Iteration, Accuracy: m.Accuracy,
			Validation: m.Validation.Accuracy, ValidationWithoutMemory: m.Validation.WithoutMemory,
			Test: m.Test.Accuracy, TestWithoutMemory: m.Test.WithoutMemory, Rejected: m.Rejected, MemoryOff: m.MemoryOff,
			Memories: m.Memories.Success + m.Memories.Failure + m.Memories.Principles, TeacherShare: m.TeacherShare})
	}
	if n := len(res.Metrics); n > 0 {
		last := res.Metrics[n-1]
		v := last.Validation
		s.Validation.WithMemory, s.Validation.WithoutMemory = newArm(v.Correct, v.Total), newArm(v.WithoutCorrect, v.Total)
		s.Validation.MemoryOff = append(s.Validation.MemoryOff, last.MemoryOff...)
	}
	s.TeacherShare = share(s.TeacherCalls, s.LearnerCalls)
	return s
}

// addProbation sums two iterations' (or seeds') probation counts; Waiting
// is the later one's: memories still waiting.
func addProbation(a, b evokg.Probation) evokg.Probation {
	return evokg.Probation{Tried: a.Tried + b.Tried, Activated: a.Activated + b.Activated, Quarantined: a.Quarantined + b.Quarantined,
		Waiting: b.Waiting, Replays: a.Replays + b.Replays, Helped: a.Helped + b.Helped, Hurt: a.Hurt + b.Hurt, Calls: a.Calls + b.Calls}
}

// TypeResult is a task type's test accuracy over every seed.
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
	Pool       string `json:"pool"`
	Size       int    `json:"size"`
	Iterations int    `json:"iterations"`
	Seeds      int    `json:"seeds"`
	// Splits sums every seed's split sizes.
	Splits questions.Sizes `json:"splits"`
	// Validation is what the memory switch decided from, over every seed.
	Validation Decisions `json:"validation"`
	// Split names where the arms, Delta, the intervals and McNemar come
	// from: always the test split, which no decision saw.
	Split         string   `json:"split"`
	WithMemory    Arm      `json:"with_memory"`
	WithoutMemory Arm      `json:"without_memory"`
	Delta         float64  `json:"delta"` // mean paired difference over every seed's test items
	CI95          Interval `json:"ci95"`
	CIMethod      string   `json:"ci_method"`
	McNemar       McNemar  `json:"mcnemar"`
	// RoutingOnly answers with memory off and the bandits' routing on;
	// MemoryDelta (with memory − routing only, its interval MemoryCI95)
	// is what memory adds with the routing held equal, the rest of Delta
	// is the evolved routing's.
	RoutingOnly  Arm                   `json:"routing_only"`
	MemoryDelta  float64               `json:"memory_delta"`
	MemoryCI95   Interval              `json:"memory_ci95"`
	ByTaskType   map[string]TypeResult `json:"by_task_type"`
	TeacherShare float64               `json:"teacher_share"` // teacher calls / all model calls of the runs
	Rejected     int                   `json:"rejected"`
	// Checkers lists the task types whose declared checker the write gate
	// applied, over every seed (empty: the gate checked no pool rule).
	Checkers []string `json:"checkers"`
	// TeacherNoise is the share of the teacher's texts made wrong on
	// purpose; Corrupted how many were written, CorruptedCommitted how
	// many of them the write gate let into memory, over every seed.
	TeacherNoise       float64 `json:"teacher_noise"`
	Corrupted          int64   `json:"teacher_corrupted"`
	CorruptedCommitted int64   `json:"teacher_corrupted_committed"`
	// Probation sums what probation tried, activated and quarantined over
	// every seed (all zero with --no-utility).
	Probation evokg.Probation `json:"probation"`
	// AnswerMode is the mode the pool's task types were declared with
	// ("" when left as declared); Profiles the learner profile each seed's
	// test split was answered with memory under, BaselineProfiles the one
	// it was answered without memory under, CalibrationCalls the learner
	// calls calibration made over every seed.
	AnswerMode evokg.AnswerMode `json:"answer_mode,omitempty"`
	// Memories counts the memories a client posted into each seed's
	// namespace before its run (--memories).
	Memories         int      `json:"memories_posted"`
	Profiles         []string `json:"profiles"`
	BaselineProfiles []string `json:"baseline_profiles"`
	CalibrationCalls int      `json:"calibration_calls"`
	// CallsPerItem is every model call of the runs over the items they
	// answered for training (iterations × training items).
	CallsPerItem float64      `json:"calls_per_item"`
	WallSeconds  float64      `json:"wall_s"`
	PerSeed      []SeedResult `json:"per_seed"`
}

// summarize pools the seeds' test items into the report.
func summarize(c Config, seeds []SeedResult, wall time.Duration) *Report {
	r := &Report{Pool: c.Pool, Size: c.Size, Iterations: c.Iterations, Seeds: len(seeds), CIMethod: CIMethod, TeacherNoise: c.TeacherNoise,
		AnswerMode: c.AnswerMode, Profiles: []string{}, BaselineProfiles: []string{}, Memories: len(c.Memories), Checkers: []string{},
		Split: questions.SplitTest, ByTaskType: map[string]TypeResult{}, WallSeconds: wall.Seconds(), PerSeed: slices.Clone(seeds)}
	r.Splits, r.Validation = sumSplits(seeds), sumDecisions(seeds)
	if r.PerSeed == nil {
		r.PerSeed = []SeedResult{}
	}
	var diffs, memoryDiffs []float64
	var with, without, routed, better, worse int
	var teacher, learner int64
	trained := 0
	for _, s := range seeds {
		teacher, learner, r.Rejected = teacher+s.TeacherCalls, learner+s.LearnerCalls, r.Rejected+s.Rejected
		r.Corrupted, r.CorruptedCommitted = r.Corrupted+s.Corrupted, r.CorruptedCommitted+s.CorruptedCommitted
		r.Checkers = union(r.Checkers, s.Checkers)
		waiting := r.Probation.Waiting + s.Probation.Waiting // each seed's memories left waiting
		r.Probation = addProbation(r.Probation, s.Probation)
		r.Probation.Waiting = waiting
		r.Profiles, r.BaselineProfiles = append(r.Profiles, s.Profile.Name()), append(r.BaselineProfiles, s.BaselineProfile.Name())
		r.CalibrationCalls += s.CalibrationCalls
		trained += len(s.Curve) * s.Splits.Train
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
	r.TeacherShare = share(teacher, learner)
	if trained > 0 {
		r.CallsPerItem = float64(teacher+learner) / float64(trained)
	}
	return r
}

// union is the sorted union of two lists of names.
func union(a, b []string) []string {
	out := append(append([]string{}, a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

func sumSplits(seeds []SeedResult) questions.Sizes {
	var out questions.Sizes
	for _, s := range seeds {
		out.Train, out.Validation, out.Test = out.Train+s.Splits.Train, out.Validation+s.Splits.Validation, out.Test+s.Splits.Test
	}
	return out
}

func sumDecisions(seeds []SeedResult) Decisions {
	d := Decisions{Split: questions.SplitValidation, MemoryOff: []string{}}
	var with, without, total int
	for _, s := range seeds {
		v := s.Validation
		with, without, total = with+v.WithMemory.Correct, without+v.WithoutMemory.Correct, total+v.WithMemory.Total
		for _, t := range v.MemoryOff {
			d.MemoryOff = append(d.MemoryOff, fmt.Sprintf("%d/%s", s.Seed, t))
		}
	}
	d.WithMemory, d.WithoutMemory = newArm(with, total), newArm(without, total)
	return d
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
func itemFailure(err error) bool { return llm.ItemFailure(err) }
