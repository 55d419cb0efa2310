package console_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/console"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/postgres"
)

// Bounds of the waits: chromium shares two cores with the stack.
const (
	runTimeout     = 3 * time.Minute
	browserTimeout = 4 * time.Minute
	pollInterval   = 200 * time.Millisecond
)

// stack is the real API (in process, with its worker) on real Postgres and
// Neo4j and the scripted fake model server, with the console mounted, and
// one namespace holding a finished evolution run and a tool.
type stack struct {
	url, ns string
	// full holds every scope of ns; read only memory:read; other every
	// scope of another namespace.
	full, read, other string
	run               evokg.EvolutionRun
}

func setup(t *testing.T) *stack {
	t.Helper()
	ctx := context.Background()
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	fake := ollamafake.New(ollamafake.Options{})
	a, err := app.Open(ctx, app.Config{
		Postgres: postgres.Config{URL: testenv.IsolatedPostgresURL(t), MaxConns: 10},
		Graph:    graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()},
		LLM:      llm.Config{BaseURL: fake.Start(t)},
		HTTP:     &http.Client{Timeout: time.Minute},
		Migrate:  true,
	}, app.ModeWorker, logger)
	require.NoError(t, err)
	t.Cleanup(func() { a.Close(context.Background()) })
	require.NoError(t, a.Jobs.Start(ctx))
	t.Cleanup(func() {
		stop, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		require.NoError(t, a.Jobs.Stop(stop))
	})
	deps := a.APIDeps()
	deps.Console = console.Handler(console.Config{Neo4jBrowserURL: "http://127.0.0.1:7474/browser/"})
	srv := httptest.NewServer(api.NewHandler(api.Config{}, deps, logger))
	t.Cleanup(srv.Close)

	s := &stack{url: srv.URL, ns: testenv.Namespace(t)}
	keys := access.NewKeyStore(a.Pool, logger)
	key := func(scopes []string, ns string) string {
		token, _, err := keys.Create(ctx, "console test", scopes, []string{ns})
		require.NoError(t, err)
		return token
	}
	s.full, s.read, s.other = key(evokg.Scopes, s.ns), key([]string{evokg.ScopeMemoryRead}, s.ns), key(evokg.Scopes, testenv.Namespace(t))
	s.call(t, s.full, "POST", "/v1/namespaces", `{"name":"`+s.ns+`","description":"browser tests of the console"}`, http.StatusCreated, nil)
	s.do(t, "POST", "/evolution-runs", `{"generator":{"name":"arith","size":30,"seed":7},"iterations":2}`, http.StatusAccepted, &s.run)
	s.do(t, "POST", "/tools", tripleTool, http.StatusCreated, nil)
	s.remember(t, `{"task_type":"arith","outcome":"success_memory","question":"What is 17 + 25?","answer":"42",
		"chain_of_thought":"17 + 25 = 42","evaluation":{"correct":1,"efficient":1,"complete":1}}`)
	s.remember(t, `{"task_type":"arith","outcome":"principle","content":"Add the units first, then carry the tens.","probation":true,
		"evaluation":{"correct":1,"efficient":1,"complete":1}}`)
	require.Eventually(t, func() bool {
		s.do(t, "GET", "/evolution-runs/"+s.run.ID.String(), "", http.StatusOK, &s.run)
		require.NotContains(t, []evokg.RunStatus{evokg.RunFailed, evokg.RunCancelled}, s.run.Status, s.run.Error)
		return s.run.Status == evokg.RunSucceeded
	}, runTimeout, pollInterval, "the evolution run finishes")
	// The scripted model's Phase 0 induces no prerequisite: give the DAG an edge.
	var skills struct{ Items []evokg.Skill }
	s.do(t, "GET", "/skills", "", http.StatusOK, &skills)
	require.GreaterOrEqual(t, len(skills.Items), 2, "Phase 0 induced skills")
	require.NoError(t, a.Graph.AddPrerequisite(ctx, s.ns, skills.Items[0].Name, skills.Items[1].Name))
	return s
}

// remember posts a memory and waits until it is committed.
func (s *stack) remember(t *testing.T, body string) {
	t.Helper()
	var r evokg.IngestReceipt
	s.do(t, "POST", "/experiences", body, http.StatusAccepted, &r)
	require.Eventually(t, func() bool {
		var x evokg.StoredExperience
		s.do(t, "GET", "/experiences/"+r.ID.String(), "", http.StatusOK, &x)
		return x.Status == evokg.StatusCommitted
	}, runTimeout, pollInterval, "the memory is committed")
}

const tripleTool = `{"name":"triple","description":"multiplies a number n by three",
 "input_schema":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]},
 "code":"def run(input):\n    return input[\"n\"] * 3\n",
 "tests":[{"input":{"n":2},"expected":6},{"input":{"n":-1},"expected":-3}]}`

// do calls the namespace's API with the full key.
func (s *stack) do(t *testing.T, method, path, body string, want int, out any) {
	t.Helper()
	s.call(t, s.full, method, "/v1/namespaces/"+s.ns+path, body, want, out)
}

func (s *stack) call(t *testing.T, key, method, path, body string, want int, out any) {
	t.Helper()
	req, err := http.NewRequest(method, s.url+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.Equal(t, want, res.StatusCode, "%s %s: %s", method, path, b)
	if out != nil {
		require.NoError(t, json.Unmarshal(b, out))
	}
}

// browser is one headless Chromium tab on the console.
type browser struct {
	ctx    context.Context
	base   string
	loads  int
	shots  string
	height int64
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	path, err := exec.LookPath("chromium")
	require.NoError(t, err, "the console tests need Debian's chromium: run scripts/browser/install.sh")
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.WindowSize(1280, 800), chromedp.Flag("disable-dev-shm-usage", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, browserTimeout)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	require.NoError(t, chromedp.Run(ctx), "chromium starts")
	return &browser{ctx: ctx, base: base, shots: os.Getenv("EVOKG_CONSOLE_SCREENSHOTS")}
}

func (b *browser) run(t *testing.T, actions ...chromedp.Action) {
	t.Helper()
	require.NoError(t, chromedp.Run(b.ctx, actions...))
}

// open loads the console afresh at view (a hash route such as "runs/ID")
// and waits until the view is drawn.
func (b *browser) open(t *testing.T, view string) {
	t.Helper()
	b.loads++
	name, _, _ := strings.Cut(strings.SplitN(view, "?", 2)[0], "/")
	b.run(t, chromedp.Navigate(fmt.Sprintf("%s/console/?load=%d#/%s", b.base, b.loads, view)),
		chromedp.WaitVisible(`#main[data-view="`+name+`"]`, chromedp.ByQuery))
}

func (b *browser) login(t *testing.T, key, ns string) {
	t.Helper()
	b.open(t, "login")
	b.run(t, chromedp.SetValue("#key", key, chromedp.ByID), chromedp.SetValue("#ns", ns, chromedp.ByID),
		chromedp.Click("#login-submit", chromedp.ByID), chromedp.WaitVisible(`#main[data-view="ns"]`, chromedp.ByQuery))
}

func (b *browser) text(t *testing.T, sel string) string {
	t.Helper()
	var v *string
	b.run(t, chromedp.Evaluate(`(e => e && e.textContent)(document.querySelector(`+strconv.Quote(sel)+`))`, &v))
	require.NotNil(t, v, "%s is on %s", sel, b.main(t))
	return strings.TrimSpace(*v)
}

// main is the drawn page, for failure messages.
func (b *browser) main(t *testing.T) string {
	var html string
	require.NoError(t, chromedp.Run(b.ctx, chromedp.Evaluate(`document.getElementById('main').outerHTML`, &html)))
	return html
}

// wait waits until sel is visible.
func (b *browser) wait(t *testing.T, sel string) {
	t.Helper()
	b.run(t, chromedp.WaitVisible(sel, chromedp.ByQuery))
}

func (b *browser) attr(t *testing.T, sel, name string) string {
	t.Helper()
	var v *string
	b.run(t, chromedp.Evaluate(`(e => e && e.getAttribute(`+strconv.Quote(name)+`))(document.querySelector(`+strconv.Quote(sel)+`))`, &v))
	require.NotNil(t, v, "%s has %s on %s", sel, name, b.main(t))
	return *v
}

func (b *browser) count(t *testing.T, sel string) int {
	t.Helper()
	var n int
	b.run(t, chromedp.Evaluate(`document.querySelectorAll(`+strconv.Quote(sel)+`).length`, &n))
	return n
}

// screenshot saves the whole page as name.png when EVOKG_CONSOLE_SCREENSHOTS names a folder.
func (b *browser) screenshot(t *testing.T, name string) {
	t.Helper()
	if b.shots == "" {
		return
	}
	var png []byte
	b.run(t, chromedp.FullScreenshot(&png, 100))
	require.NoError(t, os.MkdirAll(b.shots, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(b.shots, name+".png"), png, 0o644))
}

func number(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, "%q is a number", s)
	return f
}

// TestConsolePages logs in with a key, opens every page of a namespace with
// a finished evolution run and checks that the figures shown are the API's.
func TestConsolePages(t *testing.T) {
	s := setup(t)
	b := newBrowser(t, s.url)
	b.login(t, s.full, s.ns)
	require.Equal(t, s.ns, b.text(t, "#current-ns"))

	t.Run("namespace", func(t *testing.T) {
		var types struct{ Items []evokg.TaskTypeScore }
		s.do(t, "GET", "/task-types", "", http.StatusOK, &types)
		require.NotEmpty(t, types.Items, "Phase 0 induced task types")
		checked := types.Items[0].Name
		s.do(t, "PUT", "/task-types/"+checked, `{"answer":{"mode":"`+string(types.Items[0].Answer.Mode)+`"},"checker":{"pattern":"(\\d+) plus (\\d+)",`+
			`"code":"def run(operands):\n    return int(operands[0]) + int(operands[1])\n","example":"2 plus 3 is 5"}}`, http.StatusOK, nil)
		s.do(t, "GET", "/task-types", "", http.StatusOK, &types)
		b.open(t, "ns")
		for _, tt := range types.Items {
			row := `tr[data-task-type="` + tt.Name + `"] `
			require.Equal(t, string(tt.Answer.Mode), b.text(t, row+`td[data-k="answer"]`))
			if tt.Name == checked {
				require.Equal(t, `(\d+) plus (\d+)`, b.text(t, row+`td[data-k="checker"]`), "the declared checker's pattern")
			} else {
				require.Equal(t, "none", b.text(t, row+`td[data-k="checker"]`))
			}
			require.Equal(t, strconv.Itoa(tt.NFail), b.text(t, row+`td[data-k="n_fail"]`))
			require.Equal(t, strconv.Itoa(tt.NSeen), b.text(t, row+`td[data-k="n_seen"]`))
			require.InDelta(t, tt.Score, number(t, b.attr(t, row+`td[data-k="score"]`, "data-value")), 1e-9)
		}
		var page struct{ Items []evokg.StoredExperience }
		s.do(t, "GET", "/experiences?limit=200", "", http.StatusOK, &page)
		require.NotEmpty(t, page.Items, "the run wrote memories")
		kinds := map[evokg.Outcome]int{}
		for _, x := range page.Items {
			if x.Status == evokg.StatusCommitted {
				kinds[x.Outcome]++
			}
		}
		for kind, n := range kinds {
			require.Equal(t, strconv.Itoa(n), b.attr(t, "#count-"+string(kind), "data-value"), kind)
		}
		for _, state := range []string{"probationary", "quarantined"} {
			var u evokg.UtilityPage
			s.do(t, "GET", "/experiences/utility?limit=200&state="+state, "", http.StatusOK, &u)
			require.Equal(t, strconv.Itoa(len(u.Items)), b.attr(t, "#state-"+state, "data-value"), state)
		}
		b.screenshot(t, "namespace")
	})

	t.Run("run", func(t *testing.T) {
		// By keyboard: the navigation is made of links that Enter follows.
		b.run(t, chromedp.Focus(`#nav a[href="#/runs"]`, chromedp.ByQuery), chromedp.KeyEvent("\r"),
			chromedp.WaitVisible(`#main[data-view="runs"]`, chromedp.ByQuery))
		require.Equal(t, "page", b.attr(t, `#nav a[href="#/runs"]`, "aria-current"))
		var focused string
		b.run(t, chromedp.Focus(".skip", chromedp.ByQuery), chromedp.KeyEvent("\r"),
			chromedp.Evaluate(`document.activeElement.id + location.hash`, &focused))
		require.Equal(t, "main#/runs", focused, "the skip link focuses the content and keeps the view")
		require.Equal(t, 1, b.count(t, `tr[data-run="`+s.run.ID.String()+`"]`))
		b.open(t, "runs/"+s.run.ID.String())
		require.Len(t, s.run.Metrics, 2)
		for _, m := range s.run.Metrics {
			row := `tr[data-iteration="` + strconv.Itoa(m.Iteration) + `"] `
			require.InDelta(t, m.Accuracy, number(t, b.attr(t, row+`td[data-k="accuracy"]`, "data-value")), 1e-9)
			require.Equal(t, strconv.Itoa(m.TeacherCalls), b.text(t, row+`td[data-k="teacher_calls"]`))
			require.Equal(t, strconv.Itoa(m.LearnerCalls), b.text(t, row+`td[data-k="learner_calls"]`))
		}
		require.Equal(t, 5*len(s.run.Metrics), b.count(t, "#accuracy-chart circle"),
			"the accuracy chart draws a point per iteration for training, validation and test with and without memory")
		require.Equal(t, strconv.Itoa(s.run.Iteration), b.text(t, "#run-iteration"))
		require.Zero(t, b.count(t, "#cancel-run"), "a finished run cannot be cancelled")
		b.screenshot(t, "run")
	})

	t.Run("skills", func(t *testing.T) {
		var skills struct{ Items []evokg.Skill }
		s.do(t, "GET", "/skills", "", http.StatusOK, &skills)
		require.NotEmpty(t, skills.Items)
		b.open(t, "skills")
		for _, k := range skills.Items {
			require.InDelta(t, k.Mastery, number(t, b.attr(t, `tr[data-skill="`+k.Name+`"] td[data-k="mastery"]`, "data-value")), 1e-9)
		}
		require.Equal(t, len(skills.Items), b.count(t, "#skill-dag rect"), "the DAG draws every skill")
		edges := 0
		for _, k := range skills.Items {
			var d evokg.SkillDetail
			s.do(t, "GET", "/skills/"+k.Name, "", http.StatusOK, &d)
			edges += len(d.Prerequisites)
		}
		require.Equal(t, 1, edges)
		require.Equal(t, edges, b.count(t, "#skill-dag line.edge"), "the DAG draws every prerequisite edge")
		var frontier struct{ Items []evokg.Skill }
		s.do(t, "GET", "/skills/frontier", "", http.StatusOK, &frontier)
		require.Equal(t, len(frontier.Items), b.count(t, "#frontier li"))
		require.Positive(t, b.count(t, "#mastery-chart circle"), "mastery history is drawn")
		b.screenshot(t, "skills")
	})

	t.Run("quarantine and restore", func(t *testing.T) {
		var page struct{ Items []evokg.StoredExperience }
		s.do(t, "GET", "/experiences?limit=1", "", http.StatusOK, &page)
		require.NotEmpty(t, page.Items)
		id, kind := page.Items[0].ID.String(), string(page.Items[0].Outcome)
		b.open(t, "memory?kind="+kind)
		require.Equal(t, 1, b.count(t, `tr[data-memory="`+id+`"]`))
		b.open(t, "memory?q=carry%20tens")
		require.Equal(t, 1, b.count(t, "#memory-table tbody tr"), "text search finds the principle alone")
		b.open(t, "memory?state=probationary")
		require.Equal(t, 1, b.count(t, "#memory-table tbody tr"), "the principle posted on probation")
		b.screenshot(t, "memory")
		b.open(t, "memory/"+id)
		b.run(t, chromedp.SendKeys("#reason", "misleads the learner", chromedp.ByID), chromedp.Click("#quarantine", chromedp.ByID),
			chromedp.WaitVisible(`#mem-state[data-value="quarantined"]`, chromedp.ByQuery))
		var u evokg.Utility
		s.do(t, "GET", "/experiences/"+id+"/utility", "", http.StatusOK, &u)
		require.Equal(t, evokg.MemoryQuarantined, u.State)
		require.Equal(t, u.Reason, b.text(t, "#mem-reason"))
		b.screenshot(t, "memory-record")
		b.open(t, "memory?state=quarantined")
		require.Equal(t, 1, b.count(t, `tr[data-memory="`+id+`"]`), "the state filter lists it")
		b.open(t, "memory/"+id)
		b.run(t, chromedp.SendKeys("#reason", "fixed upstream", chromedp.ByID), chromedp.Click("#restore", chromedp.ByID),
			chromedp.WaitVisible(`#mem-state[data-value="active"]`, chromedp.ByQuery))
		s.do(t, "GET", "/experiences/"+id+"/utility", "", http.StatusOK, &u)
		require.Equal(t, evokg.MemoryActive, u.State)
	})

	t.Run("rejections", func(t *testing.T) {
		total := 0
		for _, m := range s.run.Metrics {
			total += m.Rejected
		}
		b.open(t, "rejections")
		require.Equal(t, strconv.Itoa(total), b.attr(t, "#rejected-total", "data-value"))
		b.screenshot(t, "rejections")
	})

	t.Run("tools", func(t *testing.T) {
		b.open(t, "tools")
		require.Equal(t, 1, b.count(t, `tr[data-tool="triple"]`))
		b.open(t, "tools/triple")
		b.run(t, chromedp.SetValue("#tool-input", `{"n":14}`, chromedp.ByID), chromedp.Click("#invoke-submit", chromedp.ByID))
		b.wait(t, "#tool-output")
		require.Equal(t, "42", b.text(t, "#tool-output"))
		b.screenshot(t, "tool")
	})

	t.Run("usage", func(t *testing.T) {
		var usage evokg.Usage
		s.do(t, "GET", "/usage", "", http.StatusOK, &usage)
		b.open(t, "usage")
		require.Equal(t, strconv.Itoa(usage.TeacherCalls), b.attr(t, "#teacher-calls", "data-value"))
		require.Equal(t, strconv.Itoa(usage.LearnerCalls), b.attr(t, "#learner-calls", "data-value"))
		require.InDelta(t, usage.TeacherShare, number(t, b.attr(t, "#teacher-share", "data-value")), 1e-9)
		for _, r := range usage.Rows {
			require.Equal(t, strconv.Itoa(r.Calls), b.attr(t, `tr[data-role="`+r.Role+"/"+r.Model+`"] td[data-k="calls"]`, "data-value"))
		}
		var bandits struct{ Items []evokg.BanditState }
		s.do(t, "GET", "/bandits", "", http.StatusOK, &bandits)
		require.NotEmpty(t, bandits.Items, "the run pulled the bandits")
		for _, g := range bandits.Items {
			for _, a := range g.Arms {
				row := `tr[data-arm="` + g.Bandit + "/" + g.Key + "/" + a.Arm + `"] `
				require.Equal(t, strconv.Itoa(a.Pulls), b.attr(t, row+`td[data-k="pulls"]`, "data-value"))
				require.InDelta(t, a.Mean, number(t, b.attr(t, row+`td[data-k="mean"]`, "data-value")), 1e-9)
			}
		}
		b.screenshot(t, "usage")
	})

	t.Run("live run and cancel", func(t *testing.T) {
		var run evokg.EvolutionRun
		s.do(t, "POST", "/evolution-runs", `{"generator":{"name":"arith","size":30,"seed":8},"iterations":50}`, http.StatusAccepted, &run)
		b.open(t, "runs/"+run.ID.String())
		b.wait(t, "#cancel-run")
		shown := b.text(t, "#run-iteration")
		b.run(t, chromedp.Poll(`document.getElementById('run-iteration').textContent !== `+strconv.Quote(shown), nil),
			chromedp.WaitVisible("#accuracy-chart", chromedp.ByQuery))
		b.screenshot(t, "run-live")
		b.run(t, chromedp.Click("#cancel-run", chromedp.ByID), chromedp.WaitVisible("#main .badge.cancelled", chromedp.ByQuery))
		s.do(t, "GET", "/evolution-runs/"+run.ID.String(), "", http.StatusOK, &run)
		require.Equal(t, evokg.RunCancelled, run.Status)
		require.Zero(t, b.count(t, "#cancel-run"), "a cancelled run offers no cancel")
	})

	t.Run("narrow window", func(t *testing.T) {
		b.run(t, chromedp.EmulateViewport(420, 800))
		b.open(t, "ns")
		var overflow bool
		b.run(t, chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
		require.False(t, overflow, "the page fits a 420 px window; wide tables scroll inside their box")
		b.screenshot(t, "namespace-narrow")
	})
}

// TestHandler serves the embedded pages, their settings and the saved
// Neo4j Browser queries, without a stack.
func TestHandler(t *testing.T) {
	srv := httptest.NewServer(console.Handler(console.Config{Neo4jBrowserURL: "http://127.0.0.1:7474/browser/"}))
	t.Cleanup(srv.Close)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get(srv.URL + "/console")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusMovedPermanently, res.StatusCode)
	require.Equal(t, "/console/", res.Header.Get("Location"))

	res, err = client.Get(srv.URL + "/console/config.json")
	require.NoError(t, err)
	defer res.Body.Close()
	var cfg struct {
		URL     string            `json:"neo4j_browser_url"`
		Queries map[string]string `json:"queries"`
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&cfg))
	require.Equal(t, "http://127.0.0.1:7474/browser/", cfg.URL)
	require.Contains(t, cfg.Queries["03_frontier"], "$namespace")
	require.NotContains(t, cfg.Queries["03_frontier"], "//", "leading comments are dropped")

	for _, path := range []string{"/console/", "/console/app.js", "/console/style.css"} {
		res, err := client.Get(srv.URL + path)
		require.NoError(t, err)
		res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		require.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'self'", "nothing is loaded from elsewhere")
	}
}

// problem is the detail of the API's refusal of a call with key.
func (s *stack) problem(t *testing.T, key, method, path, body string, want int) string {
	t.Helper()
	var p struct{ Detail string }
	s.call(t, key, method, path, body, want, &p)
	require.NotEmpty(t, p.Detail)
	return p.Detail
}

// TestConsoleRefusals shows the API's refusals as it words them: a read-only
// key reads every page but may not quarantine, and a key of another
// namespace sees a 403 for this one.
func TestConsoleRefusals(t *testing.T) {
	s := setup(t)
	b := newBrowser(t, s.url)
	var page struct{ Items []evokg.StoredExperience }
	s.do(t, "GET", "/experiences?limit=1", "", http.StatusOK, &page)
	require.NotEmpty(t, page.Items)
	id := page.Items[0].ID.String()

	t.Run("read-only key", func(t *testing.T) {
		b.login(t, s.read, s.ns)
		require.Zero(t, b.count(t, "#main .problem"), "a read-only key reads the namespace page")
		b.open(t, "memory/"+id)
		b.run(t, chromedp.SendKeys("#reason", "misleads the learner", chromedp.ByID), chromedp.Click("#quarantine", chromedp.ByID))
		b.wait(t, "#state-action .problem-detail")
		want := s.problem(t, s.read, "POST", "/v1/namespaces/"+s.ns+"/experiences/"+id+"/quarantine", `{"reason":"misleads the learner"}`, http.StatusForbidden)
		require.Equal(t, want, b.text(t, "#state-action .problem-detail"))
		require.Equal(t, "403", b.attr(t, "#state-action .problem", "data-status"))
		require.Equal(t, "active", b.attr(t, "#mem-state", "data-value"), "the memory is still served")
		var u evokg.Utility
		s.do(t, "GET", "/experiences/"+id+"/utility", "", http.StatusOK, &u)
		require.Equal(t, evokg.MemoryActive, u.State)
		b.screenshot(t, "refused-write")
	})

	t.Run("key of another namespace", func(t *testing.T) {
		b.login(t, s.other, s.ns)
		want := s.problem(t, s.other, "GET", "/v1/namespaces/"+s.ns, "", http.StatusForbidden)
		require.Equal(t, want, b.text(t, "#main .problem-detail"))
		require.Equal(t, "403", b.attr(t, "#main .problem", "data-status"))
		b.screenshot(t, "forbidden")
	})
}
