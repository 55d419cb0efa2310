package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
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

// decodeValid decodes the body into dst and runs validate on it.
func decodeValid[T any](r *http.Request, dst *T, validate func(T) error) error {
	if err := decodeJSON(r, dst); err != nil {
		return err
	}
	return validate(*dst)
}

func ns(r *http.Request) string { return chi.URLParam(r, "ns") }

func (s *server) retrieve(w http.ResponseWriter, r *http.Request) {
	var req RetrieveRequest
	err := decodeValid(r, &req, validateRetrieve)
	var resp RetrieveResponse
	if err == nil {
		resp, err = s.deps.Retriever.Retrieve(r.Context(), ns(r), req)
	}
	respond(s, w, r, http.StatusOK, resp, err)
}

func validateRetrieve(req RetrieveRequest) error {
	var v evokg.Validator
	v.Check(strings.TrimSpace(req.Question) != "", "/question", "is required")
	v.Check(strings.TrimSpace(req.TaskType) != "", "/task_type", "is required: retrieval never crosses task types")
	v.Check(req.Mode == "" || req.Mode == "mage" || req.Mode == "apex", "/mode", "must be mage or apex")
	return v.Err()
}

func (s *server) answer(w http.ResponseWriter, r *http.Request) {
	var req AnswerRequest
	err := decodeValid(r, &req, validateAnswer)
	var resp AnswerResponse
	if err == nil {
		resp, err = s.deps.Answerer.Answer(r.Context(), ns(r), req)
	}
	respond(s, w, r, http.StatusOK, resp, err)
}

func validateAnswer(req AnswerRequest) error {
	var v evokg.Validator
	v.Check(strings.TrimSpace(req.Question) != "", "/question", "is required")
	v.Check(strings.TrimSpace(req.TaskType) != "", "/task_type", "is required")
	return v.Err()
}

func (s *server) feedback(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	var req FeedbackRequest
	if err == nil {
		err = decodeValid(r, &req, validateFeedback)
	}
	var resp FeedbackResponse
	if err == nil {
		resp, err = s.deps.Answerer.Feedback(r.Context(), ns(r), id, req)
	}
	respond(s, w, r, http.StatusOK, resp, err)
}

func validateFeedback(req FeedbackRequest) error {
	var v evokg.Validator
	v.Check(req.Reward >= 0 && req.Reward <= 1, "/reward", "must be within [0, 1]")
	return v.Err()
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
	skill, err := s.deps.Skills.GetSkill(r.Context(), ns(r), chi.URLParam(r, "name"))
	respond(s, w, r, http.StatusOK, skill, err)
}

func (s *server) listTaskTypes(w http.ResponseWriter, r *http.Request) {
	types, err := s.deps.TaskTypes.ListTaskTypes(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(types), err)
}

func (s *server) startRun(w http.ResponseWriter, r *http.Request) {
	var req EvolutionRunRequest
	err := decodeValid(r, &req, validateRun)
	var run EvolutionRun
	if err == nil {
		run, err = s.deps.Evolution.StartRun(r.Context(), ns(r), req)
	}
	if err == nil {
		w.Header().Set("Location", "/v1/namespaces/"+ns(r)+"/evolution-runs/"+run.ID.String())
	}
	respond(s, w, r, http.StatusAccepted, run, err)
}

// maxPool bounds an evolution run's question pool.
const maxPool = 10000

func validateRun(req EvolutionRunRequest) error {
	var v evokg.Validator
	v.Check(req.Iterations >= 0 && req.Iterations <= 1000, "/iterations", "must be from 1 to 1000 (0 takes the default)")
	v.Check((len(req.Pool) > 0) != (req.Generator != nil), "/pool", "give either pool items or a generator, not both")
	v.Check(len(req.Pool) <= maxPool, "/pool", "must hold at most 10000 items")
	v.Check(req.HeldOut >= 0 && req.HeldOut < 1, "/held_out", "must be in [0, 1)")
	if g := req.Generator; g != nil {
		v.Check(g.Name == "arith", "/generator/name", `must be "arith"`)
		v.Check(g.Size >= 0 && g.Size <= maxPool, "/generator/size", "must be from 1 to 10000 (0 takes the default)")
	}
	for i, it := range req.Pool {
		at := pointerAt("/pool", i)
		v.Check(strings.TrimSpace(it.Question) != "", at+"/question", "is required")
		v.Check(strings.TrimSpace(it.TaskType) != "", at+"/task_type", "is required")
		v.Check(strings.TrimSpace(it.Gold) != "", at+"/gold", "is required")
	}
	return v.Err()
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

func (s *server) runAction(w http.ResponseWriter, r *http.Request, do func(context.Context, string, uuid.UUID) (EvolutionRun, error)) {
	id, err := pathID(r, "id")
	var run EvolutionRun
	if err == nil {
		run, err = do(r.Context(), ns(r), id)
	}
	respond(s, w, r, http.StatusOK, run, err)
}

func (s *server) neighborsQuery(w http.ResponseWriter, r *http.Request) {
	req, err := neighborsFromQuery(r)
	if err == nil {
		err = validateNeighbors(req)
	}
	s.neighbors(w, r, req, err)
}

func (s *server) neighborsBody(w http.ResponseWriter, r *http.Request) {
	var req NeighborsRequest
	err := decodeValid(r, &req, validateNeighbors)
	s.neighbors(w, r, req, err)
}

func (s *server) neighbors(w http.ResponseWriter, r *http.Request, req NeighborsRequest, err error) {
	var out []evokg.Neighbor
	if err == nil {
		out, err = s.deps.Graph.Neighbors(r.Context(), ns(r), req)
	}
	respond(s, w, r, http.StatusOK, listOf(out), err)
}

// neighborsFromQuery reads ?seed=<uuid>&seed=…&hops=&limit=.
func neighborsFromQuery(r *http.Request) (NeighborsRequest, error) {
	qv := r.URL.Query()
	var (
		req NeighborsRequest
		v   evokg.Validator
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

func queryInt(v *evokg.Validator, raw, pointer string) int {
	if raw == "" {
		return 0
	}
	n, err := strconv.Atoi(raw)
	v.Check(err == nil, pointer, "must be an integer")
	return n
}

// maxSeeds bounds the seeds of one traversal.
const maxSeeds = 100

func validateNeighbors(req NeighborsRequest) error {
	var v evokg.Validator
	v.Check(len(req.Seeds) > 0 && len(req.Seeds) <= maxSeeds, "/seeds", "1 to 100 seed experience ids are required")
	v.Check(req.Hops >= 0 && req.Hops <= 2, "/hops", "must be 1 or 2 (0 takes the default, 2)")
	v.Check(req.Limit >= 0 && req.Limit <= 500, "/limit", "must be from 1 to 500 (0 takes the default)")
	return v.Err()
}

func (s *server) signatureMatches(w http.ResponseWriter, r *http.Request) {
	var req SignatureMatchRequest
	err := decodeValid(r, &req, validateSignatureMatch)
	var out []evokg.SignatureMatch
	if err == nil {
		out, err = s.deps.Graph.SignatureMatches(r.Context(), ns(r), req)
	}
	respond(s, w, r, http.StatusOK, listOf(out), err)
}

func validateSignatureMatch(req SignatureMatchRequest) error {
	var v evokg.Validator
	v.Check(len(req.Signature) > 0 && len(req.Signature) <= 64, "/signature", "1 to 64 operations are required")
	v.Check(req.Threshold >= 0 && req.Threshold <= 1, "/threshold", "must be within [0, 1]")
	v.Check(req.Limit >= 0 && req.Limit <= 500, "/limit", "must be from 1 to 500 (0 takes the default)")
	return v.Err()
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
		u.Rows = []UsageRow{}
	}
	respond(s, w, r, http.StatusOK, u, err)
}

func (s *server) bandits(w http.ResponseWriter, r *http.Request) {
	b, err := s.deps.Bandits.Bandits(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(b), err)
}

func (s *server) prune(w http.ResponseWriter, r *http.Request) {
	var req PruneRequest
	err := decodeValid(r, &req, validatePrune)
	var res PruneResult
	if err == nil {
		res, err = s.deps.Maintenance.Prune(r.Context(), ns(r), req)
	}
	if res.Pruned == nil {
		res.Pruned = []uuid.UUID{}
	}
	respond(s, w, r, http.StatusOK, res, err)
}

func validatePrune(req PruneRequest) error {
	var v evokg.Validator
	v.Check(req.Threshold > 0 && req.Threshold <= 1, "/threshold", "must be within (0, 1]")
	return v.Err()
}
