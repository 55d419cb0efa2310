package telemetry

import (
	"context"
	"encoding/json"

	"github.com/exaring/otelpgx"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/riverqueue/rivercontrib/otelriver"
	"go.opentelemetry.io/otel/propagation"
)

// PgxTracer traces the statements of a pgx pool (otelpgx), each a child of
// the span that issued it; statements outside any span (River's polling)
// are not traced. Nil when tracing is Off.
func (t *Tracing) PgxTracer() pgx.QueryTracer {
	if !t.Enabled() {
		return nil
	}
	return otelpgx.NewTracer(otelpgx.WithTracerProvider(t.Provider), otelpgx.WithTrimSQLInSpanName())
}

// RiverMiddleware traces River jobs (otelriver): an insert span where a job
// is enqueued, whose trace context rides in the job's metadata, and a work
// span per attempt that is a child of it, so a job's model calls and
// statements sit in the trace of the request that enqueued it. Nil when
// tracing is Off.
func (t *Tracing) RiverMiddleware() []rivertype.Middleware {
	if !t.Enabled() {
		return nil
	}
	return []rivertype.Middleware{
		&enqueuedBy{},
		otelriver.NewMiddleware(&otelriver.MiddlewareConfig{TracerProvider: t.Provider,
			EnableTracePropagation: true, EnableWorkSpanJobKindSuffix: true}),
	}
}

// enqueuedBy makes the trace context otelriver stored in a job's metadata
// the parent of the job's work: otelriver alone only links the two.
type enqueuedBy struct{ river.MiddlewareDefaults }

func (*enqueuedBy) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	var meta map[string]any
	if json.Unmarshal(job.Metadata, &meta) != nil {
		return doInner(ctx)
	}
	carrier := propagation.MapCarrier{}
	for _, k := range (propagation.TraceContext{}).Fields() {
		if v, ok := meta[k].(string); ok {
			carrier[k] = v
		}
	}
	return doInner(propagation.TraceContext{}.Extract(ctx, carrier))
}
