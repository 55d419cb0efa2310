package evokg

import (
	"time"

	"github.com/google/uuid"
)

// Outcome partitions experiences into the five memory classes of the
// experience subgraph. Each maps to an extra Neo4j label.
type Outcome string

const (
	OutcomePrinciple Outcome = "principle"
	OutcomeFailure   Outcome = "failure_memory"
	OutcomeSuccess   Outcome = "success_memory"
	OutcomeRecipe    Outcome = "retrieval_recipe"
	OutcomePattern   Outcome = "abstracted_pattern"
)

// Outcomes lists every memory class.
var Outcomes = []Outcome{OutcomePrinciple, OutcomeFailure, OutcomeSuccess, OutcomeRecipe, OutcomePattern}

// Valid reports whether o is one of the five classes.
func (o Outcome) Valid() bool {
	for _, x := range Outcomes {
		if o == x {
			return true
		}
	}
	return false
}

// Protected reports whether memories of this class are append-only:
// never deleted or rewritten, by pruning, rollback or any API call.
func (o Outcome) Protected() bool {
	return o == OutcomePrinciple || o == OutcomeFailure || o == OutcomeSuccess
}

// Label returns the Neo4j label of the class (from a closed list).
func (o Outcome) Label() string {
	switch o {
	case OutcomePrinciple:
		return "Principle"
	case OutcomeFailure:
		return "FailureMemory"
	case OutcomeSuccess:
		return "SuccessMemory"
	case OutcomeRecipe:
		return "RetrievalRecipe"
	case OutcomePattern:
		return "AbstractedPattern"
	}
	return ""
}

// Channel returns which embedding index holds experiences of this class:
// failure memories go to the failure index, everything else to the success index.
func (o Outcome) Channel() Channel {
	if o == OutcomeFailure {
		return ChannelFailure
	}
	return ChannelSuccess
}

// Channel names one of the two parallel embedding indexes.
type Channel string

const (
	ChannelSuccess Channel = "success"
	ChannelFailure Channel = "failure"
)

// FailureKind distinguishes the two kinds of failure memory.
type FailureKind string

const (
	FailureSpecific     FailureKind = "specific"      // step-by-step recomputation of one item
	FailureTypeStrategy FailureKind = "type_strategy" // the method for the question type
)

// Experience is one memory: an APEX-EM experience record (Table 5) with
// the MAGE success/failure memory fields, as the agent reported it, plus
// the fields the platform owns. Protected classes are append-only.
type Experience struct {
	ID        uuid.UUID `json:"id"`
	Namespace string    `json:"namespace"`
	ExperienceFields
	Version   int       `json:"version"`
	CreatedAt time.Time `json:"created_at"`
}

// ExperienceFields are the fields of an experience that its agent reports:
// the same in what is posted (ExperienceInput) and what is stored
// (Experience).
type ExperienceFields struct {
	TaskType    string      `json:"task_type"`
	Outcome     Outcome     `json:"outcome,omitempty"`
	FailureKind FailureKind `json:"failure_kind,omitempty"`
	Skill       string      `json:"skill,omitempty"`

	// MAGE memory fields.
	Question string `json:"question,omitempty"`
	Answer   string `json:"answer,omitempty"`
	// Expression is the computation an expression-mode answer wrote; Answer
	// is its value.
	Expression     string      `json:"expression,omitempty"`
	ChainOfThought string      `json:"chain_of_thought,omitempty"`
	SkillSteps     []SkillStep `json:"skill_steps,omitempty"`
	Context        string      `json:"context,omitempty"`
	Content        string      `json:"content,omitempty"` // principle / pattern / recipe text

	// APEX-EM record.
	Goal       *GoalReflection      `json:"goal,omitempty"`
	Procedure  *ProcedureReflection `json:"procedure,omitempty"`
	Evidence   []Evidence           `json:"evidence,omitempty"`
	Errors     []ErrorRecord        `json:"errors,omitempty"`
	Patches    []PatchReflection    `json:"patches,omitempty"`
	Evaluation *Evaluation          `json:"evaluation,omitempty"`

	Signature   []string    `json:"signature,omitempty"`
	Entities    []Entity    `json:"entities,omitempty"`
	DerivedFrom []uuid.UUID `json:"derived_from,omitempty"`
	Supersedes  *uuid.UUID  `json:"supersedes,omitempty"`
	Confidence  float64     `json:"confidence,omitempty"` // abstracted patterns only
}

// Quality returns the evaluation's q, or 1 for memories without one
// (principles and harvested successes are verified by construction).
func (e *Experience) Quality() float64 {
	if e.Evaluation == nil {
		return 1
	}
	return e.Evaluation.Q
}

// EmbeddingText is the text embedded for semantic retrieval.
func (e *Experience) EmbeddingText() string {
	switch {
	case e.Question != "":
		return e.Question
	case e.Goal != nil && e.Goal.TaskDescription != "":
		return e.Goal.TaskDescription
	default:
		return e.Content
	}
}

// SkillStep is one (skill_name, step_output) tuple of a success memory.
type SkillStep struct {
	Skill  string `json:"skill"`
	Output string `json:"output"`
}

// Entity is a named thing an experience used.
type Entity struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
}

// GoalReflection is what the task asked for.
type GoalReflection struct {
	TaskDescription      string   `json:"task_description"`
	Domain               string   `json:"domain,omitempty"`
	Constraints          []string `json:"constraints,omitempty"`
	VerificationContract string   `json:"verification_contract,omitempty"`
	GoalSignature        string   `json:"goal_signature,omitempty"`
}

// ProcedureReflection is the versioned procedure that was run (proc:<Name>:v<k>).
type ProcedureReflection struct {
	Name        string         `json:"name"`
	Params      map[string]any `json:"params,omitempty"`
	Steps       []string       `json:"steps,omitempty"`
	Budgets     map[string]any `json:"budgets,omitempty"`
	Checkpoints []string       `json:"checkpoints,omitempty"`
}

// Evidence is one piece of evidence with its content digest.
type Evidence struct {
	Kind    string  `json:"kind"`
	Locator string  `json:"locator"`
	SHA256  string  `json:"sha256,omitempty"`
	Trust   float64 `json:"trust,omitempty"`
}

// ErrorRecord is one entry of the error registry.
type ErrorRecord struct {
	ErrorClass          string  `json:"error_class"`
	Where               string  `json:"where,omitempty"`
	RootCause           string  `json:"root_cause,omitempty"`
	RootCauseConfidence float64 `json:"root_cause_confidence,omitempty"`
	RecoveryProcedure   string  `json:"recovery_procedure,omitempty"`
	RecoveryOutcome     string  `json:"recovery_outcome,omitempty"`
}

// PatchReflection records a fix and its measured utility.
type PatchReflection struct {
	TriggerSignature string  `json:"trigger_signature,omitempty"`
	Patch            string  `json:"patch"`
	Rationale        string  `json:"rationale,omitempty"`
	UtilityDelta     float64 `json:"utility_delta,omitempty"`
}

// Evaluation is the graded outcome of an experience.
type Evaluation struct {
	Correct         float64 `json:"correct"`
	Efficient       float64 `json:"efficient"`
	Complete        float64 `json:"complete"`
	Q               float64 `json:"q"`
	TeacherFeedback string  `json:"teacher_feedback,omitempty"`
	// CriticNote is the Critic's note on the task type a success memory was
	// harvested from; retrieval renders it with the memory.
	CriticNote string `json:"critic_note,omitempty"`
	Status     string `json:"status"`
}

// Quality gate (APEX-EM): q = 0.9·c + 0.05·η + 0.05·κ; successful when q ≥ 0.3.
const QualityGate = 0.3

// Evaluation statuses.
const (
	EvalSuccessful = "successful"
	EvalFailed     = "failed"
)

// NewEvaluation computes q from correctness, efficiency and completeness and
// applies the quality gate.
func NewEvaluation(correct, efficient, complete float64, feedback string) Evaluation {
	q := 0.9*correct + 0.05*efficient + 0.05*complete
	status := EvalFailed
	if q >= QualityGate {
		status = EvalSuccessful
	}
	return Evaluation{Correct: correct, Efficient: efficient, Complete: complete, Q: q, TeacherFeedback: feedback, Status: status}
}

// GateDecision is the quality gate's verdict on an evaluated experience.
type GateDecision struct {
	Q         float64 `json:"q"`
	Threshold float64 `json:"threshold"`
	Status    string  `json:"status"` // EvalSuccessful or EvalFailed
	// Requested is the memory class the experience came with when the gate
	// committed it as another one (a failed success memory is a failure).
	Requested Outcome `json:"requested_outcome,omitempty"`
}

// ApplyQualityGate decides where an experience that carries its evaluation
// is committed. Below the gate (q < QualityGate) it is a failed experience:
// its evaluation says failed and, whatever class it came as, it becomes a
// failure memory (kind specific unless set), so it never enters the success
// index. At or above the gate it keeps its class: a failure memory that
// grades well is still a correction of a failure. Without an evaluation
// there is nothing to decide and it returns nil.
func (e *Experience) ApplyQualityGate() *GateDecision {
	if e.Evaluation == nil {
		return nil
	}
	ev := NewEvaluation(e.Evaluation.Correct, e.Evaluation.Efficient, e.Evaluation.Complete, e.Evaluation.TeacherFeedback)
	e.Evaluation.Q, e.Evaluation.Status = ev.Q, ev.Status
	d := &GateDecision{Q: ev.Q, Threshold: QualityGate, Status: ev.Status}
	if ev.Status == EvalFailed && e.Outcome != OutcomeFailure {
		d.Requested = e.Outcome
		e.Outcome = OutcomeFailure
		if e.FailureKind == "" {
			e.FailureKind = FailureSpecific
		}
	}
	return d
}

// TruncateRunes cuts s to at most n characters (runes, not bytes).
func TruncateRunes(s string, n int) string {
	if n < 0 {
		return s
	}
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos]
		}
		i++
	}
	return s
}
