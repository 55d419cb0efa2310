package api

import (
	"net/http"
	"strconv"

	"github.com/evokg/evokg"
)

func (s *server) createTool(w http.ResponseWriter, r *http.Request) {
	var spec evokg.ToolSpec
	err := decodeJSON(r, &spec)
	var tool evokg.Tool
	if err == nil {
		tool, err = s.deps.Assets.CreateTool(r.Context(), ns(r), spec)
	}
	if err == nil {
		w.Header().Set("Location", "/v1/namespaces/"+ns(r)+"/tools/"+tool.Name)
	}
	respond(s, w, r, http.StatusCreated, tool, err)
}

// listTools lists the latest version of every tool, or with query the
// validated tools recruited for it.
func (s *server) listTools(w http.ResponseWriter, r *http.Request) {
	query, k, err := recruitParams(r)
	var tools []evokg.Tool
	switch {
	case err != nil:
	case query != "":
		tools, err = s.deps.Assets.RecruitTools(r.Context(), ns(r), query, k)
	default:
		tools, err = s.deps.Assets.ListTools(r.Context(), ns(r))
	}
	respond(s, w, r, http.StatusOK, listOf(tools), err)
}

func recruitParams(r *http.Request) (string, int, error) {
	k := evokg.DefaultRecruitK
	if raw := r.URL.Query().Get("k"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil {
			return "", 0, evokg.Invalid(evokg.FieldError{Pointer: "/k", Detail: "must be an integer"})
		}
		k = n
	}
	return r.URL.Query().Get("query"), k, nil
}

func (s *server) getTool(w http.ResponseWriter, r *http.Request) {
	versions, err := s.deps.Assets.ToolVersions(r.Context(), ns(r), urlParam(r, "name"))
	var detail evokg.ToolDetail
	if err == nil {
		detail.Tool = versions[0]
		for _, v := range versions {
			detail.Versions = append(detail.Versions, evokg.ToolVersion{ID: v.ID, Version: v.Version,
				Validated: v.Validated, Validation: v.Validation, CreatedAt: v.CreatedAt})
		}
	}
	respond(s, w, r, http.StatusOK, detail, err)
}

// restoreTool puts a retired tool back into recruitment.
func (s *server) restoreTool(w http.ResponseWriter, r *http.Request) {
	tool, err := s.deps.Assets.RestoreTool(r.Context(), ns(r), urlParam(r, "name"))
	respond(s, w, r, http.StatusOK, tool, err)
}

func (s *server) invokeTool(w http.ResponseWriter, r *http.Request) {
	var req evokg.ToolInvocation
	err := decodeJSON(r, &req)
	out := evokg.ToolOutput{Tool: urlParam(r, "name")}
	if err == nil {
		out.Output, err = s.deps.Assets.InvokeTool(r.Context(), ns(r), out.Tool, req.Input)
	}
	respond(s, w, r, http.StatusOK, out, err)
}
