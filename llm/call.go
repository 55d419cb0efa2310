package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/evokg/evokg"
)

// endpoint is one layer's view of the model layer: what every layer shares,
// that layer's server and its model configuration, and nothing else.
type endpoint struct {
	conn  *conn
	srv   *server
	layer Layer
	cfg   RoleConfig
}

// chatCall is one chat request of a role.
type chatCall struct {
	role        Role
	messages    []message
	task        string
	format      json.RawMessage
	temperature float64
	// check, when set, validates the reply; a failure is recorded as an
	// invalid reply and returned as is.
	check func(reply string) error
	// tools are offered to the model (the learner's tool rounds).
	tools []evokg.ToolDef
}

// chat sends one chat request (one attempt), charges the budget, records
// the call and returns the reply.
func (e endpoint) chat(ctx context.Context, call chatCall) (res chatResult, err error) {
	meta := CallFrom(ctx)
	rec := e.newRecord(meta, call.role)
	meta.Tally.count(e.layer) // every attempt recorded, as the usage counts them
	ctx, span := e.span(ctx, OperationChat, e.cfg.Model)
	defer func() { endCall(span, rec, err) }()
	if err := meta.Budget.take(); err != nil {
		rec.Outcome, rec.Reason = OutcomeBudget, evokg.ErrorMessage(err)
		e.conn.record(ctx, rec)
		return chatResult{}, err
	}
	res, err = e.send(ctx, call)
	rec.Duration = time.Since(rec.CreatedAt)
	rec.PromptTokens, rec.ReplyTokens = res.promptTokens, res.replyTokens
	err, rec.Outcome = e.srv.translate(ctx, e.cfg.Model, err)
	if err == nil && call.check != nil {
		if err = call.check(res.content); err != nil {
			rec.Outcome = OutcomeInvalidReply
			if res.truncated {
				err = &invalidReplyError{err: fmt.Errorf("the reply was cut at the cap of %d tokens: %w", e.cfg.MaxTokens, err)}
			}
		}
	}
	if err != nil {
		rec.Reason = evokg.TruncateRunes(err.Error(), 500)
	}
	e.conn.record(ctx, rec)
	return res, err
}

func (e endpoint) newRecord(meta CallMeta, role Role) CallRecord {
	return CallRecord{
		ID: evokg.NewID(), Namespace: meta.Namespace, RunID: meta.RunID, Iteration: meta.Iteration,
		ExperienceID: meta.ExperienceID, Role: role, Layer: e.layer, Model: e.cfg.Model, CreatedAt: time.Now(),
	}
}

// send performs the HTTP exchange under the role's timeout.
func (e endpoint) send(ctx context.Context, call chatCall) (chatResult, error) {
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	return e.srv.backend.chat(ctx, chatRequest{model: e.cfg.Model, messages: call.messages, task: call.task,
		schema: call.format, temperature: call.temperature, numCtx: e.cfg.NumCtx, maxTokens: e.cfg.MaxTokens, seed: e.cfg.Seed,
		tools: call.tools})
}

// record hands rec to the recorder; a recording failure is logged, never
// returned: accounting must not fail the work it accounts for.
func (c *conn) record(ctx context.Context, rec CallRecord) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	c.logger.DebugContext(ctx, "model call", slog.String("role", string(rec.Role)),
		slog.String("layer", string(rec.Layer)), slog.String("model", rec.Model),
		slog.String("outcome", rec.Outcome), slog.Duration("duration", rec.Duration),
		slog.Int("prompt_tokens", rec.PromptTokens), slog.Int("reply_tokens", rec.ReplyTokens))
	if err := c.rec.Record(ctx, rec); err != nil {
		c.logger.ErrorContext(ctx, "recording a model call failed", slog.Any("error", err))
	}
}

// structured renders the task's prompt, asks the model for a reply matching
// the task's schema, repairs invalid replies up to MaxRepairs times and
// decodes the valid reply into out.
func structured(ctx context.Context, e endpoint, role Role, task string, data any, temperature float64, out any) error {
	p, ok := e.conn.prompts[task]
	if !ok {
		return fmt.Errorf("llm: no prompt named %q", task)
	}
	system, user, err := p.render(data)
	if err != nil {
		return err
	}
	return exchange(ctx, e, role, p, []message{{Role: "system", Content: system}, {Role: "user", Content: user}}, temperature, out)
}

// exchange sends messages asking for a reply matching p's schema, repairs
// invalid replies up to MaxRepairs times and decodes the valid reply into
// out.
func exchange(ctx context.Context, e endpoint, role Role, p *prompt, messages []message, temperature float64, out any) error {
	task := p.name
	var err error
	var raw string
	var invalid *invalidReplyError
	for attempt := 0; attempt <= e.conn.maxRepairs; attempt++ {
		check := func(reply string) error {
			fixed, fixes, err := p.check(cleanReply(reply))
			if len(fixes) > 0 {
				e.conn.logger.InfoContext(ctx, "structured reply coerced within its schema", slog.String("task", task),
					slog.String("model", e.cfg.Model), slog.Any("fixes", fixes))
			}
			if err != nil {
				return &invalidReplyError{err: err}
			}
			return decodeReply(string(fixed), out)
		}
		var res chatResult
		res, err = e.chat(ctx, chatCall{role: role, messages: messages, task: task, format: p.raw, temperature: temperature, check: check})
		raw = res.content
		if err == nil || !errors.As(err, &invalid) {
			return err
		}
		e.conn.logger.WarnContext(ctx, "invalid structured reply", slog.String("task", task),
			slog.String("model", e.cfg.Model), slog.Int("attempt", attempt+1), slog.Any("error", invalid.err))
		messages = append(messages, message{Role: "assistant", Content: raw}, repairMessage(invalid.err))
	}
	return &StructuredError{Role: role, Model: e.cfg.Model, Server: e.srv.describe(), Task: task,
		Attempts: e.conn.maxRepairs + 1, Raw: raw, Err: invalid.err}
}

// invalidReplyError marks a reply that arrived but did not match its schema.
type invalidReplyError struct{ err error }

func (e *invalidReplyError) Error() string { return e.err.Error() }

func repairMessage(err error) message {
	return message{Role: "user", Content: "Your previous reply was rejected: " +
		evokg.TruncateRunes(err.Error(), 600) +
		"\nReply again with only one JSON object that matches the required schema, with no other text."}
}

var (
	thinkBlock = regexp.MustCompile(`(?s)<think>.*?</think>`)
	codeFence  = regexp.MustCompile("(?s)^```[a-zA-Z]*\\s*(.*?)\\s*```$")
)

// cleanReply strips reasoning blocks and a Markdown code fence around the
// JSON.
func cleanReply(reply string) string {
	s := StripThink(reply)
	if m := codeFence.FindStringSubmatch(s); m != nil {
		s = m[1]
	}
	return s
}

// StripThink removes <think>…</think> reasoning blocks from a model reply,
// including an unterminated one, and surrounding whitespace.
func StripThink(reply string) string {
	s := thinkBlock.ReplaceAllString(reply, "")
	if i := strings.Index(s, "<think>"); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

func decodeReply(reply string, out any) error {
	if err := json.Unmarshal([]byte(reply), out); err != nil {
		return &invalidReplyError{err: fmt.Errorf("reply does not decode: %w", err)}
	}
	return nil
}
