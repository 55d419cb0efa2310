package evolution

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/writegate"
)

// Rotating graph operations, one per iteration in this order.
const (
	OpPrinciples = "principle_extraction"
	OpTool       = "tool_authoring"
	OpPrompt     = "prompt_refinement"
	OpSplit      = "skill_splitting"
)

// Operations lists the rotating operations in order.
var Operations = []string{OpPrinciples, OpTool, OpPrompt, OpSplit}

// OperationFor returns the operation of iteration k (1-based).
func OperationFor(k int) string { return Operations[(k-1)%len(Operations)] }

// maxFailureTexts bounds the failures quoted to a graph operation.
const maxFailureTexts = 6

// evolve is steps 4–6: curriculum, failure memories and the rotating
// operation for the selected task types, then the Navigator.
func (r *runner) evolve(ctx context.Context, k int, ev *evaluation, m *Metrics) error {
	selected, err := r.curriculum(ctx, ev)
	if err != nil {
		return fmt.Errorf("curriculum: %w", err)
	}
	m.Selected = selected
	byType := ev.byType()
	steps := len(selected) + 1 // the failure memories of each type, then the operation
	for i, t := range selected {
		r.step(k, "evolve", i, steps, m.Accuracy)
		n, err := r.failureMemories(ctx, k, t, byType[t])
		m.Failures += n
		if err != nil {
			return fmt.Errorf("failure memories for %s: %w", t, err)
		}
		if err := r.exploreFailures(ctx, byType[t], m); err != nil {
			return fmt.Errorf("exploring %s: %w", t, err)
		}
	}
	r.step(k, "evolve", len(selected), steps, m.Accuracy)
	m.Operation = OperationFor(k)
	if m.OperationOK, err = r.operate(ctx, m, selected, ev); err != nil && !r.failed.add("evolve", m.Operation, err) {
		return fmt.Errorf("%s: %w", m.Operation, err)
	}
	r.step(k, "navigate", 0, 1, m.Accuracy)
	return r.navigate(ctx, k, m)
}

// errStepFailed marks a step whose failure was recorded as an item failure.
var errStepFailed = errors.New("evolution: the step failed and was recorded")

// failureMemories asks for a `specific` failure memory of up to
// MaxFailuresPerType failed items of a task type and one `type_strategy`
// memory for the type, and returns how many were written. The attempts are
// bounded, not the memories written: a teacher whose corrections the write
// gate refuses costs no more calls than one whose corrections pass.
func (r *runner) failureMemories(ctx context.Context, k int, taskType string, answers []graded) (int, error) {
	written, tried := 0, 0
	for _, a := range answers {
		if a.Correct || tried >= r.p.MaxFailuresPerType {
			continue
		}
		if tried++; tried == 1 {
			if err := r.writeFailure(ctx, k, a, evokg.FailureTypeStrategy, "curriculum"); err != nil && !errors.Is(err, errStepFailed) {
				return written, err
			} else if err == nil {
				written++
			}
		}
		if err := r.writeFailure(ctx, k, a, evokg.FailureSpecific, "curriculum"); err != nil && !errors.Is(err, errStepFailed) {
			return written, err
		} else if err == nil {
			written++
		}
	}
	return written, nil
}

// writeFailure writes one failure memory; purpose keys it idempotently
// within the iteration ("curriculum" or "refresh").
func (r *runner) writeFailure(ctx context.Context, k int, a graded, kind evokg.FailureKind, purpose string) error {
	r.calls.teacher.Add(1)
	mode, err := r.answerMode(ctx, a.Item.TaskType)
	if err != nil {
		return err
	}
	fm, err := r.deps.Teacher.WriteFailureMemory(ctx, evokg.FailureMemoryRequest{Kind: kind, TaskType: a.Item.TaskType,
		Question: a.Item.Question, Context: a.Item.Context, Answer: a.Answer, Gold: a.Item.Answer, Reasoning: a.Reasoning,
		Critique: r.critique[a.Item.TaskType].Notes, Expression: mode == evokg.AnswerExpression})
	if r.failed.add("evolve", string(kind)+" failure memory of "+a.Item.ID, err) {
		return errStepFailed
	}
	if err != nil {
		return err
	}
	if !r.gateCorrection(a, kind, fm.Content, strings.Join(fm.Steps, "\n")) {
		return errStepFailed
	}
	sig, err := r.signature(ctx, a.Item.TaskType, a.Item.Question, fm.Steps)
	if err != nil {
		return err
	}
	req := evokg.ExperienceInput{
		ExperienceFields: evokg.ExperienceFields{
			TaskType:       a.Item.TaskType,
			Outcome:        evokg.OutcomeFailure,
			FailureKind:    kind,
			Skill:          a.Skill,
			Question:       a.Item.Question,
			Answer:         a.Item.Answer,
			Expression:     r.checkedExpression(fm.Expression, a.Item),
			Context:        a.Item.Context,
			Content:        fm.Content,
			ChainOfThought: evokg.TruncateRunes(strings.Join(fm.Steps, "\n"), maxChainRunes),
			Errors:         []evokg.ErrorRecord{{ErrorClass: "wrong_answer", RootCause: "answered " + evokg.TruncateRunes(a.Answer, 200), RecoveryProcedure: fm.Content}},
			Signature:      sig,
			DerivedFrom:    provenance(a.MemoryIDs),
			Evaluation:     &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1, TeacherFeedback: "teacher correction of a failed answer"},
		},
		Probation: r.probationOn(),
	}
	if kind == evokg.FailureTypeStrategy {
		if prev, ok := r.st.TypeStrategies[a.Item.TaskType]; ok {
			req.Supersedes = &prev
		}
	}
	res, err := r.deps.Memory.IngestEmbedded(ctx, r.ns, req, idemKey(r.id, k, purpose+"/"+string(kind), a.Item.ID))
	if err == nil && kind == evokg.FailureTypeStrategy {
		r.st.TypeStrategies[a.Item.TaskType] = res.ID
	}
	if err == nil {
		r.corrections[a.Item.TaskType] = append(r.corrections[a.Item.TaskType], res.ID)
	}
	return err
}

// refresh is the periodic memory refresh: every task type still below θ
// gets a new type_strategy memory written from its current failures, which
// supersedes the previous one (both stay: memories are append-only).
func (r *runner) refresh(ctx context.Context, k int, ev *evaluation, m *Metrics) error {
	for _, t := range sortedKeys(m.ByTaskType) {
		if m.ByTaskType[t].Accuracy >= r.p.Theta {
			continue
		}
		for _, a := range ev.byType()[t] {
			if a.Correct {
				continue
			}
			if err := r.writeFailure(ctx, k, a, evokg.FailureTypeStrategy, "refresh"); errors.Is(err, errStepFailed) {
				continue
			} else if err != nil {
				return err
			}
			m.Failures++
			break
		}
	}
	m.Refreshed = true
	if ref, ok := r.deps.Retriever.(Refresher); ok {
		return ref.Refresh(ctx, r.ns)
	}
	return nil
}

// target picks the skill an operation works on: the least-mastered active
// skill serving a selected task type, with that type's failures.
func (r *runner) target(selected []string, ev *evaluation) (evokg.Skill, string, []string, bool) {
	var best evokg.Skill
	var bestType string
	found := false
	for _, t := range selected {
		for _, s := range ev.skills[t] {
			if !found || s.Mastery < best.Mastery {
				best, bestType, found = s, t, true
			}
		}
	}
	if !found {
		return best, "", nil, false
	}
	var failures []string
	for _, a := range ev.byType()[bestType] {
		if !a.Correct && len(failures) < maxFailureTexts {
			failures = append(failures, fmt.Sprintf("Q: %s | learner answered: %s | gold: %s", a.Item.Question, a.Answer, a.Item.Answer))
		}
	}
	return best, bestType, failures, true
}

// operate applies the iteration's rotating operation (m.Operation); ok is
// false when it had nothing to work on or the graph cannot hold its result.
func (r *runner) operate(ctx context.Context, m *Metrics, selected []string, ev *evaluation) (bool, error) {
	skill, taskType, failures, ok := r.target(selected, ev)
	if !ok || len(failures) == 0 {
		return false, nil
	}
	switch m.Operation {
	case OpPrinciples:
		return r.extractPrinciples(ctx, skill, taskType, failures, ev)
	case OpTool:
		ok, err := r.authorTool(ctx, skill, taskType, failures, ev, m)
		if err != nil {
			return ok, err
		}
		return ok, r.createAgent(ctx, skill, taskType, ev, m)
	case OpPrompt:
		return r.refinePrompt(ctx, skill, failures)
	default:
		return r.splitSkill(ctx, skill, taskTypesOf(ev, skill.Name), failures)
	}
}

func (r *runner) extractPrinciples(ctx context.Context, skill evokg.Skill, taskType string, failures []string, ev *evaluation) (bool, error) {
	existing, err := r.deps.Graph.Principles(ctx, r.ns, skill.Name)
	if err != nil {
		return false, err
	}
	room := evokg.DefaultMaxPrinciples - len(existing)
	if room <= 0 {
		return false, nil
	}
	req := evokg.PrinciplesRequest{Skill: skill.Name, TaskType: taskType, Failures: failures, Max: min(room, 3)}
	for _, e := range existing {
		req.Existing = append(req.Existing, e.Content)
	}
	for _, a := range ev.byType()[taskType] {
		if a.Correct && len(req.Successes) < maxFailureTexts {
			req.Successes = append(req.Successes, fmt.Sprintf("Q: %s | answer: %s", a.Item.Question, a.Answer))
		}
	}
	r.calls.teacher.Add(1)
	specs, err := r.deps.Teacher.ExtractPrinciples(ctx, req)
	if err != nil {
		return false, err
	}
	for i, p := range specs[:min(len(specs), req.Max)] {
		content := p.Text
		if p.AppliesWhen != "" {
			content += " (applies when: " + p.AppliesWhen + ")"
		}
		// The statement must pass on its own: the applies-when wrapper's
		// words do not make "11 ∘ 20" a principle.
		if !r.gateProse(writegate.KindPrinciple, skill.Name, p.Text, content) {
			continue
		}
		key := fmt.Sprintf("evo:%s:principle:%s:%d:%d", r.id, skill.Name, len(existing), i)
		if _, err := r.deps.Memory.IngestEmbedded(ctx, r.ns, evokg.ExperienceInput{
			ExperienceFields: evokg.ExperienceFields{
				TaskType:    taskType,
				Outcome:     evokg.OutcomePrinciple,
				Skill:       skill.Name,
				Content:     content,
				DerivedFrom: principleSources(r.corrections[taskType]),
			},
			Probation: r.probationOn(),
		}, key); err != nil {
			return false, err
		}
	}
	return len(specs) > 0, nil
}

func (r *runner) refinePrompt(ctx context.Context, skill evokg.Skill, failures []string) (bool, error) {
	r.calls.teacher.Add(1)
	ref, err := r.deps.Teacher.RefinePrompt(ctx, evokg.RefinePromptRequest{Skill: skill.Name,
		CurrentPrompt: skill.PromptTemplate, Strategy: skill.Strategy, Failures: failures})
	if err != nil || ref.Prompt == "" || !r.gateProse(writegate.KindPrompt, skill.Name, ref.Prompt, ref.Strategy) {
		return false, err
	}
	u := evokg.SkillUpdate{PromptTemplate: &ref.Prompt}
	if ref.Strategy != "" {
		u.Strategy = &ref.Strategy
	}
	_, err = r.deps.Graph.UpdateSkill(ctx, r.ns, skill.Name, u)
	return err == nil, err
}

// splitSkill replaces a skill by finer ones, its parts: each part
// composes into the skill (COMPOSES_INTO), inherits its prerequisites,
// prompt and (unless the split gives it its own) strategy, and serves the
// skill's task types it names (all of them when it names none); the skill
// is marked split and its mastery follows its parts' answers from then on.
func (r *runner) splitSkill(ctx context.Context, skill evokg.Skill, taskTypes, failures []string) (bool, error) {
	r.calls.teacher.Add(1)
	split, err := r.deps.Teacher.SplitSkill(ctx, evokg.SplitSkillRequest{Skill: skill.Name, Description: skill.Description,
		Strategy: skill.Strategy, TaskTypes: taskTypes, Failures: failures})
	if err != nil || len(split.Skills) < 2 {
		return false, err
	}
	prerequisites, err := r.deps.Graph.Prerequisites(ctx, r.ns, skill.Name)
	if err != nil {
		return false, err
	}
	for _, sub := range split.Skills {
		if sub.Name == skill.Name {
			continue
		}
		if !r.gateProse(writegate.KindPrompt, sub.Name, sub.Strategy) {
			sub.Strategy = "" // the part keeps the skill's strategy
		}
		if err := r.createPart(ctx, skill, sub, prerequisites, taskTypes); err != nil {
			if evokg.ErrorCode(err) == evokg.ELIMIT {
				r.log.InfoContext(ctx, "skill split stopped at the skill cap", "namespace", r.ns, "skill", skill.Name)
				return false, nil
			}
			return false, err
		}
	}
	status := evokg.SkillSplit
	_, err = r.deps.Graph.UpdateSkill(ctx, r.ns, skill.Name, evokg.SkillUpdate{Status: &status})
	return err == nil, err
}

// createPart creates one part of a split skill with its edges. A part
// whose name is taken keeps its node; edges that would close a cycle are
// left out.
func (r *runner) createPart(ctx context.Context, parent evokg.Skill, sub evokg.SubSkill, prerequisites, parentTypes []string) error {
	_, err := r.deps.Graph.CreateSkill(ctx, r.ns, evokg.NewSkill{Name: sub.Name, Description: sub.Description,
		Mastery: parent.Mastery, PromptTemplate: parent.PromptTemplate, Strategy: cmp.Or(sub.Strategy, parent.Strategy)})
	if err != nil && evokg.ErrorCode(err) != evokg.ECONFLICT {
		return err
	}
	if err := r.deps.Graph.AddComposition(ctx, r.ns, sub.Name, parent.Name); err != nil && !tolerated(err) {
		return err
	}
	for _, pre := range prerequisites {
		if err := r.deps.Graph.AddPrerequisite(ctx, r.ns, pre, sub.Name); err != nil && !tolerated(err) {
			return err
		}
	}
	types := slices.DeleteFunc(slices.Clone(sub.TaskTypes), func(t string) bool { return !slices.Contains(parentTypes, t) })
	if len(types) == 0 {
		types = parentTypes
	}
	for _, t := range types {
		if err := r.deps.Graph.LinkSkillToTask(ctx, r.ns, sub.Name, t); err != nil {
			return err
		}
	}
	return nil
}

// taskTypesOf returns the task types skill serves, sorted.
func taskTypesOf(ev *evaluation, skill string) []string {
	var out []string
	for _, t := range sortedKeys(ev.skills) {
		if slices.ContainsFunc(ev.skills[t], func(s evokg.Skill) bool { return s.Name == skill }) {
			out = append(out, t)
		}
	}
	return out
}

// navigate is the Navigator: the frontier (prerequisites mastered, own
// mastery below θ) refined by the teacher model into the next plan, which
// steers the next selection: the task types the plan's skills serve get a
// curriculum bonus of FocusBonus/priority. Without a plan (no frontier, the
// Navigator off or its reply invalid) no task type has a bonus.
func (r *runner) navigate(ctx context.Context, k int, m *Metrics) error {
	plan, err := r.plan(ctx, k, m)
	if err != nil && !r.failed.add("navigate", "", err) {
		return err
	}
	focus, err := r.focus(ctx, plan)
	if err != nil {
		return err
	}
	m.Focus = focus
	return r.deps.Graph.SetFocus(ctx, r.ns, focus)
}

// plan asks the Navigator for the next plan over the frontier.
func (r *runner) plan(ctx context.Context, k int, m *Metrics) (evokg.FrontierPlan, error) {
	frontier, err := r.deps.Graph.Frontier(ctx, r.ns, r.p.Theta)
	if err != nil {
		return evokg.FrontierPlan{}, err
	}
	req := evokg.FrontierRequest{Iteration: k, Accuracy: m.Accuracy}
	for _, s := range frontier {
		m.Frontier = append(m.Frontier, s.Name)
	}
	if len(frontier) == 0 || r.deps.Mechanisms.NoNavigator {
		return evokg.FrontierPlan{}, nil
	}
	for _, s := range frontier {
		pre, err := r.deps.Graph.Prerequisites(ctx, r.ns, s.Name)
		if err != nil {
			return evokg.FrontierPlan{}, err
		}
		req.Frontier = append(req.Frontier, evokg.FrontierSkill{Name: s.Name, Mastery: s.Mastery, Prerequisites: pre})
	}
	r.calls.teacher.Add(1)
	plan, err := r.deps.Teacher.PlanFrontier(ctx, req)
	if err != nil {
		return evokg.FrontierPlan{}, err
	}
	m.Plan = planSummary(plan)
	return plan, nil
}

// focus is the curriculum bonus of the plan's task types: FocusBonus over
// the priority of the best-placed skill serving each.
func (r *runner) focus(ctx context.Context, plan evokg.FrontierPlan) (map[string]float64, error) {
	out := map[string]float64{}
	for _, f := range plan.Focus {
		types, err := r.deps.Graph.SkillTaskTypes(ctx, r.ns, f.Skill)
		if err != nil {
			return nil, err
		}
		bonus := r.p.FocusBonus / float64(max(1, f.Priority))
		for _, t := range types {
			out[t] = max(out[t], bonus)
		}
	}
	return out, nil
}

func planSummary(p evokg.FrontierPlan) string {
	var b strings.Builder
	for i, f := range p.Focus {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d. %s", f.Priority, f.Skill)
	}
	if p.Notes != "" {
		if b.Len() > 0 {
			b.WriteString(" — ")
		}
		b.WriteString(p.Notes)
	}
	return evokg.TruncateRunes(b.String(), 500)
}
