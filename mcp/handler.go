package mcp

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/evokg/evokg"
)

// namespaceSchema describes the namespace member every tool takes.
var namespaceSchema = map[string]any{"type": "string", "minLength": 1,
	"description": "the namespace (one agent's memory); your API key must be bound to it"}

// sdkTool builds t's MCP definition from its operation in doc.
func (t tool) sdkTool(doc *document) (*sdk.Tool, error) {
	op, err := doc.operation(t.method, t.path)
	if err != nil {
		return nil, err
	}
	props := map[string]any{"namespace": namespaceSchema}
	required := []any{"namespace"}
	for param, member := range t.ids {
		schema, err := doc.pathParameter(t.method, t.path, param)
		if err != nil {
			return nil, fmt.Errorf("mcp: tool %s: %w", t.name, err)
		}
		if schema["format"] == "uuid" {
			schema["description"] = "the id, as an earlier tool returned it"
		}
		props[member] = schema
		required = append(required, member)
	}
	for _, name := range t.query {
		schema, req, err := doc.queryParameter(op, name)
		if err != nil {
			return nil, fmt.Errorf("mcp: tool %s: %w", t.name, err)
		}
		props[name] = schema
		if req {
			required = append(required, name)
		}
	}
	if body := doc.requestSchema(op); body != nil {
		if err := t.addBody(doc, body, props, &required); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(required, func(a, b any) int { return cmp.Compare(a.(string), b.(string)) })
	in := doc.withDefs(map[string]any{"type": "object", "additionalProperties": false,
		"properties": props, "required": required})
	st := &sdk.Tool{Name: t.name, Title: t.title, Description: t.description, InputSchema: in,
		Annotations: &sdk.ToolAnnotations{Title: t.title, ReadOnlyHint: t.readOnly}}
	if out := doc.responseSchema(op); out != nil {
		st.OutputSchema = doc.withDefs(out)
	}
	return st, nil
}

// addBody adds the request body to the input schema: under t.body, or its
// members beside namespace when the body is a plain object.
func (t tool) addBody(doc *document, body any, props map[string]any, required *[]any) error {
	if t.body != "" {
		props[t.body] = body
		*required = append(*required, t.body)
		return nil
	}
	obj := doc.withDefs(body)
	members, ok := obj["properties"].(map[string]any)
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if _, has := obj[k]; has {
			ok = false
		}
	}
	if !ok {
		return fmt.Errorf("mcp: tool %s: the body of %s %s is not a plain object; name a member for it", t.name, t.method, t.path)
	}
	for name, s := range members {
		if _, taken := props[name]; taken {
			return fmt.Errorf("mcp: tool %s: body member %q clashes with a parameter", t.name, name)
		}
		props[name] = s
	}
	if req, ok := obj["required"].([]any); ok {
		*required = append(*required, req...)
	}
	return nil
}

// toolHandler calls t's operation with the tool's arguments.
func (a *apiClient) toolHandler(t tool) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		args := map[string]any{}
		if raw := req.Params.Arguments; len(raw) > 0 && string(raw) != "null" {
			if err := json.Unmarshal(raw, &args); err != nil {
				return problemResult(invalid("/", "the arguments must be a JSON object")), nil
			}
		}
		values := map[string]string{}
		for param, member := range t.pathMembers() {
			v, ok := args[member].(string)
			if !ok || v == "" {
				return problemResult(invalid("/"+member, member+" is required and must be a non-empty string")), nil
			}
			values[param] = v
			delete(args, member)
		}
		query, p := t.queryOf(args)
		if p != nil {
			return problemResult(*p), nil
		}
		if t.method == http.MethodGet {
			for member := range args {
				return problemResult(malformed("/"+member, "unknown member "+member)), nil
			}
		}
		body, err := t.bodyOf(args)
		if err != nil {
			return nil, err
		}
		res, err := a.call(ctx, req.Extra, t.method, pathFor(t.path, values)+query, body)
		if err != nil {
			return nil, err
		}
		return resultOf(res), nil
	}
}

// pathMembers maps each path parameter to the input member carrying it.
func (t tool) pathMembers() map[string]string {
	m := map[string]string{"ns": "namespace"}
	for param, member := range t.ids {
		m[param] = member
	}
	return m
}

// queryOf moves the members of t.query out of args into a query string
// ("" without any); a member that is not a string, number or boolean is a
// malformed call.
func (t tool) queryOf(args map[string]any) (string, *problem) {
	q := url.Values{}
	for _, name := range t.query {
		v, ok := args[name]
		delete(args, name)
		if !ok || v == nil {
			continue
		}
		s, ok := queryValue(v)
		if !ok {
			p := malformed("/"+name, name+" must be a string, a number or a boolean")
			return "", &p
		}
		q.Set(name, s)
	}
	if len(q) == 0 {
		return "", nil
	}
	return "?" + q.Encode(), nil
}

func queryValue(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// bodyOf is the request body: the member t.body, or what is left of the
// arguments; nil for an operation without a body.
func (t tool) bodyOf(args map[string]any) ([]byte, error) {
	if t.method == http.MethodGet {
		return nil, nil
	}
	var v any = args
	if t.body != "" {
		v = args[t.body]
	}
	return json.Marshal(v)
}

// resultOf turns an API response into a tool result: the JSON as
// structured content on success, the problem document as a tool error
// otherwise.
func resultOf(res response) *sdk.CallToolResult {
	text := &sdk.TextContent{Text: string(res.body)}
	if res.status < 200 || res.status > 299 {
		return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{text}}
	}
	return &sdk.CallToolResult{Content: []sdk.Content{text}, StructuredContent: json.RawMessage(res.body)}
}

// problem is an RFC 9457 problem of the API's shape, for a call the tool
// refuses before the API can see it: a path member missing, or a member
// a GET operation has no place for.
type problem struct {
	Type   string         `json:"type"`
	Title  string         `json:"title"`
	Status int            `json:"status"`
	Detail string         `json:"detail"`
	Code   string         `json:"code"`
	Errors []problemField `json:"errors"`
}

type problemField struct {
	Pointer string `json:"pointer"`
	Detail  string `json:"detail"`
}

func invalid(pointer, detail string) problem {
	return problem{Type: "urn:evokg:problem:" + evokg.EINVALID, Title: "Validation failed",
		Status: http.StatusUnprocessableEntity, Detail: detail, Code: evokg.EINVALID,
		Errors: []problemField{{Pointer: pointer, Detail: detail}}}
}

func malformed(pointer, detail string) problem {
	return problem{Type: "urn:evokg:problem:bad_request", Title: "Malformed request",
		Status: http.StatusBadRequest, Detail: detail, Code: "bad_request",
		Errors: []problemField{{Pointer: pointer, Detail: detail}}}
}

func problemResult(p problem) *sdk.CallToolResult {
	b, _ := json.Marshal(p)
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: string(b)}}}
}
