package api

import (
	"net/http"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

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
