package api

import (
	"net/http"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

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
