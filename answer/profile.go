package answer

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/retrieval"
)

// TaskTypes reads a task type's declaration (*graph.Graph); a Skills that
// implements it gives each task type its answer mode.
type TaskTypes interface {
	GetTaskType(ctx context.Context, ns, name string) (evokg.TaskType, error)
}

// WithProfiles has s give memory to the learner as the profile stored for
// its model says, and returns s.
func (s *Service) WithProfiles(p evokg.ProfileService) *Service {
	s.profiles = p
	return s
}

// spec is the question's answer mode: the caller's, else the task type's
// declaration, else text.
func (s *Service) spec(ctx context.Context, ns string, q Question) (evokg.AnswerSpec, error) {
	if q.Answer != nil {
		return q.Answer.OrText(), nil
	}
	tt, ok := s.skills.(TaskTypes)
	if !ok || q.TaskType == "" {
		return evokg.AnswerSpec{Mode: evokg.AnswerText}, nil
	}
	t, err := tt.GetTaskType(ctx, ns, q.TaskType)
	if evokg.ErrorCode(err) == evokg.ENOTFOUND {
		return evokg.AnswerSpec{Mode: evokg.AnswerText}, nil
	}
	if err != nil {
		return evokg.AnswerSpec{}, err
	}
	return t.Answer.OrText(), nil
}

// profile is the learner profile the question is answered under: the
// caller's (a calibration's candidate), else the one stored for the
// namespace and learner model, else the default.
func (s *Service) profile(ctx context.Context, ns string, q Question) (evokg.LearnerProfile, error) {
	if q.Profile != nil {
		return *q.Profile, nil
	}
	if s.profiles == nil {
		return evokg.DefaultProfile, nil
	}
	return s.profiles.Profile(ctx, ns, s.Model())
}

// Model is the learner model's name, "" when the learner does not say.
func (s *Service) Model() string {
	if m, ok := s.learner.(interface{ Model() string }); ok {
		return m.Model()
	}
	return ""
}

// presentation is a pack as the profile gives it to the learner: the block
// (always, for the strategies' preliminary calls) and, in the turns
// rendering, the examples and notes of the answer call, with the memories
// each holds.
type presentation struct {
	block      string
	blockShown []uuid.UUID
	turns      bool
	examples   []evokg.WorkedExample
	notes      string
	turnsShown []uuid.UUID
}

// present applies profile p to pack: at most p.Memories memories
// (successes, corrections, principles, then what the other channels found,
// in that order), each cut to p.ItemChars, rendered as p.Render says.
func present(pack *retrieval.Pack, p evokg.LearnerProfile) presentation {
	if p.Memories > 0 || p.ItemChars > 0 {
		limit(pack, p)
		pack.Render()
	}
	out := presentation{block: pack.Rendered, blockShown: pack.Shown}
	if p.Render != evokg.RenderTurns {
		return out
	}
	out.turns = true
	var rest, worked []retrieval.Item
	for _, it := range slices.Concat(pack.Successes, pack.Failures, pack.Structural, pack.Neighbors) {
		if it.Worked == nil {
			rest = append(rest, it)
			continue
		}
		w := it.Worked
		out.examples = append(out.examples, evokg.WorkedExample{Question: w.Question, Reasoning: cut(w.Reasoning, p.ItemChars),
			Expression: w.Expression, Answer: w.Answer})
		out.turnsShown = append(out.turnsShown, it.ID)
		worked = append(worked, it)
	}
	sections := []retrieval.Section{
		retrieval.CriticSection(worked),
		noteSection(retrieval.HeadingPrinciple, pack.Principles),
		noteSection(retrieval.HeadingNeighbors, rest),
	}
	notes, shown := retrieval.Render(append(sections, pack.Sections...), pack.Budget())
	if pack.Facts != "" {
		notes = strings.TrimLeft(notes+"\n\n"+pack.Facts, "\n")
	}
	out.notes, out.turnsShown = notes, union(out.turnsShown, shown)
	return out
}

// union is a followed by the ids of b it lacks.
func union(a, b []uuid.UUID) []uuid.UUID {
	out := slices.Clone(a)
	for _, id := range b {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// limit keeps the first p.Memories memories of the pack's own lists and
// cuts each to p.ItemChars.
func limit(pack *retrieval.Pack, p evokg.LearnerProfile) {
	left := p.Memories
	keep := func(items []retrieval.Item) []retrieval.Item {
		if p.Memories > 0 {
			n := min(left, len(items))
			items, left = items[:n], left-n
		}
		for i := range items {
			items[i].Text = cut(items[i].Text, p.ItemChars)
		}
		return items
	}
	pack.Successes, pack.Failures = keep(pack.Successes), keep(pack.Failures)
	pack.Principles = keep(pack.Principles)
	pack.Structural, pack.Neighbors = keep(pack.Structural), keep(pack.Neighbors)
}

func cut(s string, chars int) string {
	if chars <= 0 {
		return s
	}
	return evokg.TruncateRunes(s, chars)
}

func noteSection(title string, items []retrieval.Item) retrieval.Section {
	s := retrieval.Section{Title: title}
	for _, it := range items {
		s.Entries = append(s.Entries, retrieval.Entry{ID: it.ID, Text: "- " + strings.ReplaceAll(it.Text, "\n", "\n  ")})
	}
	return s
}

// text is what the learner is given from memory, as one string: the block,
// or each worked example and the notes.
func (p presentation) text() string {
	if !p.turns {
		return p.block
	}
	var b strings.Builder
	for _, e := range p.examples {
		fmt.Fprintf(&b, "Q: %s\nReasoning: %s\nExpression: %s\nA: %s\n\n", e.Question, e.Reasoning, e.Expression, e.Answer)
	}
	b.WriteString(p.notes)
	return b.String()
}

// shown are the memories the learner's prompts held: the turns' for an
// answer given from them alone, the block's as well when a strategy's
// preliminary call read the block.
func (p presentation) shown(prelim bool) []uuid.UUID {
	if !p.turns {
		return p.blockShown
	}
	if !prelim {
		return p.turnsShown
	}
	return union(p.blockShown, p.turnsShown)
}

// evaluate turns an expression-mode reply into its value with the built-in
// calculator; an expression it cannot read leaves the expression as the
// answer, which a grader then refuses. A computation followed by the
// learner's own result ("19 * 15 = 265") is evaluated on its left side:
// the tool computes, the learner's arithmetic is not trusted.
func evaluate(reply evokg.AnswerReply) evokg.AnswerReply {
	if reply.Expression == "" {
		return reply
	}
	expr, _, _ := strings.Cut(reply.Expression, "=")
	v, err := Calculate(expr)
	if err != nil {
		reply.Answer = reply.Expression
		return reply
	}
	reply.Answer = v
	return reply
}
