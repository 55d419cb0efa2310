package evokg

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

// Validator kinds: how a task's attempts are checked (package validate).
const (
	ValidatorExact      = "exact"       // the answer equals the gold answer, trimmed
	ValidatorNormalized = "normalized"  // numerically, or as normalized text
	ValidatorJSONSchema = "json_schema" // the answer is JSON valid against a schema
	ValidatorCode       = "code"        // the answer is code passing tests in the sandbox
	ValidatorWebhook    = "webhook"     // the client's own checker decides
)

// ValidatorKinds lists every validator kind.
var ValidatorKinds = []string{ValidatorExact, ValidatorNormalized, ValidatorJSONSchema, ValidatorCode, ValidatorWebhook}

// ValidatorSpec configures a task's validator. Gold serves exact and
// normalized, Schema json_schema, Tests code (each test's input is given to
// the answer's `run(input)` in the asset sandbox, as a tool's tests are),
// URL webhook.
type ValidatorSpec struct {
	Kind   string          `json:"kind"`
	Gold   string          `json:"gold,omitempty"`
	Schema json.RawMessage `json:"schema,omitempty"`
	Tests  []ToolTest      `json:"tests,omitempty"`
	URL    string          `json:"url,omitempty"`
}

// Validation outcomes.
const (
	OutcomePass  = "pass"  // the attempt is accepted
	OutcomeWrong = "wrong" // a well-formed attempt that is not right
	OutcomeForm  = "form"  // the attempt is not of the expected form (no number, not JSON, no code)
	OutcomeError = "error" // the attempt failed to run, or the checker failed
)

// ValidationFeedback is a validator's structured verdict on one attempt
// (APEX-EM's (v_j, f_j)): the outcome, the root cause and what to fix. It
// never reveals a gold answer.
type ValidationFeedback struct {
	Passed    bool   `json:"passed"`
	Outcome   string `json:"outcome"`
	RootCause string `json:"root_cause,omitempty"`
	FixTarget string `json:"fix_target,omitempty"`
}

// Same reports whether two verdicts describe the same failure.
func (f ValidationFeedback) Same(g ValidationFeedback) bool {
	return !f.Passed && !g.Passed && f.Outcome == g.Outcome && f.RootCause == g.RootCause && f.FixTarget == g.FixTarget
}

// TaskRequest asks the platform to run one task through PRGII. Without
// MaxIterations the validator's default J holds (3 for code, 10 otherwise).
type TaskRequest struct {
	Question      string        `json:"question"`
	TaskType      string        `json:"task_type"`
	Context       string        `json:"context,omitempty"`
	Validator     ValidatorSpec `json:"validator"`
	MaxIterations int           `json:"max_iterations,omitempty"`
}

// Task statuses.
const (
	TaskQueued   = "queued"
	TaskRunning  = "running"
	TaskSolved   = "solved"   // an attempt passed the validator
	TaskUnsolved = "unsolved" // every attempt failed the validator
	TaskFailed   = "failed"   // the run itself failed (see Error)
)

// TaskPlan is the Plan phase's result: the hypothesized signature σ̂, the
// entities and the goal, extracted by the learner model.
type TaskPlan struct {
	Signature []string `json:"signature"`
	Entities  []Entity `json:"entities"`
	Goal      string   `json:"goal"`
}

// TaskMemory is one retrieved memory: a P+ template or a P− guardrail with
// its error registry and patches.
type TaskMemory struct {
	ExperienceID uuid.UUID         `json:"experience_id"`
	Outcome      Outcome           `json:"outcome"`
	Score        float64           `json:"score"`
	Text         string            `json:"text"`
	Signature    []string          `json:"signature,omitempty"`
	Errors       []ErrorRecord     `json:"errors,omitempty"`
	Patches      []PatchReflection `json:"patches,omitempty"`
}

// TaskRetrieval is the Retrieve phase's result: P+ (top 3) and P− (top 2).
type TaskRetrieval struct {
	Positives []TaskMemory `json:"positives"`
	Negatives []TaskMemory `json:"negatives"`
	Strategy  string       `json:"strategy"`
}

// StuckLoop is a stuck-loop detection: attempt N repeated attempt RepeatOf
// (the same answer, or the same failure) and divergent guidance was
// injected into the next attempt.
type StuckLoop struct {
	Reason   string `json:"reason"` // "same_answer" or "same_feedback"
	RepeatOf int    `json:"repeat_of"`
}

// Stuck-loop reasons.
const (
	StuckSameAnswer   = "same_answer"
	StuckSameFeedback = "same_feedback"
)

// TaskAttempt is one Generate + validate round of the Iterate loop.
type TaskAttempt struct {
	N         int                `json:"n"`
	Answer    string             `json:"answer"`
	Reasoning string             `json:"reasoning,omitempty"`
	Feedback  ValidationFeedback `json:"feedback"`
	// Guidance is the divergent guidance this attempt was given after a
	// stuck loop; Stuck is set on the attempt that repeated an earlier one.
	Guidance  string     `json:"guidance,omitempty"`
	Stuck     *StuckLoop `json:"stuck,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
}

// TaskCommit is an experience the Ingest phase committed from an attempt,
// with q and the quality gate's decision: the passing attempt as P+, a
// failed one as P− with its error registry.
type TaskCommit struct {
	ExperienceID uuid.UUID     `json:"experience_id"`
	Attempt      int           `json:"attempt"`
	Outcome      Outcome       `json:"outcome"`
	Q            float64       `json:"q"`
	Gate         *GateDecision `json:"gate,omitempty"`
	Errors       []ErrorRecord `json:"errors,omitempty"`
}

// Task is one task and every phase of its PRGII run.
type Task struct {
	ID            uuid.UUID      `json:"id"`
	Namespace     string         `json:"namespace"`
	Status        string         `json:"status"`
	Question      string         `json:"question"`
	TaskType      string         `json:"task_type"`
	Context       string         `json:"context,omitempty"`
	ValidatorKind string         `json:"validator_kind"`
	MaxIterations int            `json:"max_iterations"`
	Frozen        bool           `json:"frozen"` // memory is read, never written
	Plan          *TaskPlan      `json:"plan,omitempty"`
	Retrieval     *TaskRetrieval `json:"retrieval,omitempty"`
	Attempts      []TaskAttempt  `json:"attempts"`
	Committed     []TaskCommit   `json:"committed"`
	Answer        string         `json:"answer,omitempty"` // the passing answer
	Error         string         `json:"error,omitempty"`
	CreatedAt     time.Time      `json:"created_at"`
	UpdatedAt     time.Time      `json:"updated_at"`
}

// Terminal reports whether the task has finished one way or another.
func (t *Task) Terminal() bool {
	return t.Status == TaskSolved || t.Status == TaskUnsolved || t.Status == TaskFailed
}

// TaskService runs tasks through PRGII as durable jobs (tasks.Service). A
// start names the API key that asks; a key or tenant at its bound of
// active background runs is EQUOTA.
type TaskService interface {
	StartTask(ctx context.Context, ns string, key uuid.UUID, req TaskRequest) (Task, error)
	GetTask(ctx context.Context, ns string, id uuid.UUID) (Task, error)
	ListTasks(ctx context.Context, ns string) ([]Task, error)
}

// EpochMetrics are APEX-EM's figures for one epoch over a pool, computed
// from the stored attempts: SR (solved this epoch), CSR (solved at least
// once up to this epoch), mean attempts per task and first-attempt success.
type EpochMetrics struct {
	Epoch             int     `json:"epoch"`
	Tasks             int     `json:"tasks"`
	Solved            int     `json:"solved"`
	SR                float64 `json:"sr"`
	CSR               float64 `json:"csr"`
	MeanIterations    float64 `json:"mean_iterations"`
	FirstAttemptShare float64 `json:"first_attempt_success"`
	Frozen            bool    `json:"frozen"`
	// Failed counts the tasks whose run ended in an error (a model reply
	// that stayed invalid): not solved, and no end of the epoch run.
	Failed int `json:"failed"`
	// TaskIDs are the epoch's tasks (GET tasks/{id} shows each).
	TaskIDs []uuid.UUID `json:"task_ids"`
}

// EpochRunRequest starts an epoch run: the pool's training split goes
// through the task workflow Epochs times, memory growing; with Frozen the
// test split (the Test fraction, default 0.2; 0 tests nothing) is then
// evaluated once with memory frozen. The validation split (the Validation
// fraction, default 0.2 as an evolution run's; 0 makes none) is held out
// of both: an epoch run decides nothing by accuracy, and a decision would
// read it, never the test split.
type EpochRunRequest struct {
	Pool          PoolGenerator `json:"pool"` // "arith", "digits" or "glyph"; size default 20
	Epochs        int           `json:"epochs"`
	MaxIterations int           `json:"max_iterations,omitempty"`
	Frozen        bool          `json:"frozen,omitempty"`
	Validation    *float64      `json:"validation,omitempty"`
	Test          *float64      `json:"test,omitempty"`
	// HeldOut is Test under its name in the previous release, still
	// accepted; remove it in the release after.
	HeldOut *float64 `json:"held_out,omitempty"`
}

// EpochRun is an epoch run and its figures so far, computed from the
// stored attempts of its tasks (an epoch in progress counts the tasks
// finished so far).
type EpochRun struct {
	ID            uuid.UUID     `json:"id"`
	Namespace     string        `json:"namespace"`
	Status        RunStatus     `json:"status"`
	Pool          PoolGenerator `json:"pool"`
	Epochs        int           `json:"epochs"`
	Epoch         int           `json:"epoch"` // the epoch running or last run; Epochs+1 for the frozen split
	MaxIterations int           `json:"max_iterations,omitempty"`
	Frozen        bool          `json:"frozen"`
	Validation    float64       `json:"validation"`
	Test          float64       `json:"test"`
	// HeldOut is Test under its name in the previous release, still
	// returned; remove it in the release after.
	HeldOut      float64        `json:"held_out"`
	Metrics      []EpochMetrics `json:"metrics"`
	FrozenResult *EpochMetrics  `json:"frozen_result,omitempty"`
	Error        string         `json:"error,omitempty"`
	CreatedAt    time.Time      `json:"created_at"`
	UpdatedAt    time.Time      `json:"updated_at"`
}

// EpochRunService runs epoch runs as durable jobs (tasks.Service). A start
// with an Idempotency-Key already used returns that run when the request is
// the same, and is ECONFLICT otherwise. A start names the API key that
// asks; a key or tenant at its bound of active background runs is EQUOTA.
type EpochRunService interface {
	StartEpochRun(ctx context.Context, ns string, key uuid.UUID, req EpochRunRequest, idemKey string) (EpochRun, error)
	GetEpochRun(ctx context.Context, ns string, id uuid.UUID) (EpochRun, error)
	ListEpochRuns(ctx context.Context, ns string) ([]EpochRun, error)
	CancelEpochRun(ctx context.Context, ns string, id uuid.UUID) (EpochRun, error)
}
