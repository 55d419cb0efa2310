package retrieval

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/vector"
)

// Channel names, as listed in Item.Channels.
const (
	ChannelSemantic   = "semantic"
	ChannelStructural = "structural"
	ChannelGraph      = "graph"
	ChannelLexical    = "lexical"
	ChannelPrinciple  = "principle"
	ChannelProbation  = "probation" // Request.Include: a memory on probation, shown on purpose
)

// Parts are the components of an item's composite score, before weighting.
type Parts struct {
	Semantic   float64 `json:"semantic"`
	Structural float64 `json:"structural"`
	Proximity  float64 `json:"proximity"`
	Quality    float64 `json:"quality"`
	Recency    float64 `json:"recency"`
	// Utility is u − 0.5: the memory's utility, centred (see Weights).
	Utility float64 `json:"utility"`
	// Lexical is the lexical score relative to the query's best lexical
	// match: 1 for the best, 0 when the lexical channel did not find it.
	Lexical float64 `json:"lexical"`
}

// Item is one memory of a pack, with the channels that found it and its score.
type Item struct {
	ID          uuid.UUID         `json:"id"`
	Outcome     evokg.Outcome     `json:"outcome"`
	FailureKind evokg.FailureKind `json:"failure_kind,omitempty"`
	TaskType    string            `json:"task_type"`
	Text        string            `json:"text"`
	Score       float64           `json:"score"`
	Parts       Parts             `json:"parts"`
	Channels    []string          `json:"channels"`
	// State is whether the memory is served: active in every pack a client
	// gets, probationary only in a probation replay (Request.Include).
	State evokg.MemoryState `json:"state"`
	// Utility is the memory's evidence: live counts, replay counts, score.
	Utility evokg.Utility `json:"utility"`
	// CriticNote is the Critic's note on the task type a success was
	// harvested from, rendered once per pack (CriticSection).
	CriticNote string `json:"critic_note,omitempty"`
	// Worked is the memory as a worked example, for a rendering as chat
	// turns: set on successes and corrections that hold a question.
	Worked    *Worked   `json:"-"`
	included  bool      // put first by Request.Include
	embedding []float32 // from the index searches; nil for items found only by the graph
}

// Allocation is how many successes and failures a pack holds (κ).
type Allocation struct {
	Successes int `json:"successes"`
	Failures  int `json:"failures"`
}

// Pack is a memory pack: what one question gets from memory.
type Pack struct {
	Successes  []Item `json:"successes"`
	Failures   []Item `json:"failures"`
	Principles []Item `json:"principles"`
	// Structural and Neighbors hold the success and failure memories those
	// channels found beyond the items already placed in Successes and
	// Failures (each item appears once); they are rendered after them.
	Structural []Item `json:"structural"`
	Neighbors  []Item `json:"neighbors"`
	// Sections are what other components add after the pack's items (the
	// cascade's plan, principles and recipes).
	Sections []Section `json:"sections,omitempty"`
	// Facts is a block written last, whole, whose room is kept before the
	// rest is rendered (the cascade's environment facts).
	Facts string `json:"facts,omitempty"`
	// CharBudget bounds Rendered, in characters. Default DefaultCharBudget.
	CharBudget int `json:"char_budget"`
	// Rendered is the prompt block (Render), Shown the memories whose text
	// it holds, whole or cut: the ids the pack reports as used.
	Rendered   string      `json:"rendered"`
	Shown      []uuid.UUID `json:"shown"`
	Allocation Allocation  `json:"allocation"`
	Strategy   string      `json:"strategy"`
	TookMS     float64     `json:"took_ms"`
	// Excluded are the memories the request left out (Request.Exclude):
	// no component added later shows them either.
	Excluded []uuid.UUID `json:"-"`
}

// Holds reports whether the pack holds memory id in any of its lists.
func (p *Pack) Holds(id uuid.UUID) bool { return slices.Contains(p.ids(), id) }

// Allocate is the format-conditioned allocation κ (MAGE): a context of at
// most ShortContextChars characters gets 2 successes + 1 failure (2 + 2 when
// ExtendedShortText), a longer one 1 success + 2 failures. ModeAPEX always
// gets P+ top-3 and P− top-2.
func (c Config) Allocate(mode, context string) Allocation {
	switch {
	case mode == ModeAPEX:
		return Allocation{Successes: 3, Failures: 2}
	case utf8.RuneCountInString(context) > c.ShortContextChars:
		return Allocation{Successes: 1, Failures: 2}
	case c.ExtendedShortText:
		return Allocation{Successes: 2, Failures: 2}
	default:
		return Allocation{Successes: 2, Failures: 1}
	}
}

// Score is the composite score α·sem + β·σ + γ·prox + δ·q + ε·recency +
// ζ·(u − 0.5) + λ·lex.
func (w Weights) Score(p Parts) float64 {
	return w.Alpha*p.Semantic + w.Beta*p.Structural + w.Gamma*p.Proximity + w.Delta*p.Quality + w.Epsilon*p.Recency +
		w.Zeta*p.Utility + w.Lambda*p.Lexical
}

// Recency is 0.5^(age/halfLife): 1 for a memory written now.
func Recency(created, now time.Time, halfLife time.Duration) float64 {
	age := now.Sub(created)
	if age <= 0 {
		return 1
	}
	return math.Exp2(-float64(age) / float64(halfLife))
}

// Proximity is 1/hops for a graph neighbour, 0 when unreached.
func Proximity(hops int) float64 {
	if hops <= 0 {
		return 0
	}
	return 1 / float64(hops)
}

// candidates merges the items found by every channel, one per experience.
type candidates struct {
	byID  map[uuid.UUID]*Item
	order []uuid.UUID
	// example is the signature of the nearest memory the semantic channel
	// found that has one: the structural channel's query when the request's
	// signature is missing or matches nothing.
	example []string
}

func newCandidates() *candidates { return &candidates{byID: map[uuid.UUID]*Item{}} }

// add merges it into the set: a second sighting adds its channel and keeps
// the larger value of each score part.
func (cs *candidates) add(it Item) {
	cur, ok := cs.byID[it.ID]
	if !ok {
		cp := it
		cp.Channels = slices.Clone(it.Channels)
		cs.byID[it.ID] = &cp
		cs.order = append(cs.order, it.ID)
		return
	}
	for _, ch := range it.Channels {
		if !slices.Contains(cur.Channels, ch) {
			cur.Channels = append(cur.Channels, ch)
		}
	}
	cur.Parts = maxParts(cur.Parts, it.Parts)
	cur.included = cur.included || it.included
	if cur.Text == "" {
		cur.Text, cur.Worked, cur.CriticNote = it.Text, it.Worked, it.CriticNote
	}
}

func maxParts(a, b Parts) Parts {
	return Parts{
		Semantic:   max(a.Semantic, b.Semantic),
		Structural: max(a.Structural, b.Structural),
		Proximity:  max(a.Proximity, b.Proximity),
		Quality:    max(a.Quality, b.Quality),
		Recency:    max(a.Recency, b.Recency),
		Utility:    a.Utility, // one memory, one utility
		Lexical:    max(a.Lexical, b.Lexical),
	}
}

// ranked scores every candidate and returns them best first; ties break on
// the id so that packs are stable.
func (cs *candidates) ranked(w Weights) []Item {
	out := make([]Item, 0, len(cs.order))
	for _, id := range cs.order {
		it := *cs.byID[id]
		it.Score = w.Score(it.Parts)
		slices.Sort(it.Channels)
		out = append(out, it)
	}
	sortItems(out)
	return out
}

// sortItems orders items best first: included ones (a probation replay's)
// first, then by score, then by id.
func sortItems(items []Item) {
	slices.SortStableFunc(items, func(a, b Item) int {
		if a.included != b.included {
			if a.included {
				return -1
			}
			return 1
		}
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID.String(), b.ID.String())
	})
}

// selection splits ranked candidates into the pack's lists.
type selection struct {
	successes, failures, structural, neighbors []Item
}

// selectItems fills the allocation with the best successes and failures;
// type_strategy failures need semantic similarity ≥ typeStrategyMin. A
// memory a probation replay includes is placed beside the allocation, so
// the pack holds every memory it would hold without it. The
// success and failure memories the structural and graph channels found
// beyond that are kept (up to k each), under the same rule; what is neither
// (recipes, patterns, principles reached through the graph) is not, since no
// section of the prompt shows it.
func selectItems(ranked []Item, alloc Allocation, typeStrategyMin float64, k int) selection {
	var s selection
	for _, it := range ranked {
		if !usable(it, typeStrategyMin) {
			continue
		}
		switch {
		case it.included && it.Outcome == evokg.OutcomeSuccess:
			s.successes = append(s.successes, it)
			alloc.Successes++
		case it.included:
			s.failures = append(s.failures, it)
			alloc.Failures++
		case it.Outcome == evokg.OutcomeSuccess && len(s.successes) < alloc.Successes:
			s.successes = append(s.successes, it)
		case it.Outcome == evokg.OutcomeFailure && len(s.failures) < alloc.Failures:
			s.failures = append(s.failures, it)
		case slices.Contains(it.Channels, ChannelStructural) && len(s.structural) < k:
			s.structural = append(s.structural, it)
		case slices.Contains(it.Channels, ChannelGraph) && len(s.neighbors) < k:
			s.neighbors = append(s.neighbors, it)
		}
	}
	return s
}

// usable reports whether a ranked candidate may enter a pack: a success, or
// a failure the type_strategy rule allows.
func usable(it Item, typeStrategyMin float64) bool {
	if it.included {
		return it.Outcome == evokg.OutcomeSuccess || it.Outcome == evokg.OutcomeFailure
	}
	switch it.Outcome {
	case evokg.OutcomeSuccess:
		return true
	case evokg.OutcomeFailure:
		return failureAllowed(it, typeStrategyMin)
	}
	return false
}

func failureAllowed(it Item, typeStrategyMin float64) bool {
	return it.FailureKind != evokg.FailureTypeStrategy || it.Parts.Semantic >= typeStrategyMin
}

// hitItem turns an index hit into an item found by channel.
func (r *Retriever) hitItem(h vector.Hit, channel string, now time.Time) Item {
	return Item{
		ID:          h.ID,
		Outcome:     h.Outcome,
		FailureKind: h.FailureKind,
		TaskType:    h.TaskType,
		Text:        itemText(h, r.cfg.ItemChars),
		Parts: Parts{
			Quality: h.Quality,
			Recency: Recency(h.CreatedAt, now, r.cfg.RecencyHalfLife),
			Utility: h.Utility.Score - 0.5,
		},
		Channels:   []string{channel},
		CriticNote: criticNote(h, r.cfg.ItemChars),
		State:      h.Utility.State,
		Utility:    h.Utility,
		Worked:     worked(h, r.cfg.ItemChars),
		embedding:  h.Embedding,
	}
}

// Worked is a memory as a worked example: the question and the reply the
// learner should have given. A success gives its own reasoning and
// answer; a correction its correction and the right answer.
type Worked struct {
	Question   string
	Reasoning  string
	Expression string
	Answer     string
}

func worked(h vector.Hit, cotChars int) *Worked {
	p := h.Payload
	if p.Question == "" || p.Answer == "" {
		return nil
	}
	switch h.Outcome {
	case evokg.OutcomeSuccess:
		return &Worked{Question: p.Question, Reasoning: evokg.TruncateRunes(p.ChainOfThought, cotChars), Expression: p.Expression, Answer: p.Answer}
	case evokg.OutcomeFailure:
		return &Worked{Question: p.Question, Reasoning: evokg.TruncateRunes(p.Content, cotChars), Expression: p.Expression, Answer: p.Answer}
	}
	return nil
}

// criticNote is the Critic's note a success carries, cut to chars.
func criticNote(h vector.Hit, chars int) string {
	if h.Outcome != evokg.OutcomeSuccess {
		return ""
	}
	return evokg.TruncateRunes(strings.TrimSpace(h.Payload.CriticNote), chars)
}

// itemText is the readable payload of a memory. An exemplar shows its
// question, its (skill, step_output) steps when it was decomposed, else its
// (cut) reasoning, and its answer. A correction or principle shows its
// content, the question and reasoning it corrects, and the failure's error
// registry and patch reflections (APEX-EM's P− annotations).
func itemText(h vector.Hit, cotChars int) string {
	p := h.Payload
	var t textLines
	t.line("Question: ", p.Question)
	if h.Outcome == evokg.OutcomeFailure || h.Outcome == evokg.OutcomePrinciple {
		t.line("", p.Content)
		t.line("Reasoning: ", evokg.TruncateRunes(p.ChainOfThought, cotChars))
		t.line("Expression: ", p.Expression)
		t.line("Answer: ", p.Answer)
		t.errors(p.Errors, cotChars)
		t.patches(p.Patches, cotChars)
		return t.String()
	}
	if len(p.SkillSteps) > 1 {
		t.steps(p.SkillSteps, cotChars)
	} else {
		t.line("Reasoning: ", evokg.TruncateRunes(p.ChainOfThought, cotChars))
	}
	t.line("Expression: ", p.Expression)
	t.line("Answer: ", p.Answer)
	t.line("", p.Content)
	return t.String()
}

// textLines builds an item's text line by line, skipping empty values.
type textLines struct{ strings.Builder }

func (t *textLines) line(label, s string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return
	}
	if t.Len() > 0 {
		t.WriteString("\n")
	}
	t.WriteString(label)
	t.WriteString(s)
}

// steps writes a success's (skill, step_output) sequence, outputs cut so
// that together they stay within chars.
func (t *textLines) steps(steps []evokg.SkillStep, chars int) {
	per := max(chars/len(steps), 40)
	lines := make([]string, len(steps))
	for i, s := range steps {
		lines[i] = fmt.Sprintf("%d. [%s] %s", i+1, s.Skill, evokg.TruncateRunes(strings.TrimSpace(s.Output), per))
	}
	t.line("Steps:\n", strings.Join(lines, "\n"))
}

// errors writes the error registry: class, where, root cause and recovery.
func (t *textLines) errors(errs []evokg.ErrorRecord, chars int) {
	for _, e := range errs {
		var b strings.Builder
		b.WriteString(e.ErrorClass)
		if e.Where != "" {
			b.WriteString(" at " + e.Where)
		}
		if e.RootCause != "" {
			b.WriteString("; root cause: " + evokg.TruncateRunes(e.RootCause, chars))
		}
		if e.RecoveryProcedure != "" {
			b.WriteString("; recovery: " + evokg.TruncateRunes(e.RecoveryProcedure, chars))
		}
		if e.RecoveryOutcome != "" {
			b.WriteString(" (" + e.RecoveryOutcome + ")")
		}
		t.line("Error: ", b.String())
	}
}

// patches writes the patch reflections: the fix, when it applies and why.
func (t *textLines) patches(patches []evokg.PatchReflection, chars int) {
	for _, p := range patches {
		s := evokg.TruncateRunes(p.Patch, chars)
		if p.TriggerSignature != "" {
			s += "; when: " + p.TriggerSignature
		}
		if p.Rationale != "" {
			s += "; why: " + evokg.TruncateRunes(p.Rationale, chars)
		}
		t.line("Patch: ", s)
	}
}
