package graph_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
)

func TestSkillsCreateUpdateAndCap(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *graph.Config) { c.MaxSkills = 3 })

	s, err := b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "add", Mastery: 0.2, PromptTemplate: "Add {a} and {b}", Strategy: "cot"})
	require.NoError(t, err)
	require.Equal(t, "add", s.Name)
	require.Equal(t, b.ns, s.Namespace)
	require.Equal(t, evokg.SkillActive, s.Status)
	require.False(t, s.CreatedAt.IsZero())

	_, err = b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "add"})
	requireCode(t, err, evokg.ECONFLICT)
	_, err = b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "bad", Mastery: 1.5})
	requireCode(t, err, evokg.EINVALID)

	for _, name := range []string{"sub", "mul"} {
		_, err = b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: name})
		require.NoError(t, err)
	}
	_, err = b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "div"})
	requireCode(t, err, evokg.ELIMIT)

	m, tpl, strat := 0.75, "Sum {a}+{b}", "pot"
	s, err = b.g.UpdateSkill(b.ctx, b.ns, "add", evokg.SkillUpdate{Mastery: &m, PromptTemplate: &tpl, Strategy: &strat})
	require.NoError(t, err)
	require.InDelta(t, 0.75, s.Mastery, 1e-12)
	require.Equal(t, tpl, s.PromptTemplate)
	require.Equal(t, strat, s.Strategy)

	require.NoError(t, b.g.SetMastery(b.ctx, b.ns, "sub", 0.4))
	got, err := b.g.GetSkill(b.ctx, b.ns, "sub")
	require.NoError(t, err)
	require.InDelta(t, 0.4, got.Mastery, 1e-12)

	_, err = b.g.GetSkill(b.ctx, b.ns, "nope")
	requireCode(t, err, evokg.ENOTFOUND)
	requireCode(t, b.g.SetMastery(b.ctx, b.ns, "nope", 0.1), evokg.ENOTFOUND)

	list, err := b.g.ListSkills(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, list, 3)
	require.Equal(t, "add", list[0].Name, "most mastered first")
}

func TestSkillEdgesRefuseCycles(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, n := range []string{"a", "b", "c", "d"} {
		_, err := b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: n})
		require.NoError(t, err)
	}
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "a", "b"))
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "b", "c"))
	require.NoError(t, b.g.AddComposition(b.ctx, b.ns, "c", "d"))
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "a", "b"), "repeating an edge is a no-op")

	requireCode(t, b.g.AddPrerequisite(b.ctx, b.ns, "c", "a"), evokg.ECONFLICT)
	requireCode(t, b.g.AddComposition(b.ctx, b.ns, "d", "a"), evokg.ECONFLICT, "a cycle through both edge sets")
	requireCode(t, b.g.AddPrerequisite(b.ctx, b.ns, "d", "b"), evokg.ECONFLICT)
	requireCode(t, b.g.AddComposition(b.ctx, b.ns, "b", "b"), evokg.ECONFLICT, "self loop")
	requireCode(t, b.g.AddPrerequisite(b.ctx, b.ns, "a", "zz"), evokg.ENOTFOUND)
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "a", "d"), "a shortcut is not a cycle")

	edges, err := b.g.SkillEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, []graph.SkillEdge{
		{From: "a", To: "b", Type: "PREREQUISITE_OF"},
		{From: "a", To: "d", Type: "PREREQUISITE_OF"},
		{From: "b", To: "c", Type: "PREREQUISITE_OF"},
		{From: "c", To: "d", Type: "COMPOSES_INTO"},
	}, edges)
}

func TestFrontier(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// base(0.9) -> mid(0.3) -> top(0.1); other(0.2) without prerequisites;
	// done(0.8) mastered; half(0.4) needs base and mid.
	for name, m := range map[string]float64{"base": 0.9, "mid": 0.3, "top": 0.1, "other": 0.2, "done": 0.8, "half": 0.4} {
		_, err := b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: name, Mastery: m})
		require.NoError(t, err)
	}
	for _, e := range [][2]string{{"base", "mid"}, {"mid", "top"}, {"base", "half"}, {"mid", "half"}} {
		require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, e[0], e[1]))
	}
	names := func(theta float64) []string {
		fr, err := b.g.Frontier(b.ctx, b.ns, theta)
		require.NoError(t, err)
		var out []string
		for _, s := range fr {
			out = append(out, s.Name)
		}
		return out
	}
	require.Equal(t, []string{"mid", "other"}, names(0.5))
	require.Equal(t, []string{"mid", "other"}, names(0), "0 means the configured θ")
	require.Equal(t, []string{"other", "top"}, names(0.25), "mid counts as mastered at θ=0.25, half is mastered")

	split := evokg.SkillSplit
	_, err := b.g.UpdateSkill(b.ctx, b.ns, "other", evokg.SkillUpdate{Status: &split})
	require.NoError(t, err)
	require.Equal(t, []string{"mid"}, names(0.5), "split skills leave the frontier")
}

func TestTaskTypesAndObservations(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tt, err := b.g.UpsertTaskType(b.ctx, b.ns, "arithmetic", "sums and products")
	require.NoError(t, err)
	require.Equal(t, "sums and products", tt.Description)
	tt, err = b.g.UpsertTaskType(b.ctx, b.ns, "arithmetic", "")
	require.NoError(t, err)
	require.Equal(t, "sums and products", tt.Description, "empty description keeps the old one")

	_, err = b.g.RecordCurriculum(b.ctx, b.ns, "arithmetic", 1, 10, 4)
	require.NoError(t, err)
	tt, err = b.g.RecordCurriculum(b.ctx, b.ns, "arithmetic", 3, 15, 5)
	require.NoError(t, err)
	require.Equal(t, 15, tt.NSeen, "the reward stream's totals are recorded as they are")
	require.Equal(t, 5, tt.NFail)
	require.Equal(t, 3, tt.KLast)
	tt, err = b.g.RecordCurriculum(b.ctx, b.ns, "arithmetic", 2, 16, 5)
	require.NoError(t, err)
	require.Equal(t, 3, tt.KLast, "k_last only moves forward")
	_, err = b.g.RecordCurriculum(b.ctx, b.ns, "arithmetic", 2, 1, 2)
	requireCode(t, err, evokg.EINVALID)

	_, err = b.g.RecordCurriculum(b.ctx, b.ns, "geometry", 4, 2, 2)
	require.NoError(t, err)
	require.NoError(t, b.g.SetFocus(b.ctx, b.ns, map[string]float64{"geometry": 1.5}))
	types, err := b.g.ListTaskTypes(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, types, 2)
	require.Equal(t, "geometry", types[1].Name)
	require.Equal(t, 2, types[1].NFail)
	require.InDelta(t, 1.5, types[1].Focus, 1e-12)
	require.Zero(t, types[0].Focus)
	require.NoError(t, b.g.SetFocus(b.ctx, b.ns, nil))
	tt, err = b.g.GetTaskType(b.ctx, b.ns, "geometry")
	require.NoError(t, err)
	require.Zero(t, tt.Focus, "a new plan replaces the old focus")

	_, err = b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "add"})
	require.NoError(t, err)
	require.NoError(t, b.g.LinkSkillToTask(b.ctx, b.ns, "add", "arithmetic"))
	require.NoError(t, b.g.LinkSkillToTask(b.ctx, b.ns, "add", "algebra"), "creates the task type")
	requireCode(t, b.g.LinkSkillToTask(b.ctx, b.ns, "nope", "algebra"), evokg.ENOTFOUND)
	skills, err := b.g.TaskTypeSkills(b.ctx, b.ns, "algebra")
	require.NoError(t, err)
	require.Len(t, skills, 1)
	_, err = b.g.GetTaskType(b.ctx, b.ns, "missing")
	requireCode(t, err, evokg.ENOTFOUND)
}

func TestNamespaceIsolation(t *testing.T) {
	t.Parallel()
	a, b := setup(t), setup(t)
	for i, x := range []bundle{a, b} {
		_, err := x.g.CreateSkill(x.ctx, x.ns, evokg.NewSkill{Name: "add", Mastery: 0.1 * float64(i+1)})
		require.NoError(t, err, "the same skill name in two namespaces")
		require.NoError(t, x.g.LinkSkillToTask(x.ctx, x.ns, "add", "arithmetic"))
		x.project(t, expOpts{Signature: []string{"parse", "add"}, Entities: []string{"number"}})
	}
	_, err := a.g.RecordCurriculum(a.ctx, a.ns, "arithmetic", 1, 7, 3)
	require.NoError(t, err)
	require.NoError(t, a.g.SetMastery(a.ctx, a.ns, "add", 0.9))

	sb, err := b.g.GetSkill(b.ctx, b.ns, "add")
	require.NoError(t, err)
	require.InDelta(t, 0.2, sb.Mastery, 1e-12)
	tb, err := b.g.GetTaskType(b.ctx, b.ns, "arithmetic")
	require.NoError(t, err)
	require.Zero(t, tb.NSeen)

	tr, err := b.g.Transitions(b.ctx, b.ns, 10)
	require.NoError(t, err)
	require.Equal(t, []graph.Transition{{From: "parse", To: "add", Count: 1}}, tr, "operations are per namespace")
	m, err := b.g.SignatureMatches(b.ctx, b.ns, "", []string{"parse", "add"}, 0.6, 10)
	require.NoError(t, err)
	require.Len(t, m, 1)
	counts, err := b.g.MemoryCounts(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, []graph.MemoryCount{{TaskType: "arithmetic", Outcome: evokg.OutcomeSuccess, Count: 1}}, counts)

	na, ea, err := a.g.CountNodesAndEdges(a.ctx, a.ns)
	require.NoError(t, err)
	nb, eb, err := b.g.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, na, nb)
	require.Equal(t, ea, eb)

	require.NoError(t, a.g.PurgeNamespace(a.ctx, a.ns))
	n, _, err := a.g.CountNodesAndEdges(a.ctx, a.ns)
	require.NoError(t, err)
	require.Zero(t, n)
	n, _, err = b.g.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, nb, n, "purging one namespace leaves the other")
}

func TestConcurrentWritersRespectTheCapAndTheDAG(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *graph.Config) { c.MaxSkills = 5 })
	var wg sync.WaitGroup
	errs := make([]error, 12)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: fmt.Sprintf("s%02d", i)})
		}()
	}
	wg.Wait()
	created := 0
	for _, err := range errs {
		if err == nil {
			created++
		} else {
			requireCode(t, err, evokg.ELIMIT)
		}
	}
	require.Equal(t, 5, created, "12 concurrent creations against a cap of 5")
	skills, err := b.g.ListSkills(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, skills, 5)

	// Two writers race to close the cycle a → b → a: exactly one edge lands.
	a, c := skills[0].Name, skills[1].Name
	var edgeErrs [2]error
	wg.Add(2)
	go func() { defer wg.Done(); edgeErrs[0] = b.g.AddPrerequisite(b.ctx, b.ns, a, c) }()
	go func() { defer wg.Done(); edgeErrs[1] = b.g.AddComposition(b.ctx, b.ns, c, a) }()
	wg.Wait()
	require.True(t, (edgeErrs[0] == nil) != (edgeErrs[1] == nil), "one edge lands, the other would close a cycle: %v", edgeErrs)
	edges, err := b.g.SkillEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, edges, 1)
}
