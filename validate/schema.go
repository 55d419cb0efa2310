package validate

import (
	"bytes"
	"context"
	"errors"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/evokg/evokg"
)

// schema accepts an answer that is a JSON document valid against a schema.
type schema struct{ compiled *jsonschema.Schema }

const schemaURL = "https://schemas.evokg.dev/task/validator.schema.json"

func newSchema(raw []byte) (Validator, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, invalid("/validator/schema", "is required by the json_schema validator")
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, invalid("/validator/schema", "is not JSON")
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, invalid("/validator/schema", "is not a JSON schema: "+err.Error())
	}
	compiled, err := c.Compile(schemaURL)
	if err != nil {
		return nil, invalid("/validator/schema", "is not a valid JSON schema")
	}
	return schema{compiled: compiled}, nil
}

func (s schema) Validate(_ context.Context, a Attempt) (evokg.ValidationFeedback, error) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(stripFence(a.Answer)))
	if err != nil {
		return fail(evokg.OutcomeForm, "the answer is not one JSON document", "answer format"), nil
	}
	err = s.compiled.Validate(doc)
	var verr *jsonschema.ValidationError
	if err == nil {
		return pass(), nil
	}
	if !errors.As(err, &verr) {
		return evokg.ValidationFeedback{}, err
	}
	leaf := firstLeaf(verr)
	return fail(evokg.OutcomeWrong, leaf.Error(), "/"+strings.Join(leaf.InstanceLocation, "/")), nil
}

// firstLeaf is the first error without causes: the most specific one.
func firstLeaf(e *jsonschema.ValidationError) *jsonschema.ValidationError {
	for len(e.Causes) > 0 {
		e = e.Causes[0]
	}
	return e
}

// stripFence removes a Markdown code fence around an answer.
func stripFence(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "```") {
		return s
	}
	s = strings.TrimPrefix(s, "```")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "```"))
}
