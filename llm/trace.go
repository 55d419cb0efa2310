package llm

import (
	"context"
	"net"
	"net/url"
	"strconv"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Attributes of the GenAI semantic conventions' inference and embeddings
// spans (gen-ai-spans.md).
const (
	attrOperation    = attribute.Key("gen_ai.operation.name")
	attrProvider     = attribute.Key("gen_ai.provider.name")
	attrModel        = attribute.Key("gen_ai.request.model")
	attrMaxTokens    = attribute.Key("gen_ai.request.max_tokens")
	attrInputTokens  = attribute.Key("gen_ai.usage.input_tokens")
	attrOutputTokens = attribute.Key("gen_ai.usage.output_tokens")
	attrServer       = attribute.Key("server.address")
	attrPort         = attribute.Key("server.port")
	attrErrorType    = attribute.Key("error.type")
	attrRole         = attribute.Key("evokg.llm.role")
	attrOutcome      = attribute.Key("evokg.llm.outcome")
)

// Operation names of the model spans.
const (
	OperationChat       = "chat"
	OperationEmbeddings = "embeddings"
)

// SetTracerProvider traces every model call into tp: a span per attempt,
// "chat {model}" or "embeddings {model}", with the GenAI attributes. Call
// it before the Models are shared.
func (m *Models) SetTracerProvider(tp trace.TracerProvider) {
	m.conn.tracer = tp.Tracer("github.com/evokg/evokg/llm")
	m.conn.traced = true
}

// span starts the span of one model call.
func (e endpoint) span(ctx context.Context, op, model string) (context.Context, trace.Span) {
	if !e.conn.traced {
		return ctx, noop.Span{}
	}
	attrs := []attribute.KeyValue{attrOperation.String(op), attrProvider.String(string(e.srv.provider)),
		attrModel.String(model)}
	if op == OperationChat && e.cfg.MaxTokens > 0 {
		attrs = append(attrs, attrMaxTokens.Int(e.cfg.MaxTokens))
	}
	if u, err := url.Parse(e.srv.base); err == nil && u.Hostname() != "" {
		attrs = append(attrs, attrServer.String(u.Hostname()))
		if port, err := strconv.Atoi(u.Port()); err == nil {
			attrs = append(attrs, attrPort.Int(port))
		} else if p, err := net.LookupPort("tcp", u.Scheme); err == nil {
			attrs = append(attrs, attrPort.Int(p))
		}
	}
	return e.conn.tracer.Start(ctx, op+" "+model, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(attrs...))
}

// endCall ends a model call's span with its accounting: the token counts
// the server reported and, on failure, the outcome as error.type.
func endCall(span trace.Span, rec CallRecord, err error) {
	if !span.IsRecording() {
		return
	}
	if rec.PromptTokens > 0 {
		span.SetAttributes(attrInputTokens.Int(rec.PromptTokens))
	}
	if rec.ReplyTokens > 0 {
		span.SetAttributes(attrOutputTokens.Int(rec.ReplyTokens))
	}
	span.SetAttributes(attrRole.String(string(rec.Role)), attrOutcome.String(rec.Outcome))
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
		span.SetAttributes(attrErrorType.String(rec.Outcome))
	}
	span.End()
}
