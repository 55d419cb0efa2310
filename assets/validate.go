package assets

import (
	"context"
	"fmt"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/sandbox"
)

// validate runs every test of spec in the sandbox and records what ran,
// passed and failed, and why. Only a cancelled ctx makes it fail.
func (s *Service) validate(ctx context.Context, spec evokg.ToolSpec, schemas toolSchemas) (evokg.ToolValidation, error) {
	v := evokg.ToolValidation{Results: make([]evokg.ToolTestResult, 0, len(spec.Tests))}
	for _, test := range spec.Tests {
		result := s.runTest(ctx, spec.Code, schemas, test)
		if err := ctx.Err(); err != nil {
			return evokg.ToolValidation{}, err
		}
		v.Ran++
		if result.Passed {
			v.Passed++
		} else {
			v.Failed++
		}
		v.Results = append(v.Results, result)
	}
	v.Reason = validationReason(v)
	v.At = evokg.Now()
	return v, nil
}

func (s *Service) runTest(ctx context.Context, code string, schemas toolSchemas, test evokg.ToolTest) evokg.ToolTestResult {
	r := evokg.ToolTestResult{Input: test.Input, Expected: test.Expected}
	if why := violation(schemas.input, test.Input); why != "" {
		r.Error = "the input violates the input schema: " + why
		return r
	}
	output, err := sandbox.RunJSON(ctx, code, test.Input, s.cfg.Limits)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Output = output
	switch why := violation(schemas.output, output); {
	case why != "":
		r.Error = "the output violates the output schema: " + why
	case !sameJSON(output, test.Expected):
		r.Error = "the output is not the expected value"
	default:
		r.Passed = true
	}
	return r
}

// validationReason says why a version is not validated ("" when it is).
func validationReason(v evokg.ToolValidation) string {
	if v.Ran == 0 {
		return errNoTests.Error()
	}
	for i, r := range v.Results {
		if !r.Passed {
			return fmt.Sprintf("%d of %d tests failed; test %d: %s", v.Failed, v.Ran, i, r.Error)
		}
	}
	return ""
}
