package api_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

// ownPool opens a pool of its own on the test database, as another API
// process would.
func ownPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	testenv.Postgres(t) // migrated
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pool, err := postgres.Open(ctx, postgres.Config{URL: testenv.PostgresURL(), MaxConns: 4})
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return pool
}

func TestRateLimitHoldsAcrossProcesses(t *testing.T) {
	t.Parallel()
	cfg := api.Config{RateLimit: 4, RateWindow: time.Hour}
	firstPool, secondPool := ownPool(t), ownPool(t)
	first := setup(t, setupOpts{cfg: cfg, pool: firstPool, counts: postgres.NewRateCounts(firstPool)})
	second := setup(t, setupOpts{cfg: cfg, pool: secondPool, counts: postgres.NewRateCounts(secondPool)})
	ns := first.namespace(t)
	token, other := first.key(t, evokg.Scopes, ns), first.key(t, evokg.Scopes, ns)
	path := "/v1/namespaces/" + ns + "/skills"
	servers := []*bundle{first, second}
	for i := range 4 {
		require.Equal(t, http.StatusOK, servers[i%2].do(t, call{method: "GET", path: path, token: token}).Code, "request %d", i)
	}
	for _, b := range servers {
		rec := b.do(t, call{method: "GET", path: path, token: token})
		require.Equal(t, http.StatusTooManyRequests, rec.Code, "the two processes count the key's requests together")
		require.NotEmpty(t, rec.Header().Get("Retry-After"))
	}
	require.Equal(t, http.StatusOK, second.do(t, call{method: "GET", path: path, token: other}).Code, "another key has its own budget")
}

func TestRateLimitFailsOpenOntoTheProcess(t *testing.T) {
	t.Parallel()
	gone := ownPool(t)
	gone.Close() // the shared counts cannot be reached
	b := setup(t, setupOpts{cfg: api.Config{RateLimit: 3, RateWindow: time.Hour}, counts: postgres.NewRateCounts(gone)})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	path := "/v1/namespaces/" + ns + "/skills"
	for range 3 {
		require.Equal(t, http.StatusOK, b.do(t, call{method: "GET", path: path, token: token}).Code, "requests pass while the counts fail")
	}
	require.Equal(t, http.StatusTooManyRequests, b.do(t, call{method: "GET", path: path, token: token}).Code,
		"and the process still limits the key alone")
}
