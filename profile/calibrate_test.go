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

// directWithoutMemory answers right reasoning first with memory, and
// directly without; it keeps the questions it was asked.
type directWithoutMemory struct{ asked []answer.Question }

func (l *directWithoutMemory) Answer(_ context.Context, _ string, q answer.Question) (answer.Reply, error) {
	l.asked = append(l.asked, q)
	if q.NoMemory == q.Profile.Reasoning {
		return answer.Reply{Answer: "wrong", LearnerCalls: 1}, nil
	}
	return answer.Reply{Answer: "42", LearnerCalls: 1}, nil
}

func (l *directWithoutMemory) Model() string { return "learner" }

// Calibration with memory and without answer the same validation items
// under each candidate, the second as the baseline answers (no memory, no
// routing), and each keeps its own best profile.
func TestCalibrateWithoutMemoryAnswersAsTheBaseline(t *testing.T) {
	t.Parallel()
	items := []questions.Item{{ID: "v1", Question: "q1", Answer: "42", Split: questions.SplitValidation},
		{ID: "v2", Question: "q2", Answer: "42", Split: questions.SplitValidation}}
	l := &directWithoutMemory{}
	with, err := Calibrate(context.Background(), l, questions.Grader{}, "ns", items, nil)
	require.NoError(t, err)
	require.Equal(t, evokg.DefaultProfile, with.Profile)
	for _, q := range l.asked {
		require.False(t, q.NoMemory || q.NoRouting)
	}

	l.asked = nil
	without, err := CalibrateWithoutMemory(context.Background(), l, questions.Grader{}, "ns", items, nil)
	require.NoError(t, err)
	require.Equal(t, evokg.LearnerProfile{Render: evokg.RenderBlock}, without.Profile)
	require.Len(t, l.asked, len(items)*len(Candidates))
	for _, q := range l.asked {
		require.True(t, q.NoMemory && q.NoRouting, "answered as the baseline")
	}
	require.Equal(t, []string{"v1", "v2"}, without.Calibration.Items)
	require.Equal(t, len(items)*len(Candidates), without.Calibration.LearnerCalls)
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
