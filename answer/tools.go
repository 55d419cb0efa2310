package answer

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/sandbox"
)

// Defaults of the tool_call arm's ReAct loop.
const (
	// DefaultToolRounds bounds the rounds of tool calls the learner makes
	// before it must answer.
	DefaultToolRounds = 3
	// DefaultToolsOffered is how many recruited tools one question offers.
	DefaultToolsOffered = 3
)

// ToolConfig bounds the ReAct loop; zero fields take the defaults.
type ToolConfig struct {
	Rounds  int
	Offered int
}

func (c ToolConfig) withDefaults() ToolConfig {
	if c.Rounds <= 0 {
		c.Rounds = DefaultToolRounds
	}
	if c.Offered <= 0 {
		c.Offered = DefaultToolsOffered
	}
	return c
}

// WithTools has the tool_call arm recruit validated tools for each question
// and let the learner call them (tools is the asset service), and returns s.
func (s *Service) WithTools(tools evokg.Tools, cfg ToolConfig) *Service {
	s.tools, s.toolCfg = tools, cfg.withDefaults()
	return s
}

// useTools is the tool_call arm with asset memory: validated tools
// recruited for the question, or the agent's (offered), are offered to the learner, which calls them
// for at most Rounds rounds; each call runs in the sandbox (InvokeTool) and
// its output, or the limit or schema that stopped it, is fed back. ok is
// false when no tool was recruited (the built-in calculator serves then).
// direct is the learner's answer when it gave one in its last round.
// Calls are counted against their tools only when score is set.
func (s *Service) useTools(ctx context.Context, ns string, req evokg.AnswerPrompt, agent *evokg.ExpertAgent, score bool) (uses []evokg.ToolUse, direct *evokg.AnswerReply, ok bool, err error) {
	if s.tools == nil {
		return nil, nil, false, nil
	}
	tools, err := s.offered(ctx, ns, req.Question, agent)
	if err != nil || len(tools) == 0 {
		return nil, nil, false, err
	}
	round := evokg.ToolRoundRequest{AnswerPrompt: req, Tools: toolDefs(tools)}
	for k := 1; k <= s.toolCfg.Rounds; k++ {
		move, err := s.learner.CallTools(ctx, round)
		if err != nil {
			return round.Trace, nil, true, fmt.Errorf("tool round %d: %w", k, err)
		}
		if len(move.Calls) == 0 {
			return round.Trace, move.Answer, true, nil
		}
		for _, c := range move.Calls {
			use, err := s.invoke(ctx, ns, k, c, round.Tools, score)
			if err != nil {
				return round.Trace, nil, true, err
			}
			round.Trace = append(round.Trace, use)
		}
	}
	return round.Trace, nil, true, nil
}

// invoke runs one call in the sandbox and, when score is set, counts it
// against the tool. A call the tool refuses (a tool not offered, an input
// or output outside its schema, a sandbox limit) is recorded with its
// reason for the learner to read; only a cancelled context, or a count
// that cannot be written, fails the answer.
func (s *Service) invoke(ctx context.Context, ns string, round int, c evokg.ToolCall, offered []evokg.ToolDef, score bool) (evokg.ToolUse, error) {
	use := evokg.ToolUse{Round: round, CallID: c.ID, Tool: c.Name, Input: c.Arguments}
	if !slices.ContainsFunc(offered, func(d evokg.ToolDef) bool { return d.Name == c.Name }) {
		use.Error = fmt.Sprintf("no tool named %q was offered", c.Name)
		return use, nil
	}
	out, err := s.tools.InvokeTool(ctx, ns, c.Name, c.Arguments)
	if ctx.Err() != nil {
		return use, ctx.Err()
	}
	if err != nil {
		use.Error = evokg.TruncateRunes(refusal(err), maxToolErrorRunes)
	} else {
		use.Output = out
	}
	if !score {
		return use, nil
	}
	return use, s.score(ctx, ns, c.Name, err)
}

// callRecorder counts tool calls (evokg.ToolScores, the asset service).
type callRecorder interface {
	RecordToolCall(ctx context.Context, ns, name string, result evokg.ToolCallResult) error
}

// score counts a call of a recruited tool against it (the asset service's
// ToolScores): completed when it returned a value, else an error, a
// sandbox limit's among them. A tool gone since it was offered counts
// nothing.
func (s *Service) score(ctx context.Context, ns, name string, err error) error {
	scores, ok := s.tools.(callRecorder)
	if !ok || evokg.ErrorCode(err) == evokg.ENOTFOUND {
		return nil
	}
	result := evokg.ToolCallCompleted
	switch {
	case evokg.ErrorCode(err) == evokg.ELIMIT:
		result = evokg.ToolCallLimited
	case err != nil:
		result = evokg.ToolCallError
	}
	if err := scores.RecordToolCall(ctx, ns, name, result); err != nil {
		return fmt.Errorf("scoring tool %s: %w", name, err)
	}
	return nil
}

// refusal is why a call gave no output: the sandbox's reason (the limit
// that stopped the run, or how the code failed), else the domain error's
// client-safe message.
func refusal(err error) string {
	if e, ok := sandbox.AsError(err); ok {
		return e.Error()
	}
	return evokg.ErrorMessage(err)
}

// maxToolErrorRunes bounds a refused call's reason as the learner reads it.
const maxToolErrorRunes = 300

// toolDefs offers tools by name, description and input schema.
func toolDefs(tools []evokg.Tool) []evokg.ToolDef {
	defs := make([]evokg.ToolDef, len(tools))
	for i, t := range tools {
		params := t.InputSchema
		if !json.Valid(params) {
			params = json.RawMessage(`{"type":"object"}`)
		}
		defs[i] = evokg.ToolDef{Name: t.Name, Description: t.Description, Parameters: params}
	}
	return defs
}

// Trial returns a copy of s that answers on the tool_call arm with tool as
// the only tool offered and pulls no bandit arm: how evolution tries a
// recruited tool on the failed items it should cover before reusing it.
// Its calls are counted against the tool as every learner call is.
func (s *Service) Trial(tool evokg.Tool) *Service {
	c := *s
	c.tools = trialTools{Tools: s.tools, tool: tool}
	c.bandits = trialArms{}
	c.records = trialArms{}
	return &c
}

// trialTools offers one tool and runs it through the asset service.
type trialTools struct {
	evokg.Tools
	tool evokg.Tool
}

func (t trialTools) RecruitTools(context.Context, string, string, int) ([]evokg.Tool, error) {
	return []evokg.Tool{t.tool}, nil
}

func (t trialTools) RecordToolCall(ctx context.Context, ns, name string, result evokg.ToolCallResult) error {
	if scores, ok := t.Tools.(callRecorder); ok {
		return scores.RecordToolCall(ctx, ns, name, result)
	}
	return nil
}

// trialArms picks the semantic search arm and the tool_call routing arm,
// counting no pull, and records nothing.
type trialArms struct{}

func (trialArms) arm(k bandit.Kind) string {
	if k == bandit.Routing {
		return bandit.StrategyToolCall
	}
	return bandit.StrategySemantic
}

func (a trialArms) Select(_ context.Context, _ string, k bandit.Kind, _ string) (bandit.Choice, error) {
	return bandit.Choice{Arm: a.arm(k)}, nil
}

func (a trialArms) SelectForRun(_ context.Context, _ string, k bandit.Kind, _ string, _ uuid.UUID) (bandit.Choice, error) {
	return bandit.Choice{Arm: a.arm(k)}, nil
}

func (a trialArms) Best(_ context.Context, _ string, k bandit.Kind, _ string) (string, error) {
	return a.arm(k), nil
}

func (trialArms) ChooseSkill(_ context.Context, _ string, skills []string, _ bool) (string, error) {
	return skills[0], nil
}

func (trialArms) Record(context.Context, bandit.Answer) (uuid.UUID, error) {
	return uuid.Nil, evokg.Errorf(evokg.EINTERNAL, "a trial records no answer")
}

func (trialArms) ApplyReward(context.Context, string, uuid.UUID, float64) (bandit.RewardResult, error) {
	return bandit.RewardResult{}, evokg.Errorf(evokg.EINTERNAL, "a trial rewards no answer")
}
