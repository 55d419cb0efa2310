package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/evokg/evokg"
)

// API-local error codes for conditions that only exist at the HTTP edge.
const (
	codeBadRequest           = "bad_request"            // malformed JSON, unknown field
	codeRateLimited          = "rate_limited"           // per-key rate limit
	codeRouteNotFound        = "route_not_found"        // no such route
	codeNamespaceNotFound    = "namespace_not_found"    // the path's namespace does not exist
	codeMethodNotAllowed     = "method_not_allowed"     // route exists, method does not
	codeUnsupportedMediaType = "unsupported_media_type" // a body of a type the operation does not take
	codeCanceled             = "canceled"               // the client went away
)

// statusClientClosed is the de-facto status for a request its client
// abandoned; nobody reads it, but logs and metrics do.
const statusClientClosed = 499

// problemKind is one row of the error table.
type problemKind struct {
	status int
	title  string
}

// problemTable is the one table mapping error codes to HTTP statuses.
var problemTable = map[string]problemKind{
	evokg.EINVALID:           {http.StatusUnprocessableEntity, "Validation failed"},
	codeBadRequest:           {http.StatusBadRequest, "Malformed request"},
	evokg.ECONFLICT:          {http.StatusConflict, "Conflict"},
	evokg.EPROTECTED:         {http.StatusConflict, "Protected memory"},
	evokg.ENOTFOUND:          {http.StatusNotFound, "Not found"},
	codeRouteNotFound:        {http.StatusNotFound, "Not found"},
	codeNamespaceNotFound:    {http.StatusNotFound, "Namespace not found"},
	codeMethodNotAllowed:     {http.StatusMethodNotAllowed, "Method not allowed"},
	codeUnsupportedMediaType: {http.StatusUnsupportedMediaType, "Unsupported media type"},
	evokg.EUNAUTHORIZED:      {http.StatusUnauthorized, "Unauthorized"},
	evokg.EFORBIDDEN:         {http.StatusForbidden, "Forbidden"},
	evokg.ETOOLARGE:          {http.StatusRequestEntityTooLarge, "Request too large"},
	evokg.ELIMIT:             {http.StatusUnprocessableEntity, "Limit reached"},
	codeRateLimited:          {http.StatusTooManyRequests, "Too many requests"},
	evokg.EQUOTA:             {http.StatusTooManyRequests, "Too many active runs"},
	evokg.EUNAVAILABLE:       {http.StatusServiceUnavailable, "Dependency unavailable"},
	evokg.ETIMEOUT:           {http.StatusGatewayTimeout, "Timed out"},
	evokg.ETOOL:              {http.StatusUnprocessableEntity, "Tool failed"},
	evokg.EINTERNAL:          {http.StatusInternalServerError, "Internal error"},
	codeCanceled:             {statusClientClosed, "Request canceled"},
}

// problemTypeBase prefixes the problem type URI with the error code.
const problemTypeBase = "urn:evokg:problem:"

// protectedDetail explains the append-only rule to clients.
const protectedDetail = "principles, failure memories and success memories are append-only: " +
	"they are never deleted or rewritten, by any API call, pruning or rollback; " +
	"write a new version that supersedes it instead"

// Problem is an RFC 9457 problem document.
type Problem struct {
	Type      string             `json:"type"`
	Title     string             `json:"title"`
	Status    int                `json:"status"`
	Detail    string             `json:"detail,omitempty"`
	Instance  string             `json:"instance,omitempty"`
	Code      string             `json:"code"`
	RequestID string             `json:"request_id,omitempty"`
	Errors    []evokg.FieldError `json:"errors,omitempty"`
}

// problemFor builds the problem document for err on r.
func problemFor(r *http.Request, err error) Problem {
	code := errorCode(err)
	kind, ok := problemTable[code]
	if !ok {
		code, kind = evokg.EINTERNAL, problemTable[evokg.EINTERNAL]
	}
	p := Problem{
		Type: problemTypeBase + code, Title: kind.title, Status: kind.status, Code: code,
		Instance: r.URL.Path, RequestID: middleware.GetReqID(r.Context()),
	}
	var de *evokg.Error
	switch {
	case code == evokg.EINTERNAL:
		p.Detail = "an internal error occurred; quote the request id when reporting it"
	case code == evokg.ETIMEOUT && !errors.As(err, &de):
		p.Detail = "the request did not complete in time"
	case code == evokg.EPROTECTED:
		p.Detail = evokg.ErrorMessage(err) + ": " + protectedDetail
	default:
		p.Detail = evokg.ErrorMessage(err)
	}
	if errors.As(err, &de) {
		p.Errors = de.Fields
	}
	return p
}

// errorCode is evokg.ErrorCode with context errors mapped to timeouts.
func errorCode(err error) string {
	var de *evokg.Error
	if !errors.As(err, &de) {
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			return evokg.ETIMEOUT
		case errors.Is(err, context.Canceled):
			return codeCanceled
		}
	}
	return evokg.ErrorCode(err)
}

// writeError logs internal errors and writes err as a problem.
func writeError(w http.ResponseWriter, r *http.Request, logger *slog.Logger, err error) {
	p := problemFor(r, err)
	if p.Status >= http.StatusInternalServerError {
		logger.ErrorContext(r.Context(), "request failed",
			slog.String("request_id", p.RequestID), slog.String("path", r.URL.Path),
			slog.String("code", p.Code), slog.Any("err", err))
	}
	writeProblem(w, p)
}

// quotaRetryAfter is the Retry-After of a start refused by a bound of
// active runs, in seconds: runs last minutes, so sooner rarely finds one ended.
const quotaRetryAfter = "30"

// writeProblem writes p as application/problem+json.
func writeProblem(w http.ResponseWriter, p Problem) {
	switch {
	case p.Status == http.StatusUnauthorized:
		w.Header().Set("WWW-Authenticate", `Bearer realm="evokg"`)
	case p.Code == evokg.EQUOTA:
		w.Header().Set("Retry-After", quotaRetryAfter)
	}
	writeJSONType(w, p.Status, "application/problem+json", p)
}
