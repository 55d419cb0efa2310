package evolution

import (
	"context"
	"slices"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// phase0 is SkillDiscovery: when the namespace has no skills yet, the
// teacher model induces skills, task types, SKILL_FOR_TASK and the
// prerequisite DAG from a sample of the pool. Every task type of the pool
// exists afterwards, discovered or not.
func (r *runner) phase0(ctx context.Context) error {
	ctx = r.callCtx(ctx, 0)
	existing, err := r.deps.Graph.ListSkills(ctx, r.ns)
	if err != nil {
		return err
	}
	if len(existing) == 0 {
		r.progress(Progress{RunID: r.id, Iterations: r.p.Iterations, Phase: "discover"})
		if err := r.discover(ctx); err != nil {
			return err
		}
	}
	for _, t := range questions.TaskTypes(slices.Concat(r.pool.Train, r.pool.Validation, r.pool.Test)) {
		if err := r.declare(ctx, t); err != nil {
			return err
		}
		if err := r.coverTaskType(ctx, t); err != nil {
			return err
		}
	}
	return nil
}

// declare creates task type t, declared with the run's answer mode
// (Pool.AnswerMode) and the checker the run declares for it
// (Pool.Checkers); without them t's declaration stays as it is.
func (r *runner) declare(ctx context.Context, t string) error {
	if c, ok := r.p.Pool.Checkers[t]; ok {
		if _, err := r.deps.Graph.DeclareChecker(ctx, r.ns, t, &c); err != nil {
			return err
		}
	}
	mode := r.p.Pool.AnswerMode
	if mode == "" {
		_, err := r.deps.Graph.UpsertTaskType(ctx, r.ns, t, "")
		return err
	}
	_, err := r.deps.Graph.DeclareTaskType(ctx, r.ns, t, "", evokg.AnswerSpec{Mode: mode})
	return err
}

// coverTaskType gives a task type that no induced skill serves a skill of
// its own, so mastery, the frontier and the graph operations reach every
// task type of the pool whatever the model's plan left out.
func (r *runner) coverTaskType(ctx context.Context, taskType string) error {
	skills, err := r.deps.Graph.TaskTypeSkills(ctx, r.ns, taskType)
	if err != nil || len(skills) > 0 {
		return err
	}
	name := "solve_" + taskType
	_, err = r.deps.Graph.CreateSkill(ctx, r.ns, evokg.NewSkill{Name: name, Description: "Solve " + taskType + " questions"})
	if err != nil && !tolerated(err) {
		return err
	}
	if err := r.deps.Graph.LinkSkillToTask(ctx, r.ns, name, taskType); err != nil && !tolerated(err) {
		return err
	}
	return nil
}

func (r *runner) discover(ctx context.Context) error {
	req := evokg.DiscoverRequest{MaxSkills: r.p.MaxSkills}
	for _, it := range sample(r.pool.Train, r.p.DiscoverySample) {
		req.Questions = append(req.Questions, evokg.SampleQuestion{Question: it.Question, TaskType: it.TaskType})
	}
	r.calls.teacher.Add(1)
	plan, err := r.deps.Teacher.DiscoverSkills(ctx, req)
	if itemFailure(err) {
		// Phase 0 goes on without a plan: every task type gets a skill of its own.
		r.log.WarnContext(ctx, "skill discovery failed; each task type gets a skill of its own",
			"namespace", r.ns, "run", r.id, "error", err)
		return nil
	}
	if err != nil {
		return err
	}
	return r.applyPlan(ctx, plan)
}

func (r *runner) applyPlan(ctx context.Context, plan evokg.SkillPlan) error {
	for _, s := range plan.Skills {
		_, err := r.deps.Graph.CreateSkill(ctx, r.ns, evokg.NewSkill{Name: s.Name, Description: s.Description})
		if err != nil && !tolerated(err) {
			return err
		}
	}
	for _, t := range plan.TaskTypes {
		if _, err := r.deps.Graph.UpsertTaskType(ctx, r.ns, t.Name, t.Description); err != nil {
			return err
		}
	}
	for _, l := range plan.SkillForTask {
		if err := r.deps.Graph.LinkSkillToTask(ctx, r.ns, l.Skill, l.TaskType); err != nil && !tolerated(err) {
			return err
		}
	}
	for _, p := range plan.Prerequisites {
		if err := r.deps.Graph.AddPrerequisite(ctx, r.ns, p.Prerequisite, p.Skill); err != nil && !tolerated(err) {
			return err
		}
	}
	return nil
}

// tolerated are the refusals a model's plan can run into (a duplicate, the
// skill cap, a cycle, an unknown name): the plan is applied as far as it is valid.
func tolerated(err error) bool {
	switch evokg.ErrorCode(err) {
	case evokg.ECONFLICT, evokg.ELIMIT, evokg.EINVALID, evokg.ENOTFOUND:
		return true
	}
	return false
}

// sample takes up to n items spread evenly over items (which are sorted
// by id, so over task types too).
func sample(items []questions.Item, n int) []questions.Item {
	if len(items) <= n {
		return items
	}
	out := make([]questions.Item, 0, n)
	for i := range n {
		out = append(out, items[i*len(items)/n])
	}
	return out
}
