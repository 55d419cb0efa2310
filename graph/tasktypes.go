package graph

import (
	"context"

	"github.com/evokg/evokg"
)

// UpsertTaskType creates a task type, or updates its description when it
// exists and description is not empty.
func (g *Graph) UpsertTaskType(ctx context.Context, ns, name, description string) (evokg.TaskType, error) {
	if err := checkNamespace(ns); err != nil {
		return evokg.TaskType{}, err
	}
	if name == "" {
		return evokg.TaskType{}, evokg.Invalid(evokg.FieldError{Pointer: "/name", Detail: "is required"})
	}
	recs, err := g.writeOne(ctx, "task_type_upsert", params(ns, "name", name, "description", description, "id", evokg.NewID().String()))
	if err != nil {
		return evokg.TaskType{}, err
	}
	return taskTypeFrom(rowOf(recs[0]).sub("task_type")), nil
}

// DeclareTaskType creates or updates a task type with how its questions
// are answered; an empty description keeps the one it has.
func (g *Graph) DeclareTaskType(ctx context.Context, ns, name, description string, spec evokg.AnswerSpec) (evokg.TaskType, error) {
	if err := checkNamespace(ns); err != nil {
		return evokg.TaskType{}, err
	}
	var v evokg.FieldErrors
	v.Check(name != "", "/name", "is required")
	if err := v.Err(); err != nil {
		return evokg.TaskType{}, err
	}
	if err := spec.Validate("/answer"); err != nil {
		return evokg.TaskType{}, err
	}
	choices := spec.Choices
	if choices == nil {
		choices = []string{}
	}
	recs, err := g.writeOne(ctx, "task_type_answer", params(ns, "name", name, "description", description,
		"id", evokg.NewID().String(), "mode", string(spec.Mode), "choices", choices))
	if err != nil {
		return evokg.TaskType{}, err
	}
	return taskTypeFrom(rowOf(recs[0]).sub("task_type")), nil
}

// Declare creates or updates task type name as d declares it: its
// answer spec and its checker (removed when d has none); an empty
// description keeps the one it has. The checker's form is checked here;
// running its code is the write gate's (writegate.CompileChecker).
func (g *Graph) Declare(ctx context.Context, ns, name string, d evokg.TaskTypeDeclaration) (evokg.TaskType, error) {
	if err := checkNamespace(ns); err != nil {
		return evokg.TaskType{}, err
	}
	if err := d.Validate(name); err != nil {
		return evokg.TaskType{}, err
	}
	p := checkerParams(ns, name, d.Checker)
	p["description"], p["mode"], p["choices"] = d.Description, string(d.Answer.Mode), nonNil(d.Answer.Choices)
	recs, err := g.writeOne(ctx, "task_type_declare", p)
	if err != nil {
		return evokg.TaskType{}, err
	}
	return taskTypeFrom(rowOf(recs[0]).sub("task_type")), nil
}

// DeclareChecker sets task type name's checker, or removes it when c is
// nil (creating the task type), keeping its answer spec.
func (g *Graph) DeclareChecker(ctx context.Context, ns, name string, c *evokg.Checker) (evokg.TaskType, error) {
	if err := checkNamespace(ns); err != nil {
		return evokg.TaskType{}, err
	}
	d := evokg.TaskTypeDeclaration{Answer: evokg.AnswerSpec{Mode: evokg.AnswerText}, Checker: c}
	if err := d.Validate(name); err != nil {
		return evokg.TaskType{}, err
	}
	recs, err := g.writeOne(ctx, "task_type_checker", checkerParams(ns, name, c))
	if err != nil {
		return evokg.TaskType{}, err
	}
	return taskTypeFrom(rowOf(recs[0]).sub("task_type")), nil
}

// checkerParams are the parameters of task type name with checker c's
// properties, null without one.
func checkerParams(ns, name string, c *evokg.Checker) map[string]any {
	p := params(ns, "name", name, "id", evokg.NewID().String(), "pattern", nil, "code", nil, "example", nil)
	if c != nil {
		p["pattern"], p["code"], p["example"] = c.Pattern, c.Code, c.Example
	}
	return p
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// GetTaskType returns one task type, or ENOTFOUND.
func (g *Graph) GetTaskType(ctx context.Context, ns, name string) (evokg.TaskType, error) {
	recs, err := g.readOne(ctx, "task_type_get", params(ns, "name", name))
	if err != nil {
		return evokg.TaskType{}, err
	}
	if len(recs) == 0 {
		return evokg.TaskType{}, evokg.Errorf(evokg.ENOTFOUND, "task type %q not found", name)
	}
	return taskTypeFrom(rowOf(recs[0]).sub("task_type")), nil
}

// ListTaskTypes returns the task types of a namespace by name.
func (g *Graph) ListTaskTypes(ctx context.Context, ns string) ([]evokg.TaskType, error) {
	recs, err := g.readOne(ctx, "task_type_list", params(ns))
	if err != nil {
		return nil, err
	}
	out := make([]evokg.TaskType, len(recs))
	for i, rec := range recs {
		out[i] = taskTypeFrom(rowOf(rec).sub("task_type"))
	}
	return out, nil
}

// RecordCurriculum records the curriculum's view of a task type at a
// selection (creating the task type if needed): the reward stream's totals,
// seen answers of which failed failed, and kLast, the step it was last
// selected at, which only moves forward.
func (g *Graph) RecordCurriculum(ctx context.Context, ns, taskType string, kLast, seen, failed int) (evokg.TaskType, error) {
	var v evokg.FieldErrors
	v.Check(taskType != "", "/task_type", "is required")
	v.Check(kLast >= 0, "/k_last", "must not be negative")
	v.Check(seen >= 0 && failed >= 0 && failed <= seen, "/failed", "must be between 0 and seen")
	if err := v.Err(); err != nil {
		return evokg.TaskType{}, err
	}
	recs, err := g.writeOne(ctx, "task_type_curriculum", params(ns, "name", taskType, "id", evokg.NewID().String(),
		"k", kLast, "seen", seen, "failed", failed))
	if err != nil {
		return evokg.TaskType{}, err
	}
	return taskTypeFrom(rowOf(recs[0]).sub("task_type")), nil
}

// SetFocus sets the Navigator's curriculum bonus of the task types named in
// focus; every other task type of ns gets 0.
func (g *Graph) SetFocus(ctx context.Context, ns string, focus map[string]float64) error {
	if err := checkNamespace(ns); err != nil {
		return err
	}
	if focus == nil {
		focus = map[string]float64{}
	}
	m := make(map[string]any, len(focus))
	for k, v := range focus {
		m[k] = v
	}
	_, err := g.writeOne(ctx, "task_type_focus", params(ns, "focus", m))
	return err
}

// TaskTypeSkills returns the skills linked to a task type by SKILL_FOR_TASK.
func (g *Graph) TaskTypeSkills(ctx context.Context, ns, taskType string) ([]evokg.Skill, error) {
	recs, err := g.readOne(ctx, "task_type_skills", params(ns, "name", taskType))
	if err != nil {
		return nil, err
	}
	return skillsFrom(recs, "skill"), nil
}

func taskTypeFrom(r row) evokg.TaskType {
	return evokg.TaskType{
		ID: r.str("id"), Namespace: r.str("namespace"), Name: r.str("name"),
		Description: r.str("description"), NSeen: int(r.i64("n_seen")),
		NFail: int(r.i64("n_fail")), KLast: int(r.i64("k_last")), Focus: r.f64("focus"), CreatedAt: r.time("created_at"),
		Answer:  evokg.AnswerSpec{Mode: evokg.AnswerMode(r.str("answer_mode")), Choices: r.strs("answer_choices")}.OrText(),
		Checker: checkerFrom(r),
	}
}

// checkerFrom is the task type's declared checker, nil without one.
func checkerFrom(r row) *evokg.Checker {
	if r.str("checker_pattern") == "" {
		return nil
	}
	return &evokg.Checker{Pattern: r.str("checker_pattern"), Code: r.str("checker_code"), Example: r.str("checker_example")}
}
