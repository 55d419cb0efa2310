package validate

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/sandbox"
)

// MaxCodeTests bounds a code validator's tests.
const MaxCodeTests = 20

// code runs the answer, Starlark defining run(input), on each test in the
// asset sandbox (sandbox.Run, the runner tools use) under limits.
type code struct {
	limits sandbox.Limits
	tests  []evokg.ToolTest
}

func newCode(cfg Config, tests []evokg.ToolTest) (Validator, error) {
	if len(tests) == 0 || len(tests) > MaxCodeTests {
		return nil, invalid("/validator/tests", fmt.Sprintf("must hold 1 to %d tests", MaxCodeTests))
	}
	for i, t := range tests {
		if !json.Valid(t.Input) || !json.Valid(t.Expected) {
			return nil, invalid(fmt.Sprintf("/validator/tests/%d", i), "input and expected must be JSON values")
		}
	}
	return code{limits: cfg.CodeLimits, tests: tests}, nil
}

// Validate runs the tests in order and reports the first that fails: a
// wrong result, or what stopped the run (a limit, a syntax or runtime error).
func (c code) Validate(ctx context.Context, a Attempt) (evokg.ValidationFeedback, error) {
	src := stripFence(a.Answer)
	for i, t := range c.tests {
		var input, want any
		_ = json.Unmarshal(t.Input, &input)
		_ = json.Unmarshal(t.Expected, &want)
		got, err := sandbox.Run(ctx, src, input, c.limits)
		if err != nil {
			return runFailure(ctx, i, err)
		}
		if !reflect.DeepEqual(got, want) {
			return fail(evokg.OutcomeWrong, fmt.Sprintf("test %d: input %s returned %s, expected %s", i+1, t.Input, jsonText(got), t.Expected), "run(input)"), nil
		}
	}
	return pass(), nil
}

// runFailure is the verdict on a run the sandbox stopped; a sandbox that
// could not run at all is an error, not a verdict.
func runFailure(ctx context.Context, i int, err error) (evokg.ValidationFeedback, error) {
	e, ok := sandbox.AsError(err)
	switch {
	case ctx.Err() != nil:
		return evokg.ValidationFeedback{}, ctx.Err()
	case !ok || e.Kind == sandbox.ReasonSandbox:
		return evokg.ValidationFeedback{}, evokg.Errorf(evokg.EUNAVAILABLE, "the sandbox could not run the code: %v", err)
	case e.IsLimit():
		return fail(evokg.OutcomeError, fmt.Sprintf("test %d: the %s limit stopped the run: %s", i+1, e.Kind, e.Message), "limit: "+e.Kind), nil
	case e.Kind == sandbox.ReasonSyntax || e.Kind == sandbox.ReasonLoad || e.Kind == sandbox.ReasonNoRun:
		return fail(evokg.OutcomeForm, fmt.Sprintf("test %d: %s", i+1, e.Error()), "code: "+e.Kind), nil
	}
	return fail(evokg.OutcomeError, fmt.Sprintf("test %d: %s", i+1, e.Error()), "code: "+e.Kind), nil
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return evokg.TruncateRunes(string(b), 200)
}
