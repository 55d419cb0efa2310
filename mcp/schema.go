package mcp

import (
	"encoding/json"
	"fmt"
	"strings"
)

// document is the parsed OpenAPI document of the API.
type document struct {
	paths   map[string]any
	schemas map[string]any
	params  map[string]any // components.parameters
}

func parseDocument(b []byte) (*document, error) {
	var raw struct {
		Paths      map[string]any `json:"paths"`
		Components struct {
			Schemas    map[string]any `json:"schemas"`
			Responses  map[string]any `json:"responses"`
			Parameters map[string]any `json:"parameters"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("mcp: decode the OpenAPI document: %w", err)
	}
	d := &document{paths: raw.Paths, schemas: map[string]any{}, params: raw.Components.Parameters}
	for name, s := range raw.Components.Schemas {
		d.schemas[name] = jsonSchema(s)
	}
	// Responses referenced by operations are resolved into their schema.
	for name, r := range raw.Components.Responses {
		d.schemas["response:"+name] = r
	}
	return d, nil
}

// operation returns the operation at method and path.
func (d *document) operation(method, path string) (map[string]any, error) {
	item, _ := d.paths[path].(map[string]any)
	op, _ := item[strings.ToLower(method)].(map[string]any)
	if op == nil {
		return nil, fmt.Errorf("mcp: the API document has no operation %s %s", method, path)
	}
	return op, nil
}

// queryParameter is the JSON schema of the operation's query parameter
// name, with its description, and whether it is required.
func (d *document) queryParameter(op map[string]any, name string) (any, bool, error) {
	params, _ := op["parameters"].([]any)
	for _, p := range params {
		param := d.parameter(p)
		if param["in"] != "query" || param["name"] != name {
			continue
		}
		schema, _ := jsonSchema(param["schema"]).(map[string]any)
		if schema == nil {
			return nil, false, fmt.Errorf("the query parameter %s has no schema", name)
		}
		if desc, ok := param["description"].(string); ok {
			schema["description"] = desc
		}
		required, _ := param["required"].(bool)
		return schema, required, nil
	}
	return nil, false, fmt.Errorf("the operation has no query parameter %s", name)
}

// pathParameter is the JSON schema of the path parameter name of the
// operation at method and path (declared on the operation or its path
// item, inline or as a component), with its description.
func (d *document) pathParameter(method, path, name string) (map[string]any, error) {
	item, _ := d.paths[path].(map[string]any)
	op, _ := item[strings.ToLower(method)].(map[string]any)
	opParams, _ := op["parameters"].([]any)
	itemParams, _ := item["parameters"].([]any)
	for _, p := range append(opParams, itemParams...) {
		param := d.parameter(p)
		if param["in"] != "path" || param["name"] != name {
			continue
		}
		schema, _ := jsonSchema(param["schema"]).(map[string]any)
		if schema == nil {
			return nil, fmt.Errorf("the path parameter %s has no schema", name)
		}
		if desc, ok := param["description"].(string); ok {
			schema["description"] = desc
		}
		return schema, nil
	}
	return nil, fmt.Errorf("%s %s has no path parameter %s", method, path, name)
}

// parameter is the parameter p, a reference to a component resolved.
func (d *document) parameter(p any) map[string]any {
	param, _ := p.(map[string]any)
	if ref, ok := param["$ref"].(string); ok {
		param, _ = d.params[strings.TrimPrefix(ref, "#/components/parameters/")].(map[string]any)
	}
	return param
}

// requestSchema is the JSON body schema of an operation, nil without one.
func (d *document) requestSchema(op map[string]any) any {
	body, _ := op["requestBody"].(map[string]any)
	return jsonSchema(mediaSchema(body))
}

// responseSchema is the JSON schema of the operation's success response.
func (d *document) responseSchema(op map[string]any) any {
	responses, _ := op["responses"].(map[string]any)
	for _, code := range []string{"200", "201", "202"} {
		r, ok := responses[code].(map[string]any)
		if !ok {
			continue
		}
		if ref, ok := r["$ref"].(string); ok {
			r, _ = d.schemas["response:"+strings.TrimPrefix(ref, "#/components/responses/")].(map[string]any)
		}
		return jsonSchema(mediaSchema(r))
	}
	return nil
}

// mediaSchema returns content."application/json".schema of a request body
// or a response.
func mediaSchema(m map[string]any) any {
	content, _ := m["content"].(map[string]any)
	media, _ := content["application/json"].(map[string]any)
	return media["schema"]
}

// jsonSchema turns an OpenAPI 3.0 schema into JSON Schema 2020-12: component
// references point into $defs, the OpenAPI-only keyword example goes, and
// a boolean exclusiveMinimum or exclusiveMaximum becomes the bound itself.
func jsonSchema(s any) any {
	switch v := s.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			switch {
			case k == "example":
			case k == "properties":
				out[k] = properties(x)
			case k == "$ref":
				ref, _ := x.(string)
				out[k] = "#/$defs/" + strings.TrimPrefix(ref, "#/components/schemas/")
			default:
				out[k] = jsonSchema(x)
			}
		}
		exclusive(out, "exclusiveMinimum", "minimum")
		exclusive(out, "exclusiveMaximum", "maximum")
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = jsonSchema(x)
		}
		return out
	default:
		return s
	}
}

// properties converts each property's schema, keeping every name (a
// property may be named example).
func properties(s any) any {
	m, ok := s.(map[string]any)
	if !ok {
		return jsonSchema(s)
	}
	out := make(map[string]any, len(m))
	for name, x := range m {
		out[name] = jsonSchema(x)
	}
	return out
}

// exclusive turns OpenAPI 3.0's {bound: x, flag: true} into {flag: x}.
func exclusive(s map[string]any, flag, bound string) {
	on, ok := s[flag].(bool)
	if !ok {
		return
	}
	delete(s, flag)
	if on {
		s[flag] = s[bound]
		delete(s, bound)
	}
}

// withDefs makes root a self-contained schema: an object schema at the root
// (a root reference is replaced by its target) with every component it
// reaches, transitively, under $defs.
func (d *document) withDefs(root any) map[string]any {
	out, _ := root.(map[string]any)
	if ref, ok := out["$ref"].(string); ok {
		out, _ = d.schemas[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
	}
	cp := make(map[string]any, len(out)+2)
	for k, v := range out {
		cp[k] = v
	}
	if _, ok := cp["type"]; !ok {
		cp["type"] = "object"
	}
	defs := map[string]any{}
	d.collect(cp, defs)
	if len(defs) > 0 {
		cp["$defs"] = defs
	}
	return cp
}

// collect adds every component s references, transitively, to defs.
func (d *document) collect(s any, defs map[string]any) {
	switch v := s.(type) {
	case map[string]any:
		if ref, ok := v["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/$defs/")
			if _, seen := defs[name]; !seen {
				defs[name] = d.schemas[name]
				d.collect(d.schemas[name], defs)
			}
		}
		for k, x := range v {
			if k != "$defs" {
				d.collect(x, defs)
			}
		}
	case []any:
		for _, x := range v {
			d.collect(x, defs)
		}
	}
}
