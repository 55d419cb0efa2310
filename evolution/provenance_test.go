package evolution

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

// A memory written from an answer derives from every memory the answer
// showed, however many: what the learner was shown is what is recorded.
func TestProvenanceKeepsEveryShownMemory(t *testing.T) {
	t.Parallel()
	shown := make([]uuid.UUID, 20)
	for i := range shown {
		shown[i] = evokg.NewID()
	}
	require.Equal(t, shown, provenance(shown))
}
