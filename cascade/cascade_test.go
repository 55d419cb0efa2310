package cascade_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

const dim = 768

type bundle struct {
	ctx     context.Context
	ns      string
	g       *graph.Graph
	memory  *ingest.Service
	vectors *vector.Store
	builder func(cascade.Components) *cascade.Builder
	// configured builds a Builder with a whole configuration.
	configured func(cascade.Config) *cascade.Builder
}

func setup(t *testing.T) bundle {
	t.Helper()
	ctx := context.Background()
	pool := testenv.Postgres(t)
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { g.Close(context.Background()) })
	require.NoError(t, g.ApplySchema(ctx))
	queue, err := workers.NewInsertClient(pool, workers.Config{}, logger)
	require.NoError(t, err)
	memory := ingest.NewService(ingest.Config{}, pool, queue, nil, vector.NewStore(pool, dim), logger)
	return bundle{ctx: ctx, ns: testenv.Namespace(t), g: g, memory: memory, vectors: vector.NewStore(pool, dim),
		builder: func(c cascade.Components) *cascade.Builder {
			b, err := cascade.New(cascade.Config{Components: c}, g, pool)
			require.NoError(t, err)
			return b
		},
		configured: func(c cascade.Config) *cascade.Builder {
			b, err := cascade.New(c, g, pool)
			require.NoError(t, err)
			return b
		}}
}

func unit(i int) []float32 {
	v := make([]float32, dim)
	v[i] = 1
	return v
}

// handBuilt is a lattice counting → multiplication → ratio (ratio serves
// ratio_total), with principles on each, plus four successes of ratio_total.
func handBuilt(t *testing.T, b bundle) []uuid.UUID {
	t.Helper()
	for _, s := range []evokg.NewSkill{{Name: "counting", Mastery: 0.9}, {Name: "multiplication", Mastery: 0.7},
		{Name: "ratio", Mastery: 0.2}, {Name: "unrelated", Mastery: 0.1}} {
		_, err := b.g.CreateSkill(b.ctx, b.ns, s)
		require.NoError(t, err)
	}
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "counting", "multiplication"))
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "multiplication", "ratio"))
	_, err := b.g.UpsertTaskType(b.ctx, b.ns, "ratio_total", "")
	require.NoError(t, err)
	require.NoError(t, b.g.LinkSkillToTask(b.ctx, b.ns, "ratio", "ratio_total"))
	for skill, text := range map[string]string{"counting": "count each group once", "multiplication": "repeated addition is a product", "ratio": "anchor on the known quantity"} {
		p := &evokg.Experience{
			ID:        evokg.NewID(),
			Namespace: b.ns,
			Version:   1,
			CreatedAt: evokg.Now(),
			ExperienceFields: evokg.ExperienceFields{
				TaskType: "ratio_total",
				Outcome:  evokg.OutcomePrinciple,
				Content:  text,
			},
		}
		require.NoError(t, b.g.AddPrinciple(b.ctx, b.ns, skill, p))
	}
	var ids []uuid.UUID
	for i, skill := range []string{"counting", "ratio", "counting", "ratio"} {
		req := evokg.ExperienceInput{
			Embedding: unit(i),
			ExperienceFields: evokg.ExperienceFields{
				TaskType:   "ratio_total",
				Outcome:    evokg.OutcomeSuccess,
				Skill:      skill,
				Question:   "success " + string(rune('A'+i)),
				Answer:     "42",
				SkillSteps: []evokg.SkillStep{{Skill: skill, Output: "step of " + string(rune('A'+i))}},
				Evaluation: &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1},
			},
		}
		res, err := b.memory.Ingest(b.ctx, b.ns, req, "")
		require.NoError(t, err)
		ids = append(ids, res.ID)
	}
	return ids
}

func TestCascadeComponentsOnHandBuiltGraph(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ids := handBuilt(t, b)

	blk, err := b.builder(allComponents).Build(b.ctx, b.ns, "ratio_total")
	require.NoError(t, err)
	// C: the lattice as ordered steps, deepest prerequisite first.
	require.Equal(t, []cascade.PlanStep{
		{Order: 1, Skill: "counting", Mastery: 0.9, Depth: 2},
		{Order: 2, Skill: "multiplication", Mastery: 0.7, Depth: 1},
		{Order: 3, Skill: "ratio", Mastery: 0.2, Depth: 0},
	}, blk.Plan)
	// A: principles of the prerequisites only, nearest first, each with
	// the id of its memory.
	principles := slices.Clone(blk.Principles)
	for i := range principles {
		require.NotEqual(t, uuid.Nil, principles[i].ID)
		principles[i].ID = uuid.Nil
	}
	require.Equal(t, []cascade.Principle{
		{Skill: "multiplication", Text: "repeated addition is a product"},
		{Skill: "counting", Text: "count each group once"},
	}, principles)
	// B: the last three successes, newest first, with their steps.
	require.Len(t, blk.Recipes, 3)
	require.Equal(t, []uuid.UUID{ids[3], ids[2], ids[1]}, []uuid.UUID{blk.Recipes[0].ID, blk.Recipes[1].ID, blk.Recipes[2].ID})
	require.Equal(t, []string{"ratio: step of D"}, blk.Recipes[0].Steps)
	for _, want := range []string{"1. counting (mastery 0.90)", "- [multiplication] repeated addition is a product", "1. success D", "   - ratio: step of D"} {
		require.Contains(t, blk.Rendered, want)
	}

	only, err := b.builder(cascade.Components{Plan: true}).Build(b.ctx, b.ns, "ratio_total")
	require.NoError(t, err)
	require.Len(t, only.Plan, 3)
	require.Empty(t, only.Principles)
	require.Empty(t, only.Recipes)
	require.NotContains(t, only.Rendered, "principles")
}

func TestCascadeBoostsFrontierMemories(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ids := handBuilt(t, b)
	pack := &retrieval.Pack{
		Successes: []retrieval.Item{
			{ID: ids[0], Outcome: evokg.OutcomeSuccess, Text: "Question: success A", Score: 0.9},
			{ID: ids[1], Outcome: evokg.OutcomeSuccess, Text: "Question: success B", Score: 0.7},
		},
		Rendered: "old",
	}
	blk, err := b.builder(cascade.Components{Boost: true}).Apply(b.ctx, b.ns, "ratio_total", pack)
	require.NoError(t, err)
	// ratio is the frontier: multiplication (its prerequisite) is mastered, ratio is not.
	require.Equal(t, []uuid.UUID{ids[1]}, blk.Boosted)
	require.Equal(t, ids[1], pack.Successes[0].ID)
	require.InDelta(t, 0.7*1.5, pack.Successes[0].Score, 1e-12)
	require.True(t, strings.Index(pack.Rendered, "success B") < strings.Index(pack.Rendered, "success A"))
	require.Empty(t, blk.Rendered, "only D was switched on")
}

// Ablation on the real services: the same cascade-arm question gets a
// different memory pack with the components on (the process default) than
// with none (--cascade none), which is the plain pack.
func TestCascadeOnAndOffGiveDifferentPacks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ids := handBuilt(t, b)
	retriever := retrieval.New(retrieval.Config{}, b.vectors, b.g, nil, testenv.Logger(t))
	near := unit(0)
	near[1] = 0.9 // nearest to success A, then B (of the frontier skill, ratio)
	req := retrieval.Request{Namespace: b.ns, TaskType: "ratio_total", Question: "success A", Embedding: near,
		Strategy: retrieval.StrategyCascade}
	pack := func(c *cascade.Components) *retrieval.Pack {
		p, err := retriever.Retrieve(b.ctx, req)
		require.NoError(t, err)
		if c != nil {
			_, err = b.builder(*c).Apply(b.ctx, b.ns, req.TaskType, p)
			require.NoError(t, err)
		}
		return p
	}
	plain, off, on := pack(nil), pack(&cascade.Components{}), pack(&cascade.Components{Principles: true, Recipes: true, Plan: true, Boost: true})

	require.Equal(t, plain.Rendered, off.Rendered, "no component: the plain pack")
	require.NotEqual(t, off.Rendered, on.Rendered)
	for _, want := range []string{"repeated addition is a product", "1. counting (mastery 0.90)", "ratio: step of D"} {
		require.Contains(t, on.Rendered, want, "components A–C")
		require.NotContains(t, off.Rendered, want)
	}
	require.Equal(t, ids[0], off.Successes[0].ID, "the nearest success leads the plain pack")
	require.Equal(t, ids[1], on.Successes[0].ID, "D lifts the frontier skill's success over it")
}

// A pack never holds a memory twice: a recent success the pack already
// holds as an exemplar is not repeated among the recipes (component B).
func TestCascadeRecipesSkipThePacksMemories(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ids := handBuilt(t, b)
	pack := &retrieval.Pack{Successes: []retrieval.Item{{ID: ids[3], Outcome: evokg.OutcomeSuccess, Text: "Question: success D"}}}
	blk, err := b.builder(cascade.Components{Recipes: true}).Apply(b.ctx, b.ns, "ratio_total", pack)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{ids[2], ids[1]}, []uuid.UUID{blk.Recipes[0].ID, blk.Recipes[1].ID})
	require.Len(t, blk.Recipes, 2)
	require.NotContains(t, pack.Rendered, "step of D")
	require.Contains(t, pack.Rendered, "step of C")
}

// handBuiltEnv writes a small G_env as the Explorer would: a key in a
// closed box in the hall, a door between the hall and the kitchen, and a
// stone in the cellar, which nothing else reaches.
func handBuiltEnv(t *testing.T, b bundle) {
	t.Helper()
	for _, r := range [][3]string{{"key", "in", "box"}, {"box", "in", "hall"}, {"box", "is", "closed"},
		{"hall", "door_to", "kitchen"}, {"kitchen", "door_to", "hall"}, {"stone", "in", "cellar"}, {"cellar", "door to", "attic"}} {
		for _, name := range []string{r[0], r[2]} {
			_, err := b.g.UpsertWorldEntity(b.ctx, b.ns, name, "")
			require.NoError(t, err)
		}
		require.NoError(t, b.g.RelateWorld(b.ctx, b.ns, r[0], r[1], r[2]))
	}
}

// Component E serves an environment episode the G_env relations near the
// entities its question names first, then the rest of the map, one line
// per entity, within its bounds; it is absent when off, for other task
// types, and when G_env holds nothing.
func TestCascadeEnvironmentFacts(t *testing.T) {
	t.Parallel()
	b := setup(t)
	question := "Goal: Bring the key to the kitchen.\nYou are in the kitchen."
	pack := memoryPack()
	memory := pack.Rendered
	blk, err := b.builder(allComponents).Environment(b.ctx, b.ns, "world_fetch", question, pack)
	require.NoError(t, err)
	require.Nil(t, blk, "G_env is empty")
	require.Equal(t, memory, pack.Rendered)

	handBuiltEnv(t, b)
	blk, err = b.builder(allComponents).Environment(b.ctx, b.ns, "world_fetch", question, pack)
	require.NoError(t, err)
	require.Equal(t, []graph.WorldFact{
		{From: "key", Relation: "in", To: "box", Hops: 1}, {From: "kitchen", Relation: "door_to", To: "hall", Hops: 1},
		{From: "box", Relation: "in", To: "hall", Hops: 2}, {From: "box", Relation: "is", To: "closed", Hops: 2},
		{From: "hall", Relation: "door_to", To: "kitchen", Hops: 2},
		{From: "cellar", Relation: "door to", To: "attic", Hops: 4}, {From: "stone", Relation: "in", To: "cellar", Hops: 4},
	}, blk.Facts)
	want := cascade.EnvironmentHeading + "\n- key: in box\n- kitchen: door_to hall\n- box: in hall; is closed\n- hall: door_to kitchen" +
		"\n- cellar: door_to attic\n- stone: in cellar"
	require.Equal(t, want, blk.Rendered)
	require.Equal(t, memory+"\n\n"+want, pack.Rendered)
	require.Equal(t, []uuid.UUID{pack.Successes[0].ID}, pack.Shown, "facts are no memory")

	bounded := &retrieval.Pack{}
	blk, err = b.configured(cascade.Config{Components: allComponents, WorldFacts: 3, WorldChars: len(want) - 10}).
		Environment(b.ctx, b.ns, "world_fetch", question, bounded)
	require.NoError(t, err)
	require.Len(t, blk.Facts, 3, "at most WorldFacts relations")
	require.Equal(t, cascade.EnvironmentHeading+"\n- key: in box\n- kitchen: door_to hall\n- box: in hall", blk.Rendered)
	blk, err = b.configured(cascade.Config{Components: allComponents, WorldChars: len(want) - 10}).
		Environment(b.ctx, b.ns, "world_fetch", question, bounded)
	require.NoError(t, err)
	require.Equal(t, strings.TrimSuffix(want, "\n- stone: in cellar"), blk.Rendered, "whole lines within WorldChars")

	off := allComponents
	off.Environment = false
	for name, c := range map[string]struct {
		components cascade.Components
		taskType   string
	}{"switched off": {off, "world_fetch"}, "not an environment task type": {allComponents, "ratio_total"}} {
		p := memoryPack()
		blk, err := b.builder(c.components).Environment(b.ctx, b.ns, c.taskType, question, p)
		require.NoError(t, err)
		require.Nil(t, blk, name)
		require.Equal(t, memory, p.Rendered, name)
	}

	// The facts count in the pack's budget: their room is kept, the
	// memories fill the rest, and facts that cannot fit are left out.
	small := memoryPack()
	small.Successes = append(small.Successes, retrieval.Item{ID: evokg.NewID(), Outcome: evokg.OutcomeSuccess, Text: strings.Repeat("long memory ", 20)})
	small.CharBudget = 400
	blk, err = b.builder(allComponents).Environment(b.ctx, b.ns, "world_fetch", question, small)
	require.NoError(t, err)
	require.LessOrEqual(t, len([]rune(small.Rendered)), 400)
	require.Equal(t, want, blk.Rendered, "the whole map fits in 400 characters")
	require.True(t, strings.HasSuffix(small.Rendered, "\n\n"+want))
	require.Regexp(t, `long memory[^\n]*…\n\nEnvironment facts`, small.Rendered, "the memory is cut for them")
	tiny := memoryPack()
	tiny.CharBudget = len(cascade.EnvironmentHeading) + 5
	blk, err = b.builder(allComponents).Environment(b.ctx, b.ns, "world_fetch", question, tiny)
	require.NoError(t, err)
	require.Nil(t, blk, "not one fact fits")
}

// memoryPack is a rendered pack of one success memory.
func memoryPack() *retrieval.Pack {
	p := &retrieval.Pack{Successes: []retrieval.Item{{ID: evokg.NewID(), Outcome: evokg.OutcomeSuccess, Text: "memory"}}}
	p.Render()
	return p
}

// The cascade renders within the pack's own character budget (the
// retrieval configuration's), and the pack's Shown lists the principles and
// recipes it wrote: all of them at the default budget, none it had no room
// for at a small one.
func TestCascadeStaysWithinThePacksBudget(t *testing.T) {
	t.Parallel()
	b := setup(t)
	handBuilt(t, b)
	req := retrieval.Request{Namespace: b.ns, TaskType: "ratio_total", Question: "success A", Embedding: unit(0),
		Strategy: retrieval.StrategyCascade}
	apply := func(budget int) (*retrieval.Pack, *cascade.Block) {
		p, err := retrieval.New(retrieval.Config{CharBudget: budget}, b.vectors, b.g, nil, testenv.Logger(t)).Retrieve(b.ctx, req)
		require.NoError(t, err)
		blk, err := b.builder(allComponents).Apply(b.ctx, b.ns, req.TaskType, p)
		require.NoError(t, err)
		require.LessOrEqual(t, len([]rune(p.Rendered)), budget)
		return p, blk
	}
	pack, blk := apply(retrieval.DefaultCharBudget)
	require.NotEmpty(t, blk.Principles)
	require.NotEmpty(t, blk.Recipes)
	for _, p := range blk.Principles {
		require.Contains(t, pack.Shown, p.ID, p.Text)
		require.Contains(t, pack.Rendered, p.Text)
	}
	for _, r := range blk.Recipes {
		require.Contains(t, pack.Shown, r.ID, r.Question)
	}
	require.Contains(t, pack.Rendered, cascade.RecipesHeading)

	pack, blk = apply(200)
	require.NotContains(t, pack.Rendered, cascade.RecipesHeading, "no room for the recipes")
	for _, r := range blk.Recipes {
		require.NotContains(t, pack.Shown, r.ID, "a recipe not written is not reported")
	}
	for _, id := range pack.Shown {
		require.True(t, pack.Holds(id) || slices.ContainsFunc(blk.Principles, func(p cascade.Principle) bool { return p.ID == id }))
	}
}

// allComponents switches every cascade component on.
var allComponents = cascade.Components{Principles: true, Recipes: true, Plan: true, Boost: true, Environment: true}
