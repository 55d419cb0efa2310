package evolution

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// RunParams reads the pool a run of the namespace was started with (the
// newest run's without an id): what evokg calibrate answers the
// validation split of.
func TestRunParamsOfARunOrTheNewest(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, &learnerScript{})
	_, found, err := e.engine.RunParams(e.ctx, e.ns, uuid.Nil)
	require.NoError(t, err)
	require.False(t, found, "a namespace with no run")

	var ids []uuid.UUID
	for _, seed := range []uint64{4, 7} {
		p := Params{Namespace: e.ns, Pool: questions.PoolSpec{Name: questions.Glyph, Size: 40, Seed: seed}}.WithDefaults()
		run := newRun(p)
		require.NoError(t, e.engine.store.insertRun(e.ctx, run, p))
		_, err := e.engine.store.cancelRun(e.ctx, e.ns, run.ID) // one active run per namespace
		require.NoError(t, err)
		ids = append(ids, run.ID)
	}
	p, found, err := e.engine.RunParams(e.ctx, e.ns, uuid.Nil)
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, questions.PoolSpec{Name: questions.Glyph, Size: 40, Seed: 7, Validation: DefaultValidation, Test: DefaultTest}, p.Pool)
	p, _, err = e.engine.RunParams(e.ctx, e.ns, ids[0])
	require.NoError(t, err)
	require.Equal(t, uint64(4), p.Pool.Seed)
	_, _, err = e.engine.RunParams(e.ctx, e.ns, uuid.New())
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
}
