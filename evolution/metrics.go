package evolution

import (
	"errors"
	"sync"
	"sync/atomic"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/llm"
)

// TypeAccuracy is the accuracy of one task type on each split.
type TypeAccuracy struct {
	// Correct, Total and Accuracy are the training split's.
	Correct    int           `json:"correct"`
	Total      int           `json:"total"`
	Accuracy   float64       `json:"accuracy"`
	Validation SplitAccuracy `json:"validation"`
	Test       SplitAccuracy `json:"test"`
}

// SplitAccuracy is a split's accuracy with memory and without it (the
// same learner with no memory pack, no evolved prompt and the default
// strategies, measured once per run). On validation "with memory" ignores
// the memory switch, which decides from it; on test it is what a client
// gets, switch included.
type SplitAccuracy struct {
	Correct        int     `json:"correct"`
	Total          int     `json:"total"`
	Accuracy       float64 `json:"accuracy"`
	WithoutCorrect int     `json:"without_memory_correct"`
	WithoutMemory  float64 `json:"without_memory"`
	// RoutedCorrect and RoutingOnly are the split without memory but with
	// the bandits' routing (validation only, when the run routes): what the
	// memory switch compares memory with, so that a gain of the routing is
	// not credited to memory.
	RoutedTotal   int     `json:"routing_only_total,omitempty"`
	RoutedCorrect int     `json:"routing_only_correct,omitempty"`
	RoutingOnly   float64 `json:"routing_only,omitempty"`
}

func (s *SplitAccuracy) addRouted(correct bool) {
	s.RoutedTotal++
	s.RoutedCorrect += boolInt(correct)
	s.RoutingOnly = accuracy(s.RoutedCorrect, s.RoutedTotal)
}

// counterfactual is the accuracy memory is compared with: without memory
// and with the same routing when measured, else the memory-off baseline.
func (s SplitAccuracy) counterfactual() float64 {
	if s.RoutedTotal > 0 {
		return s.RoutingOnly
	}
	return s.WithoutMemory
}

func (s *SplitAccuracy) add(withMemory, withoutMemory bool) {
	s.Total++
	s.Correct += boolInt(withMemory)
	s.WithoutCorrect += boolInt(withoutMemory)
	s.Accuracy, s.WithoutMemory = accuracy(s.Correct, s.Total), accuracy(s.WithoutCorrect, s.Total)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Durations are wall times of an iteration's phases, in seconds.
type Durations struct {
	Evaluate float64 `json:"evaluate_s"`
	Evolve   float64 `json:"evolve_s"`
	Total    float64 `json:"total_s"`
}

// Metrics are one iteration's persisted measurements.
type Metrics struct {
	Iteration int `json:"iteration"`
	// Accuracy is the training split's: the Delta-Guard decides from it.
	Accuracy float64 `json:"accuracy"`
	// Validation decides the memory switch; Test is only reported.
	Validation SplitAccuracy `json:"validation"`
	Test       SplitAccuracy `json:"test"`
	// MemoryOff lists the task types whose memory the per-task-type switch
	// (package memswitch) has off after the iteration.
	MemoryOff  []string                `json:"memory_off,omitempty"`
	ByTaskType map[string]TypeAccuracy `json:"by_task_type"`
	// Flips counts pool items wrong at the previous evaluation and right now.
	Flips     int `json:"flips"`
	Harvested int `json:"harvested"`        // success memories written
	Failures  int `json:"failures_written"` // failure memories written (as the API names it)
	// Explored counts the failed environment episodes the Explorer
	// explored, Recipes the action recipes it harvested from them.
	Explored int          `json:"explored,omitempty"`
	Recipes  int          `json:"recipes,omitempty"`
	Memories MemoryCounts `json:"memories"` // committed totals after the iteration
	// Probation is what probation tried, activated and quarantined.
	Probation evokg.Probation `json:"probation"`
	// Profile is the learner profile the iteration answered with memory
	// under, and Calibration the measurement that chose it at the
	// iteration's start (nil when the run does not calibrate).
	Profile     evokg.LearnerProfile `json:"profile"`
	Calibration *evokg.Calibration   `json:"calibration,omitempty"`
	// BaselineProfile is the profile the arms without memory answered
	// under (the baseline and memory's counterfactual with routing), and
	// BaselineCalibration the measurement without memory that chose it.
	BaselineProfile     evokg.LearnerProfile `json:"baseline_profile"`
	BaselineCalibration *evokg.Calibration   `json:"baseline_calibration,omitempty"`
	// Corrupted counts the teacher's texts made wrong on purpose this
	// iteration (Params.TeacherNoise), as written, before the write gate;
	// CorruptedCommitted those of them the gate let into memory.
	Corrupted          int64 `json:"teacher_corrupted,omitempty"`
	CorruptedCommitted int64 `json:"teacher_corrupted_committed,omitempty"`
	// Calls made during the iteration; TeacherShare = teacher/(teacher+learner).
	TeacherCalls int64   `json:"teacher_calls"`
	LearnerCalls int64   `json:"learner_calls"`
	TeacherShare float64 `json:"teacher_share"`
	// Rollback is set when the Delta-Guard restored a snapshot this iteration.
	Rollback     bool     `json:"rollback"`
	RollbackKind string   `json:"rollback_kind,omitempty"` // "delta" or "catastrophic"
	Drop         float64  `json:"drop"`
	Rollbacks    int      `json:"rollbacks"` // cumulative
	Selected     []string `json:"selected"`  // curriculum top-M
	Operation    string   `json:"operation"`
	OperationOK  bool     `json:"operation_ok"`
	// Tool is what the tool operation created, when it ran.
	Tool *ToolOutcome `json:"tool,omitempty"`
	// Agent is what agent creation did after the tool operation, when it
	// asked the teacher for an agent.
	Agent    *AgentOutcome `json:"agent,omitempty"`
	Frontier []string      `json:"frontier"`
	Plan     string        `json:"plan,omitempty"`
	// Focus is the curriculum bonus the Navigator's plan gives each task
	// type at the next selection.
	Focus     map[string]float64 `json:"focus,omitempty"`
	Refreshed bool               `json:"refreshed"`
	Durations Durations          `json:"durations"`
	// InvalidReplies counts the model calls whose reply stayed invalid
	// after its repairs; Failed lists the items and steps that failed (an
	// invalid reply or a timeout) with the reason, up to maxFailedListed.
	// Such a failure fails its item or step, never the run: a failed pool
	// item counts as wrong.
	InvalidReplies int `json:"invalid_replies"`
	// Rejected counts what the write gate (package writegate) kept out of
	// memory; Rejections lists them with the reason, up to maxRejectionsListed.
	Rejected int `json:"rejected"`
	// Checkers lists the task types whose declared checker the write gate
	// applied (none by default).
	Checkers    []string          `json:"checkers,omitempty"`
	Rejections  []evokg.Rejection `json:"rejections,omitempty"`
	FailedItems int               `json:"failed_items"`
	Failed      []ItemFailure     `json:"failed,omitempty"`
}

// ItemFailure is one item or step of an iteration that failed.
type ItemFailure struct {
	Phase  string `json:"phase"`          // evaluate, held_out, critic, evolve, navigate
	Item   string `json:"item,omitempty"` // pool item id, or the step (e.g. "type_strategy for ratio")
	Reason string `json:"reason"`
}

// maxFailedListed bounds the failures listed per iteration (all are counted).
const maxFailedListed = 50

// callCounts counts model calls made by the loop.
type callCounts struct {
	Teacher int64 `json:"teacher"`
	Learner int64 `json:"learner"`
}

type counters struct{ teacher, learner atomic.Int64 }

func (c *counters) take() callCounts {
	return callCounts{Teacher: c.teacher.Swap(0), Learner: c.learner.Swap(0)}
}

// failures collects an iteration's item failures; safe for concurrent use.
type failures struct {
	mu      sync.Mutex
	list    []ItemFailure
	count   int
	invalid int
}

// itemFailure reports whether err fails one item or step rather than the
// run (llm.ItemFailure).
func itemFailure(err error) bool { return llm.ItemFailure(err) }

// add records a failure of phase/item when err is an item failure and
// reports whether it was; other errors are left to the caller.
func (f *failures) add(phase, item string, err error) bool {
	if err == nil || !itemFailure(err) {
		return false
	}
	var invalid *llm.StructuredError
	f.mu.Lock()
	defer f.mu.Unlock()
	f.count++
	if errors.As(err, &invalid) {
		f.invalid++
	}
	if len(f.list) < maxFailedListed {
		f.list = append(f.list, ItemFailure{Phase: phase, Item: item, Reason: evokg.TruncateRunes(evokg.ErrorMessage(err), 500)})
	}
	return true
}

// take moves the collected failures into m and starts afresh.
func (f *failures) take(m *Metrics) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m.Failed, m.FailedItems, m.InvalidReplies = f.list, f.count, f.invalid
	f.list, f.count, f.invalid = nil, 0, 0
}

// share returns a/(a+b), 0 when both are zero.
func share(a, b int64) float64 {
	if a+b == 0 {
		return 0
	}
	return float64(a) / float64(a+b)
}

// accuracy returns correct/total, 0 for an empty set.
func accuracy(correct, total int) float64 {
	if total == 0 {
		return 0
	}
	return float64(correct) / float64(total)
}
