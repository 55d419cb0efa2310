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

// WriteTable prints the figures as a table: the totals, then a column per
// tenant.
func (r ScaleResult) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "replicas\t%d APIs, %d workers (one of each killed with SIGKILL at %.1fs)\t\n", r.APIs, r.Workers, r.KillAtSeconds)
	fmt.Fprintf(tw, "rate limit\t%d requests per key per %ds\t\n", r.RateLimit, r.RateWindowSeconds)
	header := []string{"", "total"}
	for _, t := range r.Tenants {
		header = append(header, t.Namespace)
	}
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	for _, row := range r.rows() {
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	fmt.Fprintf(tw, "load\t%.1fs\t\n", r.LoadSeconds)
	fmt.Fprintf(tw, "kill → last commit\t%.1fs\t\n", r.KillToLastCommit)
	fmt.Fprintf(tw, "kill → drained\t%.1fs\t\n", r.KillToDrained)
	fmt.Fprintf(tw, "process logs\t%s\t\n", r.LogDir)
	return tw.Flush()
}

func (r ScaleResult) rows() [][]string {
	type line struct {
		name  string
		total string
		of    func(ScaleTenant) int
	}
	lines := []line{
		{"accepted writes", fmt.Sprint(r.Accepted), func(t ScaleTenant) int { return t.Accepted }},
		{"committed once (postgres)", "", func(t ScaleTenant) int { return t.CommittedPostgres }},
		{"committed once (neo4j)", fmt.Sprint(r.CommittedOnce), func(t ScaleTenant) int { return t.CommittedNeo4j }},
		{"lost", fmt.Sprint(r.Lost), func(t ScaleTenant) int { return t.Lost }},
		{"duplicated", fmt.Sprint(r.Duplicated), func(t ScaleTenant) int { return t.Duplicated }},
		{"unacknowledged (stored, no 2xx)", "", func(t ScaleTenant) int { return t.Unacknowledged }},
		{"retrievals / answers", "", func(t ScaleTenant) int { return t.Retrieves }},
		{"cross-tenant reads", fmt.Sprint(r.CrossTenantReads), func(t ScaleTenant) int { return t.CrossTenantReads }},
		{"requests with the key", "", func(t ScaleTenant) int { return t.Requests }},
		{"rate-limit refusals (429)", fmt.Sprint(r.RateRefusals), func(t ScaleTenant) int { return t.RateRefusals }},
		{"most admitted in one window", "", func(t ScaleTenant) int { return t.MaxPerWindow }},
		{"cut connections (retried)", "", func(t ScaleTenant) int { return t.ConnectErrors }},
		{"runs admitted", "", func(t ScaleTenant) int { return t.RunStarts }},
		{"second starts refused (409)", fmt.Sprint(r.RunRefusals), func(t ScaleTenant) int { return t.RunRefusals }},
		{"runs active at once", fmt.Sprint(r.ConcurrentRuns), func(t ScaleTenant) int { return t.ConcurrentRuns }},
	}
	var out [][]string
	for _, l := range lines {
		row := []string{l.name, l.total}
		for _, t := range r.Tenants {
			v := fmt.Sprint(l.of(t))
			if l.name == "retrievals / answers" {
				v = fmt.Sprintf("%d / %d", t.Retrieves, t.Answers)
			}
			row = append(row, v)
		}
		out = append(out, row)
	}
	status := []string{"run status", ""}
	for _, t := range r.Tenants {
		status = append(status, t.RunStatus)
	}
	return append(out, status)
}
