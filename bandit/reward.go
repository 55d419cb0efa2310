package bandit

import (
	"context"
	"errors"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// Answer is one answer with the arms that produced it. SearchArm and
// RoutingArm may be empty when a bandit was not consulted.
type Answer struct {
	ID         uuid.UUID  `json:"id"`
	Namespace  string     `json:"namespace"`
	TaskType   string     `json:"task_type"`
	Skill      string     `json:"skill,omitempty"`
	Question   string     `json:"question"`
	Answer     string     `json:"answer"`
	SearchArm  string     `json:"search_arm,omitempty"`
	RoutingArm string     `json:"routing_arm,omitempty"`
	RunID      *uuid.UUID `json:"run_id,omitempty"`
	Iteration  *int       `json:"iteration,omitempty"`
	// ToolCalls are the tools the learner called for the answer.
	ToolCalls []evokg.ToolUse `json:"tool_calls,omitempty"`
	// MemoryIDs are the memories the answer's prompt showed: its reward
	// credits them (Creditor).
	MemoryIDs []uuid.UUID `json:"memory_ids,omitempty"`
	// Agent is the expert agent that gave the answer, if any.
	Agent *evokg.AgentRef `json:"agent,omitempty"`
}

// CheckAnswer reports what in a an answer record may not hold: a missing
// namespace or task type, an arm the bandits do not have, a routing arm
// without its skill.
func (b *Bandit) CheckAnswer(a Answer) error {
	var v evokg.FieldErrors
	v.Check(evokg.ValidNamespace(a.Namespace), "/namespace", "not a valid namespace")
	v.Check(a.TaskType != "", "/task_type", "required")
	v.Check(a.SearchArm == "" || slices.Contains(b.cfg.SearchArms, a.SearchArm), "/search_arm", "not a search arm")
	v.Check(a.RoutingArm == "" || slices.Contains(b.cfg.RoutingArms, a.RoutingArm), "/routing_arm", "not a routing arm")
	v.Check(a.RoutingArm == "" || a.Skill != "", "/skill", "required with a routing arm")
	return v.Err()
}

// RewardResult reports what ApplyReward did.
type RewardResult struct {
	// Applied is false when the answer had already been rewarded; nothing
	// changed then.
	Applied bool `json:"applied"`
	// TaskType holds the task type's statistics after the reward.
	TaskType TaskTypeStats `json:"task_type"`
	// Answer is the rewarded answer: its task type, skill and the arms the
	// reward went to.
	Answer Answer `json:"answer"`
	// Quarantined are the memories the answer showed that this reward's
	// live evidence took out of service (package utility).
	Quarantined []uuid.UUID `json:"quarantined,omitempty"`
	// RetiredTools are the tools the answer called that this reward's
	// grade retired (package assets).
	RetiredTools []string `json:"retired_tools,omitempty"`
}

// TaskTypeStats are the reward-stream counts of one task type.
type TaskTypeStats struct {
	Name  string `json:"name"`
	NSeen int64  `json:"n_seen"`
	NFail int64  `json:"n_fail"`
}

// ApplyReward grades answer answerID with reward ∈ [0, 1]: both bandits'
// arms get α += r, β += 1−r and the task type's n_seen (and n_fail when
// r < FailureBelow) grow by one, all in one transaction and exactly once
// per answer. A repeated call returns Applied=false and changes nothing.
func (b *Bandit) ApplyReward(ctx context.Context, ns string, answerID uuid.UUID, reward float64) (RewardResult, error) {
	if err := checkReward(reward); err != nil {
		return RewardResult{}, err
	}
	var res RewardResult
	err := b.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		res, err = b.applyReward(ctx, tx, ns, answerID, reward)
		return err
	})
	if err != nil {
		return RewardResult{}, postgres.Translate(err, "applying a reward")
	}
	return res, nil
}

// checkReward refuses a reward outside [0, 1] (NaN included).
func checkReward(reward float64) error {
	if reward >= 0 && reward <= 1 {
		return nil
	}
	return evokg.Invalid(evokg.FieldError{Pointer: "/reward", Detail: "must be within [0, 1]"})
}

func (b *Bandit) applyReward(ctx context.Context, tx pgx.Tx, ns string, id uuid.UUID, reward float64) (RewardResult, error) {
	var a Answer
	err := tx.QueryRow(ctx, queries.Get("get_answer"), ns, id).Scan(&a.TaskType, &a.Skill, &a.SearchArm, &a.RoutingArm, &a.RunID, &a.ToolCalls, &a.MemoryIDs)
	if errors.Is(err, pgx.ErrNoRows) {
		return RewardResult{}, evokg.Errorf(evokg.ENOTFOUND, "answer %s not found", id)
	}
	if err != nil {
		return RewardResult{}, err
	}
	a.ID, a.Namespace = id, ns
	res := RewardResult{TaskType: TaskTypeStats{Name: a.TaskType}, Answer: a}
	var inserted uuid.UUID
	err = tx.QueryRow(ctx, queries.Get("insert_reward"), ns, id, reward).Scan(&inserted)
	if errors.Is(err, pgx.ErrNoRows) {
		return res, nil // already rewarded
	}
	if err != nil {
		return RewardResult{}, err
	}
	res.Applied = true
	// Routing before search: rows are locked in (kind, context, arm) order.
	if err := b.rewardArm(ctx, tx, ns, Routing, a.Skill, a.RoutingArm, reward); err != nil {
		return RewardResult{}, err
	}
	if err := b.rewardArm(ctx, tx, ns, Search, a.TaskType, a.SearchArm, reward); err != nil {
		return RewardResult{}, err
	}
	if err := b.countRunReward(ctx, tx, a, reward); err != nil {
		return RewardResult{}, err
	}
	fail := 0
	if reward < b.cfg.FailureBelow {
		fail = 1
	}
	err = tx.QueryRow(ctx, queries.Get("count_task_type"), ns, a.TaskType, fail).Scan(&res.TaskType.NSeen, &res.TaskType.NFail)
	if err != nil {
		return res, err
	}
	if b.credit != nil {
		if res.Quarantined, err = b.credit.CreditTx(ctx, tx, ns, a.MemoryIDs, fail == 0); err != nil {
			return res, err
		}
	}
	if b.toolGrades != nil && len(a.ToolCalls) > 0 {
		res.RetiredTools, err = b.toolGrades.GradeToolCallsTx(ctx, tx, ns, a.ToolCalls, fail == 0)
	}
	return res, err
}

// ToolGrader counts the tool calls of a rewarded answer as graded right
// or wrong, inside the reward's transaction, and returns the tools its
// rule retired; *assets.Service implements it.
type ToolGrader interface {
	GradeToolCallsTx(ctx context.Context, tx pgx.Tx, ns string, calls []evokg.ToolUse, right bool) ([]string, error)
}

// WithToolGrades has every reward grade the tool calls of its answer.
func (b *Bandit) WithToolGrades(g ToolGrader) *Bandit {
	b.toolGrades = g
	return b
}

// Creditor credits the memories a rewarded answer showed, inside the
// reward's transaction; *utility.Store implements it.
type Creditor interface {
	CreditTx(ctx context.Context, tx pgx.Tx, ns string, ids []uuid.UUID, right bool) ([]uuid.UUID, error)
}

// WithCredit has every reward credit the memories its answer showed.
func (b *Bandit) WithCredit(c Creditor) *Bandit {
	b.credit = c
	return b
}

func (b *Bandit) rewardArm(ctx context.Context, tx pgx.Tx, ns string, k Kind, key, arm string, reward float64) error {
	if arm == "" || key == "" {
		return nil
	}
	if err := b.ensureArms(ctx, tx, ns, k, key); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, queries.Get("reward_arm"), ns, string(k), key, arm, reward)
	return err
}

// countRunReward adds the reward of an evolution run's own answer to the
// run's contributions (after the arms: arm rows are always locked first).
func (b *Bandit) countRunReward(ctx context.Context, tx pgx.Tx, a Answer, reward float64) error {
	if a.RunID == nil {
		return nil
	}
	for _, arm := range []struct {
		k        Kind
		key, arm string
	}{{Routing, a.Skill, a.RoutingArm}, {Search, a.TaskType, a.SearchArm}} {
		if arm.key == "" || arm.arm == "" {
			continue
		}
		if _, err := tx.Exec(ctx, queries.Get("count_run_reward"), a.Namespace, *a.RunID, string(arm.k), arm.key, arm.arm, reward); err != nil {
			return err
		}
	}
	return nil
}

// TaskTypes lists the reward-stream statistics of every task type of ns.
func (b *Bandit) TaskTypes(ctx context.Context, ns string) ([]TaskTypeStats, error) {
	rows, err := b.pool.Query(ctx, queries.Get("list_task_types"), ns)
	if err != nil {
		return nil, postgres.Translate(err, "listing task type statistics")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (TaskTypeStats, error) {
		var s TaskTypeStats
		err := r.Scan(&s.Name, &s.NSeen, &s.NFail)
		return s, err
	})
	return out, postgres.Translate(err, "listing task type statistics")
}
