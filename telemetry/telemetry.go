// Package telemetry traces EvoKG with OpenTelemetry: it builds the tracer
// provider from the standard OTEL_* variables and instruments what the
// instrumentation libraries leave out: the HTTP spans' route names, the
// parentage of River jobs and the memory operations (search_memory,
// create_memory, invoke_agent) of the GenAI semantic conventions.
//
// Tracing is off unless OTEL_TRACES_EXPORTER names an exporter: the
// provider is then the no-op one and nothing is installed.
package telemetry

import (
	"context"
	"fmt"
	"os"

	"go.opentelemetry.io/contrib/exporters/autoexport"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Scope names the tracers of EvoKG's own spans.
const Scope = "github.com/evokg/evokg"

// ServiceName is service.name unless OTEL_SERVICE_NAME or
// OTEL_RESOURCE_ATTRIBUTES says otherwise.
const ServiceName = "evokg"

// Tracing is a process's tracer provider and how to flush it.
type Tracing struct {
	Provider trace.TracerProvider
	shutdown func(context.Context) error
}

// Off is tracing switched off: the no-op provider.
func Off() *Tracing { return &Tracing{Provider: noop.NewTracerProvider()} }

// With traces into tp (tests: an SDK provider with an in-memory exporter).
// Shutdown leaves tp to its owner.
func With(tp trace.TracerProvider) *Tracing { return &Tracing{Provider: tp} }

// FromEnv builds the tracer provider the OTEL_* variables describe. With
// OTEL_TRACES_EXPORTER unset or "none" tracing is Off; otherwise
// autoexport builds the exporter it names ("otlp", "console"; an unknown
// name is an error) and the SDK reads the rest (OTEL_EXPORTER_OTLP_*,
// OTEL_TRACES_SAMPLER, OTEL_BSP_*, OTEL_RESOURCE_ATTRIBUTES). The provider
// becomes the global one, with W3C trace context propagation.
func FromEnv(ctx context.Context) (*Tracing, error) {
	if name := os.Getenv("OTEL_TRACES_EXPORTER"); name == "" || name == "none" {
		return Off(), nil
	}
	exp, err := autoexport.NewSpanExporter(ctx)
	if err != nil {
		return nil, fmt.Errorf("tracing: %w", err)
	}
	res, err := resource.New(ctx, resource.WithAttributes(semconv.ServiceName(ServiceName)),
		resource.WithFromEnv(), resource.WithTelemetrySDK())
	if err != nil {
		return nil, fmt.Errorf("tracing: resource: %w", err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	return &Tracing{Provider: tp, shutdown: tp.Shutdown}, nil
}

// Enabled reports whether spans are recorded: false for Off.
func (t *Tracing) Enabled() bool {
	_, off := t.Provider.(noop.TracerProvider)
	return !off
}

// Shutdown flushes the spans still buffered and stops the exporter.
func (t *Tracing) Shutdown(ctx context.Context) error {
	if t.shutdown == nil {
		return nil
	}
	return t.shutdown(ctx)
}
