package evokg

import (
	"context"

	"github.com/google/uuid"
)

// The services of the API's features, one small interface each; the
// feature packages implement them and cmd/evokg wires them.

// NamespaceService creates and reads namespaces.
type NamespaceService interface {
	// CreateNamespace records key as the namespace's creator: its tenant.
	CreateNamespace(ctx context.Context, ns Namespace, key uuid.UUID) (Namespace, error)
	GetNamespace(ctx context.Context, name string) (Namespace, error)
}

// RetrievalService builds a memory pack for a question, recorded under an id, and
// applies a reward once per retrieval to the search arm that built it.
type RetrievalService interface {
	Retrieve(ctx context.Context, ns string, req RetrieveRequest) (RetrieveResponse, error)
	Feedback(ctx context.Context, ns string, retrievalID uuid.UUID, req FeedbackRequest) (RetrievalFeedbackResponse, error)
}

// AnswerService answers with the frozen learner and the graph's memories, and
// applies a reward once per answer.
type AnswerService interface {
	Answer(ctx context.Context, ns string, req AnswerRequest) (AnswerResponse, error)
	Feedback(ctx context.Context, ns string, answerID uuid.UUID, req FeedbackRequest) (FeedbackResponse, error)
}

// UtilityService reads the utility of memories and takes them out of
// service and back (*utility.Store). An unknown memory is ENOTFOUND.
type UtilityService interface {
	Get(ctx context.Context, ns string, id uuid.UUID) (Utility, error)
	// List pages through the memories of one state other than active.
	List(ctx context.Context, ns string, f UtilityFilter) (UtilityPage, error)
	// Quarantine takes a memory out of service, keeping it, for reason.
	Quarantine(ctx context.Context, ns string, id uuid.UUID, reason string) (Utility, error)
	// Restore serves a memory again (active), whatever its state, for reason.
	Restore(ctx context.Context, ns string, id uuid.UUID, reason string) (Utility, error)
}

// SkillService reads the capability subgraph.
type SkillService interface {
	ListSkills(ctx context.Context, ns string) ([]Skill, error)
	Frontier(ctx context.Context, ns string) ([]Skill, error)
	GetSkill(ctx context.Context, ns, name string) (SkillDetail, error)
}

// TaskTypeService lists task types with their curriculum score s(t)
// (*evolution.Engine).
type TaskTypeService interface {
	ListTaskTypes(ctx context.Context, ns string) ([]TaskTypeScore, error)
}

// EvolutionService starts and follows MAGE evolution runs. A start names
// the API key that asks; a key or tenant at its bound of active background
// runs is EQUOTA.
type EvolutionService interface {
	StartRun(ctx context.Context, ns string, key uuid.UUID, req EvolutionRunRequest) (EvolutionRun, error)
	ListRuns(ctx context.Context, ns string) ([]EvolutionRun, error)
	GetRun(ctx context.Context, ns string, id uuid.UUID) (EvolutionRun, error)
	CancelRun(ctx context.Context, ns string, id uuid.UUID) (EvolutionRun, error)
}

// GraphService runs graph traversals.
type GraphService interface {
	// Neighbors returns the experiences within maxHops of the seeds, nearest first.
	Neighbors(ctx context.Context, ns string, seeds []uuid.UUID, maxHops int) ([]Neighbor, error)
	// SignatureMatches returns the experiences whose signature matches sig, best first.
	SignatureMatches(ctx context.Context, ns, taskType string, sig []string, threshold float64, limit int) ([]SignatureMatch, error)
}

// UsageService reports model-call accounting.
type UsageService interface {
	// Usage counts the model calls of namespace ns, or of one of its
	// evolution runs when run is not nil.
	Usage(ctx context.Context, ns string, run *uuid.UUID) (Usage, error)
}

// BanditService reports the search and routing bandits' posteriors.
type BanditService interface {
	Posteriors(ctx context.Context, ns string) ([]BanditState, error)
}

// AssetService is the asset memory (*assets.Service): tools validated in
// the sandbox and expert agents.
type AssetService interface {
	Tools
	ToolScores
	ExpertAgents
	// ToolVersions returns every version of a tool, newest first.
	ToolVersions(ctx context.Context, ns, name string) ([]Tool, error)
}

// MaintenanceService runs maintenance operations.
type MaintenanceService interface {
	// Reindex rebuilds the bloated vector indexes of every namespace.
	Reindex(ctx context.Context, opts ReindexOptions) (ReindexReport, error)
}

// TaskTypeDeclarer declares how a task type's questions are answered and
// checked (*graph.Graph): it creates the task type, or sets its answer
// mode and checker (removing the checker when d has none) and, when the
// description is not empty, its description. An invalid declaration is
// EINVALID naming fields under /answer and /checker.
type TaskTypeDeclarer interface {
	Declare(ctx context.Context, ns, name string, d TaskTypeDeclaration) (TaskType, error)
}

// LearnerProfileService reads, sets and calibrates the learner profiles
// of a namespace (the profile store with the learner layer).
type LearnerProfileService interface {
	ProfileService
	// LearnerModel is the model the learner answers with: the model of a
	// request that names none, and the one a calibration measures.
	LearnerModel() string
	// Calibrate answers the request's items (validation items) with each
	// candidate profile, stores the one chosen for the learner model and
	// returns it with the calibration's figures.
	Calibrate(ctx context.Context, ns string, req CalibrationRequest) (StoredProfile, error)
}
