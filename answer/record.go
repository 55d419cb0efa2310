package answer

import (
	"context"
	"embed"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// Arms checks that an answer names arms the bandits have (*bandit.Bandit).
type Arms interface {
	CheckAnswer(a bandit.Answer) error
}

// Records stores answers with the arms that produced them, which a later
// reward reads (bandit.Bandit.ApplyReward).
type Records struct {
	pool *pgxpool.Pool
	arms Arms
}

// NewRecords returns the answer records of pool; arms checks each answer.
func NewRecords(pool *pgxpool.Pool, arms Arms) *Records {
	return &Records{pool: pool, arms: arms}
}

// Record stores a and returns its id (a new one when a.ID is zero).
// Recording the same id again is a no-op, so callers may retry.
func (r *Records) Record(ctx context.Context, a bandit.Answer) (uuid.UUID, error) {
	if err := r.arms.CheckAnswer(a); err != nil {
		return uuid.Nil, err
	}
	if a.ID == uuid.Nil {
		a.ID = evokg.NewID()
	}
	_, err := r.pool.Exec(ctx, queries.Get("insert_answer"), a.ID, a.Namespace, a.TaskType, a.Skill,
		a.Question, a.Answer, a.SearchArm, a.RoutingArm, a.RunID, a.Iteration, toolCallsParam(a.ToolCalls), a.MemoryIDs, a.Agent)
	if err != nil {
		return uuid.Nil, postgres.Translate(err, "recording an answer")
	}
	return a.ID, nil
}

// toolCallsParam stores no tool calls as NULL.
func toolCallsParam(calls []evokg.ToolUse) any {
	if len(calls) == 0 {
		return nil
	}
	return calls
}

// Recorder stores answers (*Records).
type Recorder interface {
	Record(ctx context.Context, a bandit.Answer) (uuid.UUID, error)
}

// WithRecords has s record its answers in r, for their rewards, and
// returns s.
func (s *Service) WithRecords(r Recorder) *Service {
	s.records = r
	return s
}

// Record stores an answer with the arms that produced it, so a later reward
// can reach both bandits. id makes recording idempotent. Without bandits
// or records nothing is stored.
func (s *Service) Record(ctx context.Context, ns string, id uuid.UUID, q Question, r Reply, run *uuid.UUID, iteration *int) error {
	if s.bandits == nil || s.records == nil {
		return nil
	}
	_, err := s.records.Record(ctx, bandit.Answer{ID: id, Namespace: ns, TaskType: q.TaskType, Skill: r.Skill,
		Question: q.Question, Answer: r.Answer, SearchArm: r.SearchArm, RoutingArm: r.RoutingArm, RunID: run, Iteration: iteration,
		ToolCalls: r.ToolCalls, MemoryIDs: r.MemoryIDs, Agent: r.Agent})
	return err
}

// Feedback applies reward ∈ [0, 1] to a recorded answer: both bandits and
// the task type's statistics, exactly once. A second reward is ECONFLICT.
func (s *Service) Feedback(ctx context.Context, ns string, id uuid.UUID, reward float64) (bandit.RewardResult, error) {
	if s.bandits == nil {
		return bandit.RewardResult{}, evokg.Errorf(evokg.EUNAVAILABLE, "bandits are not configured")
	}
	res, err := s.bandits.ApplyReward(ctx, ns, id, reward)
	if err != nil {
		return res, err
	}
	if !res.Applied {
		return res, evokg.Errorf(evokg.ECONFLICT, "answer %s has already been rewarded; a reward is applied once", id)
	}
	return res, nil
}
