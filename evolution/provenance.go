package evolution

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/world"
)

// maxPrincipleSources bounds the DERIVED_FROM edges of a principle: the
// first corrections written for its task type in the iteration.
const maxPrincipleSources = 8

// provenance is what a memory the loop writes from an answer was derived
// from: every memory the learner was shown (for a harvested success, those
// it answered right with; for a correction, those it failed with), so that
// what the learner was shown is exactly what is recorded.
func provenance(shown []uuid.UUID) []uuid.UUID {
	return slices.Clone(shown)
}

// principleSources is what a principle was derived from: the corrections
// written for its task type this iteration, at most maxPrincipleSources.
func principleSources(corrections []uuid.UUID) []uuid.UUID {
	return slices.Clone(corrections[:min(len(corrections), maxPrincipleSources)])
}

// signature is the procedural signature of one memory (USES_OPERATION
// edges in the graph), extracted by the teacher model from its own steps (a
// success's reasoning, a correction's steps), so that structural
// similarity ranks the memories within a task type, at one teacher call
// per memory. It is kept in the run's state under the memory's task,
// question and steps, so a resumed iteration asks again for none. A reply
// that stays invalid leaves the memory without one (recorded as a failed
// step).
func (r *runner) signature(ctx context.Context, t, task string, steps []string) ([]string, error) {
	key := strings.Join(slices.Concat([]string{t, task}, steps), "\n")
	if sig, ok := r.st.Signatures[key]; ok {
		return sig, nil
	}
	r.calls.teacher.Add(1)
	sig, err := r.deps.Teacher.ExtractSignature(ctx, evokg.SignatureRequest{TaskType: t, Task: task, Steps: steps})
	if r.failed.add("signature", t, err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.st.Signatures[key] = sig // a valid empty reply too: the memory goes without
	return sig, nil
}

// successSignature is the signature of a harvested success: for an
// environment episode the operations of the actions played until the goal
// held (no model call), else the learner's own plan of the very question
// when its search arm made one, else one extracted from its reasoning.
func (r *runner) successSignature(ctx context.Context, a graded, cot string) ([]string, error) {
	if ep := a.Item.Episode; ep != nil {
		return world.PlayedSignature(*ep, a.Answer), nil
	}
	if len(a.Signature) > 0 {
		return a.Signature, nil
	}
	return r.signature(ctx, a.Item.TaskType, a.Item.Question, []string{cmp.Or(cot, a.Answer)})
}
