package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

func (s *server) startEpochRun(w http.ResponseWriter, r *http.Request) {
	var req evokg.EpochRunRequest
	err := decodeJSON(r, &req)
	var run evokg.EpochRun
	if err == nil {
		run, err = s.deps.EpochRuns.StartEpochRun(r.Context(), ns(r), keyOf(r), req, idempotencyKey(r))
	}
	if err == nil {
		w.Header().Set("Location", "/v1/namespaces/"+ns(r)+"/epoch-runs/"+run.ID.String())
	}
	respond(s, w, r, http.StatusAccepted, run, err)
}

func (s *server) listEpochRuns(w http.ResponseWriter, r *http.Request) {
	runs, err := s.deps.EpochRuns.ListEpochRuns(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(runs), err)
}

func (s *server) getEpochRun(w http.ResponseWriter, r *http.Request) {
	s.epochRunAction(w, r, s.deps.EpochRuns.GetEpochRun)
}

func (s *server) cancelEpochRun(w http.ResponseWriter, r *http.Request) {
	s.epochRunAction(w, r, s.deps.EpochRuns.CancelEpochRun)
}

func (s *server) epochRunAction(w http.ResponseWriter, r *http.Request, do func(context.Context, string, uuid.UUID) (evokg.EpochRun, error)) {
	id, err := pathID(r, "id")
	var run evokg.EpochRun
	if err == nil {
		run, err = do(r.Context(), ns(r), id)
	}
	respond(s, w, r, http.StatusOK, run, err)
}

// movedToEpochRuns answers a request to an old epoch-run URL (…/prgii-runs…)
// with a permanent redirect that keeps the method and body.
func movedToEpochRuns(w http.ResponseWriter, r *http.Request) {
	to := strings.Replace(r.URL.Path, "/prgii-runs", "/epoch-runs", 1)
	if r.URL.RawQuery != "" {
		to += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, to, http.StatusPermanentRedirect)
}
