package evolution

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/workers"
)

// startProjection works the namespace's graph-projection jobs, as a worker
// process does.
func startProjection(t *testing.T, e e2e) {
	t.Helper()
	ingestWorkers, err := e.engine.deps.Memory.(*ingest.Service).Workers(ingest.WorkerDeps{Projector: ingest.GraphProjector(e.graph)})
	require.NoError(t, err)
	client, err := workers.NewClient(e.engine.deps.Pool, workers.Config{}, testenv.Logger(t), ingestWorkers)
	require.NoError(t, err)
	require.NoError(t, client.Start(e.ctx))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		require.NoError(t, client.Stop(ctx))
	})
}

// provenanceCounts counts ns's success memories in Neo4j, and those with a
// USES_OPERATION edge and with a DERIVED_FROM edge.
func provenanceCounts(t *testing.T, ctx context.Context, ns string) (total, signed, derived int64) {
	t.Helper()
	res, err := neo4j.ExecuteQuery(ctx, testenv.Neo4j(t), `MATCH (e:SuccessMemory {namespace: $ns})
		RETURN count(e) AS total,
		       count(CASE WHEN EXISTS { (e)-[:USES_OPERATION]->(:Operation) } THEN 1 END) AS signed,
		       count(CASE WHEN EXISTS { (e)-[:DERIVED_FROM]->(:Experience) } THEN 1 END) AS derived`,
		map[string]any{"ns": ns}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	rec := res.Records[0].AsMap()
	return rec["total"].(int64), rec["signed"].(int64), rec["derived"].(int64)
}

// An evolution run over the built-in pool leaves harvested memories with a
// procedural signature (USES_OPERATION) and provenance (DERIVED_FROM) in
// the graph, once the projection worker has caught up: a success keeps the
// learner's own plan of its question when its search arm made one, other
// memories one extracted from their own steps, so that structural
// similarity can rank the memories of one task type.
func TestHarvestedMemoriesCarrySignatureAndProvenance(t *testing.T) {
	t.Parallel()
	items, err := questions.Generate(16, 7)
	require.NoError(t, err)
	e := setupE2EOn(t, newLearner(items).reply, isolatedPostgres(t))
	task := regexp.MustCompile(`(?m)^Task: (.+)$`)
	e.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "extract_signature" {
			return "", false
		}
		return fmt.Sprintf(`{"operations":["Parse Quantities","multiply","step_%d"]}`, len(task.FindStringSubmatch(v.Prompt)[1])%7), true
	})
	startProjection(t, e)

	p := Params{Namespace: e.ns, Iterations: 2, MaxFailuresPerType: 5, TopM: 10, Concurrency: 4,
		Pool: questions.PoolSpec{Name: questions.Arith, Size: 16, Seed: 7}}.WithDefaults()
	require.NoError(t, p.Validate())
	run := newRun(p)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, p))
	final, err := e.engine.Execute(e.ctx, e.ns, run.ID, nil)
	require.NoError(t, err)
	require.Positive(t, final.Metrics[1].Harvested, "iteration 2 answers with iteration 1's corrections and harvests")

	var pending int
	require.Eventually(t, func() bool {
		require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx, `SELECT count(*) FROM experiences
			WHERE namespace = $1 AND projected_at IS NULL`, e.ns).Scan(&pending))
		return pending == 0
	}, time.Minute, 20*time.Millisecond, "every memory is projected")

	var sigs, corrections, ownSigned int
	require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx, `SELECT count(*) FROM experiences WHERE namespace = $1
		AND outcome = 'success_memory' AND jsonb_array_length(record->'signature') > 0`, e.ns).Scan(&sigs))
	require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx, `SELECT count(*),
		count(*) FILTER (WHERE record->'signature' = jsonb_build_array('parse_quantities', 'multiply',
			'step_' || (length(record->>'question') % 7)))
		FROM experiences WHERE namespace = $1 AND outcome = 'failure_memory'`, e.ns).Scan(&corrections, &ownSigned))
	require.Positive(t, corrections)
	require.Equal(t, corrections, ownSigned, "each correction carries the signature extracted for its own question, in normalized names")
	total, signed, derived := provenanceCounts(t, e.ctx, e.ns)
	t.Logf("success memories %d: with USES_OPERATION %d, with DERIVED_FROM %d (records signed %d)", total, signed, derived, sigs)
	require.EqualValues(t, final.Metrics[1].Harvested, total)
	require.EqualValues(t, total, sigs, "every harvested memory has a signature: the learner's plan or its type's")
	require.EqualValues(t, total, signed)
	require.EqualValues(t, total, derived, "each was answered with a correction and derives from it")
}
