package ingest_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/llm/ollamafake"
)

// previousKinds are the kinds the previous release enqueued the ingest jobs
// under, on the same queues.
var previousKinds = map[string]string{
	ingest.EvaluateArgs{}.Kind(): "evokg_ingest_evaluate",
	ingest.EmbedArgs{}.Kind():    "evokg_ingest_embed",
	ingest.ProjectArgs{}.Kind():  "evokg_ingest_project",
	ingest.ForgetArgs{}.Kind():   "evokg_forget",
}

// Ingest jobs the previous release enqueued, under the old kinds, are
// worked by this release's workers: an evaluation, an embedding, a
// projection and a deletion.
func TestJobsThePreviousReleaseEnqueuedRun(t *testing.T) {
	t.Parallel()
	fake := ollamafake.New(ollamafake.Options{Rules: []ollamafake.Rule{{Task: "evaluate_experience", Pattern: regexp.MustCompile(`.`),
		Reply: `{"correct":1,"efficient":1,"complete":1,"feedback":"graded","errors":[]}`}}})
	models := newModels(t, fake.Start(t))
	b := setupWork(t, workOpts{evaluator: ingest.TeacherEvaluator(models.Teacher()), embedder: models.Embedder()})
	pattern := experience(0)
	pattern.Outcome, pattern.Content = evokg.OutcomePattern, "carry the digits"
	first, err := b.svc.Ingest(b.ctx, b.ns, pattern, "")
	require.NoError(t, err)
	client := b.start(t)
	b.waitCommitted(t, 1, 30*time.Second)
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	require.NoError(t, client.Stop(ctx))

	// The previous release, its workers stopped, accepts a platform-evaluated
	// experience, one without an embedding and one with, and deletes the
	// pattern.
	evaluated := experience(1)
	evaluated.Evaluation = nil
	embedded := experience(3)
	embedded.Embedding = ollamafake.Embed(embedded.Question, dim)
	for _, req := range []evokg.ExperienceInput{evaluated, experience(2), embedded} {
		_, err := b.svc.Ingest(b.ctx, b.ns, req, "")
		require.NoError(t, err)
	}
	require.NoError(t, b.svc.Delete(b.ctx, b.ns, first.ID))
	for kind, previous := range previousKinds {
		_, err := b.pool.Exec(b.ctx, `UPDATE river_job SET kind = $1 WHERE kind = $2 AND state = 'available' AND args->>'namespace' = $3`,
			previous, kind, b.ns)
		require.NoError(t, err)
	}
	for _, previous := range previousKinds {
		require.Equal(t, map[string]int{"available": 1}, jobStates(t, b, previous), previous)
	}

	b.start(t)
	b.waitCommitted(t, 3, time.Minute)
	require.Eventually(t, func() bool {
		exps, _, _ := graphCounts(t, b.ns)
		return exps == 3
	}, 30*time.Second, 50*time.Millisecond, "the pattern leaves the graph")
	for _, previous := range previousKinds {
		require.Eventually(t, func() bool {
			return jobStates(t, b, previous)["completed"] == 1
		}, 30*time.Second, 50*time.Millisecond, "every %s job completes", previous)
	}
}
