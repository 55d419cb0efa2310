package retrieval_test

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/retrieval"
)

var (
	schemaOnce sync.Once
	schemaErr  error
)

// openGraph opens the test Neo4j with the schema applied.
func openGraph(t *testing.T) *graph.Graph {
	t.Helper()
	testenv.Neo4j(t) // registers the driver testenv purges namespaces with
	g, err := graph.Open(t.Context(), graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()},
		testenv.Logger(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(context.Background()) })
	schemaOnce.Do(func() { schemaErr = g.ApplySchema(t.Context()) })
	require.NoError(t, schemaErr)
	return g
}

// APEX-EM's cross-domain transfer: a question of one task type finds, by
// its signature alone, the experience of another task type that followed
// the same procedure, on the real graph, when the structural scope is
// "all"; with "same_task_type" it does not.
func TestStructuralScopeAblation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	g := openGraph(t)
	sig := []string{"entity_resolution", "temporal_filter", "aggregation", "comparison"}
	project := func(e *evokg.Experience) { require.NoError(t, g.ProjectExperience(t.Context(), e, nil)) }
	curry := b.Insert(t, expOpts{TaskType: "nba_stats", Question: "Compare Curry's points across seasons", Signature: sig, Vec: tilt(0, 1, 0.1)})
	local := b.Insert(t, expOpts{TaskType: "finance", Question: "Sum the invoices", Signature: []string{"parse", "sum"}, Vec: tilt(0, 2, 0.8)})
	project(curry)
	project(local)

	req := retrieval.Request{Namespace: b.NS, TaskType: "finance", Question: "Compare Tesla's revenue across quarters",
		Signature: []string{"Entity Resolution", "Temporal Filter", "Aggregation", "Comparison"}, Embedding: unit(0),
		Strategy: retrieval.StrategySemanticStructural}
	packs := map[string]*retrieval.Pack{}
	for _, scope := range retrieval.Scopes {
		r := retrieval.New(retrieval.Config{StructuralScope: scope}, b.Store, g, nil, testenv.Logger(t))
		pack, err := r.Retrieve(t.Context(), req)
		require.NoError(t, err)
		packs[scope] = pack
	}

	all := itemByID(packs[retrieval.ScopeAll], curry.ID)
	require.NotNil(t, all, "scope all: the other task type's structural match is in the pack")
	require.Equal(t, "nba_stats", all.TaskType)
	require.Equal(t, []string{retrieval.ChannelStructural}, all.Channels)
	require.Equal(t, 1.0, all.Parts.Structural)
	require.Contains(t, itemIDs(packs[retrieval.ScopeAll].Successes), curry.ID, "and it is given to the learner")
	require.Contains(t, packs[retrieval.ScopeAll].Rendered, "Curry's points")

	same := packs[retrieval.ScopeSameTaskType]
	require.Nil(t, itemByID(same, curry.ID), "scope same_task_type: no match across task types")
	require.NotContains(t, same.Rendered, "Curry")
	require.Equal(t, []uuid.UUID{local.ID}, itemIDs(same.Successes))
}

func itemByID(p *retrieval.Pack, id uuid.UUID) *retrieval.Item {
	for _, it := range allItems(p) {
		if it.ID == id {
			return &it
		}
	}
	return nil
}

// A pack never holds one memory twice nor near-duplicates: cosine ≥ 0.98
// between embeddings, or the same text once normalized. The next best
// memory takes the freed place. A success and a correction of the same
// question are not duplicates of each other.
func TestPackDropsNearDuplicates(t *testing.T) {
	t.Parallel()
	b := setup(t)
	best := b.Insert(t, expOpts{Question: "What is 6 x 7?", Vec: unit(0)})
	b.Insert(t, expOpts{Question: "What is 6 times 7?", Vec: tilt(0, 1, 0.99)})     // cosine 0.99 with best
	b.Insert(t, expOpts{Question: "  what is 6 X 7?\n", Vec: tilt(0, 2, 0.97)})     // best's text
	next := b.Insert(t, expOpts{Question: "What is 8 x 9?", Vec: tilt(0, 3, 0.9)})  // distinct
	edge := b.Insert(t, expOpts{Question: "What is 5 x 5?", Vec: tilt(0, 4, 0.85)}) // distinct, third
	fix := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Question: "What is 6 x 7?",
		Content: "6 x 7 is 42, not 36", Vec: unit(0)})

	on := retrieval.New(retrieval.Config{K: 5, Mode: retrieval.ModeAPEX}, b.Store, nil, nil, testenv.Logger(t))
	pack, err := on.Retrieve(t.Context(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{best.ID, next.ID, edge.ID}, itemIDs(pack.Successes))
	require.Equal(t, []uuid.UUID{fix.ID}, itemIDs(pack.Failures), "a correction of the same question stays")
	seen := map[string]bool{}
	for _, it := range allItems(pack) {
		key := string(it.Outcome) + retrieval.NormalizeText(it.Text)
		require.False(t, seen[key], "text repeated: %s", it.Text)
		seen[key] = true
	}
}

// Questions on other numbers are not near-duplicates, however close their
// embeddings: all-MiniLM-L6-v2 puts digit-sum questions on different numbers
// at cosine ≥ 0.98, and a pack that dropped them kept one worked example per
// task type. The same numbers, reworded, still count as a duplicate.
func TestPackKeepsQuestionsOnOtherNumbers(t *testing.T) {
	t.Parallel()
	b := setup(t)
	best := b.Insert(t, expOpts{Question: "What is the sum of the digits of 48213?", Vec: unit(0)})
	b.Insert(t, expOpts{Question: "What is the digit sum of 48213?", Vec: tilt(0, 1, 0.995)})                 // same numbers
	other := b.Insert(t, expOpts{Question: "What is the sum of the digits of 57102?", Vec: tilt(0, 2, 0.99)}) // other numbers
	r := retrieval.New(retrieval.Config{K: 5, Mode: retrieval.ModeAPEX}, b.Store, nil, nil, testenv.Logger(t))
	pack, err := r.Retrieve(t.Context(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{best.ID, other.ID}, itemIDs(pack.Successes))
	require.Contains(t, pack.Rendered, "57102", "the learner is shown the second worked example")
	require.NotContains(t, pack.Rendered, "digit sum of 48213")
	require.ElementsMatch(t, []uuid.UUID{best.ID, other.ID}, pack.Shown)
}

// P− items keep their error registry and patch reflections when rendered;
// successes with a (skill, step_output) sequence are rendered as steps.
func TestRenderKeepsErrorRegistryPatchesAndSteps(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.Insert(t, expOpts{Question: "Total of 3 crates of 12?", Vec: unit(0), SkillSteps: []evokg.SkillStep{
		{Skill: "read_quantities", Output: "3 crates, 12 each"}, {Skill: "multiply", Output: "3 x 12 = 36"}}})
	b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Content: "Multiply, do not add.", Vec: tilt(0, 1, 0.9),
		Errors:  []evokg.ErrorRecord{{ErrorClass: "wrong_operation", Where: "step 2", RootCause: "added the counts", RecoveryProcedure: "multiply crates by size", RecoveryOutcome: "recovered"}},
		Patches: []evokg.PatchReflection{{TriggerSignature: "per-crate totals", Patch: "use a x b", Rationale: "quantities repeat"}}})
	r := retrieval.New(retrieval.Config{}, b.Store, nil, nil, testenv.Logger(t))
	pack, err := r.Retrieve(t.Context(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)})
	require.NoError(t, err)
	require.Contains(t, pack.Rendered, "Steps:\n   1. [read_quantities] 3 crates, 12 each\n   2. [multiply] 3 x 12 = 36")
	require.Contains(t, pack.Rendered, "Error: wrong_operation at step 2; root cause: added the counts; recovery: multiply crates by size (recovered)")
	require.Contains(t, pack.Rendered, "Patch: use a x b; when: per-crate totals; why: quantities repeat")
}

// With no plan, or a plan that matches nothing, the structural channel asks
// for the procedure of the nearest memory (query by example): the memory
// that followed it reaches the pack under semantic_structural, though it is
// far from the question, and not under semantic; a memory of another
// procedure does not, though it is nearer. A plan that matches is asked
// for instead of the example.
func TestStructuralQueriesByExampleWithoutAPlan(t *testing.T) {
	t.Parallel()
	b := setup(t)
	g := openGraph(t)
	rows := []string{"read_rows", "read_per_row", "multiply"}
	subtract := []string{"read_total", "subtract"}
	insert := func(q string, sig []string, vec []float32) *evokg.Experience {
		e := b.Insert(t, expOpts{TaskType: "arithmetic", Question: q, Signature: sig, Vec: vec})
		require.NoError(t, g.ProjectExperience(t.Context(), e, nil))
		return e
	}
	nearest := insert("Tiles on a floor of 4 rows of 6", rows, tilt(0, 1, 0.95))
	other := insert("Tiles left of 30 after laying 12", subtract, tilt(0, 2, 0.6))
	same := insert("Chairs in a hall of 8 rows of 9", rows, tilt(0, 3, 0.1))

	r := retrieval.New(retrieval.Config{K: 1}, b.Store, g, nil, testenv.Logger(t))
	pack := func(strategy string, plan []string) *retrieval.Pack {
		p, err := r.Retrieve(t.Context(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "Tiles on a floor of 5 rows of 7",
			Embedding: unit(0), Strategy: strategy, Signature: plan})
		require.NoError(t, err)
		return p
	}
	semantic := pack(retrieval.StrategySemantic, nil)
	require.Equal(t, []uuid.UUID{nearest.ID}, itemIDs(allItems(semantic)))

	for _, plan := range [][]string{nil, {"translate", "paraphrase"}} {
		byExample := pack(retrieval.StrategySemanticStructural, plan)
		require.Equal(t, []uuid.UUID{nearest.ID, same.ID}, itemIDs(allItems(byExample)), "plan %v", plan)
		require.Contains(t, byExample.Rendered, "Chairs in a hall")
		require.NotEqual(t, semantic.Rendered, byExample.Rendered)
	}

	planned := pack(retrieval.StrategySemanticStructural, subtract)
	require.Equal(t, []uuid.UUID{nearest.ID, other.ID}, itemIDs(allItems(planned)), "the plan's match, not the example's")
}

// The lexical arm holds full-text matches only, on the real graph too: a
// memory that follows the question's plan but shares none of its words is
// a structural match of semantic_structural and is not in the lexical
// pack.
func TestLexicalArmAddsNoStructuralMatches(t *testing.T) {
	t.Parallel()
	b := setup(t)
	g := openGraph(t)
	plan := []string{"read_rows", "read_per_row", "multiply"}
	insert := func(q string, vec []float32) *evokg.Experience {
		e := b.Insert(t, expOpts{TaskType: "arithmetic", Question: q, Signature: plan, Vec: vec})
		require.NoError(t, g.ProjectExperience(t.Context(), e, nil))
		return e
	}
	log := insert("Sensor log: RX-1207 reads 17.", tilt(0, 1, 0.1))
	chairs := insert("Chairs in a hall of 8 rows of 9", tilt(0, 2, 0.1))

	r := retrieval.New(retrieval.Config{}, b.Store, g, nil, testenv.Logger(t))
	pack := func(strategy string) *retrieval.Pack {
		p, err := r.Retrieve(t.Context(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic",
			Question: "What does relay RX-1207 read?", Embedding: unit(0), Signature: plan, Strategy: strategy})
		require.NoError(t, err)
		return p
	}
	require.NotNil(t, itemByID(pack(retrieval.StrategySemanticStructural), chairs.ID), "a structural match")
	lexical := pack(retrieval.StrategyLexical)
	require.Equal(t, []uuid.UUID{log.ID}, itemIDs(allItems(lexical)))
	require.Equal(t, []string{retrieval.ChannelLexical}, lexical.Successes[0].Channels)
}
