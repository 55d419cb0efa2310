package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/evokg/evokg"
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
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, &evokg.Error{Code: codeMethodNotAllowed, Message: r.Method + " is not allowed on " + r.URL.Path})
	})
	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Method(http.MethodGet, "/metrics", promhttp.HandlerFor(s.deps.Gatherer, promhttp.HandlerOpts{}))
	r.Get("/openapi.json", serveOpenAPIJSON)
	r.Get("/openapi.yaml", serveOpenAPIYAML)
	r.Route("/v1", s.v1)
	return r
}

// v1 mounts the authenticated API.
func (s *server) v1(r chi.Router) {
	r.Use(s.authenticate, s.rateLimit())
	if s.deps.Namespaces != nil {
		r.With(s.std(), s.requireScope(ScopeAdmin)).Post("/namespaces", s.createNamespace)
	}
	r.Route("/namespaces/{ns}", func(r chi.Router) {
		r.Use(s.namespaceAccess)
		if s.deps.Experiences != nil {
			r.With(limits(s.cfg.BatchRequestTimeout, s.cfg.MaxBatchBodyBytes), s.requireScope(ScopeMemoryWrite)).
				Post("/experiences/batch", s.ingestBatch)
		}
		r.Group(func(r chi.Router) {
			r.Use(s.std())
			s.namespaced(r)
		})
	})
}

// std applies the default request timeout and body limit.
func (s *server) std() func(http.Handler) http.Handler {
	return limits(s.cfg.RequestTimeout, s.cfg.MaxBodyBytes)
}

// namespaced mounts the routes under /v1/namespaces/{ns}.
func (s *server) namespaced(r chi.Router) {
	read, write := s.requireScope(ScopeMemoryRead), s.requireScope(ScopeMemoryWrite)
	evolve, admin := s.requireScope(ScopeEvolve), s.requireScope(ScopeAdmin)
	if s.deps.Namespaces != nil {
		r.With(read).Get("/", s.getNamespace)
	}
	if s.deps.Experiences != nil {
		r.With(write).Post("/experiences", s.ingest)
		r.With(read).Get("/experiences", s.listExperiences)
		r.With(read).Get("/experiences/{id}", s.getExperience)
		r.With(write).Delete("/experiences/{id}", s.deleteExperience)
	}
	if s.deps.Retriever != nil {
		r.With(read).Post("/retrieve", s.retrieve)
	}
	if s.deps.Answerer != nil {
		r.With(read).Post("/answer", s.answer)
		r.With(write).Post("/answers/{id}/feedback", s.feedback)
	}
	if s.deps.Skills != nil {
		r.With(read).Get("/skills", s.listSkills)
		r.With(read).Get("/skills/frontier", s.frontier)
		r.With(read).Get("/skills/{name}", s.getSkill)
	}
	if s.deps.TaskTypes != nil {
		r.With(read).Get("/task-types", s.listTaskTypes)
	}
	if s.deps.Evolution != nil {
		r.With(evolve).Post("/evolution-runs", s.startRun)
		r.With(read).Get("/evolution-runs", s.listRuns)
		r.With(read).Get("/evolution-runs/{id}", s.getRun)
		r.With(evolve).Post("/evolution-runs/{id}/cancel", s.cancelRun)
	}
	if s.deps.Graph != nil {
		r.With(read).Get("/graph/neighbors", s.neighborsQuery)
		r.With(read).Post("/graph/neighbors", s.neighborsBody)
		r.With(read).Post("/graph/signature-matches", s.signatureMatches)
	}
	if s.deps.Usage != nil {
		r.With(read).Get("/usage", s.usage)
	}
	if s.deps.Bandits != nil {
		r.With(read).Get("/bandits", s.bandits)
	}
	if s.deps.Maintenance != nil {
		r.With(admin).Post("/maintenance/prune", s.prune)
	}
}
