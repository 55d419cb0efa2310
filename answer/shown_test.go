package answer_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/vector"
)

// shownQuestion is the question every arm answers; it names no marker.
const shownQuestion = "How many apples are in 7 baskets of 12 apples?"

// markerPattern finds the marker each seeded memory's text starts with.
var markerPattern = regexp.MustCompile(`MEM-\d{2}\b`)

// shownBundle is the learner layer with the cascade on, over a
// namespace seeded with memories for every channel and cascade component,
// each text starting with its own marker.
type shownBundle struct {
	t       *testing.T
	ns      string
	fake    *ollamafake.Server
	models  *llm.Models
	graph   *graph.Graph
	store   *vector.Store
	casc    *cascade.Builder
	markers map[string]uuid.UUID
	kinds   map[string]string // what each marker's memory is, for the messages
	next    int
	dirs    int // next basis vector orthogonal to the question's embedding
}

func setupShown(t *testing.T) *shownBundle {
	t.Helper()
	pool := testenv.Postgres(t)
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	g, err := graph.Open(t.Context(), graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(t.Context()) })
	schemaOnce.Do(func() { schemaErr = g.ApplySchema(t.Context()) })
	require.NoError(t, schemaErr)
	fake := ollamafake.New(ollamafake.Options{Rules: []ollamafake.Rule{{Task: "answer", Reply: answerReply}}})
	models, err := llm.New(llm.Config{BaseURL: fake.Start(t)}, &http.Client{Timeout: time.Minute}, nil, logger)
	require.NoError(t, err)
	casc, err := cascade.New(cascade.Config{Components: allComponents}, g, pool)
	require.NoError(t, err)
	return &shownBundle{t: t, ns: testenv.Namespace(t), fake: fake, models: models, graph: g,
		store: vector.NewStore(pool, memtest.Dim), casc: casc, markers: map[string]uuid.UUID{}, kinds: map[string]string{}, dirs: memtest.Dim - 1}
}

// service is the learner layer with a retriever of cfg and the cascade.
func (b *shownBundle) service(cfg retrieval.Config, arm string) *answer.Service {
	retriever := retrieval.New(cfg, b.store, b.graph, b.models.Embedder(), testenv.Logger(b.t))
	return answer.New(b.models.Learner(), retriever, b.casc, fixedArms{arm, bandit.StrategyDirectCoT}, b.graph)
}

// marker returns a new marker for a memory of kind.
func (b *shownBundle) marker(kind string) string {
	b.next++
	m := fmt.Sprintf("MEM-%02d", b.next)
	b.kinds[m] = kind
	return m
}

// near is a unit vector whose cosine with the question's embedding is cos.
func (b *shownBundle) near(cos float64) []float32 {
	q := ollamafake.Embed(shownQuestion, memtest.Dim)
	for q[b.dirs] != 0 {
		b.dirs--
	}
	v := make([]float32, len(q))
	for i, x := range q {
		v[i] = float32(cos) * x
	}
	v[b.dirs] = float32(math.Sqrt(1 - cos*cos))
	b.dirs--
	return v
}

// memory commits and projects a memory whose text starts with a new marker
// (its question, or its content when it has none).
func (b *shownBundle) memory(kind string, m memtest.Memory, cos float64, derivedFrom ...uuid.UUID) *evokg.Experience {
	b.t.Helper()
	mark := b.marker(kind)
	if m.Question != "" {
		m.Question = mark + " " + m.Question
	} else {
		m.Content = mark + " " + m.Content
	}
	m.Namespace, m.Vec = b.ns, b.near(cos)
	exp := memtest.Insert(b.t, testenv.Postgres(b.t), b.store, m)
	exp.DerivedFrom = derivedFrom
	require.NoError(b.t, b.graph.ProjectExperience(b.t.Context(), exp, nil))
	b.markers[mark] = exp.ID
	return exp
}

var shownSignature = []string{"read_quantities", "multiply", "report"}

// seed writes memories for every channel: semantic successes and failures
// (a type_strategy one under 0.55 too), structural matches of the question's
// signature (one of another task type), graph neighbours (a success, a
// recipe, one of another task type), a principle of the task type's
// principle index, a prerequisite skill's principle (cascade A) and a
// recent success only the recipes (cascade B) show.
func (b *shownBundle) seed() {
	t := b.t
	steps := func(n, size int) []evokg.SkillStep { // long enough for a small budget to cut the second success
		return []evokg.SkillStep{
			{Skill: "counting", Output: fmt.Sprintf("There are %d groups and every group holds %d; the groups are all of the same size, so no group is counted apart.", n, size)},
			{Skill: "multiplying", Output: fmt.Sprintf("%d groups of %d make %d x %d = %d; check by adding %d, %d times over, which gives the same total.", n, size, n, size, n*size, size, n)},
		}
	}
	s1 := b.memory("semantic success", memtest.Memory{Question: "How many pears in 6 crates of 9?", SkillSteps: steps(6, 9)}, 0.9)
	b.memory("semantic success", memtest.Memory{Question: "How many eggs in 4 boxes of 6?", SkillSteps: steps(4, 6)}, 0.8)
	b.memory("semantic success", memtest.Memory{Question: "How many pens in 3 packs of 10?", SkillSteps: steps(3, 10)}, 0.7)
	failure := memtest.Memory{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific}
	failure.Question, failure.Content = "How many cups on 5 trays of 8?", "multiply the trays by the cups per tray, do not add"
	b.memory("semantic failure", failure, 0.85)
	failure.Question = "How many nails in 9 bags of 20?"
	b.memory("semantic failure", failure, 0.75)
	strategy := memtest.Memory{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureTypeStrategy, Content: "for groups of equal size, multiply"}
	b.memory("type_strategy failure ≥ 0.55", strategy, 0.6)
	b.memory("type_strategy failure < 0.55", strategy, 0.5)

	b.memory("structural success", memtest.Memory{Question: "Total legs of 8 spiders?", Signature: shownSignature}, 0.1)
	b.memory("structural failure", memtest.Memory{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific,
		Question: "Wheels on 6 cars?", Content: "four per car, times six", Signature: shownSignature}, -0.1)
	b.memory("structural match of another task type", memtest.Memory{TaskType: "geometry", Question: "Area of 7 tiles of 12 cm²?",
		Signature: shownSignature}, 0.95)

	b.memory("graph neighbour success", memtest.Memory{Question: "Seats in 12 rows of 7?"}, -0.2, s1.ID)
	b.memory("graph neighbour recipe", memtest.Memory{Outcome: evokg.OutcomeRecipe, Content: "count rows, multiply"}, -0.2, s1.ID)
	b.memory("graph neighbour of another task type", memtest.Memory{TaskType: "geometry", Question: "Sides of 7 hexagons?"}, -0.2, s1.ID)

	b.memory("principle", memtest.Memory{Outcome: evokg.OutcomePrinciple, Content: "equal groups call for a product"}, 0.7)
	for _, s := range []evokg.NewSkill{{Name: "counting", Mastery: 0.9}, {Name: "multiplying", Mastery: 0.2}} {
		_, err := b.graph.CreateSkill(t.Context(), b.ns, s)
		require.NoError(t, err)
	}
	require.NoError(t, b.graph.AddPrerequisite(t.Context(), b.ns, "counting", "multiplying"))
	_, err := b.graph.UpsertTaskType(t.Context(), b.ns, "arithmetic", "")
	require.NoError(t, err)
	require.NoError(t, b.graph.LinkSkillToTask(t.Context(), b.ns, "multiplying", "arithmetic"))
	mark := b.marker("prerequisite principle")
	p := &evokg.Experience{ID: evokg.NewID(), Namespace: b.ns, Version: 1, CreatedAt: evokg.Now(),
		ExperienceFields: evokg.ExperienceFields{TaskType: "arithmetic", Outcome: evokg.OutcomePrinciple, Content: mark + " count each group once"}}
	require.NoError(t, b.graph.AddPrinciple(t.Context(), b.ns, "counting", p))
	b.markers[mark] = p.ID

	b.memory("recent success (a recipe)", memtest.Memory{Question: "Legs on 3 stools?", SkillSteps: []evokg.SkillStep{
		{Skill: "counting", Output: "3 stools"}, {Skill: "multiplying", Output: "3 x 3 = 9"}}}, 0.05)
}

// answer answers the question on arm and returns the reply with the memory
// block of the prompt the learner received.
func (b *shownBundle) answer(cfg retrieval.Config, arm string) (answer.Reply, string) {
	b.t.Helper()
	before := b.fake.CountTask("answer")
	r, err := b.service(cfg, arm).Answer(b.t.Context(), b.ns, answer.Question{TaskType: "arithmetic", Question: shownQuestion,
		Signature: shownSignature})
	require.NoError(b.t, err, arm)
	var prompts []string
	for _, req := range b.fake.Requests() {
		if req.Chat != nil && req.Chat.Task == "answer" {
			prompts = append(prompts, req.Chat.Prompt)
		}
	}
	require.Len(b.t, prompts, before+1, arm)
	return r, memoryBlock(b.t, prompts[before])
}

// memoryBlock is the memory block of a learner prompt: between "Memories:"
// and the question.
func memoryBlock(t *testing.T, prompt string) string {
	t.Helper()
	rest, ok := strings.CutPrefix(prompt, "Memories:\n")
	require.True(t, ok, "the prompt has a memory block:\n%s", prompt)
	i := strings.LastIndex(rest, "\n\nQuestion: ")
	require.Positive(t, i, prompt)
	return rest[:i]
}

// shownIDs are the memories whose marker the block holds; every marker is
// a seeded memory's, and none is written twice.
func (b *shownBundle) shownIDs(block string) []uuid.UUID {
	b.t.Helper()
	var ids []uuid.UUID
	for _, m := range markerPattern.FindAllString(block, -1) {
		id, ok := b.markers[m]
		require.True(b.t, ok, "unknown marker %s", m)
		require.NotContains(b.t, ids, id, "%s (%s) written twice", m, b.kinds[m])
		ids = append(ids, id)
	}
	return ids
}

func (b *shownBundle) describe(ids []uuid.UUID) []string {
	var out []string
	for m, id := range b.markers {
		if slices.Contains(ids, id) {
			out = append(out, m+" "+b.kinds[m])
		}
	}
	slices.Sort(out)
	return out
}

// cutBudget is a budget that cuts one of arm's memories: the lexical arm's
// block, of the short memories that share the question's numbers, is the
// shortest.
func cutBudget(arm string) int {
	if arm == bandit.StrategyLexical {
		return 400
	}
	return 600
}

// memory_ids means "shown to the learner": on every search arm, with the
// cascade on, at the default budget and at one that cuts items off, the
// ids an answer reports are exactly the memories whose text is in the
// prompt the learner received, neither more nor fewer, and the prompt's
// memory block stays within the character budget.
func TestMemoryIDsAreWhatThePromptShows(t *testing.T) {
	t.Parallel()
	b := setupShown(t)
	b.seed()
	require.Equal(t, retrieval.Strategies, bandit.DefaultSearchArms, "the arms the test runs are the search bandit's")
	full := map[string][]uuid.UUID{}
	fullCascade := 0
	for _, short := range []bool{false, true} {
		for _, arm := range bandit.DefaultSearchArms {
			budget := retrieval.DefaultCharBudget
			if short {
				budget = cutBudget(arm)
			}
			r, block := b.answer(retrieval.Config{CharBudget: budget}, arm)
			name := fmt.Sprintf("%s, budget %d", arm, budget)
			shown := b.shownIDs(block)
			require.NotEmpty(t, shown, name)
			require.ElementsMatch(t, shown, r.MemoryIDs, "%s (no id twice either): reported %v, the prompt shows %v\n%s", name,
				b.describe(r.MemoryIDs), b.describe(shown), block)
			require.LessOrEqual(t, utf8.RuneCountInString(block), budget, "%s: the budget holds", name)
			if !short {
				full[arm] = shown
				if arm == bandit.StrategyCascade {
					fullCascade = utf8.RuneCountInString(block)
				}
				continue
			}
			require.Contains(t, block, "…", "%s: the budget cuts an item", name)
			require.Less(t, len(shown), len(full[arm]), "%s: the budget leaves memories out", name)
		}
	}
	// A budget a little short of the cascade arm's whole block: the recipe,
	// last, no longer fits and is not reported; the rest is.
	r, block := b.answer(retrieval.Config{CharBudget: fullCascade - 30}, bandit.StrategyCascade)
	shown := b.shownIDs(block)
	require.ElementsMatch(t, shown, r.MemoryIDs, "reported %v, the prompt shows %v\n%s", b.describe(r.MemoryIDs), b.describe(shown), block)
	require.LessOrEqual(t, utf8.RuneCountInString(block), fullCascade-30)
	require.Equal(t, len(full[bandit.StrategyCascade])-1, len(shown), block)
	require.Contains(t, block, cascade.PrinciplesHeading)
	require.NotContains(t, block, cascade.RecipesHeading)

	// Each arm's own channels reached the prompt, so every kind of list was
	// checked; what no section shows never did.
	kinds := func(arm string) []string {
		var out []string
		for _, d := range b.describe(full[arm]) {
			out = append(out, d[len("MEM-00 "):])
		}
		return out
	}
	require.NotContains(t, kinds(bandit.StrategySemantic), "structural success")
	for _, arm := range []string{bandit.StrategySemanticStructural, bandit.StrategyHybridGraph, bandit.StrategyCascade} {
		require.Subset(t, kinds(arm), []string{"semantic success", "semantic failure", "structural success", "structural failure"}, arm)
	}
	for _, arm := range []string{bandit.StrategyHybridGraph, bandit.StrategyCascade} {
		require.Contains(t, kinds(arm), "graph neighbour success", arm)
	}
	require.Subset(t, kinds(bandit.StrategyCascade), []string{"principle", "prerequisite principle", "recent success (a recipe)"})
	var all []string
	for _, arm := range slices.Sorted(maps.Keys(full)) {
		all = append(all, kinds(arm)...)
	}
	for _, never := range []string{"type_strategy failure < 0.55", "structural match of another task type",
		"graph neighbour recipe", "graph neighbour of another task type"} {
		require.NotContains(t, all, never)
	}
}

// allComponents switches every cascade component on.
var allComponents = cascade.Components{Principles: true, Recipes: true, Plan: true, Boost: true, Environment: true}

// In the turns rendering too, the ids an answer reports are exactly the
// memories whose text reached the learner, now spread over the system
// message and the example turns; a profile's cap on memories shows fewer,
// and reports fewer.
func TestMemoryIDsAreWhatTheTurnsShow(t *testing.T) {
	t.Parallel()
	b := setupShown(t)
	b.seed()
	for _, p := range []evokg.LearnerProfile{{Render: evokg.RenderTurns, Reasoning: true}, {Render: evokg.RenderTurns, Memories: 3, Reasoning: true},
		{Render: evokg.RenderTurns, ItemChars: 80, Reasoning: true}} {
		for _, arm := range bandit.DefaultSearchArms {
			name := fmt.Sprintf("%s, %s", arm, p.Name())
			before := len(b.fake.Requests())
			r, err := b.service(retrieval.Config{}, arm).Answer(t.Context(), b.ns, answer.Question{TaskType: "arithmetic",
				Question: shownQuestion, Signature: shownSignature, Profile: &p})
			require.NoError(t, err, name)
			var msgs []string
			turns := 0
			for _, req := range b.fake.Requests()[before:] {
				if req.Chat != nil && req.Chat.Task == "answer" {
					for _, m := range req.Chat.Messages {
						msgs = append(msgs, m.Content)
						turns += boolInt(m.Role == "assistant")
					}
				}
			}
			require.NotEmpty(t, msgs, name)
			require.NotContains(t, msgs[len(msgs)-1], "Memories:", "%s: the question comes alone", name)
			require.Positive(t, turns, "%s: worked examples are turns", name)
			shown := b.shownIDs(strings.Join(msgs, "\n"))
			require.ElementsMatch(t, shown, r.MemoryIDs, "%s: reported %v, the turns show %v", name, b.describe(r.MemoryIDs), b.describe(shown))
			require.Equal(t, p, r.Profile, name)
			if p.Memories > 0 {
				require.LessOrEqual(t, turns, p.Memories, name)
			}
			if p.ItemChars > 0 {
				for _, req := range b.fake.Requests()[before:] {
					for _, m := range req.Chat.Messages {
						if m.Role == "assistant" {
							var ex struct{ Reasoning string }
							require.NoError(t, json.Unmarshal([]byte(m.Content), &ex))
							require.LessOrEqual(t, utf8.RuneCountInString(ex.Reasoning), p.ItemChars, "%s: each memory cut to item_chars", name)
						}
					}
				}
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
