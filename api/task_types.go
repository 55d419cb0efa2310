package api

import (
	"net/http"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/writegate"
)

func (s *server) listTaskTypes(w http.ResponseWriter, r *http.Request) {
	types, err := s.deps.TaskTypes.ListTaskTypes(r.Context(), ns(r))
	respond(s, w, r, http.StatusOK, listOf(types), err)
}

func (s *server) declareTaskType(w http.ResponseWriter, r *http.Request) {
	var body evokg.TaskTypeDeclaration
	err := decodeJSON(r, &body)
	if err == nil {
		err = validateDeclaration(r, urlParam(r, "name"), body)
	}
	var tt evokg.TaskType
	if err == nil {
		tt, err = s.deps.Declarer.Declare(r.Context(), ns(r), urlParam(r, "name"), body)
	}
	respond(s, w, r, http.StatusOK, tt, err)
}

// validateDeclaration checks d's fields, then runs its checker's code on
// its example in the sandbox.
func validateDeclaration(r *http.Request, name string, d evokg.TaskTypeDeclaration) error {
	if err := d.Validate(name); err != nil || d.Checker == nil {
		return err
	}
	_, err := writegate.CompileChecker(r.Context(), name, *d.Checker, "/checker")
	return err
}
