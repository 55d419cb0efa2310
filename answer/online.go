package answer

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
)

// SkillReader reads one skill (*graph.Graph).
type SkillReader interface {
	GetSkill(ctx context.Context, ns, name string) (evokg.Skill, error)
}

// Utilities reads the utility of memories (*utility.Store).
type Utilities interface {
	Many(ctx context.Context, ns string, ids []uuid.UUID) ([]evokg.Utility, error)
}

// Online answers the questions of clients (the REST API and MCP): the arms
// are sampled (Explore), and every answer is recorded so that a later reward
// reaches the arms that produced it.
type Online struct {
	svc       *Service
	skills    SkillReader
	utilities Utilities // nil: answers list no memory's utility
}

var _ evokg.AnswerService = (*Online)(nil)

// NewOnline returns the client-facing answer service.
func NewOnline(svc *Service, skills SkillReader) *Online { return &Online{svc: svc, skills: skills} }

// WithUtility has every answer list the utility of the memories it showed.
func (o *Online) WithUtility(u Utilities) *Online {
	o.utilities = u
	return o
}

// Answer answers one question of namespace ns and records it.
func (o *Online) Answer(ctx context.Context, ns string, req evokg.AnswerRequest) (evokg.AnswerResponse, error) {
	if req.SearchArm != "" && !slices.Contains(bandit.DefaultSearchArms, req.SearchArm) {
		return evokg.AnswerResponse{}, evokg.Invalid(evokg.FieldError{Pointer: "/search_arm",
			Detail: fmt.Sprintf("must be one of %s", strings.Join(bandit.DefaultSearchArms, ", "))})
	}
	q := Question{TaskType: req.TaskType, Question: req.Question, Context: req.Context, Explore: true,
		Mode: req.Mode, Signature: req.Signature, SearchArm: req.SearchArm,
		NoMemory: req.Memory != nil && !*req.Memory, NoRouting: req.Routing != nil && !*req.Routing,
		NoAgent: req.Agent != nil && !*req.Agent}
	if req.Skill != "" {
		skill, err := o.skills.GetSkill(ctx, ns, req.Skill)
		if err != nil {
			return evokg.AnswerResponse{}, err
		}
		q.Skill = &skill
	}
	reply, err := o.svc.Answer(ctx, ns, q)
	if err != nil {
		return evokg.AnswerResponse{}, err
	}
	id := evokg.NewID()
	if err := o.svc.Record(ctx, ns, id, q, reply, nil, nil); err != nil {
		return evokg.AnswerResponse{}, err
	}
	memories, err := o.memories(ctx, ns, reply.MemoryIDs)
	if err != nil {
		return evokg.AnswerResponse{}, err
	}
	return evokg.AnswerResponse{ID: id, Answer: reply.Answer, Expression: reply.Expression, AnswerMode: reply.Mode,
		Profile: reply.Profile, Arms: pulledArms(req.TaskType, reply), MemoryIDs: reply.MemoryIDs,
		Memories: memories, MemorySwitchOff: reply.MemoryOff, ToolCalls: reply.ToolCalls, Agent: reply.Agent, LearnerCalls: reply.LearnerCalls,
		TeacherCalls: reply.TeacherCalls}, nil
}

// memories is the utility of the memories ids, in their order; a memory
// deleted since it was shown is left out.
func (o *Online) memories(ctx context.Context, ns string, ids []uuid.UUID) ([]evokg.Utility, error) {
	if o.utilities == nil || len(ids) == 0 {
		return []evokg.Utility{}, nil
	}
	found, err := o.utilities.Many(ctx, ns, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]evokg.Utility, len(found))
	for _, u := range found {
		byID[u.ID] = u
	}
	out := make([]evokg.Utility, 0, len(ids))
	for _, id := range ids {
		if u, ok := byID[id]; ok {
			out = append(out, u)
		}
	}
	return out, nil
}

// Feedback applies a reward to answer id (see Service.Feedback).
func (o *Online) Feedback(ctx context.Context, ns string, id uuid.UUID, req evokg.FeedbackRequest) (evokg.FeedbackResponse, error) {
	res, err := o.svc.Feedback(ctx, ns, id, req.Reward)
	if err != nil {
		return evokg.FeedbackResponse{}, err
	}
	a := res.Answer
	updated := pulledArms(a.TaskType, Reply{Skill: a.Skill, SearchArm: a.SearchArm, RoutingArm: a.RoutingArm})
	return evokg.FeedbackResponse{AnswerID: id, Reward: req.Reward, Updated: updated, Quarantined: res.Quarantined}, nil
}

func pulledArms(taskType string, r Reply) []evokg.PulledArm {
	var out []evokg.PulledArm
	if r.SearchArm != "" {
		out = append(out, evokg.PulledArm{Bandit: string(bandit.Search), Key: taskType, Arm: r.SearchArm})
	}
	if r.RoutingArm != "" {
		out = append(out, evokg.PulledArm{Bandit: string(bandit.Routing), Key: r.Skill, Arm: r.RoutingArm})
	}
	return out
}
