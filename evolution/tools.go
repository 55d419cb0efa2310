package evolution

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/retrieval"
)

// maxToolRevisions bounds the revisions of a tool that failed its
// validation; the iteration's call budget may end them sooner.
const maxToolRevisions = 3

// ToolOutcome is what the tool operation produced: the existing tool it
// recruited, or the last version it created, whether it passed its
// validation, after how many versions, and why the last one failed when it
// did.
type ToolOutcome struct {
	Name      string `json:"name,omitempty"`
	Version   int    `json:"version,omitempty"`
	Validated bool   `json:"validated"`
	// Recruited is set when an existing tool covered the failures, so none
	// was written; Tried are the recruited tools whose trial failed.
	Recruited bool     `json:"recruited"`
	Tried     []string `json:"tried,omitempty"`
	Attempts  int      `json:"attempts"`
	Reason    string   `json:"reason,omitempty"`
	// GuidedBy counts the memories its prompt showed; CreatedFrom those
	// of them the graph held, which its CREATED_FROM edges reach (the
	// projection of a memory written moments before may still be pending).
	GuidedBy    int `json:"guided_by"`
	CreatedFrom int `json:"created_from"`
}

// authorTool is Mem2Evolve's asset recruitment and creation. An existing
// tool that covers the failures is reused (recruitTool); only when none
// does, the teacher model writes a Starlark tool and its tests for the
// skill's failures, guided by the task
// type's retrieved failure and success memories; the asset service
// validates it in the sandbox and stores it as a new version, with
// CREATED_FROM the guiding memories and HAS_TOOL from the skill. A version
// that fails its validation goes back to the teacher model with its
// validation record, until one passes, maxToolRevisions revisions are
// spent or the call budget ends; m.Tool keeps the outcome and why.
func (r *runner) authorTool(ctx context.Context, skill evokg.Skill, taskType string, failures []string, ev *evaluation, m *Metrics) (bool, error) {
	if r.deps.Tools == nil || r.deps.Mechanisms.NoToolAuthoring {
		return false, nil
	}
	recruited := &ToolOutcome{}
	if ok, err := r.recruitTool(ctx, skill, taskType, ev, recruited); ok || err != nil {
		m.Tool = recruited
		return ok, err
	}
	guide, err := r.toolGuidance(ctx, taskType, ev)
	if err != nil {
		return false, err
	}
	req := evokg.ToolRequest{Skill: skill.Name, TaskType: taskType, Examples: failures,
		Need:            "compute the quantities these failed questions need, exactly",
		FailureMemories: guide.failures, Successes: guide.successes}
	linked, err := r.projected(ctx, guide.ids)
	if err != nil {
		return false, err
	}
	out := &ToolOutcome{GuidedBy: len(guide.ids), CreatedFrom: len(linked), Tried: recruited.Tried}
	m.Tool = out
	r.log.InfoContext(ctx, "tool operation writes a new tool", "namespace", r.ns, "skill", skill.Name,
		"task_type", taskType, "tried", len(recruited.Tried))
	for out.Attempts <= maxToolRevisions {
		r.calls.teacher.Add(1)
		spec, err := r.deps.Teacher.AuthorTool(ctx, req)
		if evokg.ErrorCode(err) == evokg.ELIMIT && out.Attempts > 0 {
			out.Reason += " (the call budget ended the revisions)"
			return false, nil
		}
		if err != nil {
			return false, err
		}
		out.Attempts++
		spec.Skill, spec.CreatedFrom = skill.Name, linked
		tool, err := r.deps.Tools.CreateTool(ctx, r.ns, spec)
		if err != nil && evokg.ErrorCode(err) != evokg.EINVALID {
			return false, err
		}
		out.Name, out.Version, out.Validated, out.Reason = spec.Name, tool.Version, tool.Validated, refusal(tool, err)
		if out.Validated {
			return true, nil
		}
		req.Previous = &evokg.ToolAttempt{Code: spec.Code, Tests: testsJSON(spec.Tests), Validation: out.Reason}
	}
	return false, nil
}

// maxTrialItems bounds the failed items a recruited tool is tried on.
const maxTrialItems = 3

// recruitTool is Mem2Evolve's recruitment before creation: the validated,
// unretired tools recruited for the task type's first failed question
// (the asset memory's similarity threshold) are tried, best first, on up
// to maxTrialItems of its failed items (tryTool). The first that covers
// them is reused: the skill gets HAS_TOOL to it and no tool is written.
func (r *runner) recruitTool(ctx context.Context, skill evokg.Skill, taskType string, ev *evaluation, out *ToolOutcome) (bool, error) {
	if r.deps.Mechanisms.NoToolRecruitment {
		return false, nil
	}
	items := failedItems(ev, taskType, maxTrialItems)
	if len(items) == 0 {
		return false, nil
	}
	candidates, err := r.deps.Tools.RecruitTools(ctx, r.ns, items[0].Question, evokg.DefaultRecruitK)
	if err != nil {
		return false, fmt.Errorf("recruiting tools: %w", err)
	}
	for _, tool := range candidates {
		covered, err := r.tryTool(ctx, tool, skill, items)
		if err != nil {
			return false, err
		}
		if !covered {
			out.Tried = append(out.Tried, tool.Name)
			continue
		}
		if err := r.deps.Graph.AttachTool(ctx, r.ns, skill.Name, tool.ID); err != nil {
			return false, err
		}
		out.Name, out.Version, out.Validated, out.Recruited = tool.Name, tool.Version, true, true
		r.log.InfoContext(ctx, "tool operation recruited an existing tool", "namespace", r.ns, "skill", skill.Name,
			"task_type", taskType, "tool", tool.Name, "version", tool.Version)
		return true, nil
	}
	return false, nil
}

// tryTool has the learner answer items on the tool_call arm with tool as
// the only tool, each call run in the sandbox, shown no memory written
// from the item's own question. The tool covers the items
// when at least half of them, and at least one, are graded right with a
// completed call of it. Every trial answer's calls are graded against the
// tools it called.
func (r *runner) tryTool(ctx context.Context, tool evokg.Tool, skill evokg.Skill, items []questions.Item) (bool, error) {
	trial := r.answerer.Trial(tool)
	own, err := r.store.questionMemories(ctx, r.ns, items)
	if err != nil {
		return false, err
	}
	right := 0
	for _, it := range items {
		zero := 0.0
		reply, err := trial.Answer(ctx, r.ns, answer.Question{TaskType: it.TaskType, Question: it.Question,
			Context: it.Context, Temperature: &zero, Run: &r.id, Skill: &skill, Exclude: own[questions.Normalize(it.Question)]})
		r.calls.learner.Add(int64(reply.LearnerCalls))
		if llm.ItemFailure(err) {
			continue // counts as wrong
		}
		if err != nil {
			return false, fmt.Errorf("trying tool %s: %w", tool.Name, err)
		}
		correct, err := r.grader.Grade(ctx, it, reply.Answer)
		if err != nil {
			return false, err
		}
		if err := r.gradeCalls(ctx, reply.ToolCalls, correct); err != nil {
			return false, err
		}
		if correct && completedCall(reply.ToolCalls, tool.Name) {
			right++
		}
	}
	return right > 0 && 2*right >= len(items), nil
}

// gradeCalls counts a graded trial answer's tool calls against the tools.
func (r *runner) gradeCalls(ctx context.Context, calls []evokg.ToolUse, right bool) error {
	scores, ok := r.deps.Tools.(evokg.ToolScores)
	if !ok || len(calls) == 0 {
		return nil
	}
	_, err := scores.GradeToolCalls(ctx, r.ns, calls, right)
	return err
}

func completedCall(calls []evokg.ToolUse, name string) bool {
	return slices.ContainsFunc(calls, func(u evokg.ToolUse) bool { return u.Tool == name && u.Error == "" })
}

// failedItems are up to n of the task type's items answered wrong.
func failedItems(ev *evaluation, taskType string, n int) []questions.Item {
	var out []questions.Item
	for _, a := range ev.byType()[taskType] {
		if !a.Correct && len(out) < n {
			out = append(out, a.Item)
		}
	}
	return out
}

// toolMemories are the memories that guide a tool's creation.
type toolMemories struct {
	failures, successes []string
	ids                 []uuid.UUID
}

// toolGuidance retrieves the task type's failure and success memories for
// its first failed question, the failure memories written this iteration
// among them.
func (r *runner) toolGuidance(ctx context.Context, taskType string, ev *evaluation) (toolMemories, error) {
	var g toolMemories
	var question string
	for _, a := range ev.byType()[taskType] {
		if !a.Correct {
			question = a.Item.Question
			break
		}
	}
	pack, err := r.deps.Retriever.Retrieve(ctx, retrieval.Request{Namespace: r.ns, TaskType: taskType,
		Question: question, Strategy: bandit.StrategySemantic})
	if err != nil {
		return g, fmt.Errorf("tool guidance: %w", err)
	}
	for _, it := range pack.Failures {
		if it.TaskType == taskType {
			g.failures, g.ids = append(g.failures, it.Text), append(g.ids, it.ID)
		}
	}
	for _, it := range pack.Successes {
		if it.TaskType == taskType && it.Outcome == evokg.OutcomeSuccess {
			g.successes, g.ids = append(g.successes, it.Text), append(g.ids, it.ID)
		}
	}
	return g, nil
}

// projected returns the memories of ids that the graph holds.
func (r *runner) projected(ctx context.Context, ids []uuid.UUID) ([]uuid.UUID, error) {
	var out []uuid.UUID
	for _, id := range ids {
		_, err := r.deps.Graph.GetExperience(ctx, r.ns, id)
		switch {
		case err == nil:
			out = append(out, id)
		case evokg.ErrorCode(err) != evokg.ENOTFOUND:
			return nil, err
		}
	}
	return out, nil
}

// refusal is why a version is not validated: the service's refusal of
// the spec, or its validation record.
func refusal(t evokg.Tool, err error) string {
	if err != nil {
		return evokg.TruncateRunes(evokg.ErrorMessage(err), 600)
	}
	if t.Validated {
		return ""
	}
	v := t.Validation
	var b strings.Builder
	fmt.Fprintf(&b, "%d tests ran, %d passed, %d failed", v.Ran, v.Passed, v.Failed)
	if v.Reason != "" {
		b.WriteString(": " + v.Reason)
	}
	for _, res := range v.Results {
		if res.Passed {
			continue
		}
		fmt.Fprintf(&b, "; input %s expected %s got %s", res.Input, res.Expected, res.Output)
		if res.Error != "" {
			b.WriteString(" (" + res.Error + ")")
		}
	}
	return evokg.TruncateRunes(b.String(), 1200)
}

func testsJSON(tests []evokg.ToolTest) string {
	b, err := json.Marshal(tests)
	if err != nil {
		return "[]"
	}
	return string(b)
}

// maxToolEvidenceRunes bounds one tool call as a success memory records it.
const maxToolEvidenceRunes = 500

// toolEvidence records the tools a harvested answer called: per call, the
// tool, its input and what it returned, with the digest of that text.
func toolEvidence(uses []evokg.ToolUse) []evokg.Evidence {
	var out []evokg.Evidence
	for _, u := range uses {
		text := evokg.TruncateRunes(fmt.Sprintf("%s(%s) = %s", u.Tool, u.Input, u.ResultText()), maxToolEvidenceRunes)
		sum := sha256.Sum256([]byte(text))
		out = append(out, evokg.Evidence{Kind: EvidenceToolCall, Locator: text, SHA256: hex.EncodeToString(sum[:])})
	}
	return out
}

// EvidenceToolCall is the evidence kind of a tool call in a success memory.
const EvidenceToolCall = "tool_call"
