package evolution

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// The API's view of runs: Service serves the run endpoints in the root
// vocabulary (EvolutionRunRequest in, EvolutionRun out).

// StartRun starts a run of namespace ns from an API request of key.
func (s *Service) StartRun(ctx context.Context, ns string, key uuid.UUID, req evokg.EvolutionRunRequest) (evokg.EvolutionRun, error) {
	run, err := s.Start(ctx, ns, key, runParams(req))
	if err != nil {
		return evokg.EvolutionRun{}, requestPointers(err)
	}
	return *run, nil
}

// DefaultListLimit bounds ListRuns.
const DefaultListLimit = 50

// ListRuns returns the newest runs of ns, at most DefaultListLimit, without
// their metrics.
func (s *Service) ListRuns(ctx context.Context, ns string) ([]evokg.EvolutionRun, error) {
	runs, err := s.engine.store.listRuns(ctx, ns, DefaultListLimit)
	if err != nil {
		return nil, err
	}
	out := make([]evokg.EvolutionRun, len(runs))
	for i, r := range runs {
		out[i] = *r
	}
	return out, nil
}

// GetRun returns run id with its metrics.
func (s *Service) GetRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EvolutionRun, error) {
	res, err := s.engine.Get(ctx, ns, id)
	if err != nil {
		return evokg.EvolutionRun{}, err
	}
	return *res.Run, nil
}

// CancelRun stops a queued or running run; the worker notices before its
// next iteration. Cancelling a finished run is a conflict.
func (s *Service) CancelRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EvolutionRun, error) {
	ok, err := s.engine.store.cancelRun(ctx, ns, id)
	if err != nil {
		return evokg.EvolutionRun{}, err
	}
	res, err := s.engine.Get(ctx, ns, id)
	if err != nil {
		return evokg.EvolutionRun{}, err
	}
	if !ok {
		return *res.Run, evokg.Errorf(evokg.ECONFLICT, "run %s is already %s", id, res.Run.Status)
	}
	return *res.Run, nil
}

// requestPointers rewrites the pointers of a refused run's field errors,
// which name Params fields, to the request body's fields.
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
		} else if rest, ok := strings.CutPrefix(f.Pointer, "/items/"); ok {
			out.Fields[i].Pointer = "/pool/" + rest
		}
	}
	return &out
}

var runPointers = map[string]string{"/pool/size": "/generator/size", "/pool/items": "/pool",
	"/pool/validation": "/validation", "/pool/test": "/test", "/pool/answer_mode": "/answer_mode"}

func runParams(req evokg.EvolutionRunRequest) Params {
	spec := questions.PoolSpec{Name: "inline", Validation: req.Validation, Test: req.Test, AnswerMode: req.AnswerMode}
	if g := req.Generator; g != nil {
		spec = questions.PoolSpec{Name: g.Name, Size: g.Size, Seed: g.Seed, Validation: req.Validation, Test: req.Test, AnswerMode: req.AnswerMode}
	}
	for i, it := range req.Pool {
		spec.Items = append(spec.Items, questions.Item{ID: itemID(i), Question: it.Question, Answer: it.Gold,
			TaskType: it.TaskType, Context: it.Context, Split: it.Split})
	}
	return Params{Iterations: req.Iterations, Pool: spec, CalibrationItems: req.CalibrationItems}
}

func itemID(i int) string { return fmt.Sprintf("item-%05d", i) }

// profileOf is p as the API shows it: nil when the run kept no profile.
func profileOf(p evokg.LearnerProfile) *evokg.LearnerProfile {
	if p.Render == "" {
		return nil
	}
	return &p
}

// routingOnly is v's accuracy without memory and with routing, nil when
// the run did not measure it.
func routingOnly(v SplitAccuracy) *float64 {
	if v.RoutedTotal == 0 {
		return nil
	}
	return &v.RoutingOnly
}

// summary is m as the API shows it.
func (m Metrics) summary() evokg.IterationMetrics {
	byType := map[string]float64{}
	for name, t := range m.ByTaskType {
		byType[name] = t.Accuracy
	}
	return evokg.IterationMetrics{Iteration: m.Iteration, Accuracy: m.Accuracy, AccuracyByTaskType: byType, Flips: m.Flips,
		MemoryCounts: map[string]int{"success": int(m.Memories.Success), "failure": int(m.Memories.Failure),
			"principles": int(m.Memories.Principles), "other": int(m.Memories.Other)},
		TeacherCalls: int(m.TeacherCalls), LearnerCalls: int(m.LearnerCalls), RolledBack: m.Rollback,
		WallMS:       m.Durations.Total * float64(time.Second/time.Millisecond),
		TeacherShare: m.TeacherShare, Harvested: m.Harvested, FailuresWritten: m.Failures,
		Operation: m.Operation, Selected: m.Selected, MemoryOff: m.MemoryOff,
		ValidationAccuracy: m.Validation.Accuracy, ValidationWithoutMemory: m.Validation.WithoutMemory,
		TestAccuracy: m.Test.Accuracy, TestWithoutMemory: m.Test.WithoutMemory,
		Rejected: m.Rejected, Rejections: m.Rejections, Checkers: m.Checkers, Probation: m.Probation, TeacherCorrupted: m.Corrupted,
		TeacherCorruptedCommitted: m.CorruptedCommitted, Profile: profileOf(m.Profile), Calibration: m.Calibration,
		BaselineProfile: profileOf(m.BaselineProfile), BaselineCalibration: m.BaselineCalibration,
		ValidationRoutingOnly: routingOnly(m.Validation)}
}
