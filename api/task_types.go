package api

import (
	"net/http"

	"github.com/evokg/evokg"
)

func (s *server) listTaskTypes(w http.ResponseWriter, r *http.Request) {
	types, err := s.deps.TaskTypes.ListTaskTypes(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(types), err)
}

// taskTypeDeclaration is the body of PUT …/task-types/{name}.
type taskTypeDeclaration struct {
	Description string           `json:"description,omitempty"`
	Answer      evokg.AnswerSpec `json:"answer"`
}

func (s *server) declareTaskType(w http.ResponseWriter, r *http.Request) {
	var body taskTypeDeclaration
	err := decodeJSON(r, &body)
	if err == nil {
		err = body.Answer.Validate("/answer")
	}
	var tt evokg.TaskType
	if err == nil {
		tt, err = s.deps.Declarer.DeclareTaskType(r.Context(), ns(r), urlParam(r, "name"), body.Description, body.Answer)
	}
	respond(s, w, r, http.StatusOK, tt, err)
}
