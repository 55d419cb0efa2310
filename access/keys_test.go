package access_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/internal/testenv"
)

func TestKeyStoreLifecycle(t *testing.T) {
	t.Parallel()
	keys := access.NewKeyStore(testenv.Postgres(t), testenv.Logger(t))
	ctx := t.Context()
	ns := testenv.Namespace(t)
	token, k, err := keys.Create(ctx, "ci", []string{evokg.ScopeMemoryRead, evokg.ScopeEvolve}, []string{ns})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, keys.DeleteForTest(context.Background(), k.ID)) })

	require.True(t, strings.HasPrefix(token, "evk_"+k.Prefix+"_"), token)
	require.Len(t, k.Prefix, 8)
	require.Equal(t, []string{evokg.ScopeMemoryRead, evokg.ScopeEvolve}, k.Scopes)

	got, err := keys.Authenticate(ctx, token)
	require.NoError(t, err)
	require.Equal(t, k.ID, got.ID)
	require.True(t, got.HasScope(evokg.ScopeEvolve))
	require.False(t, got.HasScope(evokg.ScopeMemoryWrite))
	require.True(t, got.AllowsNamespace(ns))
	require.False(t, got.AllowsNamespace("other"))

	list, err := keys.List(ctx)
	require.NoError(t, err)
	require.Condition(t, func() bool {
		for _, l := range list {
			if l.ID == k.ID {
				return l.LastUsedAt != nil && l.RevokedAt == nil
			}
		}
		return false
	}, "the key is listed with its last use")

	require.NoError(t, keys.Revoke(ctx, k.ID))
	_, err = keys.Authenticate(ctx, token)
	require.Equal(t, evokg.EUNAUTHORIZED, evokg.ErrorCode(err))
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(keys.Revoke(ctx, k.ID)), "a revoked key cannot be revoked again")
}

func TestKeyStoreStoresOnlyTheHash(t *testing.T) {
	t.Parallel()
	pool := testenv.Postgres(t)
	keys := access.NewKeyStore(pool, testenv.Logger(t))
	token, k, err := keys.Create(t.Context(), "hash", []string{evokg.ScopeAdmin}, []string{evokg.AllNamespaces})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, keys.DeleteForTest(context.Background(), k.ID)) })
	var found bool
	require.NoError(t, pool.QueryRow(t.Context(),
		"SELECT EXISTS (SELECT 1 FROM api_keys WHERE position(convert_to($1, 'UTF8') in hash) > 0 OR name = $1 OR prefix = $1)", token).Scan(&found))
	require.False(t, found, "the token is not stored")
	// A token that differs in one character of the secret is refused.
	last := "A"
	if strings.HasSuffix(token, "A") {
		last = "B"
	}
	tampered := token[:len(token)-1] + last
	_, err = keys.Authenticate(t.Context(), tampered)
	require.Equal(t, evokg.EUNAUTHORIZED, evokg.ErrorCode(err))
}

func TestKeyStoreValidates(t *testing.T) {
	t.Parallel()
	keys := access.NewKeyStore(testenv.Postgres(t), testenv.Logger(t))
	_, _, err := keys.Create(t.Context(), "", []string{"root"}, []string{"Bad NS"})
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, evokg.EINVALID, de.Code)
	pointers := []string{}
	for _, f := range de.Fields {
		pointers = append(pointers, f.Pointer)
	}
	require.Equal(t, []string{"/name", "/scopes/0", "/namespaces/0"}, pointers)
}
