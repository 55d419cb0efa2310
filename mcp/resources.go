package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Resource URIs.
const (
	skillGraphTemplate = "evokg://namespaces/{namespace}/skill-graph"
	summaryTemplate    = "evokg://namespaces/{namespace}/summary"
)

// addResources adds the skill graph and the namespace summary.
func addResources(s *sdk.Server, a *apiClient) {
	s.AddResourceTemplate(&sdk.ResourceTemplate{Name: "skill-graph", Title: "Skill graph",
		URITemplate: skillGraphTemplate, MIMEType: "application/json",
		Description: "The namespace's skills, each with its mastery, prerequisites (the DAG's edges), task types and " +
			"mastery history, and the frontier: the skills whose prerequisites are mastered."},
		a.resource(a.skillGraph))
	s.AddResourceTemplate(&sdk.ResourceTemplate{Name: "summary", Title: "Namespace summary",
		URITemplate: summaryTemplate, MIMEType: "application/json",
		Description: "The namespace, its task types with the curriculum score s(t), and its skills with mastery."},
		a.resource(a.summary))
}

// reader builds a resource's JSON from API calls.
type reader func(ctx context.Context, extra *sdk.RequestExtra, ns string) (any, error)

// resource serves a template whose URI ends in /namespaces/{namespace}/<name>.
func (a *apiClient) resource(read reader) sdk.ResourceHandler {
	return func(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		uri := req.Params.URI
		rest, ok := strings.CutPrefix(uri, "evokg://namespaces/")
		ns, _, _ := strings.Cut(rest, "/")
		if !ok || ns == "" {
			return nil, sdk.ResourceNotFoundError(uri)
		}
		v, err := read(ctx, req.Extra, ns)
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(b)}}}, nil
	}
}

// apiError is a refused API call read as a resource: the problem document.
type apiError struct{ res response }

func (e *apiError) Error() string { return string(e.res.body) }

// get GETs path and decodes the answer into v.
func (a *apiClient) get(ctx context.Context, extra *sdk.RequestExtra, path string, v any) error {
	res, err := a.call(ctx, extra, http.MethodGet, path, nil)
	if err != nil {
		return err
	}
	if res.status != http.StatusOK {
		return &apiError{res}
	}
	if err := json.Unmarshal(res.body, v); err != nil {
		return fmt.Errorf("mcp: decode GET %s: %w", path, err)
	}
	return nil
}

func (a *apiClient) skillGraph(ctx context.Context, extra *sdk.RequestExtra, ns string) (any, error) {
	base := "/v1/namespaces/" + pathEscape(ns)
	var list, frontier struct {
		Items []struct {
			Name string `json:"name"`
		} `json:"items"`
	}
	if err := a.get(ctx, extra, base+"/skills", &list); err != nil {
		return nil, err
	}
	if err := a.get(ctx, extra, base+"/skills/frontier", &frontier); err != nil {
		return nil, err
	}
	skills := make([]json.RawMessage, 0, len(list.Items))
	for _, s := range list.Items {
		var detail json.RawMessage
		if err := a.get(ctx, extra, base+"/skills/"+pathEscape(s.Name), &detail); err != nil {
			return nil, err
		}
		skills = append(skills, detail)
	}
	names := make([]string, 0, len(frontier.Items))
	for _, s := range frontier.Items {
		names = append(names, s.Name)
	}
	return map[string]any{"namespace": ns, "skills": skills, "frontier": names}, nil
}

func (a *apiClient) summary(ctx context.Context, extra *sdk.RequestExtra, ns string) (any, error) {
	base := "/v1/namespaces/" + pathEscape(ns)
	var namespace, taskTypes, skills json.RawMessage
	for path, v := range map[string]*json.RawMessage{base: &namespace, base + "/task-types": &taskTypes, base + "/skills": &skills} {
		if err := a.get(ctx, extra, path, v); err != nil {
			return nil, err
		}
	}
	return map[string]any{"namespace": namespace, "task_types": field(taskTypes, "items"), "skills": field(skills, "items")}, nil
}

// field returns member name of the JSON object raw.
func field(raw json.RawMessage, name string) json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(raw, &m)
	return m[name]
}
