package app_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/utility"
)

// remember posts a pre-evaluated success memory (extra: more members) and
// waits until it is committed.
func (e *env) remember(t *testing.T, question, answer, extra string) uuid.UUID {
	t.Helper()
	var r evokg.IngestReceipt
	e.do(t, http.MethodPost, "/experiences", `{"task_type":"glyph","outcome":"success_memory","question":"`+question+`",
		"answer":"`+answer+`","evaluation":{"correct":1,"efficient":1,"complete":1}`+extra+`}`, http.StatusAccepted, &r)
	require.Eventually(t, func() bool {
		got, err := e.app.Ingest.Get(e.ctx, e.ns, r.ID)
		require.NoError(t, err)
		return got.Status == evokg.StatusCommitted
	}, time.Minute, 50*time.Millisecond)
	return r.ID
}

// retrieved lists the ids of the memories /retrieve serves for question,
// checking that each is active with its utility.
func (e *env) retrieved(t *testing.T, question string) []uuid.UUID {
	t.Helper()
	var pack evokg.RetrieveResponse
	e.do(t, http.MethodPost, "/retrieve", `{"question":"`+question+`","task_type":"glyph"}`, http.StatusOK, &pack)
	var ids []uuid.UUID
	for _, m := range pack.Memories {
		require.Equal(t, evokg.MemoryActive, m.State)
		require.Equal(t, m.ExperienceID, m.Utility.ID)
		require.InDelta(t, m.Utility.Score-0.5, m.Components["utility"], 1e-12)
		ids = append(ids, m.ExperienceID)
	}
	return ids
}

// answered answers question with memory and returns the memories it
// showed, checking that memories lists their utility in the same order.
func (e *env) answered(t *testing.T, question string) evokg.AnswerResponse {
	t.Helper()
	var a evokg.AnswerResponse
	e.do(t, http.MethodPost, "/answer", `{"question":"`+question+`","task_type":"glyph"}`, http.StatusOK, &a)
	require.Len(t, a.Memories, len(a.MemoryIDs))
	for i, u := range a.Memories {
		require.Equal(t, a.MemoryIDs[i], u.ID)
		require.Equal(t, evokg.MemoryActive, u.State)
	}
	return a
}

// listed lists the memories of ns in state, page by page of limit.
func (e *env) listed(t *testing.T, state evokg.MemoryState, limit int) []evokg.Utility {
	t.Helper()
	var all []evokg.Utility
	cursor := ""
	for {
		var page evokg.UtilityPage
		e.do(t, http.MethodGet, "/experiences/utility?state="+string(state)+"&task_type=glyph&limit="+strconv.Itoa(limit)+cursor,
			"", http.StatusOK, &page)
		require.LessOrEqual(t, len(page.Items), limit)
		all = append(all, page.Items...)
		if page.NextCursor == "" {
			return all
		}
		cursor = "&cursor=" + page.NextCursor
	}
}

// mirrored waits until the worker has copied memory id's state and reason
// onto its Neo4j node (what Neo4j Browser shows).
func (e *env) mirrored(t *testing.T, id uuid.UUID, state, reason string) {
	t.Helper()
	driver := testenv.Neo4j(t)
	require.Eventually(t, func() bool {
		res, err := neo4j.ExecuteQuery(e.ctx, driver,
			`MATCH (m:Experience {namespace: $ns, id: $id}) RETURN m.state AS state, m.state_reason AS reason`,
			map[string]any{"ns": e.ns, "id": id.String()}, neo4j.EagerResultTransformer)
		if err != nil || len(res.Records) != 1 {
			return false
		}
		got, _ := res.Records[0].Get("state")
		why, _ := res.Records[0].Get("reason")
		return got == state && why == reason
	}, 30*time.Second, 50*time.Millisecond, "the Neo4j node shows %s: %s", state, reason)
}

func ids(us []evokg.Utility) []uuid.UUID {
	out := make([]uuid.UUID, len(us))
	for i, u := range us {
		out[i] = u.ID
	}
	return out
}

// as is e with another key.
func (e *env) as(t *testing.T, scopes ...string) *env {
	t.Helper()
	token, _, err := access.NewKeyStore(e.app.Pool, nil).Create(e.ctx, "test", scopes, []string{e.ns})
	require.NoError(t, err)
	other := *e
	other.token = token
	return &other
}

// A client quarantines a memory: it stays stored but leaves /retrieve and
// /answer and is listed with its reason; restored, it is served again.
// Refusals: a read-only key (403), an unknown id (404), a missing or empty
// reason (422 naming /reason).
func TestQuarantineAndRestoreOverTheAPI(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeWorker, evolution.Limits{})
	const question = "What is 3 ★ 5?"
	a := e.remember(t, "What is 3 ★ 4?", "10", "")
	b := e.remember(t, "What is 3 ★ 6?", "12", "")

	var u evokg.Utility
	e.do(t, http.MethodGet, "/experiences/"+a.String()+"/utility", "", http.StatusOK, &u)
	require.Equal(t, evokg.Utility{ID: a, TaskType: "glyph", State: evokg.MemoryActive, Score: 0.5}, u, "no evidence, no decision")
	require.Contains(t, e.retrieved(t, question), a)
	require.Contains(t, e.answered(t, question).MemoryIDs, a)
	require.Empty(t, e.listed(t, evokg.MemoryQuarantined, 1))

	e.do(t, http.MethodPost, "/experiences/"+a.String()+"/quarantine", `{"reason":"misleads on ★"}`, http.StatusOK, &u)
	require.Equal(t, evokg.MemoryQuarantined, u.State)
	require.Equal(t, "quarantined by a client: misleads on ★", u.Reason)
	require.NotNil(t, u.UpdatedAt)
	require.NotContains(t, e.retrieved(t, question), a)
	require.NotContains(t, e.answered(t, question).MemoryIDs, a)
	var stored evokg.StoredExperience
	e.do(t, http.MethodGet, "/experiences/"+a.String(), "", http.StatusOK, &stored)
	require.Equal(t, evokg.StatusCommitted, stored.Status, "kept, never deleted")
	e.mirrored(t, a, "quarantined", "quarantined by a client: misleads on ★")

	e.do(t, http.MethodPost, "/experiences/"+b.String()+"/quarantine", `{"reason":"also"}`, http.StatusOK, nil)
	quarantined := e.listed(t, evokg.MemoryQuarantined, 1)
	require.ElementsMatch(t, []uuid.UUID{a, b}, ids(quarantined), "two pages of one")
	i := slices.Index(ids(quarantined), a)
	require.Equal(t, "quarantined by a client: misleads on ★", quarantined[i].Reason)
	require.Empty(t, e.listed(t, evokg.MemoryProbationary, 5))

	e.do(t, http.MethodPost, "/experiences/"+a.String()+"/restore", `{"reason":"the ★ rule was fixed"}`, http.StatusOK, &u)
	require.Equal(t, evokg.MemoryActive, u.State)
	require.Equal(t, "restored by a client: the ★ rule was fixed", u.Reason)
	require.Contains(t, e.retrieved(t, question), a)
	require.Contains(t, e.answered(t, question).MemoryIDs, a)
	require.Equal(t, []uuid.UUID{b}, ids(e.listed(t, evokg.MemoryQuarantined, 5)))

	var p api.Problem
	e.as(t, evokg.ScopeMemoryRead).do(t, http.MethodPost, "/experiences/"+b.String()+"/restore", `{"reason":"r"}`, http.StatusForbidden, &p)
	require.Contains(t, p.Detail, "scope")
	e.as(t, evokg.ScopeMemoryRead).do(t, http.MethodGet, "/experiences/"+b.String()+"/utility", "", http.StatusOK, &u)
	require.Equal(t, evokg.MemoryQuarantined, u.State, "the read-only key changed nothing")
	unknown := evokg.NewID().String()
	for _, path := range []string{"/quarantine", "/restore"} {
		e.do(t, http.MethodPost, "/experiences/"+unknown+path, `{"reason":"r"}`, http.StatusNotFound, &p)
		require.Equal(t, evokg.ENOTFOUND, p.Code)
		e.do(t, http.MethodPost, "/experiences/"+a.String()+path, `{}`, http.StatusUnprocessableEntity, &p)
		require.Equal(t, []string{"/reason"}, pointers(p.Errors))
		e.do(t, http.MethodPost, "/experiences/"+a.String()+path, `{"reason":""}`, http.StatusUnprocessableEntity, &p)
		require.Equal(t, []string{"/reason"}, pointers(p.Errors))
	}
	e.do(t, http.MethodGet, "/experiences/"+unknown+"/utility", "", http.StatusNotFound, &p)
	e.do(t, http.MethodGet, "/experiences/utility?state=active", "", http.StatusUnprocessableEntity, &p)
	require.Equal(t, []string{"/state"}, pointers(p.Errors))
}

// A memory posted with "probation": true, and any memory posted into a
// namespace created with "probation": true, is listed as probationary and
// is not served.
func TestProbationOverTheAPI(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeWorker, evolution.Limits{})
	const question = "What is 3 ★ 5?"
	active := e.remember(t, "What is 3 ★ 4?", "10", "")
	onProbation := e.remember(t, "What is 3 ★ 6?", "12", `,"probation":true`)
	probationary := e.listed(t, evokg.MemoryProbationary, 5)
	require.Equal(t, []uuid.UUID{onProbation}, ids(probationary))
	require.Contains(t, probationary[0].Reason, "probation")
	served := e.retrieved(t, question)
	require.Contains(t, served, active)
	require.NotContains(t, served, onProbation)
	e.mirrored(t, onProbation, "probationary", "written on probation: not served until tried")

	strict := e.inNamespace(t, testenv.Namespace(t))
	var ns evokg.Namespace
	strict.createNamespace(t, `{"name":"`+strict.ns+`","probation":true}`, &ns)
	require.True(t, ns.Probation)
	strict.do(t, http.MethodGet, "", "", http.StatusOK, &ns)
	require.True(t, ns.Probation)
	posted := strict.remember(t, "What is 3 ★ 4?", "10", "")
	require.Equal(t, []uuid.UUID{posted}, ids(strict.listed(t, evokg.MemoryProbationary, 5)))
	require.NotContains(t, strict.retrieved(t, question), posted)
	strict.mirrored(t, posted, "probationary", "written on probation: not served until tried")

	fresh := e.inNamespace(t, testenv.Namespace(t))
	fresh.createNamespace(t, `{"name":"`+fresh.ns+`"}`, &ns)
	require.False(t, ns.Probation, "probation is off by default")
}

// inNamespace is e in namespace ns, which it does not create, with a key
// bound to it.
func (e *env) inNamespace(t *testing.T, ns string) *env {
	t.Helper()
	other := *e
	other.ns = ns
	return other.as(t, evokg.Scopes...)
}

// createNamespace posts body to /v1/namespaces with e's key.
func (e *env) createNamespace(t *testing.T, body string, out *evokg.Namespace) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8080/v1/namespaces", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+e.token)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, req)
	require.Equal(t, http.StatusCreated, rec.Code, rec.Body.String())
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), out))
}

// A reward's live evidence quarantines an active memory whose answers are
// right clearly less often than its task type's; the feedback lists it.
func TestRewardQuarantinesOverTheAPI(t *testing.T) {
	t.Parallel()
	e := openWith(t, app.ModeWorker, func(c *app.Config) { c.Utility = utility.Policy{MinShown: 2} })
	const question = "What is 3 ★ 5?"
	a := e.remember(t, "What is 3 ★ 4?", "10", "")
	reward := func(id uuid.UUID, r string) evokg.FeedbackResponse {
		t.Helper()
		var fb evokg.FeedbackResponse
		e.do(t, http.MethodPost, "/answers/"+id.String()+"/feedback", `{"reward":`+r+`}`, http.StatusOK, &fb)
		return fb
	}
	// Four right answers without memory: the task type is right 4 of 4.
	for range 4 {
		var off evokg.AnswerResponse
		e.do(t, http.MethodPost, "/answer", `{"question":"`+question+`","task_type":"glyph","memory":false}`, http.StatusOK, &off)
		require.Empty(t, off.Memories)
		require.Empty(t, reward(off.ID, "1").Quarantined)
	}
	// Two wrong answers that showed a: 0 of 2 (95% upper bound 0.66)
	// against 4 of 6 (0.67) for the task type.
	first := e.answered(t, question)
	require.Contains(t, first.MemoryIDs, a)
	require.Empty(t, reward(first.ID, "0").Quarantined, "one answer is not enough evidence")
	second := e.answered(t, question)
	require.Contains(t, second.MemoryIDs, a)
	require.Contains(t, reward(second.ID, "0").Quarantined, a)

	var u evokg.Utility
	e.do(t, http.MethodGet, "/experiences/"+a.String()+"/utility", "", http.StatusOK, &u)
	require.Equal(t, evokg.MemoryQuarantined, u.State)
	require.EqualValues(t, 2, u.ShownWrong)
	require.Contains(t, u.Reason, "live evidence")
	require.NotContains(t, e.retrieved(t, question), a)
}
