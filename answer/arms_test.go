package answer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
)

// Ablation of the lexical arm through the client entry point (/answer's
// answer.Online with search_arm): five memories word for word like the
// question but about other relays, and one that shares only the relay's
// identifier. The semantic arm shows the look-alikes and the learner
// answers wrong; the lexical arm, weighing the rare identifier above the
// words every memory shares, shows the one that holds the answer.
func TestLexicalArmFindsTheExactIdentifier(t *testing.T) {
	t.Parallel()
	const question = "What is the calibration factor of relay RX-1207 at the north plant?"
	b := setup(t)
	b.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "answer" {
			return "", false
		}
		if strings.Contains(v.Prompt, "RX-1207 reads 17") {
			return `{"reasoning":"the log gives it","answer":"17"}`, true
		}
		return `{"reasoning":"a guess","answer":"3"}`, true
	})
	insert := func(q string, vec []float32) *evokg.Experience {
		return memtest.Insert(t, testenv.Postgres(t), b.store, memtest.Memory{Namespace: b.ns, Question: q, Vec: vec})
	}
	for i := range 5 {
		q := fmt.Sprintf("What is the calibration factor of relay RX-%d at the north plant?", 3300+i)
		insert(q, ollamafake.Embed(q, memtest.Dim))
	}
	log := insert("Sensor log: RX-1207 reads 17.", ollamafake.Embed("Sensor log: RX-1207 reads 17.", memtest.Dim))

	online := answer.NewOnline(b.svc(fixedArms{bandit.StrategySemantic, bandit.StrategyDirectCoT}), b.graph)
	ask := func(arm string) evokg.AnswerResponse {
		resp, err := online.Answer(t.Context(), b.ns, evokg.AnswerRequest{TaskType: "arithmetic", Question: question, SearchArm: arm})
		require.NoError(t, err, arm)
		require.Equal(t, []evokg.PulledArm{{Bandit: "search", Key: "arithmetic", Arm: arm}}, resp.Arms[:1], "the forced arm is the one used")
		return resp
	}
	semantic, lexical := ask(bandit.StrategySemantic), ask(bandit.StrategyLexical)
	require.NotContains(t, semantic.MemoryIDs, log.ID)
	require.Equal(t, "3", semantic.Answer)
	require.Equal(t, log.ID, lexical.MemoryIDs[0], "the identifier's memory ranks first")
	require.Equal(t, "17", lexical.Answer)

	_, err := online.Answer(t.Context(), b.ns, evokg.AnswerRequest{TaskType: "arithmetic", Question: question, SearchArm: "bm25"})
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, evokg.EINVALID, e.Code)
	require.Equal(t, "/search_arm", e.Fields[0].Pointer)
}

// Structural similarity ranks memories within one task type when each
// carries its own signature: through answer.Online, the structural arm
// shows the memory whose procedure matches the learner's plan and leaves
// out the one of the same type whose procedure does not, although the
// latter is the closer in meaning; the semantic arm shows neither over
// the look-alikes.
func TestStructuralArmRanksWithinATaskType(t *testing.T) {
	t.Parallel()
	const question = "How many tiles cover a floor of 6 rows of 9?"
	b := setup(t,
		ollamafake.Rule{Task: "plan_signature", Reply: `{"operations":["read_rows","read_per_row","multiply"]}`},
		ollamafake.Rule{Task: "answer", Reply: answerReply})
	insert := func(q string, sig []string, like string) *evokg.Experience {
		exp := memtest.Insert(t, testenv.Postgres(t), b.store, memtest.Memory{Namespace: b.ns, Question: q, Signature: sig,
			Vec: ollamafake.Embed(like, memtest.Dim)})
		require.NoError(t, b.graph.ProjectExperience(t.Context(), exp, nil))
		return exp
	}
	for i := range 3 {
		insert(fmt.Sprintf("How many tiles cover a floor of %d rows?", 3+i), nil, question)
	}
	same := insert("Chairs in a hall: count the rows, count a row, multiply.", []string{"read_rows", "read_per_row", "multiply"}, "chairs hall")
	other := insert("Tiles left after laying some: subtract.", []string{"read_total", "subtract"}, "how many tiles cover a floor")

	online := answer.NewOnline(b.svc(fixedArms{bandit.StrategySemantic, bandit.StrategyDirectCoT}), b.graph)
	ask := func(arm string) []uuid.UUID {
		resp, err := online.Answer(t.Context(), b.ns, evokg.AnswerRequest{TaskType: "arithmetic", Question: question, SearchArm: arm})
		require.NoError(t, err, arm)
		return resp.MemoryIDs
	}
	semantic, structural := ask(bandit.StrategySemantic), ask(bandit.StrategySemanticStructural)
	require.NotContains(t, semantic, same.ID)
	require.Contains(t, structural, same.ID, "the matching procedure reaches the learner")
	require.NotContains(t, structural, other.ID, "a memory of the same type with another procedure does not")
}
