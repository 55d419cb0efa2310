// Package validate checks the attempts of a PRGII task (APEX-EM's
// Iterate phase): one Validator interface with five kinds — an exact or a
// normalized match against a gold answer, a JSON schema, code run against
// tests in the asset sandbox, and a webhook to the client's own checker.
// Every verdict is structured feedback (outcome, root cause, fix target)
// that never reveals the gold answer.
package validate

import (
	"context"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/sandbox"
	"github.com/evokg/evokg/settings"
)

// Attempt is what a validator checks: one answer to a task.
type Attempt struct {
	TaskID   uuid.UUID `json:"task_id"`
	N        int       `json:"attempt"`
	Question string    `json:"question"`
	TaskType string    `json:"task_type"`
	Context  string    `json:"context,omitempty"`
	Answer   string    `json:"answer"`
}

// Validator checks attempts. A failed attempt is a verdict, not an error:
// an error means the attempt could not be checked (the checker is down).
type Validator interface {
	Validate(ctx context.Context, a Attempt) (evokg.ValidationFeedback, error)
}

// Config is what the operator configures for validators.
type Config struct {
	// WebhookHosts are the hosts (host or host:port) a webhook validator may
	// call; empty allows none.
	WebhookHosts []string `name:"webhook-hosts" env:"EVOKG_WEBHOOK_HOSTS" help:"Hosts (host or host:port) a task's webhook validator may call; none by default, which offers no webhook validator."`
	// WebhookTimeout bounds one call to a checker.
	WebhookTimeout time.Duration `kong:"-" default:"10s"`
	// CodeLimits bound each run of the code validator's tests in the asset
	// sandbox. Zero fields take sandbox.DefaultLimits.
	CodeLimits sandbox.Limits `kong:"-"`
}

// DefaultWebhookTimeout bounds one webhook call, as Config's tag declares it.
var DefaultWebhookTimeout = settings.Default[time.Duration](Config{}, "WebhookTimeout")

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	settings.Fill(&c)
	return c
}

// The iteration budget J (APEX-EM: 3 for code, 10 for queries).
const (
	DefaultIterations     = 10
	DefaultCodeIterations = 3
	MaxIterations         = 20
)

// Iterations is the default J of a validator kind.
func Iterations(kind string) int {
	if kind == evokg.ValidatorCode {
		return DefaultCodeIterations
	}
	return DefaultIterations
}

// New returns the validator spec describes, or EINVALID naming the field
// (under /validator) that is wrong.
func New(cfg Config, spec evokg.ValidatorSpec) (Validator, error) {
	cfg = cfg.WithDefaults()
	switch spec.Kind {
	case evokg.ValidatorExact, evokg.ValidatorNormalized:
		return newMatch(spec)
	case evokg.ValidatorJSONSchema:
		return newSchema(spec.Schema)
	case evokg.ValidatorCode:
		return newCode(cfg, spec.Tests)
	case evokg.ValidatorWebhook:
		return newWebhook(cfg, spec.URL)
	}
	return nil, invalid("/validator/kind", "must be one of exact, normalized, json_schema, code, webhook")
}

func invalid(pointer, detail string) error {
	return evokg.Invalid(evokg.FieldError{Pointer: pointer, Detail: detail})
}

// pass is the verdict of an accepted attempt.
func pass() evokg.ValidationFeedback {
	return evokg.ValidationFeedback{Passed: true, Outcome: evokg.OutcomePass}
}

// fail is the verdict of a rejected attempt.
func fail(outcome, rootCause, fixTarget string) evokg.ValidationFeedback {
	return evokg.ValidationFeedback{Outcome: outcome, RootCause: evokg.TruncateRunes(rootCause, 500), FixTarget: fixTarget}
}

func hostAllowed(hosts []string, host, hostport string) bool {
	return slices.Contains(hosts, host) || slices.Contains(hosts, hostport)
}
