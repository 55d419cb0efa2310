package answer

import (
	"context"
	"fmt"

	evokg "github.com/evokg/evokg"
)

// Agents recruits expert agents (*assets.Service).
type Agents interface {
	RecruitAgents(ctx context.Context, ns, query string, k int) ([]evokg.ExpertAgent, error)
}

// WithAgents has every question answered by the expert agent recruited for
// it, when one is (agents is the asset service), and returns s.
func (s *Service) WithAgents(agents Agents) *Service {
	s.agents = agents
	return s
}

// agentFor is the expert agent that answers q: the one q brings (an agent
// on trial), else the most similar validated agent recruited for the
// question (Mem2Evolve's recruitment by similarity, the tools' threshold)
// that serves q's task type or names none. A question without memory, or
// with NoAgent, has none: an agent's prompt is distilled from memory.
func (s *Service) agentFor(ctx context.Context, ns string, q Question) (*evokg.ExpertAgent, error) {
	switch {
	case q.NoAgent || q.NoMemory:
		return nil, nil
	case q.Agent != nil:
		return q.Agent, nil
	case s.agents == nil:
		return nil, nil
	}
	agents, err := s.agents.RecruitAgents(ctx, ns, q.Question, evokg.DefaultRecruitK)
	if err != nil {
		return nil, fmt.Errorf("recruiting an expert agent: %w", err)
	}
	for _, a := range agents {
		if a.TaskType == "" || a.TaskType == q.TaskType {
			return &a, nil
		}
	}
	return nil, nil
}

// withAgent has the agent's role and system prompt lead the learner's
// system messages (evokg.AnswerPrompt.AgentPrompt).
func withAgent(req *evokg.AnswerPrompt, agent *evokg.ExpertAgent) {
	if agent != nil {
		req.AgentRole, req.AgentPrompt = agent.Role, agent.SystemPrompt
	}
}

// offered are the tools the tool_call arm offers: with an agent exactly
// its CAN_USE tools (the latest version of each, when validated), else the
// validated tools recruited for the question.
func (s *Service) offered(ctx context.Context, ns, question string, agent *evokg.ExpertAgent) ([]evokg.Tool, error) {
	if agent == nil {
		return s.tools.RecruitTools(ctx, ns, question, s.toolCfg.Offered)
	}
	var out []evokg.Tool
	for _, name := range agent.Tools {
		t, err := s.tools.Tool(ctx, ns, name)
		if evokg.ErrorCode(err) == evokg.ENOTFOUND {
			continue
		} else if err != nil {
			return nil, err
		}
		if t.Validated {
			out = append(out, t)
		}
	}
	return out, nil
}
