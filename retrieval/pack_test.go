package retrieval

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

func TestAllocateAtTheShortContextBoundary(t *testing.T) {
	t.Parallel()
	// "é" is two bytes: a 300-rune context is 600 bytes and still short.
	ctx := func(n int) string { return strings.Repeat("é", n) }
	tests := []struct {
		name     string
		cfg      Config
		mode     string
		context  string
		succ, fl int
	}{
		{"empty", Config{}, ModeMAGE, "", 2, 1},
		{"300 runes, 600 bytes", Config{}, ModeMAGE, ctx(300), 2, 1},
		{"499", Config{}, ModeMAGE, ctx(499), 2, 1},
		{"500", Config{}, ModeMAGE, ctx(500), 2, 1},
		{"501", Config{}, ModeMAGE, ctx(501), 1, 2},
		{"extended 499", Config{ExtendedShortText: true}, ModeMAGE, ctx(499), 2, 2},
		{"extended 500", Config{ExtendedShortText: true}, ModeMAGE, ctx(500), 2, 2},
		{"extended 501", Config{ExtendedShortText: true}, ModeMAGE, ctx(501), 1, 2},
		{"apex short", Config{}, ModeAPEX, ctx(10), 3, 2},
		{"apex long", Config{}, ModeAPEX, ctx(900), 3, 2},
		{"custom threshold", Config{ShortContextChars: 10}, ModeMAGE, ctx(11), 1, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.cfg.WithDefaults().Allocate(tt.mode, tt.context)
			require.Equal(t, Allocation{Successes: tt.succ, Failures: tt.fl}, got)
		})
	}
}

func TestCompositeScore(t *testing.T) {
	t.Parallel()
	w := Weights{Alpha: 0.5, Beta: 0.2, Gamma: 0.1, Delta: 0.15, Epsilon: 0.05}
	p := Parts{Semantic: 0.8, Structural: 1, Proximity: 0.5, Quality: 0.9, Recency: 0.25}
	require.InDelta(t, 0.5*0.8+0.2*1+0.1*0.5+0.15*0.9+0.05*0.25, w.Score(p), 1e-12)
	require.InDelta(t, 1.0, DefaultWeights.Score(Parts{1, 1, 1, 1, 1, 0, 0}), 1e-12, "α…ε sum to 1; no utility evidence adds nothing")
	require.InDelta(t, 0.25, DefaultWeights.Score(Parts{Lexical: 1}), 1e-12, "the best lexical match adds λ")

	// Utility: a memory right in 1 of 9 answers that showed it (u = 2/11)
	// against one right in 8 of 9 (u = 9/11), equal otherwise.
	hurts := evokg.UtilityScore(1, 8, 0, 0)
	helps := evokg.UtilityScore(8, 1, 0, 0)
	require.InDelta(t, 2.0/11, hurts, 1e-12)
	require.InDelta(t, 9.0/11, helps, 1e-12)
	same := Parts{Semantic: 0.8, Quality: 1, Recency: 1}
	a, b := same, same
	a.Utility, b.Utility = hurts-0.5, helps-0.5
	require.InDelta(t, 0.2*(9.0/11-2.0/11), DefaultWeights.Score(b)-DefaultWeights.Score(a), 1e-12)
	// The helpful one outranks a hurtful one up to 0.28 more similar.
	a.Semantic += 0.28
	require.Greater(t, DefaultWeights.Score(b), DefaultWeights.Score(a))
}

func TestRecencyAndProximity(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	require.InDelta(t, 1, Recency(now, now, 30*day), 1e-12)
	require.InDelta(t, 1, Recency(now.Add(time.Hour), now, 30*day), 1e-12, "clock skew counts as new")
	require.InDelta(t, 0.5, Recency(now.Add(-30*day), now, 30*day), 1e-12)
	require.InDelta(t, 0.25, Recency(now.Add(-60*day), now, 30*day), 1e-12)
	require.Equal(t, 1.0, Proximity(1))
	require.Equal(t, 0.5, Proximity(2))
	require.Equal(t, 0.0, Proximity(0))
}

func TestCandidatesDeduplicateAcrossChannels(t *testing.T) {
	t.Parallel()
	id := evokg.NewID()
	cs := newCandidates()
	cs.add(Item{ID: id, Outcome: evokg.OutcomeSuccess, Text: "x", Channels: []string{ChannelSemantic},
		Parts: Parts{Semantic: 0.7, Quality: 0.9, Recency: 0.5}})
	cs.add(Item{ID: id, Outcome: evokg.OutcomeSuccess, Channels: []string{ChannelStructural, ChannelGraph},
		Parts: Parts{Structural: 0.8, Proximity: 0.5, Quality: 0.9, Recency: 0.5}})
	cs.add(Item{ID: id, Outcome: evokg.OutcomeSuccess, Channels: []string{ChannelGraph}, Parts: Parts{Proximity: 1}})
	other := evokg.NewID()
	cs.add(Item{ID: other, Outcome: evokg.OutcomeSuccess, Channels: []string{ChannelSemantic}, Parts: Parts{Semantic: 0.1}})

	ranked := cs.ranked(DefaultWeights)
	require.Len(t, ranked, 2)
	it := ranked[0]
	require.Equal(t, id, it.ID)
	require.Equal(t, []string{ChannelGraph, ChannelSemantic, ChannelStructural}, it.Channels)
	require.Equal(t, Parts{Semantic: 0.7, Structural: 0.8, Proximity: 1, Quality: 0.9, Recency: 0.5}, it.Parts)
	require.Equal(t, "x", it.Text)
	require.InDelta(t, DefaultWeights.Score(it.Parts), it.Score, 1e-12)
}

func TestSelectItemsTypeStrategyThreshold(t *testing.T) {
	t.Parallel()
	mk := func(kind evokg.FailureKind, sem float64) Item {
		return Item{ID: evokg.NewID(), Outcome: evokg.OutcomeFailure, FailureKind: kind, Channels: []string{ChannelSemantic},
			Parts: Parts{Semantic: sem}, Score: sem}
	}
	below := mk(evokg.FailureTypeStrategy, 0.549)
	at := mk(evokg.FailureTypeStrategy, 0.55)
	specificLow := mk(evokg.FailureSpecific, 0.1)
	ranked := []Item{below, at, specificLow}
	sel := selectItems(ranked, Allocation{Successes: 2, Failures: 5}, 0.55, 3)
	require.Equal(t, []uuid.UUID{at.ID, specificLow.ID}, itemIDs(sel.failures))

	// Found only structurally (no semantic similarity): a type_strategy
	// failure still needs 0.55, in the structural list too.
	structural := Item{ID: evokg.NewID(), Outcome: evokg.OutcomeFailure, FailureKind: evokg.FailureTypeStrategy,
		Channels: []string{ChannelStructural}, Parts: Parts{Structural: 1}, Score: 1}
	sel = selectItems([]Item{structural}, Allocation{Failures: 2}, 0.55, 3)
	require.Empty(t, sel.failures)
	require.Empty(t, sel.structural, "the rule holds for every list of the pack")
}

func TestSelectItemsFillsTheAllocation(t *testing.T) {
	t.Parallel()
	var ranked []Item
	for i := range 4 {
		ranked = append(ranked, Item{ID: evokg.NewID(), Outcome: evokg.OutcomeSuccess, Channels: []string{ChannelSemantic}, Score: 1 - float64(i)/10})
		ranked = append(ranked, Item{ID: evokg.NewID(), Outcome: evokg.OutcomeFailure, FailureKind: evokg.FailureSpecific,
			Channels: []string{ChannelSemantic}, Score: 0.9 - float64(i)/10})
	}
	graphOnly := Item{ID: evokg.NewID(), Outcome: evokg.OutcomeSuccess, Channels: []string{ChannelGraph}, Score: 0.01}
	recipe := Item{ID: evokg.NewID(), Outcome: evokg.OutcomeRecipe, Channels: []string{ChannelGraph}}
	sel := selectItems(append(ranked, graphOnly, recipe), Allocation{Successes: 1, Failures: 2}, 0.55, 3)
	require.Equal(t, []uuid.UUID{ranked[0].ID}, itemIDs(sel.successes))
	require.Equal(t, []uuid.UUID{ranked[1].ID, ranked[3].ID}, itemIDs(sel.failures))
	require.Equal(t, []uuid.UUID{graphOnly.ID}, itemIDs(sel.neighbors), "no prompt section shows a recipe: it is not kept")
}

// render renders a pack of the given lists within budget.
func render(p Pack, budget int) *Pack {
	p.CharBudget = budget
	p.Render()
	return &p
}

func item(text string) Item {
	return Item{ID: evokg.NewID(), Outcome: evokg.OutcomeSuccess, Text: text}
}

func TestRenderOrderAndBudget(t *testing.T) {
	t.Parallel()
	s := []Item{item("Question: S1?\nAnswer: 1"), item("Question: S2?\nAnswer: 2")}
	f := []Item{{ID: evokg.NewID(), Text: "F1 correction", Outcome: evokg.OutcomeFailure, FailureKind: evokg.FailureTypeStrategy},
		{ID: evokg.NewID(), Text: "F2 correction", Outcome: evokg.OutcomeFailure, FailureKind: evokg.FailureSpecific}}
	p := []Item{{ID: evokg.NewID(), Text: "P1 principle"}}
	st := []Item{{ID: evokg.NewID(), Text: "ST1 analogue", Outcome: evokg.OutcomeFailure, FailureKind: evokg.FailureSpecific}}
	nb := []Item{item("NB1 neighbour")}
	extra := Section{Title: "Extra:", Entries: []Entry{{Text: "a line"}, {ID: evokg.NewID(), Text: "a memory"}}}
	pack := render(Pack{Successes: s, Failures: f, Principles: p, Structural: st, Neighbors: nb, Sections: []Section{extra}}, 4000)
	want := `Successful examples (follow these approaches):
1. Question: S1?
   Answer: 1
2. Question: S2?
   Answer: 2

Failure corrections (avoid these mistakes):
1. [type strategy] F1 correction
2. [specific] F2 correction

Principles:
- P1 principle

Related procedures (structurally similar):
1. [correction, specific] ST1 analogue

Related memories (graph):
1. [success] NB1 neighbour

Extra:
a line
a memory`
	require.Equal(t, want, pack.Rendered)
	require.Equal(t, []uuid.UUID{s[0].ID, s[1].ID, f[0].ID, f[1].ID, p[0].ID, st[0].ID, nb[0].ID, extra.Entries[1].ID}, pack.Shown,
		"every memory written, in order; a line that is no memory is not one")
	again := render(Pack{Successes: s, Failures: f, Principles: p, Structural: st, Neighbors: nb, Sections: []Section{extra}}, 4000)
	require.Equal(t, pack.Rendered, again.Rendered, "stable")
}

func TestRenderCutsAtTheBudgetInRunes(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("ü", 300) // 600 bytes
	s := []Item{item("short"), item(long)}
	f := []Item{{ID: evokg.NewID(), Outcome: evokg.OutcomeFailure, Text: "never reached"}}
	pack := render(Pack{Successes: s, Failures: f}, 200)
	out := pack.Rendered
	require.LessOrEqual(t, utf8.RuneCountInString(out), 200)
	require.Greater(t, utf8.RuneCountInString(out), 150, "the second item is cut, not dropped")
	require.True(t, strings.HasSuffix(out, "…"))
	require.NotContains(t, out, "never reached")
	require.True(t, utf8.ValidString(out))
	require.Equal(t, []uuid.UUID{s[0].ID, s[1].ID}, pack.Shown, "a cut item was shown; one never reached was not")

	// Too little room left for a useful partial item: stop cleanly.
	first := item(strings.Repeat("a", 90))
	pack = render(Pack{Successes: []Item{first, item(long)}}, 170)
	require.NotContains(t, pack.Rendered, "ü")
	require.False(t, strings.HasSuffix(pack.Rendered, "…"))
	require.Equal(t, []uuid.UUID{first.ID}, pack.Shown)

	// No room for a section's first entry: no heading alone either.
	pack = render(Pack{Successes: []Item{first}, Failures: f}, 140)
	require.NotContains(t, pack.Rendered, "Failure corrections")
	require.Equal(t, []uuid.UUID{first.ID}, pack.Shown)
}

// The environment facts keep their room: written last and whole, the
// memories filling what is left of the budget.
func TestRenderKeepsTheFactsRoom(t *testing.T) {
	t.Parallel()
	facts := "Facts:\n- " + strings.Repeat("f", 60)
	s := []Item{item(strings.Repeat("a", 100)), item(strings.Repeat("b", 100))}
	pack := render(Pack{Successes: s, Facts: facts}, 320)
	require.LessOrEqual(t, utf8.RuneCountInString(pack.Rendered), 320)
	require.True(t, strings.HasSuffix(pack.Rendered, "\n\n"+facts))
	require.Contains(t, pack.Rendered, strings.Repeat("b", 20)+"…", "the second success is cut for the facts")
	require.Equal(t, []uuid.UUID{s[0].ID, s[1].ID}, pack.Shown)

	pack = render(Pack{Facts: strings.Repeat("x", 200)}, 150)
	require.Empty(t, pack.Rendered, "facts longer than the budget are not written")
	require.Empty(t, pack.Shown)
}

func TestConfigDefaultsAndValidation(t *testing.T) {
	t.Parallel()
	c := Config{}.WithDefaults()
	require.NoError(t, c.Validate())
	require.Equal(t, 3, c.K)
	require.Equal(t, 500, c.ShortContextChars)
	require.Equal(t, 0.55, c.TypeStrategyMin)
	require.Equal(t, 0.6, c.StructuralThreshold)
	require.Equal(t, DefaultWeights, c.Weights)
	require.Equal(t, ScopeSameTaskType, c.StructuralScope, "MAGE never retrieves across task types")
	require.Equal(t, DefaultCharBudget, c.CharBudget)

	bad := Config{K: -1, StructuralThreshold: 2, Weights: Weights{Alpha: -1}}.WithDefaults()
	err := bad.Validate()
	require.ErrorContains(t, err, "K -1")
	require.ErrorContains(t, err, "structural threshold 2")
	require.ErrorContains(t, err, "weights must not be negative")
}

// fakeGraph is an in-test GraphSource returning fixed answers.
type fakeGraph struct {
	matches   []evokg.SignatureMatch
	neighbors []evokg.Neighbor
}

func (g fakeGraph) SignatureMatches(context.Context, string, string, []string, float64, int) ([]evokg.SignatureMatch, error) {
	return g.matches, nil
}

func (g fakeGraph) Neighbors(context.Context, string, []uuid.UUID, int) ([]evokg.Neighbor, error) {
	return g.neighbors, nil
}

func TestStructuralChannelThreshold(t *testing.T) {
	t.Parallel()
	sig := []string{"a", "b", "c", "d", "e"}
	exact := evokg.SignatureMatch{ExperienceID: evokg.NewID(), TaskType: "t", Signature: []string{"a", "b", "c", "d", "e"}}
	at := evokg.SignatureMatch{ExperienceID: evokg.NewID(), TaskType: "t", Signature: []string{"a", "x", "c", "y", "e"}}         // 3/5 = 0.6
	below := evokg.SignatureMatch{ExperienceID: evokg.NewID(), TaskType: "t", Signature: []string{"a", "x", "y", "z", "w", "e"}} // 2/5 = 0.4
	otherType := evokg.SignatureMatch{ExperienceID: evokg.NewID(), TaskType: "u", Signature: sig}
	g := fakeGraph{matches: []evokg.SignatureMatch{exact, at, below, otherType}}
	for scope, n := range map[string]int{ScopeSameTaskType: 2, ScopeAll: 3} {
		r := New(Config{StructuralScope: scope}, nil, g, nil, nil)
		found := map[uuid.UUID]Parts{}
		require.NoError(t, r.structural(context.Background(), Request{Namespace: "n", TaskType: "t"}, sig, found))
		require.Len(t, found, n, scope)
		require.Equal(t, 1.0, found[exact.ExperienceID].Structural)
		require.InDelta(t, 0.6, found[at.ExperienceID].Structural, 1e-12)
	}
}

func TestGraphChannelProximity(t *testing.T) {
	t.Parallel()
	one, two, far, other := evokg.NewID(), evokg.NewID(), evokg.NewID(), evokg.NewID()
	g := fakeGraph{neighbors: []evokg.Neighbor{
		{ExperienceID: two, TaskType: "t", Hops: 2},
		{ExperienceID: one, TaskType: "t", Hops: 1},
		{ExperienceID: two, TaskType: "t", Hops: 1}, // reached again closer
		{ExperienceID: far, TaskType: "t", Hops: 3},
		{ExperienceID: other, TaskType: "u", Hops: 1},
	}}
	r := New(Config{}, nil, g, nil, nil)
	found := map[uuid.UUID]Parts{}
	require.NoError(t, r.neighbors(context.Background(), Request{Namespace: "n", TaskType: "t"}, []uuid.UUID{evokg.NewID()}, found))
	require.Equal(t, map[uuid.UUID]Parts{one: {Proximity: 1}, two: {Proximity: 1}}, found)
}

func TestEmbedCacheEvictsLeastRecent(t *testing.T) {
	t.Parallel()
	c := newEmbedCache(2)
	c.put("a", []float32{1})
	c.put("b", []float32{2})
	_, ok := c.get("a") // a is now the most recent
	require.True(t, ok)
	c.put("c", []float32{3})
	_, ok = c.get("b")
	require.False(t, ok)
	v, ok := c.get("a")
	require.True(t, ok)
	require.Equal(t, []float32{1}, v)
}

// A Critic note is no memory: writing it counts no memory as shown. A
// carrier is shown when its own text is written, and listed once however
// often it is written.
func TestCriticNoteCountsNoMemoryAsShown(t *testing.T) {
	t.Parallel()
	s := item("Question: S1?\nAnswer: 1")
	s.CriticNote = "mind the carry"
	st := item(strings.Repeat("s", 200))
	st.CriticNote = "count the rows first"
	again := Section{Title: "Plan:", Entries: []Entry{{ID: s.ID, Text: "S1 again"}}}
	pack := render(Pack{Successes: []Item{s}, Structural: []Item{st}, Sections: []Section{again}}, 4000)
	require.Equal(t, 1, strings.Count(pack.Rendered, "mind the carry"), pack.Rendered)
	require.Equal(t, []uuid.UUID{s.ID, st.ID}, pack.Shown, "each carrier once, for its own text")

	notes := strings.Index(pack.Rendered, HeadingStructure)
	pack = render(Pack{Successes: []Item{s}, Structural: []Item{st}}, notes+20)
	require.Contains(t, pack.Rendered, "count the rows first", "the note of the structural memory is written")
	require.NotContains(t, pack.Rendered, "sss", "its carrier is not")
	require.Equal(t, []uuid.UUID{s.ID}, pack.Shown, "a note alone does not show its carrier")
}
