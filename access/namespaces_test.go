package access_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/internal/testenv"
)

// A namespace keeps whether its memories start probationary.
func TestNamespaceProbation(t *testing.T) {
	t.Parallel()
	store := access.NewNamespaceStore(testenv.Postgres(t))
	ctx := t.Context()
	for _, probation := range []bool{true, false} {
		ns := testenv.Namespace(t)
		created, err := store.CreateNamespace(ctx, evokg.Namespace{Name: ns, Description: "d", Probation: probation}, uuid.Nil)
		require.NoError(t, err)
		require.Equal(t, probation, created.Probation)
		got, err := store.GetNamespace(ctx, ns)
		require.NoError(t, err)
		require.Equal(t, created, got)
		_, err = store.CreateNamespace(ctx, evokg.Namespace{Name: ns}, uuid.Nil)
		require.Equal(t, evokg.ECONFLICT, evokg.ErrorCode(err))
	}
}
