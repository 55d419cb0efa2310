package llm

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// CallRecord is one model call attempt.
type CallRecord struct {
	ID           uuid.UUID
	Namespace    string
	RunID        string
	Iteration    int
	ExperienceID string
	Role         Role
	Layer        Layer
	Model        string
	PromptTokens int
	ReplyTokens  int
	Duration     time.Duration
	Outcome      string // one of the Outcome constants
	Reason       string // why it failed, empty when ok
	CreatedAt    time.Time
}

// Recorder persists call records. Record errors are logged by the layer,
// never returned to the caller of the model.
type Recorder interface {
	Record(ctx context.Context, call CallRecord) error
}

type nopRecorder struct{}

func (nopRecorder) Record(context.Context, CallRecord) error { return nil }
