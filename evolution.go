package evokg

import (
	"time"

	"github.com/google/uuid"
)

// PoolItem is one question of an evolution run's pool.
type PoolItem struct {
	Question string `json:"question"`
	TaskType string `json:"task_type"`
	Gold     string `json:"gold"`
	Context  string `json:"context,omitempty"`
	// Split fixes the item's split ("train", "validation", "test");
	// unset, the run's seed chooses it.
	Split string `json:"split,omitempty"`
}

// PoolGenerator asks for a built-in, seeded pool of verifiable questions.
type PoolGenerator struct {
	Name string `json:"name"`           // "arith": multi-step word problems over 10 task types
	Size int    `json:"size,omitempty"` // default 200
	Seed uint64 `json:"seed,omitempty"` // default 1
}

// EvolutionRunRequest starts a run over a question pool: either inline
// items (Pool) or a built-in generator (Generator), not both.
type EvolutionRunRequest struct {
	Iterations int            `json:"iterations,omitempty"` // default 20
	Pool       []PoolItem     `json:"pool,omitempty"`
	Generator  *PoolGenerator `json:"generator,omitempty"`
	// Validation and Test are the shares of the validation split (the
	// memory switch decides on it) and the test split (only reported);
	// default 0.2 each, train gets the rest. No question is in two splits.
	Validation float64 `json:"validation,omitempty"`
	Test       float64 `json:"test,omitempty"`
	// AnswerMode declares the pool's task types answered in this mode
	// (text, number or expression); empty leaves their declarations.
	AnswerMode AnswerMode `json:"answer_mode,omitempty"`
	// CalibrationItems is how many validation items each iteration's
	// calibration of the learner profile answers per candidate; 0: none.
	CalibrationItems int `json:"calibration_items,omitempty"`
}

// IterationMetrics are the per-iteration figures of a run.
type IterationMetrics struct {
	Iteration          int                `json:"iteration"`
	Accuracy           float64            `json:"accuracy"`
	AccuracyByTaskType map[string]float64 `json:"accuracy_by_task_type,omitempty"`
	Flips              int                `json:"flips"`
	MemoryCounts       map[string]int     `json:"memory_counts,omitempty"`
	TeacherCalls       int                `json:"teacher_calls"`
	LearnerCalls       int                `json:"learner_calls"`
	RolledBack         bool               `json:"rolled_back"`
	WallMS             float64            `json:"wall_ms"`
	TeacherShare       float64            `json:"teacher_share"`
	Harvested          int                `json:"harvested"`
	FailuresWritten    int                `json:"failures_written"`
	Operation          string             `json:"operation,omitempty"`
	Selected           []string           `json:"selected,omitempty"`
	// Accuracy is the training split's. The validation split is answered
	// with memory whatever the switch says (the switch decides from it),
	// the test split as a client gets it; both also without memory.
	ValidationAccuracy      float64 `json:"validation_accuracy"`
	ValidationWithoutMemory float64 `json:"validation_without_memory"`
	// ValidationRoutingOnly is the validation split without memory and
	// with the run's routing: what the memory switch compares memory with
	// when the run routes (absent otherwise).
	ValidationRoutingOnly *float64 `json:"validation_routing_only,omitempty"`
	TestAccuracy          float64  `json:"test_accuracy"`
	TestWithoutMemory     float64  `json:"test_without_memory"`
	// The task types whose memory the switch has off, and what the write
	// gate kept out of memory.
	MemoryOff  []string    `json:"memory_off,omitempty"`
	Rejected   int         `json:"rejected"`
	Rejections []Rejection `json:"rejections,omitempty"`
	// Checkers are the task types whose declared checker the write gate
	// applied.
	Checkers []string `json:"checkers,omitempty"`
	// Probation is what probation tried, activated and quarantined;
	// TeacherCorrupted the teacher's texts made wrong on purpose
	// (teacher-noise ablation) as written, TeacherCorruptedCommitted those
	// of them the write gate let into memory.
	Probation                 Probation `json:"probation"`
	TeacherCorrupted          int64     `json:"teacher_corrupted,omitempty"`
	TeacherCorruptedCommitted int64     `json:"teacher_corrupted_committed,omitempty"`
	// Profile is the learner profile the iteration answered with memory
	// under (absent for a run without profiles), and Calibration the
	// measurement that chose it at its start; BaselineProfile and
	// BaselineCalibration are the same for the arms without memory.
	Profile             *LearnerProfile `json:"profile,omitempty"`
	Calibration         *Calibration    `json:"calibration,omitempty"`
	BaselineProfile     *LearnerProfile `json:"baseline_profile,omitempty"`
	BaselineCalibration *Calibration    `json:"baseline_calibration,omitempty"`
}

// EvolutionRun is a run and its progress.
type EvolutionRun struct {
	ID         uuid.UUID          `json:"id"`
	Namespace  string             `json:"namespace"`
	Status     RunStatus          `json:"status"`
	Iterations int                `json:"iterations"`
	Iteration  int                `json:"iteration"`
	Metrics    []IterationMetrics `json:"metrics,omitempty"`
	Error      string             `json:"error,omitempty"`
	CreatedAt  time.Time          `json:"created_at"`
	UpdatedAt  time.Time          `json:"updated_at"`
}
