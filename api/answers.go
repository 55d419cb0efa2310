package api

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

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
