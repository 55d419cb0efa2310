package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
)

// tenant is one namespace of the load, with its key and what its requests
// saw.
type tenant struct {
	ns, token string
	keyID     uuid.UUID
	other     *tenant
	fig       ScaleTenant

	mu        sync.Mutex
	accepted  map[uuid.UUID]string // receipt id → the item's question
	retrieved []uuid.UUID
	admitted  []time.Time // start of each request the rate limit let through
	runID     uuid.UUID
	runIDs    []uuid.UUID
}

// job is one request of a tenant's load.
type job struct {
	kind  string // ingest, retrieve, answer, probe
	batch int
	body  []byte
	items []string // an ingest's questions, in order
}

// kill is when and what the benchmark killed.
type kill struct {
	api       string
	workerPID int
	at        time.Time
	err       error
}

// scaleRun is the evolution run each tenant starts (the e2e run's size).
const scaleRun = `{"generator":{"name":"arith","size":30,"seed":7},"iterations":2}`

// driveLoad runs both tenants' load across the APIs and kills one API and
// one worker once 40% of the ingest batches are accepted.
func driveLoad(ctx context.Context, pool *pgxpool.Pool, cl *cluster, tenants []*tenant, opts ScaleOptions, progress io.Writer) kill {
	lb := &balancer{apis: cl.apis, http: &http.Client{Timeout: 2 * time.Minute}}
	var p loadProgress
	jobs := make([][]job, len(tenants))
	for i := range tenants {
		jobs[i] = loadJobs(opts)
		p.jobs += int64(len(jobs[i]))
		p.batches += int64(opts.Experiences / opts.Batch)
	}
	killed := make(chan kill, 1)
	stop := make(chan struct{})
	go watchAndKill(cl, &p, stop, killed, progress)
	var wg sync.WaitGroup
	errs := make([]error, len(tenants))
	for i, t := range tenants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = t.run(ctx, pool, lb, jobs[i], opts.Clients, &p)
		}()
	}
	wg.Wait()
	close(stop)
	k := <-killed
	for _, err := range errs {
		if err != nil && k.err == nil {
			k.err = err
		}
	}
	return k
}

// loadProgress counts the requests done and the ingest batches accepted.
type loadProgress struct {
	jobs, batches  int64
	done, accepted atomic.Int64
}

// watchAndKill kills the first API and the first worker with SIGKILL once
// 40% of the ingest batches are accepted, and reports progress.
func watchAndKill(cl *cluster, p *loadProgress, stop <-chan struct{}, out chan<- kill, progress io.Writer) {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	var k kill
	last := time.Now()
	for {
		select {
		case <-stop:
			if k.at.IsZero() {
				k.err = fmt.Errorf("bench: the load ended before the kill")
			}
			out <- k
			return
		case <-tick.C:
		}
		n, a := p.done.Load(), p.accepted.Load()
		if k.at.IsZero() && a*10 >= p.batches*4 {
			k = kill{api: cl.apis[0], workerPID: cl.workers[0].cmd.Process.Pid, at: time.Now()}
			cl.byAPI[cl.apis[0]].kill()
			cl.workers[0].kill()
			fmt.Fprintf(progress, "killed %s and worker pid %d (SIGKILL) at %d of %d ingest batches accepted\n", k.api, k.workerPID, a, p.batches)
		}
		if time.Since(last) > 5*time.Second {
			fmt.Fprintf(progress, "load: %d of %d requests, %d of %d ingest batches accepted\n", n, p.jobs, a, p.batches)
			last = time.Now()
		}
	}
}

// loadJobs builds a tenant's requests: per ingest batch three retrievals,
// an answer every second batch and a request on the other tenant's
// namespace every tenth. Both tenants send the same items, so a leak
// between them would be a close match.
func loadJobs(opts ScaleOptions) []job {
	var out []job
	for b := range opts.Experiences / opts.Batch {
		items := make([]map[string]any, opts.Batch)
		questions := make([]string, opts.Batch)
		for j := range items {
			i := b*opts.Batch + j
			questions[j] = fmt.Sprintf("scale item %d: what is %d plus %d?", i, i%97, i%89)
			items[j] = map[string]any{"task_type": fmt.Sprintf("scale_%d", i%5), "outcome": "success_memory",
				"question": questions[j], "answer": fmt.Sprint(i%97 + i%89),
				"chain_of_thought": fmt.Sprintf("%d + %d = %d", i%97, i%89, i%97+i%89), "signature": []string{"parse_numbers", "add"},
				"evaluation": map[string]any{"correct": 1, "efficient": 1, "complete": 1}}
		}
		body, _ := json.Marshal(items)
		out = append(out, job{kind: "ingest", batch: b, body: body, items: questions})
		for r := range 3 {
			q, _ := json.Marshal(map[string]any{"question": fmt.Sprintf("what is %d plus %d?", (b+r)%97, b%89), "task_type": fmt.Sprintf("scale_%d", (b+r)%5)})
			out = append(out, job{kind: "retrieve", body: q})
		}
		if b%2 == 1 {
			q, _ := json.Marshal(map[string]any{"question": fmt.Sprintf("what is %d plus %d?", b%97, (b+3)%89), "task_type": fmt.Sprintf("scale_%d", b%5)})
			out = append(out, job{kind: "answer", body: q})
		}
		if b%10 == 5 {
			out = append(out, job{kind: "probe"})
		}
	}
	return out
}

// run starts the tenant's evolution run, tries a second one while it is
// active, then sends jobs with clients concurrent clients.
func (t *tenant) run(ctx context.Context, pool *pgxpool.Pool, lb *balancer, jobs []job, clients int, p *loadProgress) error {
	t.accepted = map[uuid.UUID]string{}
	if err := t.startRun(ctx, lb); err != nil {
		return err
	}
	ch := make(chan job)
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				if t.do(ctx, lb, j) {
					p.accepted.Add(1)
				}
				p.done.Add(1)
			}
		}()
	}
	for i, j := range jobs {
		if i == len(jobs)/2 {
			t.startAgain(ctx, pool, lb)
		}
		select {
		case ch <- j:
		case <-ctx.Done():
		}
	}
	close(ch)
	wg.Wait()
	return ctx.Err()
}

// startRun starts the tenant's run, then tries a second start on each other
// API while the first is queued: each must be refused (409).
func (t *tenant) startRun(ctx context.Context, lb *balancer) error {
	for attempt := 0; ; attempt++ {
		status, body := t.send(ctx, lb, http.MethodPost, t.ns, "/evolution-runs", []byte(scaleRun), "")
		if status == http.StatusAccepted {
			var run evokg.EvolutionRun
			if err := json.Unmarshal(body, &run); err != nil {
				return err
			}
			t.runID = run.ID
			t.noteRun(status, body)
			break
		}
		if attempt > 20 || (status >= 400 && status < 500 && status != http.StatusTooManyRequests) {
			return fmt.Errorf("bench: starting the run of %s: %d %s", t.ns, status, body)
		}
		time.Sleep(time.Second)
	}
	for range len(lb.apis) - 1 {
		t.noteRun(t.send(ctx, lb, http.MethodPost, t.ns, "/evolution-runs", []byte(scaleRun), ""))
	}
	return nil
}

// startAgain tries a second start in mid-load if the run is still active.
func (t *tenant) startAgain(ctx context.Context, pool *pgxpool.Pool, lb *balancer) {
	var active bool
	if err := pool.QueryRow(ctx, scaleQueries.Get("scale_run_active"), t.runID).Scan(&active); err == nil && active {
		t.noteRun(t.send(ctx, lb, http.MethodPost, t.ns, "/evolution-runs", []byte(scaleRun), ""))
	}
}

func (t *tenant) noteRun(status int, body []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch status {
	case http.StatusConflict:
		t.fig.RunRefusals++
	case http.StatusAccepted:
		t.fig.RunStarts++
		var run evokg.EvolutionRun
		if json.Unmarshal(body, &run) == nil {
			t.runIDs = append(t.runIDs, run.ID)
		}
	}
}

// do sends j and reports whether it was an accepted ingest.
func (t *tenant) do(ctx context.Context, lb *balancer, j job) bool {
	switch j.kind {
	case "ingest":
		return t.ingest(ctx, lb, j)
	case "retrieve":
		status, body := t.send(ctx, lb, http.MethodPost, t.ns, "/retrieve", j.body, "")
		var pack evokg.RetrieveResponse
		if status == http.StatusOK && json.Unmarshal(body, &pack) == nil {
			t.mu.Lock()
			t.fig.Retrieves++
			for _, m := range pack.Memories {
				t.retrieved = append(t.retrieved, m.ExperienceID)
			}
			t.mu.Unlock()
		}
	case "answer":
		if status, _ := t.send(ctx, lb, http.MethodPost, t.ns, "/answer", j.body, ""); status == http.StatusOK {
			t.mu.Lock()
			t.fig.Answers++
			t.mu.Unlock()
		}
	case "probe":
		status, _ := t.send(ctx, lb, http.MethodGet, t.other.ns, "/experiences", nil, "")
		t.mu.Lock()
		t.fig.ForeignProbes++
		if status >= 200 && status < 300 {
			t.fig.CrossTenantReads++
		}
		t.mu.Unlock()
	}
	return false
}

// ingest sends one batch under its Idempotency-Key until it is accepted,
// retrying refusals (429), unavailability (5xx) and cut connections with
// the same key, so a retried write that had committed is answered from
// its first receipt. An accepted write is one that got its 2xx.
func (t *tenant) ingest(ctx context.Context, lb *balancer, j job) bool {
	key := fmt.Sprintf("%s-batch-%d", t.ns, j.batch)
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		status, body := t.send(ctx, lb, http.MethodPost, t.ns, "/experiences/batch", j.body, key)
		switch {
		case status == http.StatusAccepted:
			var r struct{ Items []evokg.IngestReceipt }
			if err := json.Unmarshal(body, &r); err == nil && len(r.Items) == len(j.items) {
				t.mu.Lock()
				for i, rc := range r.Items {
					t.accepted[rc.ID] = j.items[i]
				}
				t.mu.Unlock()
			}
			return true
		case status == http.StatusTooManyRequests:
			time.Sleep(time.Second)
		case status == 0 || status >= 500:
			time.Sleep(200 * time.Millisecond)
		default:
			return false // refused for good; counted by send
		}
	}
	return false
}

// send makes one request on the next API, moving on to the next one while
// the connection fails (an API was killed), and records what the rate
// limit did. Status 0 means no API answered.
func (t *tenant) send(ctx context.Context, lb *balancer, method, ns, path string, body []byte, idemKey string) (int, []byte) {
	for range 2 * len(lb.apis) {
		start := time.Now()
		status, out, err := lb.do(ctx, method, "/v1/namespaces/"+ns+path, t.token, body, idemKey)
		t.mu.Lock()
		if err != nil {
			t.fig.ConnectErrors++
			t.mu.Unlock()
			continue
		}
		t.fig.Requests++
		switch {
		case status == http.StatusTooManyRequests:
			t.fig.RateRefusals++
		case status >= 400 && status != http.StatusConflict && status != http.StatusForbidden:
			t.fig.OtherErrors++
		}
		if status != http.StatusTooManyRequests {
			t.admitted = append(t.admitted, start)
		}
		t.mu.Unlock()
		return status, out
	}
	return 0, nil
}

// balancer sends each request to the next API, round-robin.
type balancer struct {
	apis []string
	next atomic.Uint64
	http *http.Client
}

func (b *balancer) do(ctx context.Context, method, path, token string, body []byte, idemKey string) (int, []byte, error) {
	base := b.apis[b.next.Add(1)%uint64(len(b.apis))]
	req, err := http.NewRequestWithContext(ctx, method, base+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := b.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	return resp.StatusCode, out, err
}
