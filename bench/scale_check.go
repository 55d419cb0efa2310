package bench

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg/graph"
)

// waitDrained polls until every accepted write is committed (or failed)
// and every run has ended, and returns when.
func waitDrained(ctx context.Context, pool *pgxpool.Pool, tenants []*tenant, timeout time.Duration, progress io.Writer) (time.Time, error) {
	var ids, runs []uuid.UUID
	for _, t := range tenants {
		for id := range t.accepted {
			ids = append(ids, id)
		}
		runs = append(runs, t.runIDs...)
	}
	deadline := time.Now().Add(timeout)
	last := time.Now()
	for {
		var writes, active int
		if err := pool.QueryRow(ctx, scaleQueries.Get("scale_pending"), ids, runs).Scan(&writes, &active); err != nil {
			return time.Time{}, err
		}
		if writes == 0 && active == 0 {
			return time.Now(), nil
		}
		if time.Now().After(deadline) {
			return time.Time{}, fmt.Errorf("bench: after %s, %d accepted writes are not committed and %d runs are active", timeout, writes, active)
		}
		if time.Since(last) > 10*time.Second {
			fmt.Fprintf(progress, "drain: %d writes to commit, %d runs active\n", writes, active)
			last = time.Now()
		}
		select {
		case <-ctx.Done():
			return time.Time{}, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// loadQuestion marks the questions of the benchmark's own experiences (the
// runs write others).
const loadQuestion = "scale item "

// checkTenants fills each tenant's figures from both stores and returns
// the time of the last accepted write's commit.
func checkTenants(ctx context.Context, pool *pgxpool.Pool, g *graph.Graph, tenants []*tenant) (time.Time, error) {
	var last time.Time
	for _, t := range tenants {
		l, err := t.check(ctx, pool, g)
		if err != nil {
			return last, err
		}
		if l.After(last) {
			last = l
		}
	}
	return last, nil
}

// pgRow is one experience row.
type pgRow struct {
	question, status string
	projected        *time.Time
}

func (t *tenant) check(ctx context.Context, pool *pgxpool.Pool, g *graph.Graph) (time.Time, error) {
	rows, err := t.pgRows(ctx, pool)
	if err != nil {
		return time.Time{}, err
	}
	nodes, err := g.ExperienceCopies(ctx, t.ns)
	if err != nil {
		return time.Time{}, err
	}
	pgQuestions, nodeIDs, nodeQuestions := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rows {
		if strings.HasPrefix(r.question, loadQuestion) {
			pgQuestions[r.question]++
		}
	}
	for _, n := range nodes {
		nodeIDs[n.ID]++
		if strings.HasPrefix(n.Question, loadQuestion) {
			nodeQuestions[n.Question]++
		}
	}
	last := t.checkAccepted(rows, pgQuestions, nodeIDs)
	t.fig.Duplicated = max(extra(pgQuestions), extra(nodeIDs), extra(nodeQuestions))
	t.checkReads(rows)
	t.checkRateWindows()
	return last, t.checkRuns(ctx, pool)
}

func (t *tenant) pgRows(ctx context.Context, pool *pgxpool.Pool) (map[uuid.UUID]pgRow, error) {
	rs, err := pool.Query(ctx, scaleQueries.Get("scale_experiences"), t.ns)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	out := map[uuid.UUID]pgRow{}
	for rs.Next() {
		var id uuid.UUID
		var r pgRow
		if err := rs.Scan(&id, &r.question, &r.status, &r.projected); err != nil {
			return nil, err
		}
		out[id] = r
	}
	return out, rs.Err()
}

// checkAccepted counts each accepted write committed exactly once in each
// store, the lost ones, and the stored load experiences no 2xx
// acknowledged; it returns the last accepted write's projection.
func (t *tenant) checkAccepted(rows map[uuid.UUID]pgRow, pgQuestions, nodeIDs map[string]int) time.Time {
	var last time.Time
	acked := map[string]bool{}
	t.fig.Accepted = len(t.accepted)
	for id, q := range t.accepted {
		acked[q] = true
		r, ok := rows[id]
		inPG := ok && r.status == "committed" && pgQuestions[q] == 1
		inGraph := nodeIDs[id.String()] == 1
		if inPG {
			t.fig.CommittedPostgres++
		}
		if inGraph {
			t.fig.CommittedNeo4j++
		}
		if !ok || r.status != "committed" || nodeIDs[id.String()] == 0 {
			t.fig.Lost++
		}
		if ok && r.projected != nil && r.projected.After(last) {
			last = *r.projected
		}
	}
	for id, r := range rows {
		if _, ok := t.accepted[id]; !ok && strings.HasPrefix(r.question, loadQuestion) && !acked[r.question] {
			t.fig.Unacknowledged++
		}
	}
	return last
}

// checkReads counts retrieved memories that are not the tenant's own.
func (t *tenant) checkReads(rows map[uuid.UUID]pgRow) {
	for _, id := range t.retrieved {
		if _, ok := rows[id]; !ok {
			t.fig.CrossTenantReads++
		}
	}
}

// checkRateWindows finds the most requests let through in one rate window
// (the wall-clock minute, as the shared counts align them).
func (t *tenant) checkRateWindows() {
	per := map[time.Time]int{}
	for _, at := range t.admitted {
		per[at.UTC().Truncate(time.Minute)]++
	}
	for _, n := range per {
		t.fig.MaxPerWindow = max(t.fig.MaxPerWindow, n)
	}
}

// checkRuns counts the pairs of the namespace's runs that were active at
// once and reads the run's final status.
func (t *tenant) checkRuns(ctx context.Context, pool *pgxpool.Pool) error {
	rs, err := pool.Query(ctx, scaleQueries.Get("scale_runs"), t.ns)
	if err != nil {
		return err
	}
	defer rs.Close()
	type span struct{ from, to time.Time }
	var spans []span
	for rs.Next() {
		var id uuid.UUID
		var status string
		var s span
		if err := rs.Scan(&id, &status, &s.from, &s.to); err != nil {
			return err
		}
		if id == t.runID {
			t.fig.RunStatus = status
		}
		spans = append(spans, s)
	}
	for i := range spans {
		for j := i + 1; j < len(spans); j++ {
			if spans[j].from.Before(spans[i].to) {
				t.fig.ConcurrentRuns++
			}
		}
	}
	return rs.Err()
}

// extra is the copies beyond the first, over every name.
func extra(counts map[string]int) int {
	n := 0
	for _, c := range counts {
		n += max(0, c-1)
	}
	return n
}

// WriteTable prints the figures: a table of the totals and a column per
// tenant, between the run's setting and its times.
func (r ScaleResult) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "replicas: %d APIs, %d workers; one of each killed with SIGKILL at %.1fs\n", r.APIs, r.Workers, r.KillAtSeconds)
	fmt.Fprintf(w, "rate limit: %d requests per key per %ds\n\n", r.RateLimit, r.RateWindowSeconds)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	header := []string{"", "total"}
	for _, t := range r.Tenants {
		header = append(header, t.Namespace)
	}
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, row := range r.rows() {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nload %.1fs; kill → last commit %.1fs; kill → drained %.1fs; load's end → drained %.1fs\nprocess logs: %s\n",
		r.LoadSeconds, r.KillToLastCommit, r.KillToDrained, r.LoadToDrained, r.LogDir)
	return err
}

// scaleLine is one line of the table: a figure of each tenant, summed (or
// its maximum) in the total column.
type scaleLine struct {
	name string
	of   func(ScaleTenant) int
	max  bool
}

var scaleLines = []scaleLine{
	{name: "accepted writes", of: func(t ScaleTenant) int { return t.Accepted }},
	{name: "committed once in postgres", of: func(t ScaleTenant) int { return t.CommittedPostgres }},
	{name: "committed once in neo4j", of: func(t ScaleTenant) int { return t.CommittedNeo4j }},
	{name: "lost", of: func(t ScaleTenant) int { return t.Lost }},
	{name: "duplicated", of: func(t ScaleTenant) int { return t.Duplicated }},
	{name: "stored without a 2xx", of: func(t ScaleTenant) int { return t.Unacknowledged }},
	{name: "retrievals", of: func(t ScaleTenant) int { return t.Retrieves }},
	{name: "answers", of: func(t ScaleTenant) int { return t.Answers }},
	{name: "cross-tenant reads", of: func(t ScaleTenant) int { return t.CrossTenantReads }},
	{name: "requests on the other tenant (refused)", of: func(t ScaleTenant) int { return t.ForeignProbes }},
	{name: "requests with the key", of: func(t ScaleTenant) int { return t.Requests }},
	{name: "rate-limit refusals (429)", of: func(t ScaleTenant) int { return t.RateRefusals }},
	{name: "most admitted in one window", of: func(t ScaleTenant) int { return t.MaxPerWindow }, max: true},
	{name: "cut connections (retried)", of: func(t ScaleTenant) int { return t.ConnectErrors }},
	{name: "runs admitted", of: func(t ScaleTenant) int { return t.RunStarts }},
	{name: "second starts refused (409)", of: func(t ScaleTenant) int { return t.RunRefusals }},
	{name: "runs active at once", of: func(t ScaleTenant) int { return t.ConcurrentRuns }},
}

func (r ScaleResult) rows() [][]string {
	var out [][]string
	for _, l := range scaleLines {
		total, cells := 0, []string{}
		for _, t := range r.Tenants {
			v := l.of(t)
			cells = append(cells, fmt.Sprint(v))
			if l.max {
				total = max(total, v)
			} else {
				total += v
			}
		}
		out = append(out, append([]string{l.name, fmt.Sprint(total)}, cells...))
	}
	status := []string{"run status", ""}
	for _, t := range r.Tenants {
		status = append(status, t.RunStatus)
	}
	return append(out, status)
}
