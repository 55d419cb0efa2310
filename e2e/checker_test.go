package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
)

// wrongStepTeacher writes failure corrections whose step states the
// question's made-up expression with the gold answer plus one.
func wrongStepTeacher(v ollamafake.ChatRequestView) (string, bool) {
	q := glyphQuestion.FindStringSubmatch(v.Prompt)
	m := goldLine.FindStringSubmatch(v.Prompt)
	if v.Task != "write_failure_memory" || q == nil || m == nil {
		return "", false
	}
	expr := q[1] + " " + q[2] + " " + q[3]
	if q[4] != "" {
		expr = q[4] + " zorps"
	}
	return fmt.Sprintf(`{"content":"Apply the rule to the operands, as the worked step shows.","steps":["%s = %d"]}`, expr, atoi(m[1])+1), true
}

// TestExperimentGateIgnoresThePoolsName runs `evokg experiment` on the
// glyph pool and on the same items as a JSONL file: the write gate's
// decisions are identical. Without a checker, none by default, both
// commit the corrections whose step states a wrong value; with the
// checkers declared by --checker for the four task types, both refuse
// every one, and the reports name the task types checked.
func TestExperimentGateIgnoresThePoolsName(t *testing.T) {
	t.Parallel()
	testenv.Postgres(t)
	testenv.Neo4j(t)
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(memoryLearner)
	fake.Script(wrongStepTeacher)
	pgURL := testenv.IsolatedPostgresURL(t)
	vars := append(os.Environ(), "EVOKG_POSTGRES_URL="+pgURL, "EVOKG_NEO4J_URI="+testenv.Neo4jURI(),
		"EVOKG_NEO4J_USER="+testenv.Neo4jUser(), "EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(),
		"EVOKG_OLLAMA_URL="+fake.Start(t), "EVOKG_LOG_FORMAT=text", "EVOKG_LOG_LEVEL=warn")
	bin := buildEvokg(t)
	pg := openPool(t, pgURL)
	file := glyphJSONL(t, 20, 1)
	var checkers []string
	for _, tt := range []string{questions.StarOp, questions.RingOp, questions.TildeOp, questions.ZorpUnits} {
		checkers = append(checkers, "--checker", tt+"="+filepath.Join("..", "writegate", "testdata", tt+".json"))
	}
	for _, declared := range []bool{false, true} {
		var decisions [][]string
		for _, pool := range []string{"glyph", file} {
			prefix := testenv.Namespace(t)
			testenv.Adopt(t, prefix+"-s1")
			args := []string{"experiment", "--pool", pool, "--size", "20", "--iterations", "1", "--seeds", "1", "--namespace", prefix, "--json"}
			if declared {
				args = append(args, checkers...)
			}
			out, err := runCommand(t, bin, vars, args...)
			require.NoError(t, err, out)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			var r struct {
				Checkers []string `json:"checkers"`
				Rejected int      `json:"rejected"`
				PerSeed  []struct {
					Namespace string    `json:"namespace"`
					RunID     uuid.UUID `json:"run_id"`
				} `json:"per_seed"`
			}
			require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &r))
			require.Len(t, r.PerSeed, 1)
			d := storedGateDecisions(t, pg, r.PerSeed[0].Namespace, r.PerSeed[0].RunID)
			decisions = append(decisions, d)
			if !declared {
				require.Empty(t, r.Checkers, "no checker by default, whatever the pool")
				require.NotContains(t, strings.Join(d, "\n"), "checker")
				require.Contains(t, out, "write gate: checkers of no task type")
				continue
			}
			require.Equal(t, []string{questions.RingOp, questions.StarOp, questions.TildeOp, questions.ZorpUnits}, r.Checkers)
			require.Contains(t, out, "write gate: checkers of ring_operator, star_operator, tilde_operator, zorp_units")
			require.Positive(t, r.Rejected)
			require.Contains(t, strings.Join(d, "\n"), "contradicts the checker of")
		}
		require.Equal(t, decisions[0], decisions[1], "identical gate decisions on the glyph pool and its JSONL file (checkers declared: %v)", declared)
	}
}

// glyphJSONL writes the glyph pool's items of seed as a JSONL file.
func glyphJSONL(t *testing.T, size int, seed uint64) string {
	t.Helper()
	items, err := questions.GenerateGlyph(size, seed)
	require.NoError(t, err)
	var b strings.Builder
	for _, it := range items {
		line, err := json.Marshal(map[string]string{"id": it.ID, "question": it.Question, "answer": it.Answer, "task_type": it.TaskType})
		require.NoError(t, err)
		b.Write(append(line, '\n'))
	}
	path := filepath.Join(t.TempDir(), "glyph.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

// storedGateDecisions are the write gate's decisions a run stored: per
// iteration the memories committed and each refusal with its item and
// reason.
func storedGateDecisions(t *testing.T, pg *pgxpool.Pool, ns string, run uuid.UUID) []string {
	t.Helper()
	rows, err := pg.Query(context.Background(), `SELECT metrics FROM evolution_iterations WHERE namespace = $1 AND run_id = $2 ORDER BY iteration`, ns, run)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var raw []byte
		require.NoError(t, rows.Scan(&raw))
		var m evolution.Metrics
		require.NoError(t, json.Unmarshal(raw, &m))
		var refused []string
		for _, rj := range m.Rejections {
			refused = append(refused, rj.Kind+" "+rj.Item+": "+rj.Reason)
		}
		slices.Sort(refused)
		out = append(out, fmt.Sprintf("iteration %d: %d refused, committed %d successes, %d failures, %d principles", m.Iteration, m.Rejected,
			m.Memories.Success, m.Memories.Failure, m.Memories.Principles))
		out = append(out, refused...)
	}
	require.NoError(t, rows.Err())
	require.NotEmpty(t, out, "the run stored its iterations")
	return out
}
