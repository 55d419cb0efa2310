package ollamafake

import (
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
)

// ChatRequestView is what scripts and rules see of a /api/chat or
// /api/generate request.
type ChatRequestView struct {
	Path     string // "/api/chat" or "/api/generate"
	Model    string
	Task     string // the "title" of the format schema (EvoKG's prompt name), "" if none
	System   string // the system messages (or generate's system), joined
	Prompt   string // the last user message (or generate's prompt)
	Messages []api.Message
	Format   json.RawMessage
	Options  map[string]any
	// Tools are the tools the request offers (Ollama's tools, or the
	// OpenAI-compatible function tools mapped onto them).
	Tools []api.Tool
}

// AfterToolResult reports whether the request's last message is a tool
// result: the model has seen what its calls returned.
func (v ChatRequestView) AfterToolResult() bool {
	return len(v.Messages) > 0 && v.Messages[len(v.Messages)-1].Role == "tool"
}

// ScriptedCall is a scripted call of a tool the request offers.
type ScriptedCall struct {
	Name      string
	Arguments map[string]any
}

// ToolScriptFunc returns the tool calls to reply with to a request that
// offers tools, or ok=false to let the next tool script or the default
// decide. ok=true with no calls has the reply answer in text instead.
type ToolScriptFunc func(req ChatRequestView) (calls []ScriptedCall, ok bool)

// Text is every message of the request joined, for pattern matching.
func (v ChatRequestView) Text() string {
	var b strings.Builder
	b.WriteString(v.System)
	for _, m := range v.Messages {
		b.WriteString("\n")
		b.WriteString(m.Content)
	}
	if len(v.Messages) == 0 {
		b.WriteString("\n")
		b.WriteString(v.Prompt)
	}
	return b.String()
}

// ScriptFunc returns the reply to a request, or ok=false to let the next
// script, the rules or the schema-valid default answer.
type ScriptFunc func(req ChatRequestView) (reply string, ok bool)

// Rule is a scripted reply for requests that match every non-zero field.
type Rule struct {
	Model   string         // exact model name
	Task    string         // format schema title, e.g. "judge"
	Pattern *regexp.Regexp // matched against ChatRequestView.Text
	Reply   string
	// Times retires the rule after that many replies; 0 never does.
	Times int
}

func (r *Rule) matches(v ChatRequestView) bool {
	return (r.Model == "" || sameModel(r.Model, v.Model)) &&
		(r.Task == "" || r.Task == v.Task) &&
		(r.Pattern == nil || r.Pattern.MatchString(v.Text()))
}

// Fault makes matching requests fail or slow down.
type Fault struct {
	Path  string // "" = every /api/ path
	Model string // "" = any model
	// Status is the HTTP status to return (0: no error, only Delay).
	Status  int
	Message string // error text (default: the status text)
	// Delay holds the reply back; the request's cancellation ends it early.
	Delay time.Duration
	// Times retires the fault after that many requests; 0 never does.
	Times int
}

func (f *Fault) matches(path, model string) bool {
	return (f.Path == "" || f.Path == path) && (f.Model == "" || sameModel(f.Model, model))
}

// Request is one request the fake received.
type Request struct {
	Path   string
	Model  string
	Chat   *ChatRequestView // chat and generate requests
	Inputs []string         // embed requests
	At     time.Time
}

// sameModel compares model names with the implicit ":latest" tag.
func sameModel(a, b string) bool { return withTag(a) == withTag(b) }

func withTag(name string) string {
	if name == "" || strings.Contains(name, ":") {
		return name
	}
	return name + ":latest"
}

// taskOf returns the "title" of a JSON schema format, or "".
func taskOf(format json.RawMessage) string {
	var s struct {
		Title string `json:"title"`
	}
	if len(format) == 0 || json.Unmarshal(format, &s) != nil {
		return ""
	}
	return s.Title
}
