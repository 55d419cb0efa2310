package validate

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/evokg/evokg"
)

// CodeRunner runs code's main function on input in the asset sandbox and
// returns its result; an error names what stopped the run (a limit, a
// syntax or runtime error). sandbox.Run is the production runner.
type CodeRunner func(ctx context.Context, code string, input any) (any, error)

// MaxCodeTests bounds a code validator's tests.
const MaxCodeTests = 20

// code runs the answer (code) against each test in the sandbox.
type code struct {
	run   CodeRunner
	tests []evokg.CodeTest
}

func newCode(cfg Config, tests []evokg.CodeTest) (Validator, error) {
	switch {
	case cfg.CodeRunner == nil:
		return nil, invalid("/validator/kind", "code validators need the asset sandbox: "+errNoRunner.Error())
	case len(tests) == 0 || len(tests) > MaxCodeTests:
		return nil, invalid("/validator/tests", fmt.Sprintf("must hold 1 to %d tests", MaxCodeTests))
	}
	for i, t := range tests {
		if !json.Valid(t.Input) || !json.Valid(t.Expected) {
			return nil, invalid(fmt.Sprintf("/validator/tests/%d", i), "input and expected must be JSON values")
		}
	}
	return code{run: cfg.CodeRunner, tests: tests}, nil
}

// Validate runs the tests in order and reports the first that fails.
func (c code) Validate(ctx context.Context, a Attempt) (evokg.ValidationFeedback, error) {
	src := stripFence(a.Answer)
	for i, t := range c.tests {
		var input, want any
		_ = json.Unmarshal(t.Input, &input)
		_ = json.Unmarshal(t.Expected, &want)
		got, err := c.run(ctx, src, input)
		if err != nil {
			if ctx.Err() != nil {
				return evokg.ValidationFeedback{}, ctx.Err()
			}
			return fail(evokg.OutcomeError, fmt.Sprintf("test %d: %v", i+1, err), "code"), nil
		}
		if !sameJSON(got, want) {
			return fail(evokg.OutcomeWrong, fmt.Sprintf("test %d: input %s returned %s, expected %s", i+1, t.Input, jsonText(got), t.Expected), "code"), nil
		}
	}
	return pass(), nil
}

// sameJSON compares two values as JSON documents (numbers as float64).
func sameJSON(got, want any) bool {
	var g any
	b, err := json.Marshal(got)
	if err != nil || json.Unmarshal(b, &g) != nil {
		return false
	}
	return reflect.DeepEqual(g, want)
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return evokg.TruncateRunes(string(b), 200)
}
