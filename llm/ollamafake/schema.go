package ollamafake

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/ollama/ollama/api"
)

// DefaultReply is the plain-text reply to a request without a format that
// no rule or script matched.
const DefaultReply = "This is a scripted reply from the EvoKG fake model server."

// replyForFormat returns a reply valid for the request's format: for a JSON
// schema a generated instance, for "json" an empty object, else the default
// text.
func replyForFormat(format json.RawMessage) string {
	if len(format) == 0 || string(format) == "null" {
		return DefaultReply
	}
	var schema any
	if err := json.Unmarshal(format, &schema); err != nil {
		return DefaultReply
	}
	if s, ok := schema.(string); ok {
		if s == "json" {
			return "{}"
		}
		return DefaultReply
	}
	b, err := json.Marshal(Instance(schema))
	if err != nil {
		return "{}"
	}
	return string(b)
}

// Instance generates a deterministic value that satisfies schema (a decoded
// JSON schema using type, properties, items, enum, const, minimum,
// maximum, minItems, maxItems and minLength). Objects get every property.
func Instance(schema any) any {
	return instance(schema, "value")
}

func instance(schema any, name string) any {
	s, ok := schema.(map[string]any)
	if !ok {
		return nil
	}
	if c, ok := s["const"]; ok {
		return c
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	switch schemaType(s) {
	case "object":
		return objectInstance(s)
	case "array":
		return arrayInstance(s, name)
	case "string":
		return stringInstance(s, name)
	case "integer":
		return integerInstance(s)
	case "number":
		return numberInstance(s)
	case "boolean":
		return true
	case "null":
		return nil
	}
	return map[string]any{}
}

func schemaType(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if x, ok := x.(string); ok && x != "null" {
				return x
			}
		}
	}
	if _, ok := s["properties"]; ok {
		return "object"
	}
	return "object"
}

func objectInstance(s map[string]any) map[string]any {
	props, _ := s["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	out := make(map[string]any, len(props))
	for _, k := range names {
		out[k] = instance(props[k], k)
	}
	return out
}

func arrayInstance(s map[string]any, name string) []any {
	n := 1
	if v, ok := number(s["minItems"]); ok && int(v) > n {
		n = int(v)
	}
	if v, ok := number(s["maxItems"]); ok && int(v) < n {
		n = int(v)
	}
	out := make([]any, n)
	for i := range out {
		item := instance(s["items"], fmt.Sprintf("%s_%d", strings.TrimSuffix(name, "s"), i+1))
		out[i] = item
	}
	return out
}

func stringInstance(s map[string]any, name string) string {
	v := "fake_" + name
	if n, ok := number(s["minLength"]); ok && len(v) < int(n) {
		v += strings.Repeat("x", int(n)-len(v))
	}
	if n, ok := number(s["maxLength"]); ok && len(v) > int(n) {
		v = v[:int(n)]
	}
	return v
}

func numberInstance(s map[string]any) float64 {
	lo, hasLo := number(s["minimum"])
	hi, hasHi := number(s["maximum"])
	switch {
	case hasLo && hasHi:
		return (lo + hi) / 2
	case hasLo:
		return lo
	case hasHi:
		return hi
	}
	return 0.5
}

func integerInstance(s map[string]any) int {
	lo, hasLo := number(s["minimum"])
	hi, hasHi := number(s["maximum"])
	switch {
	case hasLo:
		return int(lo)
	case hasHi && hi < 1:
		return int(hi)
	}
	return 1
}

func number(v any) (float64, bool) {
	f, ok := v.(float64)
	return f, ok
}

// parametersSchema is a tool's parameter schema as a decoded JSON schema.
func parametersSchema(p api.ToolFunctionParameters) any {
	b, err := json.Marshal(p)
	if err != nil {
		return nil
	}
	var schema any
	if json.Unmarshal(b, &schema) != nil {
		return nil
	}
	return schema
}
