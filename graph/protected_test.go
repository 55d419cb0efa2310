package graph_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
)

// TestProtectedMemoriesSurviveEveryWritePath stores one memory of each
// protected class, then drives every write path of the package at them and
// checks each node is byte-for-byte what it was.
func TestProtectedMemoriesSurviveEveryWritePath(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "add", Mastery: 0.3})
	require.NoError(t, err)

	principle := newExperience(b.ns, expOpts{Outcome: evokg.OutcomePrinciple, Content: "carry the one", Confidence: 0.01})
	require.NoError(t, b.g.AddPrinciple(b.ctx, b.ns, "add", principle))
	failure := b.project(t, expOpts{Outcome: evokg.OutcomeFailure, Signature: []string{"add"}, Entities: []string{"n"}, Confidence: 0.01})
	success := b.project(t, expOpts{Outcome: evokg.OutcomeSuccess, Signature: []string{"add"}, Confidence: 0.01})
	protected := []*evokg.Experience{principle, failure, success}
	lowPattern := b.project(t, expOpts{Outcome: evokg.OutcomePattern, Confidence: 0.1})
	highPattern := b.project(t, expOpts{Outcome: evokg.OutcomePattern, Confidence: 0.9})

	// state is what the graph holds of a node: its fields, labels and record digest.
	state := func(id uuid.UUID) []any {
		exp, err := b.g.GetExperience(b.ctx, b.ns, id)
		require.NoError(t, err)
		labels, sha, err := b.g.ExperienceRecord(b.ctx, b.ns, id)
		require.NoError(t, err)
		return []any{exp, labels, sha}
	}
	before := map[uuid.UUID][]any{}
	for _, p := range protected {
		before[p.ID] = state(p.ID)
	}

	for _, p := range protected {
		// Rewrite through projection (the ingest path) and AddPrinciple.
		changed := *p
		changed.Content = "rewritten"
		requireCode(t, b.g.ProjectExperience(b.ctx, &changed, nil), evokg.EPROTECTED)
		if p.Outcome == evokg.OutcomePrinciple {
			requireCode(t, b.g.AddPrinciple(b.ctx, b.ns, "add", &changed), evokg.EPROTECTED)
		}
		// A retry of the identical record is accepted and changes nothing.
		require.NoError(t, b.g.ProjectExperience(b.ctx, p, nil))
		// A new version supersedes; the old node stays.
		b.project(t, expOpts{Outcome: p.Outcome, Supersedes: &p.ID, DerivedFrom: []uuid.UUID{p.ID}, Signature: []string{"add"}})
		// Edges drawn at it by other writes.
		b.project(t, expOpts{Outcome: evokg.OutcomeRecipe, Signature: []string{"add"}, Entities: []string{"n"}})
		require.NoError(t, b.g.ProjectExperience(b.ctx, newExperience(b.ns, expOpts{}), []evokg.SimilarExperience{{ID: p.ID, Cosine: 0.99}}))
		tool, err := b.g.UpsertTool(b.ctx, b.ns, evokg.Tool{ToolSpec: evokg.ToolSpec{Name: "calc-" + p.ID.String()}, Version: 1})
		require.NoError(t, err)
		require.NoError(t, b.g.ToolCreatedFrom(b.ctx, b.ns, tool.ID, p.ID))
	}

	// Pruning with a threshold above every confidence.
	pruned, err := b.g.PrunePatterns(b.ctx, b.ns, 0.5)
	require.NoError(t, err)
	require.EqualValues(t, 1, pruned, "only the low-confidence abstracted pattern")
	_, err = b.g.GetExperience(b.ctx, b.ns, lowPattern.ID)
	requireCode(t, err, evokg.ENOTFOUND)
	_, err = b.g.GetExperience(b.ctx, b.ns, highPattern.ID)
	require.NoError(t, err)
	_, err = b.g.PrunePatterns(b.ctx, b.ns, 2)
	require.NoError(t, err)

	// Rollback of mutable slots and skill updates.
	snap, err := b.g.SnapshotSlots(b.ctx, b.ns)
	require.NoError(t, err)
	require.NoError(t, b.g.SetMastery(b.ctx, b.ns, "add", 0.9))
	require.NoError(t, b.g.RestoreSlots(b.ctx, b.ns, snap))

	// Bulk loading an experience under a protected id.
	require.NoError(t, b.g.BulkLoad(b.ctx, b.ns, &graph.BulkData{
		TaskTypes:   []string{"arithmetic"},
		Experiences: []graph.BulkExperience{{ID: failure.ID, TaskType: "arithmetic", Outcome: evokg.OutcomePattern, Content: "bulk"}},
	}))

	for _, p := range protected {
		require.Equal(t, before[p.ID], state(p.ID), "%s changed", p.Outcome)
	}
	ps, err := b.g.Principles(b.ctx, b.ns, "add")
	require.NoError(t, err)
	require.Len(t, ps, 1)
}

func TestSnapshotAndRestoreSlots(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, n := range []string{"add", "sub"} {
		_, err := b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: n, Mastery: 0.2, PromptTemplate: "t-" + n, Strategy: "cot"})
		require.NoError(t, err)
	}
	snap, err := b.g.SnapshotSlots(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, []evokg.SkillSlots{
		{Name: "add", Mastery: 0.2, PromptTemplate: "t-add", Strategy: "cot", Status: evokg.SkillActive},
		{Name: "sub", Mastery: 0.2, PromptTemplate: "t-sub", Strategy: "cot", Status: evokg.SkillActive},
	}, snap)

	m, tpl, split := 0.8, "new", evokg.SkillSplit
	_, err = b.g.UpdateSkill(b.ctx, b.ns, "add", evokg.SkillUpdate{Mastery: &m, PromptTemplate: &tpl, Status: &split})
	require.NoError(t, err)
	_, err = b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "later", Mastery: 0.6})
	require.NoError(t, err)
	require.NoError(t, b.g.RestoreSlots(b.ctx, b.ns, snap))

	after, err := b.g.SnapshotSlots(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, snap, []evokg.SkillSlots{after[0], after[2]})
	require.Equal(t, "later", after[1].Name)
	require.InDelta(t, 0.6, after[1].Mastery, 1e-12, "skills newer than the snapshot keep their state")
}
