package api

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/mcp"
)

// routes builds the router. Every route here is in openapi.yaml and the
// contract test keeps the two equal.
func (s *server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, requestIDHeader, s.observe, s.recoverer)
	if c := corsFor(s.cfg.CORSOrigins); c != nil {
		r.Use(c)
	}
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, &evokg.Error{Code: codeRouteNotFound, Message: "no route matches " + r.URL.Path})
	})
	r.MethodNotAllowed(s.methodNotAllowed)
	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Method(http.MethodGet, "/metrics", promhttp.HandlerFor(s.deps.Gatherer, promhttp.HandlerOpts{}))
	r.Get("/openapi.json", s.serveOpenAPIJSON)
	r.Get("/openapi.yaml", s.serveOpenAPIYAML)
	r.Route("/v1", s.v1)
	if s.deps.Console != nil {
		r.Mount("/console", s.deps.Console) // static pages; the API's key checks apply to their calls
	}
	if s.deps.EpochRuns != nil {
		// The old URLs of epoch runs, kept for clients written against
		// them. A redirect reveals nothing, so it needs no key: the client
		// is authenticated at the new URL.
		for _, p := range []string{"/v1/namespaces/{ns}/prgii-runs", "/v1/namespaces/{ns}/prgii-runs/{id}"} {
			r.Get(p, movedToEpochRuns)
		}
		for _, p := range []string{"/v1/namespaces/{ns}/prgii-runs", "/v1/namespaces/{ns}/prgii-runs/{id}/cancel"} {
			r.Post(p, movedToEpochRuns)
		}
	}
	// The MCP endpoint: JSON-RPC over Streamable HTTP, which the MCP
	// specification describes, not openapi.yaml. Its tools call this router
	// in process with the caller's key, so scopes and namespaces hold.
	h := r.With(s.authenticate, s.rateLimit(), s.std())
	endpoint := mcp.Handler(mcp.Config{API: r, Logger: s.logger})
	for _, m := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
		h.Method(m, mcp.Path, endpoint)
	}
	return r
}

// v1 mounts the authenticated API.
func (s *server) v1(r chi.Router) {
	r.Use(s.authenticate, s.rateLimit())
	if s.deps.Namespaces != nil {
		r.With(s.std(), s.requireScope(evokg.ScopeAdmin), s.conform).Post("/namespaces", s.createNamespace)
	}
	if s.deps.Maintenance != nil {
		r.With(s.std(), s.requireScope(evokg.ScopeAdmin), s.requireAllNamespaces, s.conform).Post("/maintenance/reindex", s.reindex)
	}
	r.Route("/namespaces/{ns}", func(r chi.Router) {
		if s.deps.Transfer != nil {
			// An import writes the namespace's own row: it may create the
			// namespace. Its stream is read and written as it goes, never
			// whole: the batch limits bound it.
			r.With(s.namespaceAccess(false), limits(s.cfg.BatchRequestTimeout, s.cfg.MaxBatchBodyBytes), s.requireScope(evokg.ScopeAdmin)).
				Post("/import", s.importNamespace)
		}
		r.Group(func(r chi.Router) {
			r.Use(s.namespaceAccess(true))
			s.existing(r)
		})
	})
}

// existing mounts the routes under /v1/namespaces/{ns} that need the
// namespace to exist.
func (s *server) existing(r chi.Router) {
	if s.deps.Experiences != nil {
		r.With(limits(s.cfg.BatchRequestTimeout, s.cfg.MaxBatchBodyBytes), s.requireScope(evokg.ScopeMemoryWrite), s.conform).
			Post("/experiences/batch", s.ingestBatch)
	}
	if s.deps.Profiles != nil {
		// A calibration answers every item with every candidate: it
		// has a timeout of its own.
		r.With(limits(s.cfg.CalibrationTimeout, s.cfg.MaxBodyBytes), s.requireScope(evokg.ScopeEvolve), s.conform).
			Post("/learner-profile/calibrate", s.calibrateProfile)
	}
	if s.deps.Transfer != nil {
		// A namespace's stream is written as it goes, never whole: the
		// batch limits bound it.
		r.With(limits(s.cfg.BatchRequestTimeout, s.cfg.MaxBatchBodyBytes), s.requireScope(evokg.ScopeAdmin)).
			Get("/export", s.exportNamespace)
	}
	r.Group(func(r chi.Router) {
		r.Use(s.std())
		s.namespaced(r)
	})
}

// std applies the default request timeout and body limit.
func (s *server) std() func(http.Handler) http.Handler {
	return limits(s.cfg.RequestTimeout, s.cfg.MaxBodyBytes)
}

// namespaced mounts the routes under /v1/namespaces/{ns}. Each checks its
// scope, then conforms to the document, then runs its handler.
func (s *server) namespaced(r chi.Router) {
	scoped := func(scope string) chi.Router { return r.With(s.requireScope(scope), s.conform) }
	read, write := scoped(evokg.ScopeMemoryRead), scoped(evokg.ScopeMemoryWrite)
	evolve, admin := scoped(evokg.ScopeEvolve), scoped(evokg.ScopeAdmin)
	if s.deps.Namespaces != nil {
		read.Get("/", s.getNamespace)
	}
	if s.deps.Experiences != nil {
		write.Post("/experiences", s.ingest)
		read.Get("/experiences", s.listExperiences)
		read.Get("/experiences/{id}", s.getExperience)
		write.Delete("/experiences/{id}", s.deleteExperience)
	}
	if s.deps.Utility != nil {
		read.Get("/experiences/utility", s.listUtility)
		read.Get("/experiences/{id}/utility", s.getUtility)
		write.Post("/experiences/{id}/quarantine", s.quarantine)
		write.Post("/experiences/{id}/restore", s.restore)
	}
	if s.deps.Retriever != nil {
		read.Post("/retrieve", s.retrieve)
		write.Post("/retrievals/{id}/feedback", s.retrievalFeedback)
	}
	if s.deps.Answerer != nil {
		read.Post("/answer", s.answer)
		write.Post("/answers/{id}/feedback", s.feedback)
	}
	if s.deps.Skills != nil {
		read.Get("/skills", s.listSkills)
		read.Get("/skills/frontier", s.frontier)
		read.Get("/skills/{name}", s.getSkill)
	}
	if s.deps.TaskTypes != nil {
		read.Get("/task-types", s.listTaskTypes)
	}
	if s.deps.Declarer != nil {
		write.Put("/task-types/{name}", s.declareTaskType)
	}
	if s.deps.Profiles != nil {
		read.Get("/learner-profile", s.getProfile)
		evolve.Put("/learner-profile", s.putProfile)
	}
	if s.deps.Evolution != nil {
		evolve.Post("/evolution-runs", s.startRun)
		read.Get("/evolution-runs", s.listRuns)
		read.Get("/evolution-runs/{id}", s.getRun)
		evolve.Post("/evolution-runs/{id}/cancel", s.cancelRun)
	}
	if s.deps.Tasks != nil {
		write.Post("/tasks", s.startTask)
		read.Get("/tasks", s.listTasks)
		read.Get("/tasks/{id}", s.getTask)
	}
	if s.deps.EpochRuns != nil {
		evolve.Post("/epoch-runs", s.startEpochRun)
		read.Get("/epoch-runs", s.listEpochRuns)
		read.Get("/epoch-runs/{id}", s.getEpochRun)
		evolve.Post("/epoch-runs/{id}/cancel", s.cancelEpochRun)
	}
	if s.deps.Graph != nil {
		read.Get("/graph/neighbors", s.neighborsQuery)
		read.Post("/graph/neighbors", s.neighborsBody)
		read.Post("/graph/signature-matches", s.signatureMatches)
	}
	if s.deps.Usage != nil {
		read.Get("/usage", s.usage)
	}
	if s.deps.Bandits != nil {
		read.Get("/bandits", s.bandits)
	}
	if s.deps.Assets != nil {
		write.Post("/tools", s.createTool)
		read.Get("/tools", s.listTools)
		read.Get("/tools/{name}", s.getTool)
		read.Post("/tools/{name}/invoke", s.invokeTool)
		write.Post("/tools/{name}/restore", s.restoreTool)
		write.Post("/agents", s.createAgent)
		read.Get("/agents", s.listAgents)
	}
	if s.deps.Experiences != nil {
		admin.Post("/maintenance/prune", s.prune)
	}
}

// methodNotAllowed answers a 405 with the Allow header RFC 9110 requires.
func (s *server) methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	allowed := s.contract.allowed(r.URL.EscapedPath())
	w.Header().Set("Allow", strings.Join(allowed, ", "))
	s.fail(w, r, &evokg.Error{Code: codeMethodNotAllowed,
		Message: r.Method + " is not allowed on " + r.URL.Path + "; use " + strings.Join(allowed, " or ")})
}

// methods are the methods an operation may have, in the order Allow lists them.
var methods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut,
	http.MethodPatch, http.MethodDelete, http.MethodOptions}
