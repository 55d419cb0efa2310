package llm

import (
	"context"
	"sync/atomic"

	"github.com/evokg/evokg"
)

// Layer is the layer a call belongs to.
type Layer string

// Layers.
const (
	LayerTeacher   Layer = "teacher"
	LayerLearner   Layer = "learner"
	LayerEmbedding Layer = "embedding"
)

// Role names the agent or function a call serves.
type Role string

// Roles of the teacher layer.
const (
	RoleSkillDiscovery Role = "skill_discovery"
	RoleNavigator      Role = "navigator"
	RoleCritic         Role = "critic"
	RoleCurator        Role = "curator"
	RoleEvaluator      Role = "evaluator"
	RoleJudge          Role = "judge"
	RoleSignature      Role = "signature_extractor"
	RoleFailureAnalyst Role = "failure_analyst"
)

// Roles of the learner and embedding layers.
const (
	RoleLearner  Role = "learner"
	RoleExplorer Role = "explorer"
	RoleEmbedder Role = "embedder"
)

// CallMeta is the accounting context of model calls: who they are for and
// which budget they draw from. Attach it with WithCall.
type CallMeta struct {
	Namespace    string
	RunID        string
	Iteration    int
	ExperienceID string
	// Budget, when set, is charged one unit per model call attempt
	// (embeddings are not charged). A call beyond it fails with ELIMIT.
	Budget *Budget
	// Tally, when set, counts every chat-call attempt by layer.
	Tally *Tally
}

type callMetaKey struct{}

// WithCall returns ctx carrying meta for every model call made with it.
func WithCall(ctx context.Context, meta CallMeta) context.Context {
	return context.WithValue(ctx, callMetaKey{}, meta)
}

// CallFrom returns the call metadata carried by ctx (zero if none).
func CallFrom(ctx context.Context) CallMeta {
	meta, _ := ctx.Value(callMetaKey{}).(CallMeta)
	return meta
}

// Budget caps the number of model calls of one unit of work (an ingested
// experience, an evolution iteration). It is safe for concurrent use.
type Budget struct {
	reason string
	limit  int64
	used   atomic.Int64
}

// NewBudget returns a budget of limit calls; reason names the unit of work
// in the error returned once it is spent ("experience 0193…", "iteration 4
// of run r1"). A negative limit never runs out.
func NewBudget(reason string, limit int) *Budget {
	return &Budget{reason: reason, limit: int64(limit)}
}

// ExperienceBudget returns a fresh budget for ingesting one experience.
func (m *Models) ExperienceBudget(experienceID string) *Budget {
	return NewBudget("experience "+experienceID, m.cfg.Budgets.PerExperience)
}

// IterationBudget returns a fresh budget for one evolution iteration.
func (m *Models) IterationBudget(runID string, iteration int) *Budget {
	return NewBudget(iterationReason(runID, iteration), m.cfg.Budgets.PerIteration)
}

// Used returns how many calls have been charged.
func (b *Budget) Used() int { return int(b.used.Load()) }

// Limit returns the cap (negative: none).
func (b *Budget) Limit() int { return int(b.limit) }

// take charges one call or returns an ELIMIT error naming the unit of work.
func (b *Budget) take() error {
	if b == nil || b.limit < 0 {
		return nil
	}
	if n := b.used.Add(1); n > b.limit {
		b.used.Add(-1)
		return &evokg.Error{Code: evokg.ELIMIT, Message: budgetMessage(b)}
	}
	return nil
}
