package api

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// stateChange is the body of a quarantine or a restore: the client's reason.
type stateChange struct {
	Reason string `json:"reason"`
}

func (s *server) getUtility(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	var u evokg.Utility
	if err == nil {
		u, err = s.deps.Utility.Get(r.Context(), ns(r), id)
	}
	respond(s, w, r, http.StatusOK, u, err)
}

func (s *server) listUtility(w http.ResponseWriter, r *http.Request) {
	f, err := utilityQuery(r)
	var page evokg.UtilityPage
	if err == nil {
		page, err = s.deps.Utility.List(r.Context(), ns(r), f)
	}
	respond(s, w, r, http.StatusOK, page, err)
}

func utilityQuery(r *http.Request) (evokg.UtilityFilter, error) {
	qv := r.URL.Query()
	f := evokg.UtilityFilter{State: evokg.MemoryState(qv.Get("state")), TaskType: qv.Get("task_type"), Cursor: qv.Get("cursor")}
	var v evokg.FieldErrors
	v.Check(f.State == evokg.MemoryProbationary || f.State == evokg.MemoryQuarantined, "/state", "must be probationary or quarantined")
	f.Limit = pageLimit(&v, qv.Get("limit"))
	return f, v.Err()
}

func (s *server) quarantine(w http.ResponseWriter, r *http.Request) {
	s.changeState(w, r, s.deps.Utility.Quarantine)
}

func (s *server) restore(w http.ResponseWriter, r *http.Request) {
	s.changeState(w, r, s.deps.Utility.Restore)
}

// changeState applies a client's change of state, with its reason, to
// memory {id}.
func (s *server) changeState(w http.ResponseWriter, r *http.Request,
	apply func(ctx context.Context, ns string, id uuid.UUID, reason string) (evokg.Utility, error)) {
	id, err := pathID(r, "id")
	var body stateChange
	if err == nil {
		err = decodeJSON(r, &body)
	}
	var u evokg.Utility
	if err == nil {
		u, err = apply(r.Context(), ns(r), id, body.Reason)
	}
	respond(s, w, r, http.StatusOK, u, err)
}
