package api

import (
	"context"
	"net/http"
	"sort"
	"sync"
	"time"
)

// Check statuses.
const (
	CheckUp       = "up"
	CheckDown     = "down"
	CheckDegraded = "degraded" // reachable but not fully usable, e.g. a model is missing
	CheckWarming  = "warming"  // reachable, still being prepared; a critical one keeps the service unready
)

// Readiness statuses.
const (
	Ready    = "ready"
	Degraded = "degraded"
	Unready  = "unready"
)

// CheckResult is the outcome of one readiness check.
type CheckResult struct {
	Status    string         `json:"status"`
	Detail    string         `json:"detail,omitempty"`
	Fake      bool           `json:"fake,omitempty"` // the dependency is a scripted fake (e.g. the fake model server)
	Info      map[string]any `json:"info,omitempty"`
	LatencyMS float64        `json:"latency_ms"`
}

// Check probes one dependency. A Critical check that is not up makes the
// service unready (503); any other failing check only degrades it.
type Check struct {
	Critical bool
	Run      func(ctx context.Context) CheckResult
}

// readiness is the /readyz document.
type readiness struct {
	Status string                 `json:"status"`
	Checks map[string]CheckResult `json:"checks"`
}

func (s *server) healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	doc := readiness{Status: Ready, Checks: s.runChecks(r.Context())}
	for _, name := range sortedNames(s.deps.Checks) {
		doc.Status = worse(doc.Status, verdict(s.deps.Checks[name].Critical, doc.Checks[name].Status))
	}
	status := http.StatusOK
	if doc.Status == Unready {
		status = http.StatusServiceUnavailable
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, doc)
}

// runChecks runs every check concurrently, each under CheckTimeout.
func (s *server) runChecks(ctx context.Context) map[string]CheckResult {
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		out = make(map[string]CheckResult, len(s.deps.Checks))
	)
	for name, c := range s.deps.Checks {
		wg.Go(func() {
			res := s.runCheck(ctx, c)
			mu.Lock()
			out[name] = res
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

func (s *server) runCheck(ctx context.Context, c Check) CheckResult {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.CheckTimeout)
	defer cancel()
	start := time.Now()
	res := c.Run(ctx)
	if res.Status == "" {
		res.Status = CheckDown
	}
	if ctx.Err() != nil && res.Status != CheckUp {
		res.Detail = "no answer within " + s.cfg.CheckTimeout.String()
	}
	res.LatencyMS = float64(time.Since(start).Microseconds()) / 1000
	return res
}

// verdict is what one check's status means for the whole service.
func verdict(critical bool, status string) string {
	switch {
	case status == CheckUp:
		return Ready
	case critical && (status == CheckDown || status == CheckWarming):
		return Unready
	}
	return Degraded
}

var severity = map[string]int{Ready: 0, Degraded: 1, Unready: 2}

func worse(a, b string) string {
	if severity[b] > severity[a] {
		return b
	}
	return a
}

func sortedNames(m map[string]Check) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
