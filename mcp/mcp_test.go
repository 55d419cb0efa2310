package mcp_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/google/uuid"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/mcp"
	"github.com/evokg/evokg/postgres"
)

// bundle is one real EvoKG process: the API handler (with /mcp) over an
// httptest server, workers running, on a Postgres schema of its own, the
// real Neo4j and the fake model server.
type bundle struct {
	app     *app.App
	handler http.Handler
	url     string
}

func setup(t *testing.T) *bundle {
	t.Helper()
	ctx := context.Background()
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	fake := ollamafake.New(ollamafake.Options{})
	cfg := app.Config{
		Postgres: postgres.Config{URL: testenv.IsolatedPostgresURL(t), MaxConns: 10},
		Graph:    graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()},
		LLM:      llm.Config{BaseURL: fake.Start(t)},
		HTTP:     &http.Client{Timeout: time.Minute},
		Migrate:  true,
	}
	a, err := app.Open(ctx, cfg, app.ModeWorker, logger)
	require.NoError(t, err)
	t.Cleanup(func() { a.Close(context.Background()) })
	require.NoError(t, a.Jobs.Start(ctx))
	t.Cleanup(func() {
		stop, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		require.NoError(t, a.Jobs.Stop(stop))
	})
	caps := a.Config.Evolution.WithDefaults()
	h := api.NewHandler(api.Config{MaxRunIterations: caps.MaxIterations, MaxRunPool: caps.MaxPoolSize}, a.APIDeps(), logger)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &bundle{app: a, handler: h, url: srv.URL}
}

// key creates an API key.
func (b *bundle) key(t *testing.T, scopes []string, namespaces ...string) string {
	t.Helper()
	token, _, err := access.NewKeyStore(b.app.Pool, nil).Create(context.Background(), "mcp-test", scopes, namespaces)
	require.NoError(t, err)
	return token
}

// namespace creates a namespace in the bundle's schema.
func (b *bundle) namespace(t *testing.T) string {
	t.Helper()
	ns := testenv.Namespace(t)
	_, err := access.NewNamespaceStore(b.app.Pool).CreateNamespace(context.Background(), evokg.Namespace{Name: ns}, uuid.Nil)
	require.NoError(t, err)
	return ns
}

// createNamespace creates ns through the API (no tool creates namespaces).
func (b *bundle) createNamespace(t *testing.T, token, ns string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, b.url+"/v1/namespaces", strings.NewReader(`{"name":"`+ns+`"}`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusCreated, res.StatusCode)
}

// transport connects an MCP client with a key.
type transport struct {
	name    string
	connect func(t *testing.T, b *bundle, token string) *sdk.ClientSession
}

var transports = []transport{{"stdio", connectStdio}, {"http", connectHTTP}}

var client = sdk.NewClient(&sdk.Implementation{Name: "evokg-test", Version: "test"}, nil)

// connectStdio serves the server as `evokg mcp` does, over a pair of pipes
// carrying the stdio framing (newline-delimited JSON-RPC).
func connectStdio(t *testing.T, b *bundle, token string) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	server, err := mcp.NewServer(ctx, mcp.Config{API: b.handler, Key: token, Logger: testenv.Logger(t)})
	require.NoError(t, err)
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	ss, err := server.Connect(ctx, &sdk.IOTransport{Reader: serverIn, Writer: serverOut}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := client.Connect(ctx, &sdk.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// connectHTTP connects to the API server's Streamable HTTP endpoint.
func connectHTTP(t *testing.T, b *bundle, token string) *sdk.ClientSession {
	t.Helper()
	httpClient := &http.Client{Timeout: time.Minute, Transport: bearer{token}}
	cs, err := client.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: b.url + mcp.Path, HTTPClient: httpClient}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// schemas are the resolved input and output schemas of the tools a session
// lists, by tool name.
var schemas sync.Map // *sdk.ClientSession → map[string][2]*jsonschema.Resolved

// resolve resolves a schema a tool lists as JSON Schema 2020-12.
func resolve(t *testing.T, name string, schema any) *jsonschema.Resolved {
	t.Helper()
	b, err := json.Marshal(schema)
	require.NoError(t, err)
	var s jsonschema.Schema
	require.NoError(t, json.Unmarshal(b, &s), "%s: not a JSON Schema 2020-12", name)
	r, err := s.Resolve(nil)
	require.NoError(t, err, "%s: the schema does not resolve", name)
	return r
}

// call calls a tool and requires it to succeed, decoding its structured
// content into out. The arguments must be valid under the tool's input
// schema and the result under its output schema.
func call(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any, out any) {
	t.Helper()
	if m, ok := schemas.Load(cs); ok {
		s := m.(map[string][2]*jsonschema.Resolved)[name]
		require.NoError(t, s[0].Validate(roundTrip(t, args)), "%s: the arguments break the input schema", name)
		res := callTool(t, cs, name, args)
		require.NoError(t, s[1].Validate(roundTrip(t, res.StructuredContent)), "%s: the result breaks the output schema", name)
		decode(t, res, out)
		return
	}
	decode(t, callTool(t, cs, name, args), out)
}

func callTool(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	require.False(t, res.IsError, "%s: %s", name, text(res))
	return res
}

func decode(t *testing.T, res *sdk.CallToolResult, out any) {
	t.Helper()
	if out != nil {
		b, err := json.Marshal(res.StructuredContent)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, out))
	}
}

// roundTrip is v as JSON decodes it (maps, slices, float64).
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var out any
	require.NoError(t, json.Unmarshal(b, &out))
	return out
}

// problem is what a refused call carries.
type problem struct {
	Status int    `json:"status"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
	Errors []struct {
		Pointer string `json:"pointer"`
	} `json:"errors"`
}

// callFails calls a tool, requires a tool error and returns its problem.
func callFails(t *testing.T, cs *sdk.ClientSession, name string, args any) problem {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	require.True(t, res.IsError, "%s succeeded: %s", name, text(res))
	var p problem
	require.NoError(t, json.Unmarshal([]byte(text(res)), &p), text(res))
	return p
}

func text(res *sdk.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*sdk.TextContent); ok {
		return tc.Text
	}
	return ""
}

var toolNames = []string{"answer", "answer_feedback", "declare_task_type", "epoch_run_status", "evolution_status", "graph_neighbors",
	"invoke_tool", "learner_profile", "list_memories", "list_tools", "memory_status", "memory_utility", "quarantine_memory", "recall",
	"recall_feedback", "remember", "restore_memory", "skills", "start_epoch_run", "start_evolution", "task_types"}

func TestToolsOverBothTransports(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			t.Parallel()
			ns := testenv.Namespace(t)
			token := b.key(t, evokg.Scopes, ns)
			b.createNamespace(t, token, ns)
			cs := tr.connect(t, b, token)
			listTools(t, cs)
			id := remember(t, cs, ns)
			recall(t, cs, ns, id)
			curate(t, cs, ns, id)
			answerAndReward(t, cs, ns)
			answerModesAndProfile(t, cs, ns)
			readGraph(t, cs, ns, id)
			evolution(t, cs, ns)
			epochRun(t, cs, ns)
			readResources(t, cs, ns)
		})
	}
}

func listTools(t *testing.T, cs *sdk.ClientSession) {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	var names []string
	resolved := map[string][2]*jsonschema.Resolved{}
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		resolved[tool.Name] = [2]*jsonschema.Resolved{resolve(t, tool.Name, tool.InputSchema), resolve(t, tool.Name, tool.OutputSchema)}
		require.NotEmpty(t, tool.Description, tool.Name)
		in, ok := tool.InputSchema.(map[string]any)
		require.True(t, ok, tool.Name)
		require.Equal(t, "object", in["type"], tool.Name)
		require.Contains(t, in["required"], "namespace", tool.Name)
		out, ok := tool.OutputSchema.(map[string]any)
		require.True(t, ok, "%s has no output schema", tool.Name)
		require.Equal(t, "object", out["type"], tool.Name)
	}
	slices.Sort(names)
	require.Equal(t, toolNames, names)
	schemas.Store(cs, resolved)
	t.Cleanup(func() { schemas.Delete(cs) })
}

// remember stores a success memory and waits until it is committed.
func remember(t *testing.T, cs *sdk.ClientSession, ns string) string {
	t.Helper()
	var receipt struct {
		ID string `json:"id"`
	}
	call(t, cs, "remember", map[string]any{"namespace": ns, "experience": map[string]any{
		"task_type": "arithmetic", "outcome": "success_memory", "question": "What is 17 + 25?", "answer": "42",
		"chain_of_thought": "17 + 25 = 42", "signature": []string{"parse_numbers", "add"},
		"evaluation": map[string]any{"correct": 1, "efficient": 1, "complete": 1}}}, &receipt)
	require.NotEmpty(t, receipt.ID)
	require.Eventually(t, func() bool {
		var e struct {
			Status string `json:"status"`
		}
		call(t, cs, "memory_status", map[string]any{"namespace": ns, "memory_id": receipt.ID}, &e)
		return e.Status == "committed"
	}, time.Minute, 50*time.Millisecond)
	return receipt.ID
}

func recall(t *testing.T, cs *sdk.ClientSession, ns, id string) {
	t.Helper()
	var pack struct {
		ID       string `json:"id"`
		Prompt   string `json:"prompt"`
		Memories []struct {
			ExperienceID string `json:"experience_id"`
		} `json:"memories"`
	}
	call(t, cs, "recall", map[string]any{"namespace": ns, "question": "What is 17 + 25?", "task_type": "arithmetic"}, &pack)
	require.NotEmpty(t, pack.Prompt)
	require.True(t, slices.ContainsFunc(pack.Memories, func(m struct {
		ExperienceID string `json:"experience_id"`
	}) bool {
		return m.ExperienceID == id
	}), "the memory pack lacks the remembered experience: %+v", pack.Memories)
	var fb struct {
		RetrievalID string `json:"retrieval_id"`
	}
	call(t, cs, "recall_feedback", map[string]any{"namespace": ns, "recall_id": pack.ID, "reward": 1}, &fb)
	require.Equal(t, pack.ID, fb.RetrievalID)
	p := callFails(t, cs, "recall_feedback", map[string]any{"namespace": ns, "recall_id": pack.ID, "reward": 0})
	require.Equal(t, http.StatusConflict, p.Status, "a second reward is the API's 409")
}

// recalled reports whether a recall of the remembered question serves id.
func recalled(t *testing.T, cs *sdk.ClientSession, ns, id string) bool {
	t.Helper()
	var pack struct {
		Memories []struct {
			ExperienceID string `json:"experience_id"`
			State        string `json:"state"`
		} `json:"memories"`
	}
	call(t, cs, "recall", map[string]any{"namespace": ns, "question": "What is 17 + 25?", "task_type": "arithmetic"}, &pack)
	for _, m := range pack.Memories {
		require.Equal(t, "active", m.State)
		if m.ExperienceID == id {
			return true
		}
	}
	return false
}

// curate quarantines the remembered memory, finds it listed and not
// recalled, and restores it.
func curate(t *testing.T, cs *sdk.ClientSession, ns, id string) {
	t.Helper()
	var u evokg.Utility
	call(t, cs, "memory_utility", map[string]any{"namespace": ns, "memory_id": id}, &u)
	require.Equal(t, evokg.MemoryActive, u.State)
	call(t, cs, "quarantine_memory", map[string]any{"namespace": ns, "memory_id": id, "reason": "wrong sum"}, &u)
	require.Equal(t, evokg.MemoryQuarantined, u.State)
	require.Equal(t, "quarantined by a client: wrong sum", u.Reason)
	require.False(t, recalled(t, cs, ns, id), "a quarantined memory is not served")
	var page evokg.UtilityPage
	call(t, cs, "list_memories", map[string]any{"namespace": ns, "state": "quarantined", "task_type": "arithmetic", "limit": 1}, &page)
	require.Len(t, page.Items, 1)
	require.Equal(t, id, page.Items[0].ID.String())
	require.Empty(t, page.NextCursor)
	call(t, cs, "restore_memory", map[string]any{"namespace": ns, "memory_id": id, "reason": "checked again"}, &u)
	require.Equal(t, evokg.MemoryActive, u.State)
	require.True(t, recalled(t, cs, ns, id))
	call(t, cs, "list_memories", map[string]any{"namespace": ns, "state": "quarantined"}, &page)
	require.Empty(t, page.Items)
	p := callFails(t, cs, "quarantine_memory", map[string]any{"namespace": ns, "memory_id": evokg.NewID().String(), "reason": "r"})
	require.Equal(t, http.StatusNotFound, p.Status)
}

func answerAndReward(t *testing.T, cs *sdk.ClientSession, ns string) {
	t.Helper()
	var a struct {
		ID     string `json:"id"`
		Answer string `json:"answer"`
	}
	call(t, cs, "answer", map[string]any{"namespace": ns, "question": "What is 17 + 26?", "task_type": "arithmetic"}, &a)
	require.NotEmpty(t, a.ID)
	var fb struct {
		AnswerID string `json:"answer_id"`
	}
	call(t, cs, "answer_feedback", map[string]any{"namespace": ns, "answer_id": a.ID, "reward": 1}, &fb)
	require.Equal(t, a.ID, fb.AnswerID)
	p := callFails(t, cs, "answer_feedback", map[string]any{"namespace": ns, "answer_id": a.ID, "reward": 1})
	require.Equal(t, http.StatusConflict, p.Status, "a second reward is the API's 409")
}

// answerModesAndProfile declares a task type's answer mode, finds it in
// task_types and in the answer, and reads the learner profile.
func answerModesAndProfile(t *testing.T, cs *sdk.ClientSession, ns string) {
	t.Helper()
	var tt evokg.TaskType
	call(t, cs, "declare_task_type", map[string]any{"namespace": ns, "task_type": "colours", "description": "pick a colour",
		"answer": map[string]any{"mode": "choice", "choices": []string{"red", "blue"}}}, &tt)
	require.Equal(t, evokg.AnswerSpec{Mode: evokg.AnswerChoice, Choices: []string{"red", "blue"}}, tt.Answer)
	require.Equal(t, "colours", tt.Name)
	p := callFails(t, cs, "declare_task_type", map[string]any{"namespace": ns, "task_type": "colours",
		"answer": map[string]any{"mode": "choice", "choices": []string{"red"}}})
	require.Equal(t, http.StatusUnprocessableEntity, p.Status)
	require.Equal(t, "/answer/choices", p.Errors[0].Pointer, "the API's refusal, with its pointer")
	star := map[string]any{"pattern": `(\d+)\s*★\s*(\d+)`, "code": "def run(operands):\n    return 2 * int(operands[0]) + int(operands[1])\n",
		"example": "3 ★ 4 = 10"}
	call(t, cs, "declare_task_type", map[string]any{"namespace": ns, "task_type": "star", "answer": map[string]any{"mode": "number"},
		"checker": star}, &tt)
	require.Equal(t, &evokg.Checker{Pattern: star["pattern"].(string), Code: star["code"].(string), Example: "3 ★ 4 = 10"}, tt.Checker)
	star["example"] = "3 ★ 4 = 11"
	p = callFails(t, cs, "declare_task_type", map[string]any{"namespace": ns, "task_type": "star", "answer": map[string]any{"mode": "number"},
		"checker": star})
	require.Equal(t, "/checker/example", p.Errors[0].Pointer, "the checker's refusal, with its pointer")
	p = callFails(t, cs, "declare_task_type", map[string]any{"namespace": ns, "answer": map[string]any{"mode": "text"}})
	require.Equal(t, "/task_type", p.Errors[0].Pointer, "the task type is required")

	var types struct {
		Items []evokg.TaskTypeScore `json:"items"`
	}
	call(t, cs, "task_types", map[string]any{"namespace": ns}, &types)
	require.True(t, slices.ContainsFunc(types.Items, func(s evokg.TaskTypeScore) bool {
		return s.Name == "colours" && s.Answer.Mode == evokg.AnswerChoice
	}), "task_types shows the declaration: %+v", types.Items)
	var a evokg.AnswerResponse
	call(t, cs, "answer", map[string]any{"namespace": ns, "question": "Which colour is the sky?", "task_type": "colours"}, &a)
	require.Equal(t, evokg.AnswerChoice, a.AnswerMode)
	require.Contains(t, []string{"red", "blue"}, a.Answer)

	var profile struct {
		Model   string               `json:"model"`
		Stored  bool                 `json:"stored"`
		Profile evokg.LearnerProfile `json:"profile"`
	}
	call(t, cs, "learner_profile", map[string]any{"namespace": ns}, &profile)
	require.False(t, profile.Stored)
	require.Equal(t, evokg.DefaultProfile, profile.Profile)
	require.Equal(t, a.Profile, profile.Profile, "the answer's profile is the one in force")
	call(t, cs, "learner_profile", map[string]any{"namespace": ns, "model": "qwen3:8b"}, &profile)
	require.Equal(t, "qwen3:8b", profile.Model)
}

func readGraph(t *testing.T, cs *sdk.ClientSession, ns, id string) {
	t.Helper()
	var list struct {
		Items []map[string]any `json:"items"`
	}
	call(t, cs, "skills", map[string]any{"namespace": ns}, &list)
	call(t, cs, "task_types", map[string]any{"namespace": ns}, &list)
	require.NotEmpty(t, list.Items, "the remembered task type")
	call(t, cs, "graph_neighbors", map[string]any{"namespace": ns, "seeds": []string{id}}, &list)
}

func evolution(t *testing.T, cs *sdk.ClientSession, ns string) {
	t.Helper()
	p := callFails(t, cs, "start_evolution", map[string]any{"namespace": ns,
		"run": map[string]any{"generator": map[string]any{"name": "arith", "size": 4}, "iterations": 51}})
	require.Equal(t, http.StatusUnprocessableEntity, p.Status)
	require.Equal(t, "/iterations", p.Errors[0].Pointer, "the API's admission cap, with its pointer")
	var run struct {
		ID string `json:"id"`
	}
	call(t, cs, "start_evolution", map[string]any{"namespace": ns,
		"run": map[string]any{"generator": map[string]any{"name": "arith", "size": 4}, "iterations": 1}}, &run)
	require.NotEmpty(t, run.ID)
	var status struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
	call(t, cs, "evolution_status", map[string]any{"namespace": ns, "run_id": run.ID}, &status)
	require.Equal(t, run.ID, status.ID)
}

func epochRun(t *testing.T, cs *sdk.ClientSession, ns string) {
	t.Helper()
	p := callFails(t, cs, "start_epoch_run", map[string]any{"namespace": ns,
		"pool": map[string]any{"name": "digits", "size": 501}, "epochs": 1})
	require.Equal(t, http.StatusUnprocessableEntity, p.Status)
	require.Equal(t, "/pool/size", p.Errors[0].Pointer, "a pool above the cap, with its pointer")
	var run struct {
		ID string `json:"id"`
	}
	call(t, cs, "start_epoch_run", map[string]any{"namespace": ns, "pool": map[string]any{"name": "digits", "size": 4}, "epochs": 1}, &run)
	require.NotEmpty(t, run.ID)
	var status struct {
		ID     string `json:"id"`
		Epochs int    `json:"epochs"`
	}
	call(t, cs, "epoch_run_status", map[string]any{"namespace": ns, "run_id": run.ID}, &status)
	require.Equal(t, run.ID, status.ID)
	require.Equal(t, 1, status.Epochs)
}

func readResources(t *testing.T, cs *sdk.ClientSession, ns string) {
	t.Helper()
	ctx := context.Background()
	res, err := cs.ListResourceTemplates(ctx, nil)
	require.NoError(t, err)
	require.Len(t, res.ResourceTemplates, 2)
	for _, uri := range []string{"evokg://namespaces/" + ns + "/summary", "evokg://namespaces/" + ns + "/skill-graph"} {
		r, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
		require.NoError(t, err, uri)
		require.Len(t, r.Contents, 1)
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.Contents[0].Text), &v), uri)
	}
}

// TestIsolationAndScopes: a key's namespaces and scopes bound every tool
// and resource, with the API's own problems.
func TestIsolationAndScopes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			t.Parallel()
			mine, other := b.namespace(t), testenv.Namespace(t)
			cs := tr.connect(t, b, b.key(t, []string{evokg.ScopeMemoryRead}, mine))
			call(t, cs, "task_types", map[string]any{"namespace": mine}, nil)
			for _, name := range []string{"task_types", "skills"} {
				p := callFails(t, cs, name, map[string]any{"namespace": other})
				require.Equal(t, http.StatusForbidden, p.Status, "%s on another namespace", name)
			}
			p := callFails(t, cs, "recall", map[string]any{"namespace": other, "question": "q", "task_type": "t"})
			require.Equal(t, http.StatusForbidden, p.Status)
			_, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "evokg://namespaces/" + other + "/summary"})
			require.ErrorContains(t, err, "forbidden")
			p = callFails(t, cs, "remember", map[string]any{"namespace": mine,
				"experience": map[string]any{"task_type": "t", "question": "q"}})
			require.Equal(t, http.StatusForbidden, p.Status, "memory:write is missing")
			p = callFails(t, cs, "start_evolution", map[string]any{"namespace": mine,
				"run": map[string]any{"generator": map[string]any{"name": "arith"}}})
			require.Equal(t, http.StatusForbidden, p.Status, "evolve is missing")
			p = callFails(t, cs, "quarantine_memory", map[string]any{"namespace": mine, "memory_id": evokg.NewID().String(), "reason": "r"})
			require.Equal(t, http.StatusForbidden, p.Status, "memory:write is missing")
			p = callFails(t, cs, "declare_task_type", map[string]any{"namespace": mine, "task_type": "t", "answer": map[string]any{"mode": "text"}})
			require.Equal(t, http.StatusForbidden, p.Status, "memory:write is missing")
			call(t, cs, "learner_profile", map[string]any{"namespace": mine}, nil)
			p = callFails(t, cs, "learner_profile", map[string]any{"namespace": other})
			require.Equal(t, http.StatusForbidden, p.Status)
			call(t, cs, "list_memories", map[string]any{"namespace": mine, "state": "probationary"}, nil)
		})
	}
}

// TestMalformedCalls: calls the API would refuse come back as tool errors
// carrying its problem; a missing namespace is refused by the tool itself
// in the same shape.
func TestMalformedCalls(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ns, absent := b.namespace(t), testenv.Namespace(t)
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			t.Parallel()
			cs := tr.connect(t, b, b.key(t, evokg.Scopes, ns, absent))
			p := callFails(t, cs, "recall", map[string]any{"question": "q", "task_type": "t"})
			require.Equal(t, http.StatusUnprocessableEntity, p.Status)
			require.Equal(t, "/namespace", p.Errors[0].Pointer)
			p = callFails(t, cs, "recall", map[string]any{"namespace": absent, "question": "q", "task_type": "t"})
			require.Equal(t, http.StatusNotFound, p.Status, "a namespace that does not exist")
			require.Equal(t, "namespace_not_found", p.Code)
			p = callFails(t, cs, "recall", map[string]any{"namespace": ns, "question": 7, "task_type": "t"})
			require.Equal(t, http.StatusBadRequest, p.Status, "a wrong JSON type, as the API answers it")
			p = callFails(t, cs, "recall", map[string]any{"namespace": ns, "question": "q", "task_type": "t", "bogus": 1})
			require.Equal(t, http.StatusBadRequest, p.Status, "an unknown member")
			p = callFails(t, cs, "recall", map[string]any{"namespace": ns, "question": "", "task_type": "t"})
			require.Equal(t, http.StatusUnprocessableEntity, p.Status)
			require.Equal(t, "/question", p.Errors[0].Pointer)
			p = callFails(t, cs, "skills", map[string]any{"namespace": ns, "bogus": 1})
			require.Equal(t, http.StatusBadRequest, p.Status)
			p = callFails(t, cs, "list_memories", map[string]any{"namespace": ns})
			require.Equal(t, http.StatusUnprocessableEntity, p.Status, "state is required, as the API says")
			require.Equal(t, "/state", p.Errors[0].Pointer)
			p = callFails(t, cs, "list_memories", map[string]any{"namespace": ns, "state": []string{"quarantined"}})
			require.Equal(t, http.StatusBadRequest, p.Status, "a query member of the wrong JSON type")
			require.Equal(t, "/state", p.Errors[0].Pointer)
			p = callFails(t, cs, "list_memories", map[string]any{"namespace": ns, "state": "active"})
			require.Equal(t, http.StatusUnprocessableEntity, p.Status)
			p = callFails(t, cs, "quarantine_memory", map[string]any{"namespace": ns, "memory_id": evokg.NewID().String()})
			require.Equal(t, http.StatusUnprocessableEntity, p.Status)
			require.Equal(t, "/reason", p.Errors[0].Pointer)
			_, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "no_such_tool", Arguments: map[string]any{}})
			require.Error(t, err)
		})
	}
}

// TestHTTPNeedsAKey: the endpoint answers 401 without a valid key.
func TestHTTPNeedsAKey(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := client.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: b.url + mcp.Path,
		HTTPClient: &http.Client{Timeout: time.Minute, Transport: bearer{"evk_bogus_key"}}}, nil)
	require.Error(t, err)
	res, err := http.Post(b.url+mcp.Path, "application/json", nil)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusUnauthorized, res.StatusCode)
}
