package api

import "net/http"

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
