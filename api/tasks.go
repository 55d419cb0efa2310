package api

import (
	"net/http"

	"github.com/evokg/evokg"
)

func (s *server) startTask(w http.ResponseWriter, r *http.Request) {
	var req evokg.TaskRequest
	err := decodeJSON(r, &req)
	var task evokg.Task
	if err == nil {
		task, err = s.deps.Tasks.StartTask(r.Context(), ns(r), keyOf(r), req)
	}
	if err == nil {
		w.Header().Set("Location", "/v1/namespaces/"+ns(r)+"/tasks/"+task.ID.String())
	}
	respond(s, w, r, http.StatusAccepted, task, err)
}

func (s *server) listTasks(w http.ResponseWriter, r *http.Request) {
	tasks, err := s.deps.Tasks.ListTasks(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(tasks), err)
}

func (s *server) getTask(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	var task evokg.Task
	if err == nil {
		task, err = s.deps.Tasks.GetTask(r.Context(), ns(r), id)
	}
	respond(s, w, r, http.StatusOK, task, err)
}
