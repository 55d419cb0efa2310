package api

import "net/http"

func (s *server) bandits(w http.ResponseWriter, r *http.Request) {
	b, err := s.deps.Bandits.Posteriors(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(b), err)
}
