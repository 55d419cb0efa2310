package answer

import (
	"context"
	"fmt"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
)

// vocabularySize bounds the operation names shown to the planning learner.
const vocabularySize = 40

// signature returns what retrieval matches structure on: the caller's
// signature, or the learner's own plan (APEX-EM's Plan phase: σ̂ before
// retrieval, asked of the learner model) when the search arm uses
// structure. The semantic and lexical arms and memory-off answers plan nothing, nor does
// a namespace whose graph holds no operation yet: no signature could match.
func (s *Service) signature(ctx context.Context, ns string, q Question, searchArm string) ([]string, error) {
	if q.NoMemory || searchArm == bandit.StrategySemantic || searchArm == bandit.StrategyLexical {
		return nil, nil
	}
	if len(q.Signature) > 0 {
		return q.Signature, nil
	}
	req := evokg.PlanRequest{TaskType: q.TaskType, Question: q.Question, Context: q.Context}
	if v, ok := s.skills.(Vocabulary); ok {
		var err error
		if req.Vocabulary, err = v.OperationVocabulary(ctx, ns, vocabularySize); err != nil {
			return nil, fmt.Errorf("operation vocabulary: %w", err)
		}
		if len(req.Vocabulary) == 0 {
			return nil, nil
		}
	}
	sig, err := s.learner.PlanSignature(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("learner plan: %w", err)
	}
	return sig, nil
}

// route carries out the routing arm's reasoning strategy with the execution
// model and fills r's answer:
//   - direct_cot: one answer call, reasoning then answer;
//   - decompose: the learner first works the question out as (skill,
//     step_output) steps, then answers from them;
//   - verify_then_answer: the learner drafts an answer, then rechecks it
//     and may revise it;
//   - tool_call: validated tools recruited for the question (asset
//     memory), or the expert agent's CAN_USE tools when an agent
//     answers, are offered to the learner, which calls them in a bounded
//     ReAct loop (useTools) and answers with their results; when none is
//     recruited, the learner writes the arithmetic the answer needs, the
//     built-in calculator (Calculate) evaluates it, and the learner answers
//     with the result.
func (s *Service) route(ctx context.Context, ns, arm string, req evokg.AnswerPrompt, pres presentation, r *Reply) error {
	var err error
	var direct *evokg.AnswerReply
	switch arm {
	case bandit.StrategyDecompose:
		if req.Steps, err = s.learner.Decompose(ctx, req); err != nil {
			return fmt.Errorf("decompose: %w", err)
		}
		r.Steps = req.Steps
	case bandit.StrategyToolCall:
		if direct, err = s.toolCall(ctx, ns, &req, r); err != nil {
			return err
		}
	}
	reply, err := s.reply(ctx, req, pres, direct)
	if err != nil {
		return err
	}
	reply = evaluate(reply)
	if arm == bandit.StrategyVerifyThenAnswer {
		if reply, err = s.verify(ctx, req, reply); err != nil {
			return err
		}
	}
	r.Answer, r.Reasoning, r.Expression = reply.Answer, reply.Reasoning, reply.Expression
	return nil
}

// toolCall runs the tool_call arm's tools, recruited or the calculator,
// and puts their results in req and r; direct is the learner's answer when
// its last tool round gave one.
func (s *Service) toolCall(ctx context.Context, ns string, req *evokg.AnswerPrompt, r *Reply) (*evokg.AnswerReply, error) {
	uses, direct, recruited, err := s.useTools(ctx, ns, *req, r.agent, !r.noToolScores)
	req.ToolUses, r.ToolCalls = uses, uses
	if err != nil || recruited {
		return direct, err
	}
	if req.ToolResult, err = s.calculate(ctx, *req); err != nil {
		return nil, err
	}
	r.ToolResult = req.ToolResult
	return nil, nil
}

// reply is the learner's answer: the one it already gave, or one asked
// for, with the memories as turns when the profile says so.
func (s *Service) reply(ctx context.Context, req evokg.AnswerPrompt, pres presentation, direct *evokg.AnswerReply) (evokg.AnswerReply, error) {
	if direct != nil {
		return *direct, nil
	}
	if pres.turns {
		req.MemoryBlock, req.Examples, req.Notes = "", pres.examples, pres.notes
	}
	return s.learner.Answer(ctx, req)
}

// calculate asks the learner for the expression and evaluates it; an
// expression the calculator cannot read gives no result, not an error.
func (s *Service) calculate(ctx context.Context, req evokg.AnswerPrompt) (string, error) {
	expr, err := s.learner.Expression(ctx, req)
	if err != nil {
		return "", fmt.Errorf("calculator expression: %w", err)
	}
	v, err := Calculate(expr)
	if err != nil {
		return "", nil
	}
	return expr + " = " + v, nil
}

// verify has the learner recheck its draft; a revision replaces it.
func (s *Service) verify(ctx context.Context, req evokg.AnswerPrompt, draft evokg.AnswerReply) (evokg.AnswerReply, error) {
	check, err := s.learner.Verify(ctx, evokg.VerifyRequest{AnswerPrompt: req, Draft: draft})
	if err != nil {
		return draft, fmt.Errorf("verify: %w", err)
	}
	if check.Verdict == evokg.VerdictRevised && check.Answer != "" && check.Answer != draft.Answer && draft.Expression == "" {
		return evokg.AnswerReply{Answer: check.Answer, Reasoning: check.Reasoning}, nil
	}
	return draft, nil
}
