package evolution

import (
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
)

func TestAppendOnlyInvariant(t *testing.T) {
	t.Parallel()
	prev := MemoryCounts{Success: 10, Failure: 4, Principles: 2, Other: 3}
	require.NoError(t, checkAppendOnly(prev, MemoryCounts{Success: 10, Failure: 5, Principles: 2, Other: 0}), "patterns may be pruned")
	for _, now := range []MemoryCounts{
		{Success: 9, Failure: 4, Principles: 2},
		{Success: 10, Failure: 3, Principles: 2},
		{Success: 10, Failure: 4, Principles: 1},
	} {
		require.Equal(t, evokg.EINTERNAL, evokg.ErrorCode(checkAppendOnly(prev, now)), "%+v", now)
	}
}
