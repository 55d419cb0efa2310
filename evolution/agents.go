package evolution

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"time"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/writegate"
)

// Agents is the expert-agent half of the asset memory (*assets.Service):
// recruitment, and the storing of an agent with its trial's record.
type Agents interface {
	RecruitAgents(ctx context.Context, ns, query string, k int) ([]evokg.ExpertAgent, error)
	CreateTriedAgent(ctx context.Context, ns string, spec evokg.ExpertAgentSpec, trial evokg.AgentTrial) (evokg.ExpertAgent, error)
}

// Bounds of agent creation.
const (
	// agentTrialItems bounds the validation items an agent is tried on.
	agentTrialItems = 8
	// maxAgentSuccesses bounds the successful answers quoted to the teacher.
	maxAgentSuccesses = 6
)

// AgentOutcome is what agent creation did after the tool operation: the
// agent written, its CAN_USE tools, its trial and whether it is validated,
// or why it was not stored.
type AgentOutcome struct {
	Role      string            `json:"role"`
	Version   int               `json:"version,omitempty"`
	Tools     []string          `json:"tools"`
	Validated bool              `json:"validated"`
	Trial     *evokg.AgentTrial `json:"trial,omitempty"`
	Reason    string            `json:"reason,omitempty"`
}

// createAgent is Mem2Evolve's expert-agent creation, the step after the
// tool operation: when the skill has validated tools, its task type has
// successful answers in this evaluation and no validated agent is
// recruited for the type's questions, the teacher distils those successes
// into a role and a system prompt; the agent CAN_USE the skill's validated
// tools. It is tried on validation items of the task type (tryAgent),
// which the teacher was never shown, and stored with the trial's record,
// validated only if the learner with it was right more often than without
// it; an agent that is not validated is never recruited.
func (r *runner) createAgent(ctx context.Context, skill evokg.Skill, taskType string, ev *evaluation, m *Metrics) error {
	if r.deps.Agents == nil || r.deps.Tools == nil || r.deps.Mechanisms.NoAgentCreation {
		return nil
	}
	tools, err := r.skillTools(ctx, skill.Name)
	if err != nil {
		return err
	}
	successes := agentSuccesses(ev.byType()[taskType])
	if len(tools) == 0 || len(successes) == 0 {
		return nil
	}
	if served, err := r.agentServes(ctx, taskType); err != nil || served {
		return err
	}
	req := evokg.AgentRequest{Skill: skill.Name, TaskType: taskType, Successes: successes}
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i], req.Tools = t.Name, append(req.Tools, t.Name+": "+t.Description)
	}
	r.calls.teacher.Add(1)
	written, err := r.deps.Teacher.WriteAgent(ctx, req)
	if err != nil {
		return err
	}
	out := &AgentOutcome{Role: written.Role, Tools: names}
	m.Agent = out
	if !r.gateProse(writegate.KindPrompt, skill.Name, spokenNames(written.SystemPrompt, names)) {
		out.Reason = "the write gate refused its system prompt"
		return nil
	}
	spec := evokg.ExpertAgentSpec{Role: written.Role, SystemPrompt: written.SystemPrompt, Tools: names, TaskType: taskType}
	trial, err := r.tryAgent(ctx, m.Iteration, spec, ev)
	if err != nil {
		return err
	}
	out.Trial = &trial
	return r.storeAgent(ctx, spec, trial, out)
}

// storeAgent stores a tried agent and records the outcome in out.
func (r *runner) storeAgent(ctx context.Context, spec evokg.ExpertAgentSpec, trial evokg.AgentTrial, out *AgentOutcome) error {
	agent, err := r.deps.Agents.CreateTriedAgent(ctx, r.ns, spec, trial)
	if evokg.ErrorCode(err) == evokg.EINVALID {
		out.Reason = evokg.TruncateRunes(evokg.ErrorMessage(err), 600)
		return nil
	} else if err != nil {
		return err
	}
	out.Version, out.Validated = agent.Version, agent.Validated
	if !agent.Validated {
		out.Reason = fmt.Sprintf("right on %d of the %d trial items with the agent, %d without", trial.With, len(trial.Items), trial.Without)
	}
	return nil
}

// spokenNames writes the tool names in text as words, so that the write
// gate, which refuses prose that echoes identifiers, lets an agent's prompt
// name the tools it can use.
func spokenNames(text string, names []string) string {
	var pairs []string
	for _, n := range names {
		pairs = append(pairs, n, strings.ReplaceAll(n, "_", " "))
	}
	return strings.NewReplacer(pairs...).Replace(text)
}

// skillTools are the latest versions of the skill's tools that are
// validated, by name.
func (r *runner) skillTools(ctx context.Context, skill string) ([]evokg.Tool, error) {
	all, err := r.deps.Tools.ListTools(ctx, r.ns)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(t evokg.Tool) bool { return t.Skill != skill || !t.Validated }), nil
}

// agentSuccesses are a task type's right answers as the teacher reads them.
func agentSuccesses(answers []graded) []string {
	var out []string
	for _, a := range answers {
		if a.Correct && len(out) < maxAgentSuccesses {
			out = append(out, fmt.Sprintf("Q: %s | answer: %s | reasoning: %s", a.Item.Question, a.Answer,
				evokg.TruncateRunes(a.Reasoning, 300)))
		}
	}
	return out
}

// agentServes reports whether a validated agent is recruited for the task
// type's first training question (Mem2Evolve creates an agent only when
// none is recruited).
func (r *runner) agentServes(ctx context.Context, taskType string) (bool, error) {
	i := slices.IndexFunc(r.pool.Train, func(it questions.Item) bool { return it.TaskType == taskType })
	if i < 0 {
		return false, nil
	}
	agents, err := r.deps.Agents.RecruitAgents(ctx, r.ns, r.pool.Train[i].Question, evokg.DefaultRecruitK)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(agents, func(a evokg.ExpertAgent) bool { return a.TaskType == "" || a.TaskType == taskType }), nil
}

// tryAgent answers up to agentTrialItems validation items of the agent's
// task type with the agent and without it (greedy arms, temperature 0,
// nothing recorded); the trial passes when the learner was right more
// often with it than without it: a tie fails. The teacher wrote the agent
// from training answers; training and test items are never used.
func (r *runner) tryAgent(ctx context.Context, k int, spec evokg.ExpertAgentSpec, ev *evaluation) (evokg.AgentTrial, error) {
	items := trialItems(r.pool.Validation, spec)
	agent := evokg.ExpertAgent{ExpertAgentSpec: spec}
	with, err := r.answerAll(ctx, k, "agent_trial", items, ev.skills, withMemory{agent: &agent})
	if err != nil {
		return evokg.AgentTrial{}, fmt.Errorf("agent trial: %w", err)
	}
	without, err := r.answerAll(ctx, k, "agent_trial", items, ev.skills, withMemory{noAgent: true})
	if err != nil {
		return evokg.AgentTrial{}, fmt.Errorf("agent trial: %w", err)
	}
	t := evokg.AgentTrial{At: time.Now().UTC()}
	for i, it := range items {
		t.Items = append(t.Items, it.ID)
		t.With += boolCount(with[i].Correct)
		t.Without += boolCount(without[i].Correct)
	}
	t.Passed = t.With > t.Without
	return t, nil
}

// trialItems are up to agentTrialItems of items of the agent's task type,
// in an order fixed by the role and the item.
func trialItems(items []questions.Item, spec evokg.ExpertAgentSpec) []questions.Item {
	var out []questions.Item
	for _, it := range items {
		if it.TaskType == spec.TaskType {
			out = append(out, it)
		}
	}
	key := func(it questions.Item) string {
		h := sha256.Sum256([]byte(spec.Role + "/" + it.ID))
		return string(h[:])
	}
	slices.SortFunc(out, func(a, b questions.Item) int { return strings.Compare(key(a), key(b)) })
	return out[:min(agentTrialItems, len(out))]
}

func boolCount(ok bool) int {
	if ok {
		return 1
	}
	return 0
}
