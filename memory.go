package evokg

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Rejection is a text the teacher model wrote that the write gate
// (package writegate) kept out of memory, with the reason.
type Rejection struct {
	Kind   string `json:"kind"`           // success_memory, success_reasoning, failure_correction, principle, prompt_refinement, critic_note
	Item   string `json:"item,omitempty"` // the pool item or skill it was written for
	Reason string `json:"reason"`
}

// MemorySwitch is a task type's memory switch (package memswitch): Off
// when the learner's validation accuracy with memory fell below its
// memory-off baseline by more than Delta, until a later evaluation with
// memory beats the baseline. While it is off the learner answers the task
// type without memory; no memory is removed.
type MemorySwitch struct {
	TaskType      string    `json:"task_type"`
	Off           bool      `json:"off"`
	WithMemory    float64   `json:"with_memory"`    // validation accuracy at the last decision
	WithoutMemory float64   `json:"without_memory"` // the baseline it was compared with
	Delta         float64   `json:"delta"`
	RunID         uuid.UUID `json:"run_id"`
	Iteration     int       `json:"iteration"`
	ChangedAt     time.Time `json:"changed_at"` // when Off last changed
	UpdatedAt     time.Time `json:"updated_at"`
}

// MemorySwitches records the per-task-type memory switch, lists it and
// answers whether one is off.
type MemorySwitches interface {
	Off(ctx context.Context, ns, taskType string) (bool, error)
	Record(ctx context.Context, ns string, e MemorySwitch) (MemorySwitch, error)
	List(ctx context.Context, ns string) ([]MemorySwitch, error)
}
