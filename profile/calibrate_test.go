package profile

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/questions"
)

// The reference stays unless a candidate answers Margin more items right;
// then the best of those wins, the earliest on a tie.
func TestChooseKeepsTheReferenceWithinTheMargin(t *testing.T) {
	scores := func(correct ...int) []evokg.ProfileScore {
		out := make([]evokg.ProfileScore, len(correct))
		for i, c := range correct {
			out[i] = evokg.ProfileScore{Correct: c, Items: 8}
		}
		return out
	}
	require.Equal(t, 0, choose(scores(2, 2, 0, 3)), "one more item right is noise")
	require.Equal(t, 3, choose(scores(2, 2, 0, 4)), "two more replace the reference")
	require.Equal(t, 1, choose(scores(0, 5, 5, 3)), "the earliest of the best")
	require.Equal(t, 2, choose(scores(1, 3, 6, 6)))
	require.Equal(t, 0, choose(scores(0, 0, 0, 0)))
}

// The profile in force comes first, once.
func TestCandidatesFromPutsTheProfileInForceFirst(t *testing.T) {
	turns := evokg.LearnerProfile{Render: evokg.RenderTurns}
	c := CandidatesFrom(turns)
	require.Equal(t, turns, c[0])
	require.Len(t, c, len(Candidates))
	custom := evokg.LearnerProfile{Render: evokg.RenderBlock, Memories: 2}
	c = CandidatesFrom(custom)
	require.Equal(t, custom, c[0])
	require.Len(t, c, len(Candidates)+1)
}

// questionLog records the questions it is asked and answers nothing.
type questionLog struct{ questions []answer.Question }

func (l *questionLog) Answer(_ context.Context, _ string, q answer.Question) (answer.Reply, error) {
	l.questions = append(l.questions, q)
	return answer.Reply{}, nil
}

func (l *questionLog) Model() string { return "m" }

// Calibration answers validation items: it counts no tool call against
// its tool.
func TestCalibrationScoresNoTool(t *testing.T) {
	t.Parallel()
	log := &questionLog{}
	items := []questions.Item{{ID: "a", TaskType: "t", Question: "q", Answer: "1", Split: questions.SplitValidation}}
	_, err := Calibrate(t.Context(), log, questions.Grader{}, "ns", items, nil)
	require.NoError(t, err)
	require.NotEmpty(t, log.questions)
	for _, q := range log.questions {
		require.True(t, q.NoToolScores)
	}
}
