package api

import (
	"net/http"

	"github.com/evokg/evokg"
)

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
