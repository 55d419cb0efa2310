package app_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/runs"
)

// Over the API, evolution runs, epoch runs and tasks count together
// against the bound of the key that starts them and that of the tenant
// (the key that created the namespace): a start over either is a 429
// problem in the document, with code quota and a Retry-After; another key
// and another tenant are not affected; cancelling a run frees its slot.
// No worker runs, so everything started stays queued.
func TestRunBoundsOverTheAPI(t *testing.T) {
	t.Parallel()
	e := openWith(t, app.ModeAPI, func(c *app.Config) { c.Bounds = runs.Bounds{PerKey: 2, PerTenant: 3} })
	h := e.handler
	ns := []string{testenv.Namespace(t), testenv.Namespace(t), testenv.Namespace(t)}
	tokenA, keyA := boundKey(t, e, ns...)
	tokenB, _ := boundKey(t, e, ns...)
	for _, n := range ns {
		e.exchange(t, h, tokenA, http.MethodPost, "/v1/namespaces", `{"name":"`+n+`"}`, http.StatusCreated, nil)
	}
	var owner uuid.UUID
	require.NoError(t, e.app.Pool.QueryRow(e.ctx, `SELECT created_by FROM namespaces WHERE name = $1`, ns[0]).Scan(&owner))
	require.Equal(t, keyA.ID, owner, "the namespace records the key that created it")

	var run evokg.EvolutionRun
	e.exchange(t, h, tokenA, http.MethodPost, "/v1/namespaces/"+ns[0]+"/evolution-runs", evolutionBody, http.StatusAccepted, &run)
	e.exchange(t, h, tokenA, http.MethodPost, "/v1/namespaces/"+ns[1]+"/epoch-runs", epochBody, http.StatusAccepted, nil)

	var p api.Problem
	header := e.exchange(t, h, tokenA, http.MethodPost, "/v1/namespaces/"+ns[2]+"/tasks", taskBody, http.StatusTooManyRequests, &p)
	require.Equal(t, evokg.EQUOTA, p.Code)
	require.Equal(t, "30", header.Get("Retry-After"))
	require.Contains(t, p.Detail, "API key "+keyA.ID.String()+" has 2 active background runs")
	require.Contains(t, p.Detail, "; the bound per key is 2")

	e.exchange(t, h, tokenB, http.MethodPost, "/v1/namespaces/"+ns[2]+"/tasks", taskBody, http.StatusAccepted, nil)
	e.exchange(t, h, tokenB, http.MethodPost, "/v1/namespaces/"+ns[0]+"/tasks", taskBody, http.StatusTooManyRequests, &p)
	require.Equal(t, evokg.EQUOTA, p.Code)
	require.Contains(t, p.Detail, "the namespaces API key "+keyA.ID.String()+" created")
	require.Contains(t, p.Detail, "have 3 active background runs")
	require.Contains(t, p.Detail, "; the bound per tenant is 3")

	other := testenv.Namespace(t)
	tokenC, _ := boundKey(t, e, other)
	e.exchange(t, h, tokenC, http.MethodPost, "/v1/namespaces", `{"name":"`+other+`"}`, http.StatusCreated, nil)
	e.exchange(t, h, tokenC, http.MethodPost, "/v1/namespaces/"+other+"/tasks", taskBody, http.StatusAccepted, nil)

	e.exchange(t, h, tokenA, http.MethodPost, "/v1/namespaces/"+ns[0]+"/evolution-runs/"+run.ID.String()+"/cancel", "", http.StatusOK, nil)
	e.exchange(t, h, tokenA, http.MethodPost, "/v1/namespaces/"+ns[0]+"/tasks", taskBody, http.StatusAccepted, nil)
}

const (
	evolutionBody = `{"generator":{"name":"arith","size":30},"iterations":2}`
	epochBody     = `{"pool":{"name":"digits","size":10},"epochs":1}`
	taskBody      = `{"question":"What is 2 + 2?","task_type":"sum","validator":{"kind":"normalized","gold":"4"}}`
)

// boundKey creates a key with every scope bound to namespaces.
func boundKey(t *testing.T, e *env, namespaces ...string) (string, evokg.APIKey) {
	t.Helper()
	token, key, err := access.NewKeyStore(e.app.Pool, nil).Create(e.ctx, "bounds", evokg.Scopes, namespaces)
	require.NoError(t, err)
	return token, key
}
