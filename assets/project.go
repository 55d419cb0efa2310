package assets

import (
	"context"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// projectTool writes a stored tool version into the graph with its
// provenance, then marks its row projected. Every write is an idempotent
// MERGE, so a failed projection is simply run again.
func (s *Service) projectTool(ctx context.Context, ns string, t evokg.Tool) error {
	_, err := s.graph.ProjectTool(ctx, ns, t)
	if err != nil {
		return err
	}
	if t.Skill != "" {
		if err := s.graph.AttachTool(ctx, ns, t.Skill, t.ID); err != nil {
			return err
		}
	}
	for _, exp := range t.CreatedFrom {
		if err := s.graph.ToolCreatedFrom(ctx, ns, t.ID, exp); err != nil {
			return err
		}
	}
	return s.markProjected(ctx, "tool_projected", t.ID)
}

func (s *Service) projectAgent(ctx context.Context, ns string, a evokg.ExpertAgent) error {
	_, err := s.graph.ProjectExpertAgent(ctx, ns, a)
	if err != nil {
		return err
	}
	for _, tool := range a.ToolIDs {
		if err := s.graph.GrantTool(ctx, ns, a.ID, tool); err != nil {
			return err
		}
	}
	return s.markProjected(ctx, "agent_projected", a.ID)
}

func (s *Service) markProjected(ctx context.Context, stmt string, id uuid.UUID) error {
	if _, err := s.pool.Exec(ctx, queries.Get(stmt), id); err != nil {
		return postgres.Translate(err, "marking the asset projected")
	}
	return nil
}

// projectPending projects the namespace's assets whose projection failed
// earlier, tools before the agents that may use them.
func (s *Service) projectPending(ctx context.Context, ns string) error {
	tools, err := s.queryTools(ctx, "tools_unprojected", ns)
	if err != nil {
		return err
	}
	for _, t := range tools {
		if err := s.projectTool(ctx, ns, t); err != nil {
			return err
		}
	}
	agents, err := s.queryAgents(ctx, "agents_unprojected", ns)
	if err != nil {
		return err
	}
	for _, a := range agents {
		if err := s.projectAgent(ctx, ns, a); err != nil {
			return err
		}
	}
	return nil
}
