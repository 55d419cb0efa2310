package explorer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/world"
)

// observationSpace names the observation IDs derived from an exploration key.
var observationSpace = uuid.MustParse("0b4f7f3e-5c1a-4f0e-9a53-3c2d27a8e6b1")

// observe has the model read one observation and writes what it found into
// G_env. A reply the model cannot make valid, or one that times out, skips
// the observation; any other error (the server down, the call budget spent,
// the graph's) ends the exploration.
func (x *Explorer) observe(ctx context.Context, ns string, ep world.Episode, key string, i int, text string, res *Result) error {
	res.ModelCalls++
	obs, err := x.model.Explore(ctx, evokg.ExploreRequest{TaskType: ep.TaskType(), Observation: text})
	if err != nil {
		if !skippable(ctx, err) {
			return err
		}
		x.log.WarnContext(ctx, "explorer observation skipped", slog.String("episode", ep.ID), slog.Int("step", i), slog.Any("error", err))
		res.Skipped++
		return nil
	}
	names, err := x.writeEntities(ctx, ns, obs, res)
	if err != nil {
		return err
	}
	_, err = x.graph.AddObservation(ctx, ns, graph.Observation{
		ID:      uuid.NewSHA1(observationSpace, fmt.Appendf(nil, "%s/%s/%d", key, ep.ID, i)),
		Context: fmt.Sprintf("%s step %d (%s)", ep.ID, i, ep.Goal.Text()),
		Content: text, Entities: names,
	})
	if err == nil {
		res.Observations++
	}
	return err
}

// skippable reports whether err is a model reply that stayed invalid or
// timed out (the exploration goes on without it), not a failure that ends
// the exploration.
func skippable(ctx context.Context, err error) bool {
	var invalid *llm.StructuredError
	return errors.As(err, &invalid) || (evokg.ErrorCode(err) == evokg.ETIMEOUT && ctx.Err() == nil)
}

// writeEntities upserts the observed entities and relations and returns
// the entities' names.
func (x *Explorer) writeEntities(ctx context.Context, ns string, obs evokg.ExploreReply, res *Result) ([]string, error) {
	var names []string
	for _, e := range obs.Entities {
		name := canonical(e.Name)
		if name == "" {
			continue
		}
		if _, err := x.graph.UpsertWorldEntity(ctx, ns, name, canonical(e.Type)); err != nil {
			return nil, err
		}
		names = append(names, name)
		res.Entities++
	}
	for _, r := range obs.Relations {
		from, rel, to := canonical(r.From), canonical(r.Relation), canonical(r.To)
		if from == "" || rel == "" || to == "" {
			continue
		}
		for _, end := range []string{from, to} {
			if _, err := x.graph.UpsertWorldEntity(ctx, ns, end, ""); err != nil {
				return nil, err
			}
		}
		if err := x.graph.RelateWorld(ctx, ns, from, rel, to); err != nil {
			return nil, err
		}
		res.Relations++
	}
	return names, nil
}

// canonical is a model-written name in lower case, single-spaced.
func canonical(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// harvest has the model plan ep's goal over G_env, plays the plan and,
// when the environment grades it a success, ingests the actions it played
// as an action recipe.
func (x *Explorer) harvest(ctx context.Context, ns string, ep world.Episode, key string, res *Result) error {
	plan, err := x.plan(ctx, ns, ep, res)
	if err != nil || len(plan) == 0 {
		return err
	}
	played := world.Run(ep, plan)
	if res.Success = played.Success; !played.Success {
		return nil
	}
	plan = plan[:played.Steps]
	res.Recipe, res.Signature = world.Join(plan), world.Signature(plan)
	receipt, err := x.memory.IngestEmbedded(ctx, ns, recipeExperience(ep, plan, played, res.Facts), key+":recipe:"+ep.ID)
	res.ExperienceID = receipt.ID
	return err
}

// plan asks the model for the actions that reach ep's goal over the G_env
// relations the tours wrote, those near the goal's entities and the start
// room first. None when G_env holds nothing, or when the model's reply
// stays invalid or times out: what was not observed cannot be planned.
func (x *Explorer) plan(ctx context.Context, ns string, ep world.Episode, res *Result) ([]world.Action, error) {
	names := []string{ep.Goal.Object, ep.Start}
	if ep.Goal.Target != "" {
		names = append(names, ep.Goal.Target)
	}
	facts, err := x.graph.WorldFacts(ctx, ns, names, x.cfg.MaxFacts)
	if res.Facts = len(facts); err != nil || len(facts) == 0 {
		return nil, err
	}
	res.ModelCalls++
	reply, err := x.model.PlanActions(ctx, evokg.ActionPlanRequest{TaskType: ep.TaskType(), Task: ep.Prompt(),
		Facts: cascade.RenderFacts(facts, x.cfg.MaxFactChars)})
	if err != nil {
		if !skippable(ctx, err) {
			return nil, err
		}
		x.log.WarnContext(ctx, "explorer plan skipped", slog.String("episode", ep.ID), slog.Any("error", err))
		return nil, nil
	}
	return world.ParseActions(reply.Answer), nil
}

// Procedure is a generalised recipe as a memory holds it: the procedure
// reflection (its roles as params) and, as content, its text, which the
// learner reads with the memory.
func Procedure(p world.Procedure) (*evokg.ProcedureReflection, string) {
	roles := make(map[string]any, len(p.Roles))
	for role, entity := range p.Roles {
		roles[role] = entity
	}
	return &evokg.ProcedureReflection{Name: p.Name, Params: roles, Steps: p.Steps}, p.Text()
}

// recipeExperience is the success memory of a played plan: the episode's
// prompt as question (what the learner is asked), the actions as answer and
// as (operation, action) steps, the operations as signature, the goal's
// object and target as entities; the plan generalised with roles
// (world.Generalise) is its procedure and, as text, its content, which the
// learner reads with the memory.
func recipeExperience(ep world.Episode, plan []world.Action, played world.Result, facts int) evokg.ExperienceInput {
	steps := make([]evokg.SkillStep, len(plan))
	for i, a := range plan {
		steps[i] = evokg.SkillStep{Skill: a.Operation(), Output: a.String()}
	}
	procedure, content := Procedure(world.Generalise(ep, plan))
	entities := []evokg.Entity{{Name: ep.Goal.Object, Type: "object"}}
	if ep.Goal.Target != "" {
		entities = append(entities, evokg.Entity{Name: ep.Goal.Target, Type: "place"})
	}
	return evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{
		TaskType: ep.TaskType(), Outcome: evokg.OutcomeSuccess,
		Question: ep.Prompt(), Answer: world.Join(plan), SkillSteps: steps, Content: content, Procedure: procedure,
		ChainOfThought: fmt.Sprintf("Explorer: planned the goal over %d observed G_env relations; played in the environment, it held after %d actions.",
			facts, played.Steps),
		Evaluation: &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1,
			TeacherFeedback: "action recipe graded by the environment: the goal held after the last action"},
		Signature: world.Signature(plan), Entities: entities,
	}}
}
