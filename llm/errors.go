package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/evokg/evokg"
)

// StructuredError reports a structured call whose reply still did not match
// its schema after every repair attempt. It keeps the last raw reply.
// evokg.ErrorCode reports it as EINTERNAL and evokg.ErrorMessage as a
// message naming the role, model, server, task and the last violation.
type StructuredError struct {
	Role     Role
	Model    string
	Server   string // provider and URL, e.g. "Ollama server http://127.0.0.1:11434"
	Task     string // prompt template name, e.g. "judge"
	Attempts int    // 1 + repairs
	Raw      string // the last reply, as received (before think-stripping)
	Err      error  // the last validation error
}

func (e *StructuredError) Error() string {
	return fmt.Sprintf("llm: %s reply from %s for %s invalid after %d attempts: %v",
		e.Role, e.Model, e.Task, e.Attempts, e.Err)
}

// Unwrap returns the validation error and the domain error that carries
// the client-safe message.
func (e *StructuredError) Unwrap() []error {
	return []error{e.Err, &evokg.Error{Code: evokg.EINTERNAL, Message: fmt.Sprintf(
		"the %s reply of model %s on %s for %s stayed invalid after %d attempts: %s",
		e.Role, e.Model, e.Server, e.Task, e.Attempts, evokg.TruncateRunes(e.Err.Error(), 300))}}
}

// Call outcomes recorded for every attempt.
const (
	OutcomeOK           = "ok"
	OutcomeInvalidReply = "invalid_reply"   // reply did not match the schema
	OutcomeUnavailable  = "unavailable"     // server unreachable or failing
	OutcomeNotFound     = "model_not_found" // model not pulled on the server
	OutcomeTimeout      = "timeout"
	OutcomeCanceled     = "canceled"
	OutcomeBudget       = "budget_exceeded"
	OutcomeError        = "error"
)

// translate maps an error from a server's client into a domain error and
// the outcome to record. It is the one place where client errors are
// interpreted; every message names the provider, the model and the URL.
func (s *server) translate(ctx context.Context, model string, err error) (error, string) {
	where := fmt.Sprintf("model %s on %s", model, s.describe())
	code, msg, refused := s.backend.status(err)
	switch {
	case err == nil:
		return nil, OutcomeOK
	case refused:
		return s.translateStatus(model, code, msg, err), statusOutcome(code)
	case errors.Is(err, context.DeadlineExceeded) || isNetTimeout(err):
		return &evokg.Error{Code: evokg.ETIMEOUT, Err: err, Message: where + " did not answer in time"}, OutcomeTimeout
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return fmt.Errorf("llm: call to %s canceled: %w", where, err), OutcomeCanceled
	case isDialError(err):
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Err: err,
			Message: fmt.Sprintf("%s is unreachable (model %s)", s.describe(), model)}, OutcomeUnavailable
	}
	return &evokg.Error{Code: evokg.EUNAVAILABLE, Err: err,
		Message: fmt.Sprintf("%s failed for model %s", s.describe(), model)}, OutcomeError
}

func (s *server) translateStatus(model string, code int, msg string, err error) error {
	detail := ""
	if msg != "" {
		detail = ": " + evokg.TruncateRunes(msg, 200)
	}
	if code == http.StatusNotFound {
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Err: err,
			Message: fmt.Sprintf("model %s not found on %s%s; %s", model, s.describe(), detail, s.missingHint(model))}
	}
	if code >= http.StatusInternalServerError || code == http.StatusTooManyRequests {
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Err: err,
			Message: fmt.Sprintf("%s failed (status %d) for model %s%s", s.describe(), code, model, detail)}
	}
	return &evokg.Error{Code: evokg.EINTERNAL, Err: err,
		Message: fmt.Sprintf("%s refused the request for model %s (status %d)%s", s.describe(), model, code, detail)}
}

func statusOutcome(code int) string {
	switch {
	case code == http.StatusNotFound:
		return OutcomeNotFound
	case code >= http.StatusInternalServerError || code == http.StatusTooManyRequests:
		return OutcomeUnavailable
	}
	return OutcomeError
}

func isNetTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func isDialError(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) {
		return true
	}
	// A server that closes the connection mid-request is down as well.
	msg := err.Error()
	return strings.Contains(msg, "connection refused") || strings.Contains(msg, "EOF")
}

func budgetMessage(b *Budget) string {
	return fmt.Sprintf("model call budget of %d calls for %s is spent", b.limit, b.reason)
}

func iterationReason(runID string, iteration int) string {
	return fmt.Sprintf("iteration %d of run %s", iteration, runID)
}

// ItemFailure reports whether err fails one item rather than the work
// around it: a reply that stayed invalid after its repairs, or a call that
// timed out. Anything else (a server that is down, a spent budget, a
// cancellation) stops the work.
func ItemFailure(err error) bool {
	var invalid *StructuredError
	return errors.As(err, &invalid) || evokg.ErrorCode(err) == evokg.ETIMEOUT
}
