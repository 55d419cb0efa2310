package app_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/retrieval"
)

// transferQuestions are asked of both namespaces after the move.
var transferQuestions = []struct{ question, taskType string }{
	{"What is 17 + 26?", "arithmetic"},
	{"What is 3 * 14?", "arithmetic"},
	{"Which glyph follows ab?", "glyph"},
}

// populate fills e.ns as a user would: ingested memories of two task types,
// then a short evolution run (skills, bandits, run metrics, harvested
// memories), and waits until every job has been worked.
func populate(t *testing.T, e *env) uuid.UUID {
	t.Helper()
	for i, body := range []string{
		`{"task_type":"arithmetic","outcome":"success_memory","question":"What is 17 + 25?","answer":"42","chain_of_thought":"17 + 25 = 42","signature":["parse_numbers","add"],"evaluation":{"correct":1,"efficient":1,"complete":1}}`,
		`{"task_type":"arithmetic","outcome":"failure_memory","question":"What is 6 * 7?","answer":"48","signature":["parse_numbers","multiply"]}`,
		`{"task_type":"glyph","outcome":"success_memory","question":"Which glyph follows ab?","answer":"c","signature":["read","next"],"evaluation":{"correct":1,"efficient":1,"complete":1}}`,
	} {
		var r evokg.IngestReceipt
		e.do(t, http.MethodPost, "/experiences", body, http.StatusAccepted, &r)
		require.Eventually(t, func() bool {
			got, err := e.app.Ingest.Get(e.ctx, e.ns, r.ID)
			require.NoError(t, err)
			return got.Status == evokg.StatusCommitted
		}, time.Minute, 50*time.Millisecond, "experience %d", i)
	}
	run, err := e.app.Evolution.Start(e.ctx, e.ns, uuid.Nil, evolution.Params{Iterations: 2, Pool: questions.PoolSpec{Name: "arith", Size: 10, Seed: 3}})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		got, err := e.app.Evolution.GetRun(e.ctx, e.ns, run.ID)
		require.NoError(t, err)
		require.NotEqual(t, evokg.RunFailed, got.Status, got.Error)
		return got.Status == evokg.RunSucceeded && pendingJobs(t, e) == 0
	}, 3*time.Minute, 100*time.Millisecond)

	skills, err := e.app.Graph.ListSkills(e.ctx, e.ns)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(skills), 2)
	require.NoError(t, e.app.Graph.AddPrerequisite(e.ctx, e.ns, skills[0].Name, skills[1].Name))
	e.do(t, http.MethodPut, "/learner-profile", `{"render":"block","memories":5,"item_chars":400,"reasoning":true}`, http.StatusOK, nil)
	var answer evokg.AnswerResponse
	e.do(t, http.MethodPost, "/answer", `{"question":"What is 17 + 26?","task_type":"arithmetic"}`, http.StatusOK, &answer)
	require.NotEmpty(t, answer.MemoryIDs)
	e.do(t, http.MethodPost, "/answers/"+answer.ID.String()+"/feedback", `{"reward":1}`, http.StatusOK, nil)
	require.Eventually(t, func() bool { return pendingJobs(t, e) == 0 }, time.Minute, 50*time.Millisecond)
	return run.ID
}

// pendingJobs counts the jobs of e's queue not yet worked.
func pendingJobs(t *testing.T, e *env) int {
	var n int
	require.NoError(t, e.app.Pool.QueryRow(e.ctx, `SELECT count(*) FROM river_job WHERE state NOT IN ('completed', 'discarded', 'cancelled')`).Scan(&n))
	return n
}

func init() {
	openapi3filter.RegisterBodyDecoder("application/x-ndjson", openapi3filter.PlainBodyDecoder)
}

// ndjson sends an NDJSON body (or none) to a route under e's namespace,
// checks the answer against the OpenAPI document and returns it.
func (e *env) ndjson(t *testing.T, method, path string, body []byte, want int) *httptest.ResponseRecorder {
	t.Helper()
	url := "http://127.0.0.1:8080/v1/namespaces/" + e.ns + path
	req := httptest.NewRequest(method, url, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+e.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/x-ndjson")
	}
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, req)
	require.Equal(t, want, rec.Code, "%s %s: %s", method, path, rec.Body.String())

	check := httptest.NewRequest(method, url, nil)
	check.Header = req.Header.Clone()
	route, params, err := e.router.FindRoute(check)
	require.NoError(t, err)
	in := &openapi3filter.RequestValidationInput{Request: check, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	res := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.Code, Header: rec.Header(),
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	res.SetBodyBytes(bytes.Clone(rec.Body.Bytes()))
	require.NoError(t, openapi3filter.ValidateResponse(e.ctx, res), "the %d answer to %s %s is not in the document", rec.Code, method, path)
	return rec
}

// exported exports ns of e and returns the stream.
func exported(t *testing.T, e *env, ns string) []byte {
	t.Helper()
	var buf bytes.Buffer
	_, err := e.app.Transfer.Export(e.ctx, ns, &buf)
	require.NoError(t, err)
	return buf.Bytes()
}

// content is what a stream holds apart from its header and node refs, with
// its namespace name replaced, sorted: equal for two namespaces that hold
// the same.
func content(t *testing.T, stream []byte, ns string) []string {
	t.Helper()
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(stream))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var rec map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		var kind string
		require.NoError(t, json.Unmarshal(rec["kind"], &kind))
		switch kind {
		case "header":
			continue
		case "node":
			var n struct {
				Labels []string        `json:"labels"`
				Props  json.RawMessage `json:"props"`
			}
			require.NoError(t, json.Unmarshal(rec["node"], &n))
			var props map[string]any // re-encoded with sorted keys
			require.NoError(t, json.Unmarshal(n.Props, &props))
			b, _ := json.Marshal([]any{n.Labels, props})
			out = append(out, "node "+string(b))
		case "edge":
			var e struct{ Type string }
			require.NoError(t, json.Unmarshal(rec["edge"], &e))
			out = append(out, "edge "+e.Type)
		default:
			var v any
			require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
			b, _ := json.Marshal(v)
			out = append(out, string(b))
		}
	}
	require.NoError(t, sc.Err())
	for i := range out {
		out[i] = strings.ReplaceAll(out[i], `"`+ns+`"`, `"NS"`)
	}
	slices.Sort(out)
	return out
}

// graphCounts counts ns's nodes per label and relationships per type.
func graphCounts(t *testing.T, ctx context.Context, ns string) map[string]int64 {
	t.Helper()
	counts := map[string]int64{}
	for _, q := range []string{
		`MATCH (n {namespace: $ns}) UNWIND labels(n) AS k RETURN k, count(*) AS c`,
		`MATCH (:Skill {namespace: $ns})-[r]->() RETURN 'skill:' + type(r) AS k, count(*) AS c`,
		`MATCH (a {namespace: $ns})-[r]->(b {namespace: $ns}) RETURN type(r) AS k, count(*) AS c`,
	} {
		res, err := neo4j.ExecuteQuery(ctx, testenv.Neo4j(t), q, map[string]any{"ns": ns}, neo4j.EagerResultTransformer)
		require.NoError(t, err)
		for _, r := range res.Records {
			k, _ := r.Get("k")
			c, _ := r.Get("c")
			counts[k.(string)] = c.(int64)
		}
	}
	return counts
}

// packs retrieves each transfer question with a fixed search arm and keeps
// what identifies a pack: ids, outcomes, texts and the prompt block.
func packs(t *testing.T, e *env) []string {
	t.Helper()
	var out []string
	for _, q := range transferQuestions {
		body, _ := json.Marshal(evokg.RetrieveRequest{Question: q.question, TaskType: q.taskType, Strategy: retrieval.StrategyHybridGraph})
		var pack evokg.RetrieveResponse
		e.do(t, http.MethodPost, "/retrieve", string(body), http.StatusOK, &pack)
		for _, m := range pack.Memories {
			out = append(out, m.ExperienceID.String()+" "+string(m.Outcome)+" "+m.Text)
		}
		out = append(out, pack.Prompt)
	}
	return out
}

// TestNamespaceExportImportRoundTrip moves a populated namespace to another
// stack (a Postgres schema of its own, the same Neo4j) under another name:
// the same memory packs, graph, runs and rows come out of it.
func TestNamespaceExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	src := open(t, app.ModeWorker, evolution.Limits{})
	runID := populate(t, src)
	stream := src.ndjson(t, http.MethodGet, "/export", nil, http.StatusOK).Body.Bytes()
	src.as(t, evokg.ScopeMemoryRead, evokg.ScopeMemoryWrite, evokg.ScopeEvolve).ndjson(t, http.MethodGet, "/export", nil, http.StatusForbidden)

	// The import creates the namespace it writes: dst's does not exist.
	dst := open(t, app.ModeAPI, evolution.Limits{}).inNamespace(t, testenv.Namespace(t))
	var counts evokg.TransferCounts
	require.NoError(t, json.Unmarshal(dst.ndjson(t, http.MethodPost, "/import", stream, http.StatusOK).Body.Bytes(), &counts))
	t.Logf("moved: rows %v, %d nodes, %d relationships", counts.Rows, counts.Nodes, counts.Edges)
	var created evokg.Namespace
	dst.do(t, http.MethodGet, "", "", http.StatusOK, &created)
	require.Equal(t, dst.ns, created.Name, "the import created its namespace")
	require.Positive(t, counts.Rows["experiences"])
	require.Positive(t, counts.Rows["evolution_iterations"])
	require.Positive(t, counts.Rows["bandit_arms"])
	require.Positive(t, counts.Nodes)
	require.Positive(t, counts.Edges)

	require.Equal(t, content(t, stream, src.ns), content(t, exported(t, dst, dst.ns), dst.ns), "the same rows, nodes and relationships")
	srcGraph := graphCounts(t, src.ctx, src.ns)
	t.Logf("graph: %v", srcGraph)
	require.Positive(t, srcGraph["Skill"])
	require.Positive(t, srcGraph["skill:PREREQUISITE_OF"]+srcGraph["skill:SKILL_FOR_TASK"])
	require.Equal(t, srcGraph, graphCounts(t, dst.ctx, dst.ns))
	require.Equal(t, packs(t, src), packs(t, dst))

	want, err := src.app.Evolution.GetRun(src.ctx, src.ns, runID)
	require.NoError(t, err)
	got, err := dst.app.Evolution.GetRun(dst.ctx, dst.ns, runID)
	require.NoError(t, err)
	require.Len(t, got.Metrics, 2)
	require.Equal(t, want.Metrics, got.Metrics)
	require.Equal(t, dst.ns, got.Namespace)

	dst.ndjson(t, http.MethodPost, "/import", stream, http.StatusConflict)
}

// TestNamespaceImportRefusals: a stream that is cut short, made by another
// schema or embedding dimension, or whose ids this stack already holds is
// refused, and the target namespace is left empty in both stores; a
// namespace with writes in flight is not exported.
func TestNamespaceImportRefusals(t *testing.T) {
	t.Parallel()
	src := open(t, app.ModeWorker, evolution.Limits{})
	var r evokg.IngestReceipt
	src.do(t, http.MethodPost, "/experiences", `{"task_type":"arithmetic","outcome":"success_memory","question":"What is 1 + 1?","answer":"2","evaluation":{"correct":1,"efficient":1,"complete":1}}`, http.StatusAccepted, &r)
	require.Eventually(t, func() bool {
		var nodes int64
		_, err := src.app.Pool.Exec(src.ctx, `SELECT 1`)
		require.NoError(t, err)
		nodes, _, err = src.app.Graph.CountNodesAndEdges(src.ctx, src.ns)
		require.NoError(t, err)
		got, err := src.app.Ingest.Get(src.ctx, src.ns, r.ID)
		require.NoError(t, err)
		return got.Status == evokg.StatusCommitted && nodes > 0
	}, time.Minute, 50*time.Millisecond)
	stream := exported(t, src, src.ns)
	lines := bytes.SplitAfter(bytes.TrimSpace(stream), []byte("\n"))

	var nodesFirst [][]byte // the graph's records before the rows
	for _, kind := range []string{`"kind":"header"`, `"kind":"node"`, `"kind":"edge"`, `"kind":"row"`, `"kind":"end"`} {
		for _, l := range lines {
			if bytes.Contains(l[:40], []byte(kind)) {
				nodesFirst = append(nodesFirst, l)
			}
		}
	}
	require.Len(t, nodesFirst, len(lines))

	dst := open(t, app.ModeAPI, evolution.Limits{})
	cases := map[string]struct {
		stream []byte
		into   *env
		code   string
	}{
		"cut before its end record":    {bytes.Join(lines[:len(lines)-1], nil), dst, evokg.EINVALID},
		"cut in its graph":             {bytes.Join(append(slices.Clone(lines[:len(lines)-2]), lines[len(lines)-1]), nil), dst, evokg.EINVALID},
		"another embedding dimension":  {bytes.Replace(stream, []byte(`"embedding_dim":`), []byte(`"embedding_dim":1`), 1), dst, evokg.EINVALID},
		"another schema version":       {bytes.Replace(stream, []byte(`"schema_version":`), []byte(`"schema_version":9`), 1), dst, evokg.EINVALID},
		"ids this stack already holds": {stream, src, evokg.ECONFLICT},
		"rows after the graph":         {bytes.Join(nodesFirst, nil), dst, evokg.EINVALID},
	}
	for name, c := range cases {
		ns := testenv.Namespace(t)
		_, err := c.into.app.Transfer.Import(c.into.ctx, ns, bytes.NewReader(c.stream))
		require.Equal(t, c.code, evokg.ErrorCode(err), "%s: %v", name, err)
		var rows int
		require.NoError(t, c.into.app.Pool.QueryRow(c.into.ctx, `SELECT (SELECT count(*) FROM namespaces WHERE name = $1) + (SELECT count(*) FROM experiences WHERE namespace = $1)`, ns).Scan(&rows))
		nodes, _, err := c.into.app.Graph.CountNodesAndEdges(c.into.ctx, ns)
		require.NoError(t, err)
		require.Equal(t, [2]int64{0, 0}, [2]int64{int64(rows), nodes}, "%s leaves nothing behind", name)
	}

	dst.ndjson(t, http.MethodPost, "/import", bytes.Join(lines[:len(lines)-1], nil), http.StatusUnprocessableEntity)
	dst.do(t, http.MethodPost, "/import", `{"kind":"header"}`, http.StatusUnsupportedMediaType, nil)

	// No worker works dst's queue: the experience stays queued, a write its
	// jobs have not carried to the graph, and the export waits for it.
	dst.do(t, http.MethodPost, "/experiences", `{"task_type":"arithmetic","question":"What is 2 + 2?","answer":"4","outcome":"success_memory","evaluation":{"correct":1,"efficient":1,"complete":1}}`, http.StatusAccepted, nil)
	dst.ndjson(t, http.MethodGet, "/export", nil, http.StatusConflict)
}
