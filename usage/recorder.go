package usage

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/postgres"
)

// Recorder writes every model call to the llm_calls table and to
// Prometheus metrics. It implements llm.Recorder.
type Recorder struct {
	pool     *pgxpool.Pool
	calls    *prometheus.CounterVec
	duration *prometheus.HistogramVec
	tokens   *prometheus.CounterVec
}

var _ evokg.UsageService = (*Recorder)(nil)

// NewRecorder returns a recorder writing to pool and registering
// its metrics with reg (nil: metrics are kept but not exported). Metrics
// already registered on reg are reused, so several recorders may share one
// registry.
func NewRecorder(pool *pgxpool.Pool, reg prometheus.Registerer) *Recorder {
	r := &Recorder{
		pool: pool,
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "evokg", Subsystem: "llm", Name: "calls_total",
			Help: "Model calls by role, layer, model and outcome.",
		}, []string{"role", "layer", "model", "outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "evokg", Subsystem: "llm", Name: "call_duration_seconds",
			Help:    "Duration of model calls.",
			Buckets: []float64{0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300},
		}, []string{"role", "layer", "model"}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "evokg", Subsystem: "llm", Name: "tokens_total",
			Help: "Prompt and reply tokens of model calls.",
		}, []string{"role", "layer", "model", "direction"}),
	}
	if reg != nil {
		r.calls = register(reg, r.calls)
		r.duration = register(reg, r.duration)
		r.tokens = register(reg, r.tokens)
	}
	return r
}

func register[C prometheus.Collector](reg prometheus.Registerer, c C) C {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(C); ok {
				return existing
			}
		}
		panic(fmt.Sprintf("usage: registering metrics: %v", err))
	}
	return c
}

// Record stores c and updates the metrics.
func (r *Recorder) Record(ctx context.Context, c llm.CallRecord) error {
	role, layer := string(c.Role), string(c.Layer)
	r.calls.WithLabelValues(role, layer, c.Model, c.Outcome).Inc()
	r.duration.WithLabelValues(role, layer, c.Model).Observe(c.Duration.Seconds())
	r.tokens.WithLabelValues(role, layer, c.Model, "prompt").Add(float64(c.PromptTokens))
	r.tokens.WithLabelValues(role, layer, c.Model, "reply").Add(float64(c.ReplyTokens))
	_, err := r.pool.Exec(ctx, queries.Get("insert_call"), c.ID, c.Namespace, c.RunID, c.Iteration,
		c.ExperienceID, role, layer, c.Model, c.PromptTokens, c.ReplyTokens,
		float64(c.Duration.Microseconds())/1000, c.Outcome, c.Reason, c.CreatedAt)
	if err != nil {
		return postgres.Translate(err, "recording a model call")
	}
	return nil
}

// RoleUsage counts the calls of one role to one model.
type RoleUsage struct {
	Layer        llm.Layer `json:"layer"`
	Role         llm.Role  `json:"role"`
	Model        string    `json:"model"`
	Calls        int       `json:"calls"`
	Failed       int       `json:"failed"` // calls whose outcome was not ok
	PromptTokens int64     `json:"prompt_tokens"`
	ReplyTokens  int64     `json:"reply_tokens"`
	DurationMS   float64   `json:"duration_ms"`
}

// Summary summarises the model calls of a namespace or one of its runs.
type Summary struct {
	Namespace string `json:"namespace"`
	RunID     string `json:"run_id,omitempty"`
	Teacher   int    `json:"teacher_calls"`
	Learner   int    `json:"learner_calls"`
	Embedding int    `json:"embedding_calls"`
	// TeacherShare is teacher / (teacher + learner) calls: the share
	// of chat calls made by the teacher layer (embeddings excluded); 0
	// when there were none.
	TeacherShare float64     `json:"teacher_share"`
	ByRole       []RoleUsage `json:"by_role"`
}

// Summary counts the calls of namespace ns by layer, role and model; runID ""
// covers the whole namespace.
func (r *Recorder) Summary(ctx context.Context, ns, runID string) (Summary, error) {
	rows, err := r.pool.Query(ctx, queries.Get("usage_by_role"), ns, runID)
	if err != nil {
		return Summary{}, postgres.Translate(err, "counting model calls")
	}
	byRole, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (RoleUsage, error) {
		var u RoleUsage
		err := row.Scan(&u.Layer, &u.Role, &u.Model, &u.Calls, &u.Failed, &u.PromptTokens, &u.ReplyTokens, &u.DurationMS)
		return u, err
	})
	if err != nil {
		return Summary{}, postgres.Translate(err, "counting model calls")
	}
	return summarize(ns, runID, byRole), nil
}

// Usage is the API's account of the model calls of namespace ns, or of one
// of its evolution runs when run is not nil.
func (r *Recorder) Usage(ctx context.Context, ns string, run *uuid.UUID) (evokg.Usage, error) {
	runID := ""
	if run != nil {
		runID = run.String()
	}
	s, err := r.Summary(ctx, ns, runID)
	if err != nil {
		return evokg.Usage{}, err
	}
	out := evokg.Usage{TeacherCalls: s.Teacher, LearnerCalls: s.Learner, TeacherShare: s.TeacherShare,
		Rows: make([]evokg.UsageRow, 0, len(s.ByRole))}
	for _, u := range s.ByRole {
		out.Rows = append(out.Rows, evokg.UsageRow{Role: string(u.Role), Model: u.Model, Calls: u.Calls,
			Errors: u.Failed, PromptTokens: int(u.PromptTokens), CompletionTokens: int(u.ReplyTokens)})
	}
	return out, nil
}

func summarize(ns, runID string, byRole []RoleUsage) Summary {
	u := Summary{Namespace: ns, RunID: runID, ByRole: byRole}
	if u.ByRole == nil {
		u.ByRole = []RoleUsage{}
	}
	for _, r := range byRole {
		switch r.Layer {
		case llm.LayerTeacher:
			u.Teacher += r.Calls
		case llm.LayerLearner:
			u.Learner += r.Calls
		case llm.LayerEmbedding:
			u.Embedding += r.Calls
		}
	}
	if chat := u.Teacher + u.Learner; chat > 0 {
		u.TeacherShare = float64(u.Teacher) / float64(chat)
	}
	return u
}
