package api

import (
	"context"
	"net/http"
	"strconv"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// list wraps a collection so that responses stay extensible.
type list[T any] struct {
	Items []T `json:"items"`
}

func listOf[T any](items []T) list[T] {
	if items == nil {
		items = []T{}
	}
	return list[T]{Items: items}
}

func ns(r *http.Request) string { return urlParam(r, "ns") }

func (s *server) retrieve(w http.ResponseWriter, r *http.Request) {
	var req evokg.RetrieveRequest
	err := decodeJSON(r, &req)
	var resp evokg.RetrieveResponse
	if err == nil {
		resp, err = s.deps.Retriever.Retrieve(r.Context(), ns(r), req)
	}
	respond(s, w, r, http.StatusOK, resp, err)
}

func (s *server) retrievalFeedback(w http.ResponseWriter, r *http.Request) {
	reward(s, w, r, s.deps.Retriever.Feedback)
}

func (s *server) answer(w http.ResponseWriter, r *http.Request) {
	var req evokg.AnswerRequest
	err := decodeJSON(r, &req)
	var resp evokg.AnswerResponse
	if err == nil {
		resp, err = s.deps.Answerer.Answer(r.Context(), ns(r), req)
	}
	respond(s, w, r, http.StatusOK, resp, err)
}

func (s *server) feedback(w http.ResponseWriter, r *http.Request) {
	reward(s, w, r, s.deps.Answerer.Feedback)
}

// reward applies the FeedbackRequest of the body to the answer or retrieval
// named by the path's id.
func reward[T any](s *server, w http.ResponseWriter, r *http.Request,
	apply func(context.Context, string, uuid.UUID, evokg.FeedbackRequest) (T, error)) {
	id, err := pathID(r, "id")
	var req evokg.FeedbackRequest
	if err == nil {
		err = decodeJSON(r, &req)
	}
	var resp T
	if err == nil {
		resp, err = apply(r.Context(), ns(r), id, req)
	}
	respond(s, w, r, http.StatusOK, resp, err)
}

func (s *server) listSkills(w http.ResponseWriter, r *http.Request) {
	skills, err := s.deps.Skills.ListSkills(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(skills), err)
}

func (s *server) frontier(w http.ResponseWriter, r *http.Request) {
	skills, err := s.deps.Skills.Frontier(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(skills), err)
}

func (s *server) getSkill(w http.ResponseWriter, r *http.Request) {
	skill, err := s.deps.Skills.GetSkill(r.Context(), ns(r), urlParam(r, "name"))
	respond(s, w, r, http.StatusOK, skill, err)
}

func (s *server) listTaskTypes(w http.ResponseWriter, r *http.Request) {
	types, err := s.deps.TaskTypes.ListTaskTypes(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(types), err)
}

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

func (s *server) neighborsQuery(w http.ResponseWriter, r *http.Request) {
	req, err := neighborsFromQuery(r)
	s.neighbors(w, r, req, err)
}

func (s *server) neighborsBody(w http.ResponseWriter, r *http.Request) {
	var req evokg.NeighborQuery
	err := decodeJSON(r, &req)
	s.neighbors(w, r, req, err)
}

func (s *server) neighbors(w http.ResponseWriter, r *http.Request, req evokg.NeighborQuery, err error) {
	var out []evokg.Neighbor
	if err == nil {
		req = req.WithDefaults()
		out, err = s.deps.Graph.Neighbors(r.Context(), ns(r), req.Seeds, req.Hops)
		out = out[:min(len(out), req.Limit)]
	}
	respond(s, w, r, http.StatusOK, listOf(out), err)
}

// neighborsFromQuery reads ?seed=<uuid>&seed=…&hops=&limit=.
func neighborsFromQuery(r *http.Request) (evokg.NeighborQuery, error) {
	qv := r.URL.Query()
	var (
		req evokg.NeighborQuery
		v   evokg.FieldErrors
	)
	for i, raw := range qv["seed"] {
		id, err := uuid.Parse(raw)
		v.Check(err == nil, pointerAt("/seed", i), "must be a UUID")
		req.Seeds = append(req.Seeds, id)
	}
	req.Hops = queryInt(&v, qv.Get("hops"), "/hops")
	req.Limit = queryInt(&v, qv.Get("limit"), "/limit")
	return req, v.Err()
}

func queryInt(v *evokg.FieldErrors, raw, pointer string) int {
	if raw == "" {
		return 0
	}
	n, err := strconv.Atoi(raw)
	v.Check(err == nil, pointer, "must be an integer")
	return n
}

func (s *server) signatureMatches(w http.ResponseWriter, r *http.Request) {
	var req evokg.SignatureQuery
	err := decodeJSON(r, &req)
	var out []evokg.SignatureMatch
	if err == nil {
		req = req.WithDefaults()
		out, err = s.deps.Graph.SignatureMatches(r.Context(), ns(r), req.TaskType, req.Signature, req.Threshold, req.Limit)
	}
	respond(s, w, r, http.StatusOK, listOf(out), err)
}

func (s *server) usage(w http.ResponseWriter, r *http.Request) {
	var run *uuid.UUID
	if raw := r.URL.Query().Get("run_id"); raw != "" {
		id, err := uuid.Parse(raw)
		if err != nil {
			s.fail(w, r, evokg.Invalid(evokg.FieldError{Pointer: "/run_id", Detail: "must be a UUID"}))
			return
		}
		run = &id
	}
	u, err := s.deps.Usage.Usage(r.Context(), ns(r), run)
	if u.Rows == nil {
		u.Rows = []evokg.UsageRow{}
	}
	respond(s, w, r, http.StatusOK, u, err)
}

func (s *server) bandits(w http.ResponseWriter, r *http.Request) {
	b, err := s.deps.Bandits.Posteriors(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(b), err)
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
