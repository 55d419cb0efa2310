package assets

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

func (s *Service) queryTools(ctx context.Context, stmt string, args ...any) ([]evokg.Tool, error) {
	rows, err := s.pool.Query(ctx, queries.Get(stmt), args...)
	if err != nil {
		return nil, postgres.Translate(err, "reading tools")
	}
	tools, err := pgx.CollectRows(rows, scanTool)
	if err != nil {
		return nil, postgres.Translate(err, "reading tools")
	}
	return tools, nil
}

func scanTool(row pgx.CollectableRow) (evokg.Tool, error) {
	var t evokg.Tool
	var in, out, tests, validation []byte
	st := &t.Stats
	err := row.Scan(&t.ID, &t.Name, &t.Version, &t.Description, &in, &out, &t.Code, &tests, &t.Validated,
		&validation, &t.Skill, &t.CreatedFrom, &t.CreatedAt,
		&st.Calls, &st.Completed, &st.Errors, &st.Limited, &st.GradedRight, &st.GradedWrong, &st.Judged, &st.JudgedFailed,
		&st.LastCalledAt, &st.RetiredAt, &st.RetiredReason, &st.RestoredAt)
	if err != nil {
		return t, err
	}
	t.State = evokg.ToolActive
	if st.RetiredAt != nil {
		t.State = evokg.ToolRetired
	}
	t.InputSchema, t.OutputSchema = json.RawMessage(in), json.RawMessage(out)
	if err := json.Unmarshal(tests, &t.Tests); err != nil {
		return t, err
	}
	return t, json.Unmarshal(validation, &t.Validation)
}

func (s *Service) queryAgents(ctx context.Context, stmt string, args ...any) ([]evokg.ExpertAgent, error) {
	rows, err := s.pool.Query(ctx, queries.Get(stmt), args...)
	if err != nil {
		return nil, postgres.Translate(err, "reading expert agents")
	}
	agents, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (evokg.ExpertAgent, error) {
		var a evokg.ExpertAgent
		var trial []byte
		err := row.Scan(&a.ID, &a.Role, &a.Version, &a.SystemPrompt, &a.ToolIDs, &a.Tools, &a.TaskType, &a.Validated, &trial, &a.CreatedAt)
		if err != nil || trial == nil {
			return a, err
		}
		return a, json.Unmarshal(trial, &a.Trial)
	})
	if err != nil {
		return nil, postgres.Translate(err, "reading expert agents")
	}
	return agents, nil
}

// nullJSON stores an absent schema as NULL.
func nullJSON(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	return string(raw)
}

func nonNilTests(tests []evokg.ToolTest) []evokg.ToolTest {
	if tests == nil {
		return []evokg.ToolTest{}
	}
	return tests
}

func nonNilIDs(ids []uuid.UUID) []uuid.UUID {
	if ids == nil {
		return []uuid.UUID{}
	}
	return ids
}
