package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

// BenchmarkAuthenticatedRequest measures one authenticated GET through the
// whole middleware chain, with the key looked up in the real Postgres: with
// the rate limit off, counted in the process, and counted in Postgres
// (shared by replicas: a read of the key's two windows and an upsert).
func BenchmarkAuthenticatedRequest(b *testing.B) {
	pool := testenv.Postgres(b)
	limited := api.Config{RateLimit: 1 << 30, RateWindow: time.Minute}
	for _, c := range []struct {
		name string
		opts setupOpts
	}{
		{"limit=off", setupOpts{quiet: true, cfg: api.Config{RateLimit: -1}}},
		{"limit=process", setupOpts{quiet: true, cfg: limited}},
		{"limit=postgres", setupOpts{quiet: true, cfg: limited, counts: postgres.NewRateCounts(pool)}},
	} {
		b.Run(c.name, func(b *testing.B) { benchmarkRequests(b, setup(b, c.opts)) })
	}
}

func benchmarkRequests(b *testing.B, bundle *bundle) {
	ns := bundle.namespace(b)
	token, k, err := bundle.keys.Create(b.Context(), "bench", []string{evokg.ScopeMemoryRead}, []string{ns})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = bundle.deleteKey(k.ID) })
	path := "/v1/namespaces/" + ns + "/skills"
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			rec := httptest.NewRecorder()
			bundle.handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatalf("status %d: %s", rec.Code, rec.Body.String())
			}
		}
	})
}
