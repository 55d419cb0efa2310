package tasks

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
)

const crateQuestion = "Crate A holds 6 rows of 7 plums. How many plums are in crate A?"

func normalized(gold string) evokg.ValidatorSpec {
	return evokg.ValidatorSpec{Kind: evokg.ValidatorNormalized, Gold: gold}
}

// A task whose first attempt fails the validator and whose second, given
// the validator's feedback, passes: both are committed through the quality
// gate, the first as a failure memory (P−) with its error registry and
// patch, the second as a success derived from it; the trace reaches the
// graph; and the next similar task retrieves both with their annotations.
func TestFailedFirstAttemptIsArchivedAsFailure(t *testing.T) {
	t.Parallel()
	b := setup(t, isolated(t), generating(func(task, text string) string {
		if strings.Contains(text, "Attempt 1 was rejected") || strings.Contains(text, "Answer: 42") {
			return "42"
		}
		return "13"
	}))
	svc := startWorkers(t, b)

	_, err := svc.StartTask(b.ctx, b.ns, uuid.Nil, evokg.TaskRequest{Question: crateQuestion, TaskType: "multiply", Validator: evokg.ValidatorSpec{Kind: "regex"}})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	queued, err := svc.StartTask(b.ctx, b.ns, uuid.Nil, evokg.TaskRequest{Question: crateQuestion, TaskType: "multiply", Validator: normalized("42")})
	require.NoError(t, err)
	require.Equal(t, evokg.TaskQueued, queued.Status)
	require.Equal(t, 10, queued.MaxIterations, "J defaults to 10 outside code")

	task := waitTask(t, svc, b, queued.ID)
	require.Equal(t, evokg.TaskSolved, task.Status, task.Error)
	require.Equal(t, "42", task.Answer)
	require.Equal(t, []string{"parse_quantities", "multiply"}, task.Plan.Signature)
	require.Equal(t, "the number asked for", task.Plan.Goal)
	require.Len(t, task.Attempts, 2)
	first := task.Attempts[0]
	require.Equal(t, evokg.ValidationFeedback{Outcome: evokg.OutcomeWrong, RootCause: "the number 13 is not the expected value; recompute it", FixTarget: "computation"}, first.Feedback)
	require.True(t, task.Attempts[1].Feedback.Passed)

	require.Len(t, task.Committed, 2)
	failure, success := task.Committed[0], task.Committed[1]
	require.Equal(t, evokg.OutcomeFailure, failure.Outcome)
	require.Equal(t, evokg.EvalFailed, failure.Gate.Status)
	require.Less(t, failure.Q, evokg.QualityGate)
	require.Equal(t, "wrong_answer", failure.Errors[0].ErrorClass)
	require.Equal(t, "recovered in attempt 2", failure.Errors[0].RecoveryOutcome)
	require.Equal(t, evokg.OutcomeSuccess, success.Outcome)
	require.Equal(t, evokg.EvalSuccessful, success.Gate.Status)
	require.InDelta(t, 0.9+0.05*0.9+0.05, success.Q, 1e-9, "c=1, η=1−1/J, κ=1")

	stored, err := b.memory.Get(b.ctx, b.ns, success.ExperienceID)
	require.NoError(t, err)
	require.Contains(t, stored.DerivedFrom, failure.ExperienceID)
	archived, err := b.memory.Get(b.ctx, b.ns, failure.ExperienceID)
	require.NoError(t, err)
	require.Equal(t, "attempt 2 passed with: 42", archived.Patches[0].Patch)

	requireTrace(t, b, task)

	next, err := svc.StartTask(b.ctx, b.ns, uuid.Nil, evokg.TaskRequest{Question: crateQuestion, TaskType: "multiply", Validator: normalized("42")})
	require.NoError(t, err)
	again := waitTask(t, svc, b, next.ID)
	require.Equal(t, evokg.TaskSolved, again.Status)
	require.Len(t, again.Attempts, 1, "the retrieved template solves it at once")
	require.Equal(t, success.ExperienceID, again.Retrieval.Positives[0].ExperienceID)
	require.Equal(t, failure.ExperienceID, again.Retrieval.Negatives[0].ExperienceID)
	require.Equal(t, "wrong_answer", again.Retrieval.Negatives[0].Errors[0].ErrorClass)
	require.NotEmpty(t, again.Retrieval.Negatives[0].Patches)
}

func waitTask(t *testing.T, svc *Service, b bundle, id uuid.UUID) evokg.Task {
	t.Helper()
	var task evokg.Task
	require.Eventually(t, func() bool {
		var err error
		task, err = svc.GetTask(b.ctx, b.ns, id)
		require.NoError(t, err)
		return task.Terminal()
	}, 2*time.Minute, 20*time.Millisecond)
	return task
}

// requireTrace waits for the task's trace in Neo4j: its attempts in order
// and the experiences they were committed as.
func requireTrace(t *testing.T, b bundle, task evokg.Task) {
	t.Helper()
	query := `MATCH (t:Task {namespace: $ns, id: $id})-[:ATTEMPTED]->(a:Attempt)
		OPTIONAL MATCH (a)-[:COMMITTED_AS]->(e:Experience)
		OPTIONAL MATCH (a)-[:NEXT_ATTEMPT]->(n:Attempt)
		RETURN t.status AS status, count(DISTINCT a) AS attempts, count(DISTINCT e) AS committed, count(DISTINCT n) AS next`
	require.Eventually(t, func() bool {
		res, err := neo4j.ExecuteQuery(context.Background(), testenv.Neo4j(t), query,
			map[string]any{"ns": b.ns, "id": task.ID.String()}, neo4j.EagerResultTransformer)
		require.NoError(t, err)
		if len(res.Records) == 0 {
			return false
		}
		r := res.Records[0].AsMap()
		return r["status"] == task.Status && r["attempts"] == int64(len(task.Attempts)) &&
			r["committed"] == int64(len(task.Committed)) && r["next"] == int64(len(task.Attempts)-1)
	}, time.Minute, 50*time.Millisecond)
}
