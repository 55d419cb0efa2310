package llm

import (
	"context"
	"fmt"
	"strings"

	"github.com/evokg/evokg"
)

// Learner is the learner layer (Learner, Explorer). It holds only the
// learner model's configuration: nothing reachable from it can call a
// teacher model.
type Learner struct {
	ep endpoint
}

var _ evokg.Learner = (*Learner)(nil)

// Model returns the learner model name.
func (x *Learner) Model() string { return x.ep.cfg.Model }

// agentPreamble is what an expert agent puts before a system message of
// an answer, verification or tool round; "" for other data.
func agentPreamble(data any) string {
	var r evokg.AnswerPrompt
	switch d := data.(type) {
	case evokg.AnswerPrompt:
		r = d
	case evokg.VerifyRequest:
		r = d.AnswerPrompt
	case evokg.ToolRoundRequest:
		r = d.AnswerPrompt
	}
	if r.AgentPrompt == "" {
		return ""
	}
	return "Expert agent: " + r.AgentRole + "\n" + r.AgentPrompt
}

// Answer asks the learner model to answer req.Question in req.Answer's
// mode, with its memories as a block or as turns.
func (x *Learner) Answer(ctx context.Context, req evokg.AnswerPrompt) (evokg.AnswerReply, error) {
	req.Answer = req.Answer.OrText()
	base, ok := x.ep.conn.prompts["answer"]
	if !ok {
		return evokg.AnswerReply{}, fmt.Errorf("llm: no prompt named %q", "answer")
	}
	p, err := x.ep.conn.variants.answerPrompt(base, req.Answer, !req.Direct)
	if err != nil {
		return evokg.AnswerReply{}, err
	}
	msgs, err := answerMessages(p, req)
	if err != nil {
		return evokg.AnswerReply{}, err
	}
	var reply answerReply
	if err := exchange(ctx, x.ep, RoleLearner, p, msgs, x.temperature(req.Temperature), &reply); err != nil {
		return evokg.AnswerReply{}, err
	}
	return reply.decode(), nil
}

func (x *Learner) temperature(override *float64) float64 {
	if override != nil {
		return *override
	}
	return x.ep.cfg.Temperature
}

// PlanSignature asks the learner model for the ordered abstract
// operations that solve req.Question, in canonical operation names.
func (x *Learner) PlanSignature(ctx context.Context, req evokg.PlanRequest) ([]string, error) {
	var reply struct {
		Operations []string `json:"operations"`
	}
	if err := structured(ctx, x.ep, RoleLearner, "plan_signature", req, x.ep.cfg.Temperature, &reply); err != nil {
		return nil, err
	}
	return evokg.PlannedSignature(reply.Operations), nil
}

// Decompose asks the learner model to work req.Question out as
// (skill, step_output) steps before answering.
func (x *Learner) Decompose(ctx context.Context, req evokg.AnswerPrompt) ([]evokg.SkillStep, error) {
	var reply struct {
		Steps []evokg.SkillStep `json:"steps"`
	}
	if err := structured(ctx, x.ep, RoleLearner, "decompose", req, x.temperature(req.Temperature), &reply); err != nil {
		return nil, err
	}
	return reply.Steps, nil
}

// Expression asks the learner model for the arithmetic expression whose
// value answers req.Question, for the calculator; "" when there is none.
func (x *Learner) Expression(ctx context.Context, req evokg.AnswerPrompt) (string, error) {
	var reply struct {
		Expression string `json:"expression"`
	}
	err := structured(ctx, x.ep, RoleLearner, "calculator", req, x.temperature(req.Temperature), &reply)
	return strings.TrimSpace(reply.Expression), err
}

// Verify asks the learner model to recompute req's question and confirm
// or revise the draft.
func (x *Learner) Verify(ctx context.Context, req evokg.VerifyRequest) (evokg.DraftCheck, error) {
	var v evokg.DraftCheck
	if err := structured(ctx, x.ep, RoleLearner, "verify_answer", req, x.temperature(req.Temperature), &v); err != nil {
		return evokg.DraftCheck{}, err
	}
	v.Answer = strings.TrimSpace(v.Answer)
	return v, nil
}

// Explore asks the learner model to list the entities and relations of an
// observation (the environment subgraph's input; package explorer calls it
// for every observation of its tour).
func (x *Learner) Explore(ctx context.Context, req evokg.ExploreRequest) (evokg.ExploreReply, error) {
	var obs evokg.ExploreReply
	err := structured(ctx, x.ep, RoleExplorer, "explore", req, x.ep.cfg.Temperature, &obs)
	return obs, err
}

// PlanActions asks the learner model, as the explorer, for the actions that
// reach an episode's goal, planned over the facts it observed.
func (x *Learner) PlanActions(ctx context.Context, req evokg.ActionPlanRequest) (evokg.AnswerReply, error) {
	var reply evokg.AnswerReply
	if err := structured(ctx, x.ep, RoleExplorer, "plan_actions", req, x.ep.cfg.Temperature, &reply); err != nil {
		return evokg.AnswerReply{}, err
	}
	reply.Answer = strings.TrimSpace(reply.Answer)
	return reply, nil
}

// PlanTask asks the learner model for a task's goal, entities and
// procedural signature before retrieval (APEX-EM's Plan phase).
func (x *Learner) PlanTask(ctx context.Context, req evokg.PlanRequest) (evokg.TaskPlan, error) {
	var reply struct {
		Goal       string         `json:"goal"`
		Entities   []evokg.Entity `json:"entities"`
		Operations []string       `json:"operations"`
	}
	if err := structured(ctx, x.ep, RoleLearner, "plan_task", req, x.ep.cfg.Temperature, &reply); err != nil {
		return evokg.TaskPlan{}, err
	}
	return evokg.TaskPlan{Signature: evokg.PlannedSignature(reply.Operations), Entities: reply.Entities, Goal: reply.Goal}, nil
}

// GenerateAttempt asks the learner model for one attempt at a task.
func (x *Learner) GenerateAttempt(ctx context.Context, req evokg.AttemptRequest) (evokg.AnswerReply, error) {
	var reply evokg.AnswerReply
	if err := structured(ctx, x.ep, RoleLearner, "generate_attempt", req, x.temperature(req.Temperature), &reply); err != nil {
		return evokg.AnswerReply{}, err
	}
	reply.Answer = strings.TrimSpace(reply.Answer)
	return reply, nil
}
