package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/pool"
)

type evolutionPort struct{ *App }

func (p evolutionPort) StartRun(ctx context.Context, ns string, req api.EvolutionRunRequest) (api.EvolutionRun, error) {
	run, err := p.Evolution.Start(ctx, ns, runParams(req))
	return apiRun(run), requestPointers(err)
}

// requestPointers rewrites the pointers of a refused run's field errors,
// which name evolution.Params fields, to the request body's fields.
func requestPointers(err error) error {
	var de *evokg.Error
	if !errors.As(err, &de) || len(de.Fields) == 0 {
		return err
	}
	out := *de
	out.Fields = make([]evokg.FieldError, len(de.Fields))
	for i, f := range de.Fields {
		out.Fields[i] = f
		if to, ok := runPointers[f.Pointer]; ok {
			out.Fields[i].Pointer = to
		}
	}
	return &out
}

var runPointers = map[string]string{"/pool/size": "/generator/size", "/pool/items": "/pool", "/pool/held_out": "/held_out"}

func (p evolutionPort) ListRuns(ctx context.Context, ns string) ([]api.EvolutionRun, error) {
	runs, err := p.Evolution.List(ctx, ns, evolution.DefaultListLimit)
	out := make([]api.EvolutionRun, len(runs))
	for i, r := range runs {
		out[i] = apiRun(r)
	}
	return out, err
}

func (p evolutionPort) GetRun(ctx context.Context, ns string, id uuid.UUID) (api.EvolutionRun, error) {
	run, err := p.Evolution.Get(ctx, ns, id)
	return apiRun(run), err
}

func (p evolutionPort) CancelRun(ctx context.Context, ns string, id uuid.UUID) (api.EvolutionRun, error) {
	run, err := p.Evolution.Cancel(ctx, ns, id)
	return apiRun(run), err
}

func runParams(req api.EvolutionRunRequest) evolution.Params {
	spec := evolution.PoolSpec{Name: "inline", HeldOut: req.HeldOut}
	if g := req.Generator; g != nil {
		spec = evolution.PoolSpec{Name: g.Name, Size: g.Size, Seed: g.Seed, HeldOut: req.HeldOut}
	}
	for i, it := range req.Pool {
		spec.Items = append(spec.Items, pool.Item{ID: itemID(i), Question: it.Question, Answer: it.Gold,
			TaskType: it.TaskType, Context: it.Context})
	}
	return evolution.Params{Iterations: req.Iterations, Pool: spec}
}

func itemID(i int) string { return fmt.Sprintf("item-%05d", i) }

func apiRun(r *evolution.Run) api.EvolutionRun {
	if r == nil {
		return api.EvolutionRun{}
	}
	out := api.EvolutionRun{ID: r.ID, Namespace: r.Namespace, Status: r.Status, Iterations: r.Params.WithDefaults().Iterations,
		Iteration: r.CurrentIteration, Error: r.Error, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	for _, m := range r.Metrics {
		out.Metrics = append(out.Metrics, apiMetrics(m))
	}
	return out
}

func apiMetrics(m evolution.Metrics) api.IterationMetrics {
	byType := map[string]float64{}
	for name, t := range m.ByTaskType {
		byType[name] = t.Accuracy
	}
	return api.IterationMetrics{Iteration: m.Iteration, Accuracy: m.Accuracy, AccuracyByTaskType: byType, Flips: m.Flips,
		MemoryCounts: map[string]int{"success": int(m.Memories.Success), "failure": int(m.Memories.Failure),
			"principles": int(m.Memories.Principles), "other": int(m.Memories.Other)},
		GuidanceCalls: int(m.GuidanceCalls), LearnerCalls: int(m.LearnerCalls), RolledBack: m.Rollback,
		WallMS: m.Durations.Total * float64(time.Second/time.Millisecond), HeldOutAccuracy: m.HeldOutAccuracy,
		GuidanceShare: m.GuidanceShare, Harvested: m.Harvested, FailuresWritten: m.Failures,
		Operation: m.Operation, Selected: m.Selected}
}

type usagePort struct{ *App }

func (p usagePort) Usage(ctx context.Context, ns string, run *uuid.UUID) (api.Usage, error) {
	runID := ""
	if run != nil {
		runID = run.String()
	}
	u, err := p.Recorder.Usage(ctx, ns, runID)
	if err != nil {
		return api.Usage{}, err
	}
	out := api.Usage{GuidanceCalls: u.Guidance, LearnerCalls: u.Execution, GuidanceShare: u.GuidanceShare, Rows: []api.UsageRow{}}
	for _, r := range u.ByRole {
		out.Rows = append(out.Rows, api.UsageRow{Role: string(r.Role), Model: r.Model, Calls: r.Calls,
			Errors: r.Failed, PromptTokens: int(r.PromptTokens), CompletionTokens: int(r.ReplyTokens)})
	}
	return out, nil
}
