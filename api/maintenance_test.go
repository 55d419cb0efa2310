package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

// TestReindexNeedsAnAdminKeyForEveryNamespace: the indexes a reindex
// rebuilds are shared by all namespaces, so an admin key bound to some of
// them is refused, as is a key for all of them without the admin scope.
func TestReindexNeedsAnAdminKeyForEveryNamespace(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	reindex := call{method: "POST", path: "/v1/maintenance/reindex", body: `{"dry_run":true}`}

	reindex.token = b.key(t, []string{evokg.ScopeAdmin}, ns)
	rec := b.do(t, reindex)
	require.Equal(t, http.StatusForbidden, rec.Code)
	require.Contains(t, problemOf(t, rec.Body.Bytes()).Detail, "bound to all namespaces")

	reindex.token = b.key(t, []string{evokg.ScopeMemoryRead, evokg.ScopeMemoryWrite, evokg.ScopeEvolve}, evokg.AllNamespaces)
	rec = b.do(t, reindex)
	require.Equal(t, http.StatusForbidden, rec.Code)
	require.Contains(t, problemOf(t, rec.Body.Bytes()).Detail, "scope")
	require.Zero(t, b.fakes.calls.Load(), "refused keys reach no service")

	reindex.token = b.key(t, []string{evokg.ScopeAdmin}, evokg.AllNamespaces)
	rec = b.do(t, reindex)
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	var report evokg.ReindexReport
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &report))
	require.True(t, report.DryRun)
	require.Len(t, report.Rebuilt, 1)
}
