package experiment

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/questions"
)

// directWithoutMemory answers right with memory under the stored profile
// (no profile asked), and without memory only answering directly.
type directWithoutMemory struct {
	mu    sync.Mutex
	asked []answer.Question
}

func (l *directWithoutMemory) Answer(_ context.Context, _ string, q answer.Question) (answer.Reply, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.asked = append(l.asked, q)
	if q.NoMemory && (q.Profile == nil || q.Profile.Reasoning) {
		return answer.Reply{Answer: "wrong"}, nil
	}
	return answer.Reply{Answer: "42"}, nil
}

// The test arms without memory (the baseline and routing only) answer
// under the baseline profile; the arm with memory under the stored one.
func TestArmsWithoutMemoryAnswerUnderTheBaselineProfile(t *testing.T) {
	t.Parallel()
	l := &directWithoutMemory{}
	direct := evokg.LearnerProfile{Render: evokg.RenderBlock}
	it := questions.Item{ID: "t1", Question: "q", Answer: "42", TaskType: "x", Split: questions.SplitTest}
	r, err := evaluateItem(context.Background(), l, "ns", it, &direct)
	require.NoError(t, err)
	require.Equal(t, ItemResult{ID: "t1", TaskType: "x", WithMemory: true, WithoutMemory: true, RoutingOnly: true}, r)
	require.Len(t, l.asked, 3)
	require.Nil(t, l.asked[0].Profile, "with memory: the profile in force")
	for _, q := range l.asked[1:] {
		require.True(t, q.NoMemory)
		require.Equal(t, &direct, q.Profile)
	}
}

// A seed reports both profiles of its last iteration and counts the calls
// of both calibrations; the report lists each seed's.
func TestSeedResultReportsBothProfiles(t *testing.T) {
	t.Parallel()
	direct := evokg.LearnerProfile{Render: evokg.RenderBlock}
	res := &evolution.Result{Run: &evokg.EvolutionRun{}, Metrics: []evolution.Metrics{
		{Iteration: 1, Profile: evokg.DefaultProfile, BaselineProfile: direct, Calibration: &evokg.Calibration{LearnerCalls: 8},
			BaselineCalibration: &evokg.Calibration{LearnerCalls: 6}, Corrupted: 3, CorruptedCommitted: 1},
		{Iteration: 2, Profile: evokg.DefaultProfile, BaselineProfile: direct, Corrupted: 2, CorruptedCommitted: 2},
	}}
	s := newSeedResult(1, res, questions.Sizes{}, nil, 0)
	require.Equal(t, evokg.DefaultProfile, s.Profile)
	require.Equal(t, direct, s.BaselineProfile)
	require.Equal(t, 14, s.CalibrationCalls)
	require.EqualValues(t, 5, s.Corrupted)
	require.EqualValues(t, 3, s.CorruptedCommitted)
	r := summarize(Config{Pool: "digits", Resamples: 1000}, []SeedResult{*s, *s}, 0)
	require.Equal(t, []string{evokg.DefaultProfile.Name(), evokg.DefaultProfile.Name()}, r.Profiles)
	require.Equal(t, []string{direct.Name(), direct.Name()}, r.BaselineProfiles)
	require.EqualValues(t, 6, r.CorruptedCommitted)
	require.Equal(t, &direct, baselineProfile(res))
}
