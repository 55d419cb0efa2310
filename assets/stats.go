package assets

import (
	"context"
	"errors"
	"maps"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/settings"
)

// Defaults of the retirement rule, as Config's tags declare them: a tool is
// retired once at least DefaultRetireJudged of its calls have been judged
// since it was last restored and at least DefaultRetireShare of them
// failed. A call is judged failed when it errs (at once) or, having
// completed, when its answer is graded wrong.
var (
	DefaultRetireJudged = settings.Default[int](Config{}, "RetireJudged")
	DefaultRetireShare  = settings.Default[float64](Config{}, "RetireShare")
)

var _ evokg.ToolScores = (*Service)(nil)

// RecordToolCall counts one learner call of tool name as it ended, and
// retires the tool when the rule then holds.
func (s *Service) RecordToolCall(ctx context.Context, ns, name string, result evokg.ToolCallResult) error {
	completed, failed, limited := 0, 1, 0
	switch result {
	case evokg.ToolCallCompleted:
		completed, failed = 1, 0
	case evokg.ToolCallLimited:
		limited = 1
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, queries.Get("record_tool_call"), ns, name, completed, failed, limited); err != nil {
			return err
		}
		_, err := s.retire(ctx, tx, ns, name)
		return err
	})
	return postgres.Translate(err, "recording a tool call")
}

// GradeToolCalls counts the calls of an answer graded right or wrong, in a
// transaction of its own; see GradeToolCallsTx.
func (s *Service) GradeToolCalls(ctx context.Context, ns string, calls []evokg.ToolUse, right bool) ([]string, error) {
	var retired []string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		retired, err = s.GradeToolCallsTx(ctx, tx, ns, calls, right)
		return err
	})
	return retired, postgres.Translate(err, "grading tool calls")
}

// GradeToolCallsTx counts, inside tx, the calls of an answer graded right
// or wrong: every call as graded, its completed calls as judged (failed
// when wrong). It returns the tools the rule retired. Tools are updated in
// name order, so concurrent gradings lock rows in one order.
func (s *Service) GradeToolCallsTx(ctx context.Context, tx pgx.Tx, ns string, calls []evokg.ToolUse, right bool) ([]string, error) {
	type count struct{ calls, completed int }
	byName := map[string]*count{}
	for _, c := range calls {
		if c.Tool == "" || !namePattern.MatchString(c.Tool) {
			continue
		}
		n := byName[c.Tool]
		if n == nil {
			n = &count{}
			byName[c.Tool] = n
		}
		n.calls++
		if c.Error == "" {
			n.completed++
		}
	}
	var retired []string
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		n := byName[name]
		r, w, failed := n.calls, 0, 0
		if !right {
			r, w, failed = 0, n.calls, n.completed
		}
		if _, err := tx.Exec(ctx, queries.Get("grade_tool_calls"), ns, name, r, w, n.completed, failed); err != nil {
			return nil, err
		}
		ok, err := s.retire(ctx, tx, ns, name)
		if err != nil {
			return nil, err
		}
		if ok {
			retired = append(retired, name)
		}
	}
	return retired, nil
}

// retire retires tool name if the rule holds, reporting whether it did.
func (s *Service) retire(ctx context.Context, tx pgx.Tx, ns, name string) (bool, error) {
	var got string
	err := tx.QueryRow(ctx, queries.Get("retire_tool"), ns, name, s.cfg.RetireJudged, s.cfg.RetireShare).Scan(&got)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return false, nil
	case err != nil:
		return false, err
	}
	s.logger.InfoContext(ctx, "tool retired", "namespace", ns, "tool", name)
	return true, nil
}

// RestoreTool puts a retired tool back into recruitment: the rule counts
// its calls again from zero. Restoring an active tool changes nothing.
func (s *Service) RestoreTool(ctx context.Context, ns, name string) (evokg.Tool, error) {
	if _, err := s.Tool(ctx, ns, name); err != nil {
		return evokg.Tool{}, err
	}
	if _, err := s.pool.Exec(ctx, queries.Get("restore_tool"), ns, name); err != nil {
		return evokg.Tool{}, postgres.Translate(err, "restoring the tool")
	}
	return s.Tool(ctx, ns, name)
}

// retiredTools is the set of the namespace's retired tool names.
func (s *Service) retiredTools(ctx context.Context, ns string) (map[string]bool, error) {
	rows, err := s.pool.Query(ctx, queries.Get("retired_tools"), ns)
	if err != nil {
		return nil, postgres.Translate(err, "reading retired tools")
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, postgres.Translate(err, "reading retired tools")
	}
	set := make(map[string]bool, len(names))
	for _, n := range names {
		set[n] = true
	}
	return set, nil
}
