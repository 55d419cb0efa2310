package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
)

// staticKeys authenticates nothing; enough for the public endpoints.
type staticKeys struct{}

func (staticKeys) Authenticate(context.Context, string) (evokg.APIKey, error) {
	return evokg.APIKey{}, nil
}

// ExampleNewHandler builds the handler with a readiness check and probes it.
func ExampleNewHandler() {
	h := api.NewHandler(api.Config{}, api.Deps{
		Keys: staticKeys{},
		Checks: map[string]api.Check{
			"postgres": {Critical: true, Run: func(context.Context) api.CheckResult { return api.CheckResult{Status: api.CheckUp} }},
			"ollama":   {Run: func(context.Context) api.CheckResult { return api.CheckResult{Status: api.CheckDown} }},
		},
	}, nil)
	for _, path := range []string{"/healthz", "/readyz"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		fmt.Println(path, rec.Code)
	}
	// Output:
	// /healthz 200
	// /readyz 200
}
