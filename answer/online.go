package answer

import (
	"context"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
)

// SkillReader reads one skill (*graph.Graph).
type SkillReader interface {
	GetSkill(ctx context.Context, ns, name string) (evokg.Skill, error)
}

// Online answers the questions of clients (the REST API and MCP): the arms
// are sampled (Explore), and every answer is recorded so that a later reward
// reaches the arms that produced it.
type Online struct {
	svc    *Service
	skills SkillReader
}

// NewOnline returns the client-facing answer service.
func NewOnline(svc *Service, skills SkillReader) *Online { return &Online{svc: svc, skills: skills} }

// Answer answers one question of namespace ns and records it.
func (o *Online) Answer(ctx context.Context, ns string, req evokg.AnswerRequest) (evokg.AnswerResponse, error) {
	q := Question{TaskType: req.TaskType, Question: req.Question, Context: req.Context, Explore: true,
		Mode: req.Mode, Signature: req.Signature,
		NoMemory: req.Memory != nil && !*req.Memory, NoRouting: req.Routing != nil && !*req.Routing}
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
	return evokg.AnswerResponse{ID: id, Answer: reply.Answer, Arms: pulledArms(req.TaskType, reply), MemoryIDs: reply.MemoryIDs,
		MemorySwitchOff: reply.MemoryOff, ToolCalls: reply.ToolCalls, LearnerCalls: reply.LearnerCalls, TeacherCalls: reply.TeacherCalls}, nil
}

// Feedback applies a reward to answer id (see Service.Feedback).
func (o *Online) Feedback(ctx context.Context, ns string, id uuid.UUID, req evokg.FeedbackRequest) (evokg.FeedbackResponse, error) {
	res, err := o.svc.Feedback(ctx, ns, id, req.Reward)
	if err != nil {
		return evokg.FeedbackResponse{}, err
	}
	a := res.Answer
	updated := pulledArms(a.TaskType, Reply{Skill: a.Skill, SearchArm: a.SearchArm, RoutingArm: a.RoutingArm})
	return evokg.FeedbackResponse{AnswerID: id, Reward: req.Reward, Updated: updated}, nil
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
