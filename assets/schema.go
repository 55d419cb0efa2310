package assets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaURL names a tool's schemas inside the compiler; nothing is fetched.
const schemaURL = "urn:evokg:tool:"

// refuseLoader keeps a schema from reading files or URLs through $ref.
type refuseLoader struct{}

func (refuseLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("a tool schema may not reference %s", url)
}

// compileSchema compiles a tool's JSON schema; an empty one accepts anything.
func compileSchema(which string, raw json.RawMessage) (*jsonschema.Schema, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(refuseLoader{})
	if err := c.AddResource(schemaURL+which, doc); err != nil {
		return nil, err
	}
	return c.Compile(schemaURL + which)
}

// toolSchemas are a tool's compiled input and output schemas (nil: any).
type toolSchemas struct{ input, output *jsonschema.Schema }

func compileSchemas(in, out json.RawMessage) (toolSchemas, error) {
	input, err := compileSchema("input", in)
	if err != nil {
		return toolSchemas{}, fmt.Errorf("input_schema: %w", err)
	}
	output, err := compileSchema("output", out)
	if err != nil {
		return toolSchemas{}, fmt.Errorf("output_schema: %w", err)
	}
	return toolSchemas{input: input, output: output}, nil
}

const maxViolation = 500

// violation returns why value breaks schema, or "" when it does not.
func violation(schema *jsonschema.Schema, value json.RawMessage) string {
	if schema == nil {
		return ""
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return "not JSON: " + err.Error()
	}
	err = schema.Validate(inst)
	if err == nil {
		return ""
	}
	return conciseViolation(err.Error())
}

// conciseViolation keeps the failed keywords of a validation error on one
// line ("at '/x': got string, want number; ...").
func conciseViolation(msg string) string {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	if len(lines) > 1 && strings.HasPrefix(lines[0], "jsonschema validation failed") {
		lines = lines[1:]
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(strings.TrimSpace(l), "- ")
	}
	msg = strings.Join(lines, "; ")
	if len(msg) > maxViolation {
		msg = msg[:maxViolation]
	}
	return msg
}

// sameJSON reports whether a and b encode the same value (3 equals 3.0,
// object keys in any order).
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
