package api

import (
	"context"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// The API's ports: one small interface per feature. Each is served by
// another package (ingest, retrieval, evolution, graph, llm, bandits) and
// wired by cmd/evokg; a route group is mounted only when its port is set.

// NamespaceService creates and reads namespaces. NewNamespaceStore is the
// Postgres implementation.
type NamespaceService interface {
	CreateNamespace(ctx context.Context, ns evokg.Namespace) (evokg.Namespace, error)
	GetNamespace(ctx context.Context, name string) (evokg.Namespace, error)
}

// Retriever builds a memory pack for a question, recorded under an id, and
// applies a reward once per retrieval to the search arm that built it.
type Retriever interface {
	Retrieve(ctx context.Context, ns string, req evokg.RetrieveRequest) (evokg.RetrieveResponse, error)
	Feedback(ctx context.Context, ns string, retrievalID uuid.UUID, req evokg.FeedbackRequest) (evokg.RetrievalFeedbackResponse, error)
}

// Answerer answers with the frozen learner and the graph's memories, and
// applies a reward once per answer.
type Answerer interface {
	Answer(ctx context.Context, ns string, req evokg.AnswerRequest) (evokg.AnswerResponse, error)
	Feedback(ctx context.Context, ns string, answerID uuid.UUID, req evokg.FeedbackRequest) (evokg.FeedbackResponse, error)
}

// SkillService reads the capability subgraph.
type SkillService interface {
	ListSkills(ctx context.Context, ns string) ([]evokg.Skill, error)
	Frontier(ctx context.Context, ns string) ([]evokg.Skill, error)
	GetSkill(ctx context.Context, ns, name string) (evokg.SkillDetail, error)
}

// TaskTypeService lists task types with their curriculum score s(t)
// (*evolution.Engine).
type TaskTypeService interface {
	ListTaskTypes(ctx context.Context, ns string) ([]evokg.TaskTypeScore, error)
}

// EvolutionService starts and follows MAGE evolution runs.
type EvolutionService interface {
	StartRun(ctx context.Context, ns string, req evokg.EvolutionRunRequest) (evokg.EvolutionRun, error)
	ListRuns(ctx context.Context, ns string) ([]evokg.EvolutionRun, error)
	GetRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EvolutionRun, error)
	CancelRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EvolutionRun, error)
}

// GraphService runs graph traversals.
type GraphService interface {
	// Neighbors returns the experiences within maxHops of the seeds, nearest first.
	Neighbors(ctx context.Context, ns string, seeds []uuid.UUID, maxHops int) ([]evokg.Neighbor, error)
	// SignatureMatches returns the experiences whose signature matches sig, best first.
	SignatureMatches(ctx context.Context, ns, taskType string, sig []string, threshold float64, limit int) ([]evokg.SignatureMatch, error)
}

// UsageService reports model-call accounting.
type UsageService interface {
	// Usage counts the model calls of namespace ns, or of one of its
	// evolution runs when run is not nil.
	Usage(ctx context.Context, ns string, run *uuid.UUID) (evokg.Usage, error)
}

// BanditService reports the search and routing bandits' posteriors.
type BanditService interface {
	Posteriors(ctx context.Context, ns string) ([]evokg.BanditState, error)
}

// AssetService is the asset memory (*assets.Service): tools validated in
// the sandbox and expert agents.
type AssetService interface {
	evokg.Tools
	evokg.ExpertAgents
	// ToolVersions returns every version of a tool, newest first.
	ToolVersions(ctx context.Context, ns, name string) ([]evokg.Tool, error)
}

// MaintenanceService runs maintenance operations.
type MaintenanceService interface {
	// Reindex rebuilds the bloated vector indexes of every namespace.
	Reindex(ctx context.Context, opts evokg.ReindexOptions) (evokg.ReindexReport, error)
}

// PruneRequest prunes abstracted patterns below a confidence threshold.
type PruneRequest struct {
	Threshold float64 `json:"threshold"`
	DryRun    bool    `json:"dry_run,omitempty"`
}

// PruneResult lists what was (or would be) pruned.
type PruneResult struct {
	Pruned []uuid.UUID `json:"pruned"`
	DryRun bool        `json:"dry_run"`
}
