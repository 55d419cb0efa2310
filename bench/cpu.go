package bench

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg/graph"
)

// CPUFigures attributes a run's work, per experience, to where it ran: the
// Postgres statements grouped by stage (pg_stat_statements), the Neo4j
// server process (JMX) and this process (the service and the workers).
// Postgres keeps statement time, not CPU, per statement: execution and
// planning inside the server, which on a quiet machine is close to its
// CPU. A source that cannot be read (pg_stat_statements not loaded, a user
// without JMX rights) is named in Unavailable and its figures are absent.
type CPUFigures struct {
	PostgresMs  float64       `json:"postgres_statement_ms,omitempty"`
	Stages      []StageFigure `json:"postgres_stages,omitempty"`
	Neo4jMs     float64       `json:"neo4j_cpu_ms,omitempty"`
	EvoKGMs     float64       `json:"evokg_cpu_ms"`
	Unavailable []string      `json:"unavailable,omitempty"`
}

// StageFigure is one stage's Postgres statement time.
type StageFigure struct {
	Stage string  `json:"stage"`
	Calls int64   `json:"calls"`
	Ms    float64 `json:"ms"`    // per experience
	Share float64 `json:"share"` // of all the run's statement time
}

// stages name the Postgres statements of ingest by what they do, first
// match wins; the rest is "other".
var stages = []struct {
	name string
	re   *regexp.Regexp
}{
	{"vector index insert", regexp.MustCompile(`(?is)^insert\s+into\s+(success_index|failure_index|principle_embeddings)\b`)},
	{"grown slices' listing", regexp.MustCompile(`(?is)\binsert\s+into\s+ann_slices\b`)},
	{"neighbour search (SIMILAR_TO)", regexp.MustCompile(`<=>`)},
	{"job queue (River)", regexp.MustCompile(`(?i)\briver_`)},
	{"experience row insert", regexp.MustCompile(`(?is)^insert\s+into\s+experiences\b`)},
	{"idempotency record", regexp.MustCompile(`(?i)\bidempotency`)},
	{"SIMILAR_TO candidates record", regexp.MustCompile(`(?i)\bexperience_similar\b`)},
	{"projection: embeddings read", regexp.MustCompile(`(?i)\b(success_index|failure_index|principle_embeddings)\b`)},
	{"ingest admission (projection backlog)", regexp.MustCompile(`(?i)clock_timestamp\(\)\s*-\s*min\(created_at\)`)},
	{"projection: claim, lock and status", regexp.MustCompile(`(?i)\bexperiences\b`)},
	{"transaction control and settings", regexp.MustCompile(`(?i)^(begin|commit|rollback|set|select\s+set_config)\b`)},
}

// stageOf names the stage of a statement's text.
func stageOf(query string) string {
	q := stripSQLComments(query)
	for _, s := range stages {
		if s.re.MatchString(q) {
			return s.name
		}
	}
	return "other"
}

var sqlComment = regexp.MustCompile(`(?s)/\*.*?\*/|--[^\n]*`)

func stripSQLComments(q string) string {
	return strings.TrimSpace(sqlComment.ReplaceAllString(q, ""))
}

// cpuMeter takes the three sources' counters at the start of a run.
type cpuMeter struct {
	pool   *pgxpool.Pool
	g      *graph.Graph
	stmts  map[int64]stmtTime
	pgErr  error
	neo    time.Duration
	neoErr error
	self   time.Duration
}

type stmtTime struct {
	query string
	calls int64
	ms    float64
}

func startCPU(ctx context.Context, pool *pgxpool.Pool, g *graph.Graph) *cpuMeter {
	m := &cpuMeter{pool: pool, g: g, self: processCPU()}
	m.stmts, m.pgErr = statementTimes(ctx, pool)
	m.neo, m.neoErr = g.ProcessCPU(ctx)
	return m
}

// stop returns the figures since start, per experience of n.
func (m *cpuMeter) stop(ctx context.Context, n int) *CPUFigures {
	per := 1 / float64(n)
	f := &CPUFigures{EvoKGMs: round3(ms(processCPU()-m.self) * per)}
	if after, err := statementTimes(ctx, m.pool); m.pgErr != nil || err != nil {
		f.Unavailable = append(f.Unavailable, fmt.Sprintf("postgres stages: %v", cmpOr(m.pgErr, err)))
	} else {
		f.Stages, f.PostgresMs = stageFigures(m.stmts, after, per)
	}
	if neo, err := m.g.ProcessCPU(ctx); m.neoErr != nil || err != nil {
		f.Unavailable = append(f.Unavailable, fmt.Sprintf("neo4j cpu: %v", cmpOr(m.neoErr, err)))
	} else {
		f.Neo4jMs = round3(ms(neo-m.neo) * per)
	}
	return f
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// stageFigures groups the statement time between two snapshots by stage,
// largest first, scaled by per.
func stageFigures(before, after map[int64]stmtTime, per float64) ([]StageFigure, float64) {
	by := map[string]*StageFigure{}
	total := 0.0
	for id, a := range after {
		b := before[id]
		if a.calls <= b.calls {
			continue
		}
		name := stageOf(a.query)
		s := by[name]
		if s == nil {
			s = &StageFigure{Stage: name}
			by[name] = s
		}
		s.Calls += a.calls - b.calls
		s.Ms += a.ms - b.ms
		total += a.ms - b.ms
	}
	out := make([]StageFigure, 0, len(by))
	for _, s := range by {
		if total > 0 {
			s.Share = round3(s.Ms / total)
		}
		s.Ms = round3(s.Ms * per)
		out = append(out, *s)
	}
	slices.SortFunc(out, func(x, y StageFigure) int { return cmp.Compare(y.Ms, x.Ms) })
	return out, round3(total * per)
}

func statementTimes(ctx context.Context, pool *pgxpool.Pool) (map[int64]stmtTime, error) {
	rows, err := pool.Query(ctx, ingestQueries.Get("ingest_statement_times"))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]stmtTime{}
	for rows.Next() {
		var id *int64
		var t stmtTime
		if err := rows.Scan(&id, &t.query, &t.calls, &t.ms); err != nil {
			return nil, err
		}
		if id != nil {
			out[*id] = t
		}
	}
	return out, rows.Err()
}

// processCPU is this process's user and system CPU time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
