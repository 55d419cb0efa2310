package api

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

func (s *server) startRun(w http.ResponseWriter, r *http.Request) {
	var req evokg.EvolutionRunRequest
	err := decodeJSON(r, &req)
	var run evokg.EvolutionRun
	if err == nil {
		run, err = s.deps.Evolution.StartRun(r.Context(), ns(r), keyOf(r), req)
	}
	if err == nil {
		w.Header().Set("Location", "/v1/namespaces/"+ns(r)+"/evolution-runs/"+run.ID.String())
	}
	respond(s, w, r, http.StatusAccepted, run, err)
}

func (s *server) listRuns(w http.ResponseWriter, r *http.Request) {
	runs, err := s.deps.Evolution.ListRuns(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(runs), err)
}

func (s *server) getRun(w http.ResponseWriter, r *http.Request) {
	s.runAction(w, r, s.deps.Evolution.GetRun)
}

func (s *server) cancelRun(w http.ResponseWriter, r *http.Request) {
	s.runAction(w, r, s.deps.Evolution.CancelRun)
}

func (s *server) runAction(w http.ResponseWriter, r *http.Request, do func(context.Context, string, uuid.UUID) (evokg.EvolutionRun, error)) {
	id, err := pathID(r, "id")
	var run evokg.EvolutionRun
	if err == nil {
		run, err = do(r.Context(), ns(r), id)
	}
	respond(s, w, r, http.StatusOK, run, err)
}
