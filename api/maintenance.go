package api

import (
	"net/http"
	"slices"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// requireAllNamespaces refuses keys bound to some namespaces only: a
// reindex rebuilds indexes that every namespace shares.
func (s *server) requireAllNamespaces(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k, _ := KeyFromContext(r.Context())
		if !slices.Contains(k.Namespaces, evokg.AllNamespaces) {
			s.fail(w, r, evokg.Errorf(evokg.EFORBIDDEN,
				"a reindex rebuilds indexes every namespace shares: it needs a key bound to all namespaces (%q)", evokg.AllNamespaces))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// reindex rebuilds the bloated vector indexes. At the request's deadline
// the rebuild under way is finished and the rest named in "remaining".
func (s *server) reindex(w http.ResponseWriter, r *http.Request) {
	var opts evokg.ReindexOptions
	err := decodeJSON(r, &opts)
	var res evokg.ReindexReport
	if err == nil {
		res, err = s.deps.Maintenance.Reindex(r.Context(), opts)
	}
	if res.Rebuilt == nil {
		res.Rebuilt = []evokg.IndexRebuild{}
	}
	respond(s, w, r, http.StatusOK, res, err)
}

// PruneRequest prunes abstracted patterns below a confidence threshold.
type PruneRequest struct {
	Threshold float64 `json:"threshold"`
	DryRun    bool    `json:"dry_run,omitempty"`
}

// PruneResult lists what was (or would be) pruned.
type PruneResult struct {
	Pruned []uuid.UUID `json:"pruned"`
	DryRun bool        `json:"dry_run"`
}

func (s *server) prune(w http.ResponseWriter, r *http.Request) {
	var req PruneRequest
	err := decodeJSON(r, &req)
	res := PruneResult{DryRun: req.DryRun}
	if err == nil {
		res.Pruned, err = s.deps.Experiences.PrunePatterns(r.Context(), ns(r), req.Threshold, req.DryRun)
	}
	if res.Pruned == nil {
		res.Pruned = []uuid.UUID{}
	}
	respond(s, w, r, http.StatusOK, res, err)
}
