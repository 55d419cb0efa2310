package answer_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/retrieval"
)

// A pack a client retrieves is presented as an answer to the same request
// shows it: on every search arm, the cascade's components included, in the
// block and in turns under a cap on memories, the same text and the same
// memories, under the same profile.
func TestPresentShowsWhatTheAnswerShows(t *testing.T) {
	t.Parallel()
	b := setupShown(t)
	b.seed()
	retriever := retrieval.New(retrieval.Config{}, b.store, b.graph, b.models.Embedder(), testenv.Logger(t))
	profiles := profile.NewStore(testenv.Postgres(t))
	for _, p := range []evokg.LearnerProfile{evokg.DefaultProfile, {Render: evokg.RenderTurns, Memories: 3, Reasoning: true}} {
		for _, arm := range bandit.DefaultSearchArms {
			name := arm + ", " + p.Name()
			svc := b.service(retrieval.Config{}, arm).WithProfiles(profiles)
			_, err := profiles.Put(t.Context(), evokg.StoredProfile{Namespace: b.ns, Model: svc.Model(), Profile: p})
			require.NoError(t, err, name)
			r, err := svc.Answer(t.Context(), b.ns, answer.Question{TaskType: "arithmetic", Question: shownQuestion, Signature: shownSignature})
			require.NoError(t, err, name)
			req := retrieval.Request{Namespace: b.ns, TaskType: "arithmetic", Question: shownQuestion, Signature: shownSignature, Strategy: arm}
			pack, err := retriever.Retrieve(t.Context(), req)
			require.NoError(t, err, name)
			got, err := svc.Present(t.Context(), b.ns, req, pack)
			require.NoError(t, err, name)
			require.NotEmpty(t, got.Shown, name)
			require.Equal(t, r.MemoryIDs, got.Shown, name)
			require.Equal(t, r.Memory, got.Prompt, name)
			require.Equal(t, p, got.Profile, name)
			if arm == bandit.StrategyCascade && p.Render == evokg.RenderBlock {
				require.Contains(t, got.Prompt, "MEM-", name)
			}
		}
	}
}
