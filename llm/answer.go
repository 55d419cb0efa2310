package llm

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/evokg/evokg"
)

// answerReply is the answer task's reply in every mode: answer is a string
// (text, choice) or a number; expression is set in expression mode.
type answerReply struct {
	Reasoning  string          `json:"reasoning"`
	Answer     json.RawMessage `json:"answer"`
	Expression string          `json:"expression"`
}

func (r answerReply) decode() evokg.AnswerReply {
	out := evokg.AnswerReply{Reasoning: r.Reasoning, Expression: strings.TrimSpace(r.Expression)}
	var s string
	if err := json.Unmarshal(r.Answer, &s); err == nil {
		out.Answer = strings.TrimSpace(s)
	} else if len(r.Answer) > 0 {
		out.Answer = formatNumber(r.Answer)
	}
	return out
}

// formatNumber writes a JSON number without exponent or trailing zeros.
func formatNumber(raw json.RawMessage) string {
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return strings.TrimSpace(string(raw))
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// variants caches prompts whose reply schema depends on the request: the
// template is the base prompt's, the schema built per key (the answer
// task's mode, choices and reasoning; the failure analyst's expression).
type variants struct {
	mu    sync.Mutex
	cache map[string]*prompt
}

// maxVariants bounds the cache; choice sets come from clients.
const maxVariants = 256

func (c *variants) get(base *prompt, key string, build func() map[string]any) (*prompt, error) {
	key = base.name + "|" + key
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.cache[key]; ok {
		return p, nil
	}
	raw, err := json.Marshal(build())
	if err != nil {
		return nil, err
	}
	schema, err := compileSchema(key, raw)
	if err != nil {
		return nil, err
	}
	var bounds map[string]any
	if err := json.Unmarshal(raw, &bounds); err != nil {
		return nil, err
	}
	p := &prompt{name: base.name, tmpl: base.tmpl, raw: raw, schema: schema, bounds: bounds}
	if c.cache == nil || len(c.cache) >= maxVariants {
		c.cache = map[string]*prompt{}
	}
	c.cache[key] = p
	return p, nil
}

// answerPrompt is the answer task's prompt for spec and reasoning.
func (c *variants) answerPrompt(base *prompt, spec evokg.AnswerSpec, reasoning bool) (*prompt, error) {
	key := fmt.Sprintf("%s|%t|%q", spec.Mode, reasoning, spec.Choices)
	return c.get(base, key, func() map[string]any { return answerSchema(spec, reasoning) })
}

// answerSchema is the answer reply's JSON schema for a mode.
func answerSchema(spec evokg.AnswerSpec, reasoning bool) map[string]any {
	props := map[string]any{}
	var required []string
	if reasoning {
		props["reasoning"] = map[string]any{"type": "string", "maxLength": 300}
		required = append(required, "reasoning")
	}
	switch spec.Mode {
	case evokg.AnswerNumber:
		props["answer"] = map[string]any{"type": "number"}
	case evokg.AnswerChoice:
		props["answer"] = map[string]any{"type": "string", "enum": spec.Choices}
	case evokg.AnswerExpression:
		props["expression"] = map[string]any{"type": "string", "minLength": 1, "maxLength": evokg.MaxExpressionRunes}
	default:
		props["answer"] = map[string]any{"type": "string", "minLength": 1, "maxLength": 200}
	}
	if spec.Mode == evokg.AnswerExpression {
		required = append(required, "expression")
	} else {
		required = append(required, "answer")
	}
	return map[string]any{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "answer", "type": "object",
		"properties": props, "required": required, "additionalProperties": false}
}

// answerMessages are the answer call's messages: the system prompt, each
// example as a user/assistant pair in the reply's own shape, then the
// question.
func answerMessages(p *prompt, req evokg.AnswerPrompt) ([]message, error) {
	system, user, err := p.render(req)
	if err != nil {
		return nil, err
	}
	msgs := []message{{Role: "system", Content: system}}
	for _, ex := range req.Examples {
		reply, err := exampleReply(ex, req.Answer, !req.Direct)
		if err != nil {
			return nil, err
		}
		msgs = append(msgs, message{Role: "user", Content: "Question: " + ex.Question}, message{Role: "assistant", Content: reply})
	}
	return append(msgs, message{Role: "user", Content: user}), nil
}

// exampleJSON is an example's reply, its fields in the schema's order.
type exampleJSON struct {
	Reasoning  *string `json:"reasoning,omitempty"`
	Answer     any     `json:"answer,omitempty"`
	Expression string  `json:"expression,omitempty"`
}

// exampleReply writes an example's reply as the learner is asked to reply.
func exampleReply(ex evokg.WorkedExample, spec evokg.AnswerSpec, reasoning bool) (string, error) {
	var out exampleJSON
	if reasoning {
		r := evokg.TruncateRunes(ex.Reasoning, 300)
		out.Reasoning = &r
	}
	switch spec.Mode {
	case evokg.AnswerExpression:
		out.Expression = cmp.Or(ex.Expression, ex.Answer)
	case evokg.AnswerNumber:
		if f, err := strconv.ParseFloat(strings.TrimSpace(ex.Answer), 64); err == nil {
			out.Answer = f
		} else {
			out.Answer = ex.Answer
		}
	default:
		out.Answer = ex.Answer
	}
	b, err := json.Marshal(out)
	return string(b), err
}
