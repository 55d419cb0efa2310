package graph

import (
	"context"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

const tracerScope = "github.com/evokg/evokg/graph"

// accessMode is the transaction's access mode on its span.
const accessMode = attribute.Key("evokg.neo4j.access_mode")

var systemName = semconv.DBSystemNameKey.String("neo4j")

// txSpan starts the span of one managed transaction, a child of the span
// in ctx; with none recording, nothing is traced.
func (g *Graph) txSpan(ctx context.Context, op string, mode neo4j.AccessMode) (context.Context, trace.Span) {
	if !trace.SpanFromContext(ctx).IsRecording() {
		return ctx, noop.Span{}
	}
	access := "write"
	if mode == neo4j.AccessModeRead {
		access = "read"
	}
	return g.tracer.Start(ctx, "neo4j "+access+" "+op, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(systemName, semconv.DBNamespace(g.cfg.Database), accessMode.String(access)))
}

// statementSpan starts the span of one statement, named by its file in
// cypher/, under the transaction's span (by the same tracer); with none
// recording, nothing is traced.
func statementSpan(ctx context.Context, name, text string) (context.Context, trace.Span) {
	parent := trace.SpanFromContext(ctx)
	if !parent.IsRecording() {
		return ctx, noop.Span{}
	}
	return parent.TracerProvider().Tracer(tracerScope).Start(ctx, name, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(systemName, semconv.DBQuerySummary(name), semconv.DBQueryText(text)))
}

// endSpan records err on span and ends it.
func endSpan(span trace.Span, err error) {
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}
