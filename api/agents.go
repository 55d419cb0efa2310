package api

import (
	"net/http"

	"github.com/evokg/evokg"
)

func (s *server) createAgent(w http.ResponseWriter, r *http.Request) {
	var spec evokg.ExpertAgentSpec
	err := decodeJSON(r, &spec)
	var agent evokg.ExpertAgent
	if err == nil {
		agent, err = s.deps.Assets.CreateAgent(r.Context(), ns(r), spec)
	}
	respond(s, w, r, http.StatusCreated, agent, err)
}

// listAgents lists the latest version of every expert agent, or with
// query the agents recruited for it.
func (s *server) listAgents(w http.ResponseWriter, r *http.Request) {
	query, k, err := recruitParams(r)
	var agents []evokg.ExpertAgent
	switch {
	case err != nil:
	case query != "":
		agents, err = s.deps.Assets.RecruitAgents(r.Context(), ns(r), query, k)
	default:
		agents, err = s.deps.Assets.ListAgents(r.Context(), ns(r))
	}
	respond(s, w, r, http.StatusOK, listOf(agents), err)
}
