package assets

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/vector"
)

var _ evokg.ExpertAgents = (*Service)(nil)

// MaxRoleRunes bounds an agent's role.
const MaxRoleRunes = 100

// CreateAgent stores spec as the next version of its role, with CAN_USE
// edges to the latest version of each named tool. It is validated, and so
// recruitable, when all of those tools are validated.
func (s *Service) CreateAgent(ctx context.Context, ns string, spec evokg.ExpertAgentSpec) (evokg.ExpertAgent, error) {
	return s.createAgent(ctx, ns, spec, nil)
}

// CreateTriedAgent stores spec as CreateAgent does, with the record of its
// trial on validation items: it is validated only if its tools are and the
// trial passed, so an agent that did no better than the learner alone is
// kept for inspection and never recruited.
func (s *Service) CreateTriedAgent(ctx context.Context, ns string, spec evokg.ExpertAgentSpec, trial evokg.AgentTrial) (evokg.ExpertAgent, error) {
	return s.createAgent(ctx, ns, spec, &trial)
}

func (s *Service) createAgent(ctx context.Context, ns string, spec evokg.ExpertAgentSpec, trial *evokg.AgentTrial) (evokg.ExpertAgent, error) {
	if err := checkAgentSpec(&spec); err != nil {
		return evokg.ExpertAgent{}, err
	}
	if err := s.projectPending(ctx, ns); err != nil {
		return evokg.ExpertAgent{}, err
	}
	agent := evokg.ExpertAgent{ExpertAgentSpec: spec, ID: evokg.NewID(), ToolIDs: []uuid.UUID{}, Trial: trial}
	agent.Validated = trial == nil || trial.Passed
	for i, name := range spec.Tools {
		tool, err := s.Tool(ctx, ns, name)
		if evokg.ErrorCode(err) == evokg.ENOTFOUND {
			return evokg.ExpertAgent{}, notFound(fmt.Sprintf("/tools/%d", i), "no tool "+name+" in this namespace")
		} else if err != nil {
			return evokg.ExpertAgent{}, err
		}
		agent.ToolIDs = append(agent.ToolIDs, tool.ID)
		agent.Validated = agent.Validated && tool.Validated
	}
	embedding, err := s.embed(ctx, agentText(spec))
	if err != nil {
		return evokg.ExpertAgent{}, err
	}
	if err := s.storeAgent(ctx, ns, &agent, embedding); err != nil {
		return evokg.ExpertAgent{}, err
	}
	return agent, s.projectAgent(ctx, ns, agent)
}

func agentText(spec evokg.ExpertAgentSpec) string { return spec.Role + ": " + spec.SystemPrompt }

func checkAgentSpec(spec *evokg.ExpertAgentSpec) error {
	spec.Role = strings.TrimSpace(spec.Role)
	if spec.Tools == nil {
		spec.Tools = []string{}
	}
	var v evokg.FieldErrors
	v.Check(spec.Role != "", "/role", "is required")
	v.Check(utf8.RuneCountInString(spec.Role) <= MaxRoleRunes, "/role", fmt.Sprintf("must be at most %d characters", MaxRoleRunes))
	v.Check(utf8.RuneCountInString(spec.TaskType) <= MaxRoleRunes, "/task_type", fmt.Sprintf("must be at most %d characters", MaxRoleRunes))
	v.Check(spec.SystemPrompt != "", "/system_prompt", "is required")
	v.Check(utf8.RuneCountInString(spec.SystemPrompt) <= MaxPromptRunes, "/system_prompt", fmt.Sprintf("must be at most %d characters", MaxPromptRunes))
	v.Check(len(spec.Tools) <= MaxAgentTools, "/tools", fmt.Sprintf("must name at most %d tools", MaxAgentTools))
	seen := map[string]bool{}
	for i, name := range spec.Tools {
		v.Check(!seen[name], fmt.Sprintf("/tools/%d", i), "names a tool twice")
		seen[name] = true
	}
	return v.Err()
}

func (s *Service) storeAgent(ctx context.Context, ns string, a *evokg.ExpertAgent, embedding []float32) error {
	var trial []byte
	if a.Trial != nil {
		trial, _ = json.Marshal(a.Trial)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockName(ctx, tx, ns, vector.AssetExpertAgent, a.Role); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, queries.Get("insert_agent"), a.ID, ns, a.Role, a.SystemPrompt, a.ToolIDs, a.Tools,
			a.TaskType, a.Validated, trial).
			Scan(&a.Version, &a.CreatedAt)
		if err != nil {
			return postgres.Translate(err, "storing the expert agent")
		}
		return s.vectors.ReplaceAssetTx(ctx, tx, vector.Asset{Namespace: ns, ID: a.ID, Kind: vector.AssetExpertAgent,
			Name: a.Role, Description: a.SystemPrompt, Validated: a.Validated}, embedding)
	})
}

// ListAgents returns the latest version of every expert agent of ns, by role.
func (s *Service) ListAgents(ctx context.Context, ns string) ([]evokg.ExpertAgent, error) {
	return s.queryAgents(ctx, "agent_list", ns)
}

// RecruitAgents returns up to k validated expert agents (latest versions)
// whose role and prompt are at least the recruitment threshold similar to
// query, best first.
func (s *Service) RecruitAgents(ctx context.Context, ns, query string, k int) ([]evokg.ExpertAgent, error) {
	hits, err := s.recruit(ctx, ns, vector.AssetExpertAgent, query, k)
	if err != nil || len(hits) == 0 {
		return nil, err
	}
	agents, err := s.queryAgents(ctx, "agents_by_id", ns, hitIDs(hits))
	if err != nil {
		return nil, err
	}
	byID := map[uuid.UUID]evokg.ExpertAgent{}
	for _, a := range agents {
		byID[a.ID] = a
	}
	out := make([]evokg.ExpertAgent, 0, len(hits))
	for _, h := range hits {
		if a, ok := byID[h.ID]; ok {
			out = append(out, a)
		}
	}
	return out, nil
}
