package telemetry

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

// untraced are the probes: scraped every few seconds, never worth a trace.
var untraced = map[string]bool{"/healthz": true, "/readyz": true, "/metrics": true}

// Handler traces h's requests (otelhttp): one server span per request,
// named after its method and chi route ("POST /v1/namespaces/{ns}/answer"),
// the parent of everything the request does. The probes are not traced.
func (t *Tracing) Handler(h http.Handler) http.Handler {
	if !t.Enabled() {
		return h
	}
	return otelhttp.NewHandler(routeNamed(h), "http.server", otelhttp.WithTracerProvider(t.Provider),
		otelhttp.WithFilter(func(r *http.Request) bool { return !untraced[r.URL.Path] }))
}

// routeNamed hands chi a routing context of its own, so the matched route
// pattern is still readable once h returns, and names the span after it.
func routeNamed(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rctx := chi.NewRouteContext()
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), chi.RouteCtxKey, rctx)))
		if route := rctx.RoutePattern(); route != "" {
			span := trace.SpanFromContext(r.Context())
			span.SetName(r.Method + " " + route)
			span.SetAttributes(semconv.HTTPRoute(route))
		}
	})
}
