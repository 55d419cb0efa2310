package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/ollama/ollama/api"

	"github.com/evokg/evokg"
)

// StructuredError reports a structured call whose reply still did not match
// its schema after every repair attempt. It keeps the last raw reply.
// evokg.ErrorCode reports it as EINTERNAL.
type StructuredError struct {
	Role     Role
	Model    string
	Task     string // prompt template name, e.g. "judge"
	Attempts int    // 1 + repairs
	Raw      string // the last reply, as received (before think-stripping)
	Err      error  // the last validation error
}

func (e *StructuredError) Error() string {
	return fmt.Sprintf("llm: %s reply from %s for %s invalid after %d attempts: %v",
		e.Role, e.Model, e.Task, e.Attempts, e.Err)
}

func (e *StructuredError) Unwrap() error { return e.Err }

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

// translate maps an error from the Ollama client into a domain error and
// the outcome to record. It is the one place where client errors are
// interpreted.
func (c *conn) translate(ctx context.Context, model string, err error) (error, string) {
	var status api.StatusError
	switch {
	case err == nil:
		return nil, OutcomeOK
	case errors.As(err, &status):
		return c.translateStatus(model, status), statusOutcome(status)
	case errors.Is(err, context.DeadlineExceeded) || isNetTimeout(err):
		return &evokg.Error{Code: evokg.ETIMEOUT, Err: err,
			Message: fmt.Sprintf("model %s on %s did not answer in time", model, c.base)}, OutcomeTimeout
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return fmt.Errorf("llm: call to %s canceled: %w", model, err), OutcomeCanceled
	case isDialError(err):
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Err: err,
			Message: fmt.Sprintf("model server %s is unreachable", c.base)}, OutcomeUnavailable
	}
	return &evokg.Error{Code: evokg.EUNAVAILABLE, Err: err,
		Message: fmt.Sprintf("model server %s failed", c.base)}, OutcomeError
}

func (c *conn) translateStatus(model string, status api.StatusError) error {
	if status.StatusCode == http.StatusNotFound {
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Err: status,
			Message: fmt.Sprintf("model %s not found on %s; run `ollama pull %s`", model, c.base, model)}
	}
	if status.StatusCode >= http.StatusInternalServerError {
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Err: status,
			Message: fmt.Sprintf("model server %s failed (status %d) for model %s", c.base, status.StatusCode, model)}
	}
	return &evokg.Error{Code: evokg.EINTERNAL, Err: status,
		Message: fmt.Sprintf("model server %s refused the request for model %s", c.base, model)}
}

func statusOutcome(status api.StatusError) string {
	switch {
	case status.StatusCode == http.StatusNotFound:
		return OutcomeNotFound
	case status.StatusCode >= http.StatusInternalServerError:
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
