package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
)

// BenchmarkAuthenticatedRequest measures one authenticated GET through the
// whole middleware chain, with the key looked up in the real Postgres.
func BenchmarkAuthenticatedRequest(b *testing.B) {
	bundle := setup(b, setupOpts{quiet: true, cfg: api.Config{RateLimit: -1}})
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
