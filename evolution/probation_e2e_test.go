package evolution

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/utility"
	"github.com/evokg/evokg/vector"
)

// TestProbationStaysWithinValidationAndTheCap: the teacher's corrections
// start probationary; probation replays them on validation items only (the
// verdicts name the items), at most ProbationItems each, and starts no
// memory's replays once the iteration's cap of learner calls is reached:
// the rest wait, probationary, unserved.
func TestProbationStaysWithinValidationAndTheCap(t *testing.T) {
	t.Parallel()
	pg := testenv.Postgres(t)
	e := setupE2EOn(t, newLearner(e2eItems()).reply, pg)
	e.engine.deps.Utility = utility.NewStore(pg, vector.NewStore(pg, evokg.DefaultEmbeddingDim), nil, utility.Policy{})
	final := runIterations(t, e, Params{Iterations: 1, MaxFailuresPerType: 3, ProbationItems: 2, ProbationCalls: 4})
	p := final.Metrics[0].Probation
	t.Logf("probation: %+v", p)
	require.Positive(t, p.Tried)
	require.LessOrEqual(t, p.Replays, 2*p.Tried, "at most ProbationItems replays a memory")
	require.Positive(t, p.Waiting, "the corrections beyond the cap wait")
	require.GreaterOrEqual(t, p.Calls, int64(p.Replays), "every replay is at least one learner call, counted")
	// A memory's replays start only while one call a replay fits within
	// the cap: the calls pass it by at most the last memory's extra calls.
	require.LessOrEqual(t, p.Calls, int64(4+p.Replays))

	params := Params{Pool: questions.PoolSpec{Name: "inline", Items: e2eItems(), Validation: 0.125, Test: 0.125}}.WithDefaults()
	pool, err := params.BuildPool()
	require.NoError(t, err)
	validation := map[string]bool{}
	for _, it := range pool.Validation {
		validation[it.ID] = true
	}
	rows, err := pg.Query(e.ctx, `SELECT state, reason FROM memory_utility WHERE namespace = $1`, e.ns)
	require.NoError(t, err)
	itemIDs := regexp.MustCompile(`validation items ([^(]*) \(`)
	decided, waiting := 0, 0
	for rows.Next() {
		var state, reason string
		require.NoError(t, rows.Scan(&state, &reason))
		if state == string(evokg.MemoryProbationary) {
			waiting++
			continue
		}
		decided++
		m := itemIDs.FindStringSubmatch(reason)
		require.NotNil(t, m, reason)
		ids := strings.Split(strings.TrimSpace(m[1]), ", ")
		require.NotEmpty(t, ids, reason)
		require.LessOrEqual(t, len(ids), 2, reason)
		for _, id := range ids {
			require.True(t, validation[id], "%s is a validation item (%s)", id, reason)
		}
	}
	require.NoError(t, rows.Err())
	require.Equal(t, p.Tried, decided)
	require.Equal(t, p.Waiting, waiting)
}
