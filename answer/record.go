package answer

import (
	"context"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
)

// Record stores an answer with the arms that produced it, so a later reward
// can reach both bandits. id makes recording idempotent.
func (s *Service) Record(ctx context.Context, ns string, id uuid.UUID, q Question, r Reply, run *uuid.UUID, iteration *int) error {
	if s.bandits == nil {
		return nil
	}
	_, err := s.bandits.RecordAnswer(ctx, bandit.Answer{ID: id, Namespace: ns, TaskType: q.TaskType, Skill: r.Skill,
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
