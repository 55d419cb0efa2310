package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/cors"
	"github.com/go-chi/httprate"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/evokg/evokg"
)

// requestIDHeader echoes chi's request id to clients.
func requestIDHeader(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(middleware.RequestIDHeader, middleware.GetReqID(r.Context()))
		next.ServeHTTP(w, r)
	})
}

// metrics are the HTTP request metrics.
type metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "evokg_http_requests_total", Help: "HTTP requests by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "evokg_http_request_duration_seconds", Help: "HTTP request duration by method and route pattern.",
			Buckets: prometheus.DefBuckets,
		}, []string{"method", "route"}),
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

// observe records metrics and the access log line of every request.
func (s *server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		elapsed := time.Since(start)
		route := routePattern(r)
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		s.metrics.requests.WithLabelValues(r.Method, route, strconv.Itoa(status)).Inc()
		s.metrics.duration.WithLabelValues(r.Method, route).Observe(elapsed.Seconds())
		s.logger.LogAttrs(r.Context(), accessLevel(status), "http request",
			slog.String("request_id", middleware.GetReqID(r.Context())),
			slog.String("method", r.Method), slog.String("route", route), slog.String("path", r.URL.Path),
			slog.Int("status", status), slog.Int("bytes", ww.BytesWritten()),
			slog.Duration("duration", elapsed), slog.String("key_id", keyIDOf(r.Context())))
	})
}

func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p != "" {
			return p
		}
	}
	return "unmatched"
}

func accessLevel(status int) slog.Level {
	if status >= http.StatusInternalServerError {
		return slog.LevelError
	}
	return slog.LevelInfo
}

// recoverer turns a panic into a logged 500 problem.
func (s *server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			rec := recover()
			if rec == nil {
				return
			}
			if rec == http.ErrAbortHandler {
				panic(rec)
			}
			s.logger.ErrorContext(r.Context(), "panic serving request",
				slog.String("request_id", middleware.GetReqID(r.Context())),
				slog.Any("panic", rec), slog.String("stack", string(debug.Stack())))
			writeProblem(w, problemFor(r, evokg.Errorf(evokg.EINTERNAL, "panic")))
		}()
		next.ServeHTTP(w, r)
	})
}

// limits bounds the request's duration and body size.
func limits(timeout time.Duration, maxBody int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), timeout)
			defer cancel()
			if r.ContentLength > maxBody {
				writeProblem(w, problemFor(r, evokg.Errorf(evokg.ETOOLARGE, "the body is larger than %d bytes", maxBody)))
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, maxBody)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// corsFor enables CORS for origins, or returns nil when there are none.
func corsFor(origins []string) func(http.Handler) http.Handler {
	if len(origins) == 0 {
		return nil
	}
	return cors.Handler(cors.Options{
		AllowedOrigins:   origins,
		AllowedMethods:   []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodOptions},
		AllowedHeaders:   []string{"Authorization", "Content-Type", "Idempotency-Key", middleware.RequestIDHeader},
		ExposedHeaders:   []string{middleware.RequestIDHeader, "Retry-After"},
		AllowCredentials: false,
		MaxAge:           300,
	})
}

// ctxKey is the type of this package's context keys.
type ctxKey int

const (
	keyContextKey ctxKey = iota
	namespaceContextKey
)

// KeyFromContext returns the API key that authenticated the request.
func KeyFromContext(ctx context.Context) (evokg.APIKey, bool) {
	k, ok := ctx.Value(keyContextKey).(evokg.APIKey)
	return k, ok
}

// keyOf is the id of the key that authenticated r: the key that starts a
// run or creates a namespace.
func keyOf(r *http.Request) uuid.UUID {
	k, _ := KeyFromContext(r.Context())
	return k.ID
}

func keyIDOf(ctx context.Context) string {
	if k, ok := KeyFromContext(ctx); ok {
		return k.ID.String()
	}
	return ""
}

// authenticate requires a valid Bearer API key.
func (s *server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := bearerToken(r)
		if !ok {
			s.fail(w, r, evokg.Errorf(evokg.EUNAUTHORIZED, "an API key is required: send Authorization: Bearer evk_…"))
			return
		}
		k, err := s.authenticateToken(r.Context(), token)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyContextKey, k)))
	})
}

// authenticateToken bounds the key lookup by the request timeout.
func (s *server) authenticateToken(ctx context.Context, token string) (evokg.APIKey, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.RequestTimeout)
	defer cancel()
	return s.deps.Keys.Authenticate(ctx, token)
}

func bearerToken(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// rateLimit limits requests per API key, counted in Deps.RateCounts when
// set (shared by every API process) or in this process alone.
func (s *server) rateLimit() func(http.Handler) http.Handler {
	if s.cfg.RateLimit < 0 {
		return func(next http.Handler) http.Handler { return next }
	}
	opts := []httprate.Option{httprate.WithKeyFuncs(func(r *http.Request) (string, error) { return keyIDOf(r.Context()), nil }),
		httprate.WithLimitHandler(func(w http.ResponseWriter, r *http.Request) {
			s.fail(w, r, &evokg.Error{Code: codeRateLimited,
				Message: "this API key made too many requests; retry after the Retry-After delay"})
		})}
	if s.deps.RateCounts != nil {
		opts = append(opts, httprate.WithLimitCounter(newSharedCounter(s.deps.RateCounts, s.cfg.RateWindow, s.logger)))
	}
	return httprate.Limit(s.cfg.RateLimit, s.cfg.RateWindow, opts...)
}

// requireScope refuses keys without scope.
func (s *server) requireScope(scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			k, _ := KeyFromContext(r.Context())
			if !k.HasScope(scope) {
				s.fail(w, r, evokg.Errorf(evokg.EFORBIDDEN, "this API key lacks the %q scope", scope))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// namespaceAccess refuses a {ns} that is not a valid name, that the key is
// not bound to or, when existing is set, that does not exist: one primary-key
// lookup in the namespace store per request, uncached so that a deleted
// namespace is a 404 at once, whose namespace handlers read with
// namespaceFrom.
func (s *server) namespaceAccess(existing bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ns := urlParam(r, "ns")
			if !evokg.ValidNamespace(ns) {
				s.fail(w, r, evokg.Invalid(evokg.FieldError{Pointer: "/ns", Detail: "not a valid namespace name"}))
				return
			}
			if err := checkNamespace(r.Context(), ns); err != nil {
				s.fail(w, r, err)
				return
			}
			if existing && s.deps.Namespaces != nil {
				got, err := s.lookupNamespace(r.Context(), ns)
				if err != nil {
					s.fail(w, r, err)
					return
				}
				r = r.WithContext(context.WithValue(r.Context(), namespaceContextKey, got))
			}
			next.ServeHTTP(w, r)
		})
	}
}

// lookupNamespace reads ns, bounded by the request timeout; a namespace
// that does not exist, or no longer does, is a namespace_not_found.
func (s *server) lookupNamespace(ctx context.Context, ns string) (evokg.Namespace, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.RequestTimeout)
	defer cancel()
	got, err := s.deps.Namespaces.GetNamespace(ctx, ns)
	if evokg.ErrorCode(err) == evokg.ENOTFOUND {
		return got, &evokg.Error{Code: codeNamespaceNotFound,
			Message: fmt.Sprintf("namespace %q does not exist: create it with POST /v1/namespaces", ns), Err: err}
	}
	return got, err
}

// namespaceFrom returns the namespace namespaceAccess read for the request.
func namespaceFrom(ctx context.Context) (evokg.Namespace, bool) {
	ns, ok := ctx.Value(namespaceContextKey).(evokg.Namespace)
	return ns, ok
}

func checkNamespace(ctx context.Context, ns string) error {
	k, _ := KeyFromContext(ctx)
	if !k.AllowsNamespace(ns) {
		return evokg.Errorf(evokg.EFORBIDDEN, "this API key is not bound to namespace %q", ns)
	}
	return nil
}
