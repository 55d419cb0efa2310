package telemetry

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/retrieval"
)

// Attributes of the GenAI semantic conventions' memory spans
// (gen-ai-spans.md, "Memory"): the memory store is the namespace.
const (
	OperationName = attribute.Key("gen_ai.operation.name")
	AgentName     = attribute.Key("gen_ai.agent.name")
	StoreID       = attribute.Key("gen_ai.memory.store.id")
	RecordCount   = attribute.Key("gen_ai.memory.record.count")
)

// EvoKG's own attributes, where the conventions have none.
const (
	TaskType = attribute.Key("evokg.task_type")
	Strategy = attribute.Key("evokg.retrieval.strategy")
	Mode     = attribute.Key("evokg.answer.mode")
)

// Operation names of the memory spans.
const (
	SearchMemory = "search_memory" // a memory pack or /retrieve
	CreateMemory = "create_memory" // ingest
	InvokeAgent  = "invoke_agent"  // /answer: the learner answers with memories
)

// memorySpan starts an INTERNAL span of a memory operation on namespace ns.
func (t *Tracing) memorySpan(ctx context.Context, name, op, ns string, attrs ...attribute.KeyValue) (context.Context, trace.Span) {
	attrs = append(attrs, OperationName.String(op), StoreID.String(ns))
	return t.Provider.Tracer(Scope).Start(ctx, name, trace.WithSpanKind(trace.SpanKindInternal), trace.WithAttributes(attrs...))
}

// end records err on span and ends it.
func end(span trace.Span, err error) {
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, evokg.ErrorMessage(err))
		span.SetAttributes(attribute.String("error.type", evokg.ErrorCode(err)))
	}
	span.End()
}

// Packs traces r's packs as search_memory spans.
func (t *Tracing) Packs(r retrieval.PackRetriever) retrieval.PackRetriever {
	if !t.Enabled() {
		return r
	}
	return tracedPacks{r: r, t: t}
}

type tracedPacks struct {
	r retrieval.PackRetriever
	t *Tracing
}

func (p tracedPacks) Retrieve(ctx context.Context, req retrieval.Request) (*retrieval.Pack, error) {
	ctx, span := p.t.memorySpan(ctx, SearchMemory, SearchMemory, req.Namespace, TaskType.String(req.TaskType))
	pack, err := p.r.Retrieve(ctx, req)
	if err == nil {
		span.SetAttributes(RecordCount.Int(len(pack.Successes) + len(pack.Failures) + len(pack.Principles) +
			len(pack.Structural) + len(pack.Neighbors)))
	}
	end(span, err)
	return pack, err
}

// Retrievals traces /retrieve as search_memory spans.
func (t *Tracing) Retrievals(s evokg.RetrievalService) evokg.RetrievalService {
	if !t.Enabled() {
		return s
	}
	return tracedRetrievals{RetrievalService: s, t: t}
}

type tracedRetrievals struct {
	evokg.RetrievalService
	t *Tracing
}

func (s tracedRetrievals) Retrieve(ctx context.Context, ns string, req evokg.RetrieveRequest) (evokg.RetrieveResponse, error) {
	ctx, span := s.t.memorySpan(ctx, SearchMemory, SearchMemory, ns, TaskType.String(req.TaskType))
	resp, err := s.RetrievalService.Retrieve(ctx, ns, req)
	if err == nil {
		span.SetAttributes(RecordCount.Int(len(resp.Memories)), Strategy.String(resp.Strategy))
	}
	end(span, err)
	return resp, err
}

// Answers traces /answer as invoke_agent spans of the learner.
func (t *Tracing) Answers(s evokg.AnswerService) evokg.AnswerService {
	if !t.Enabled() {
		return s
	}
	return tracedAnswers{AnswerService: s, t: t}
}

type tracedAnswers struct {
	evokg.AnswerService
	t *Tracing
}

func (s tracedAnswers) Answer(ctx context.Context, ns string, req evokg.AnswerRequest) (evokg.AnswerResponse, error) {
	ctx, span := s.t.memorySpan(ctx, InvokeAgent+" learner", InvokeAgent, ns, AgentName.String("learner"), TaskType.String(req.TaskType))
	resp, err := s.AnswerService.Answer(ctx, ns, req)
	if err == nil {
		span.SetAttributes(RecordCount.Int(len(resp.MemoryIDs)), Mode.String(string(resp.AnswerMode)))
	}
	end(span, err)
	return resp, err
}

// Experiences traces ingest as create_memory spans.
func (t *Tracing) Experiences(s evokg.ExperienceService) evokg.ExperienceService {
	if !t.Enabled() {
		return s
	}
	return tracedExperiences{ExperienceService: s, t: t}
}

type tracedExperiences struct {
	evokg.ExperienceService
	t *Tracing
}

func (s tracedExperiences) Ingest(ctx context.Context, ns string, in evokg.ExperienceInput, key string) (evokg.IngestReceipt, error) {
	ctx, span := s.t.memorySpan(ctx, CreateMemory, CreateMemory, ns, TaskType.String(in.TaskType), RecordCount.Int(1))
	r, err := s.ExperienceService.Ingest(ctx, ns, in, key)
	end(span, err)
	return r, err
}

func (s tracedExperiences) IngestBatch(ctx context.Context, ns string, in []evokg.ExperienceInput, key string) ([]evokg.IngestReceipt, error) {
	ctx, span := s.t.memorySpan(ctx, CreateMemory, CreateMemory, ns, RecordCount.Int(len(in)))
	r, err := s.ExperienceService.IngestBatch(ctx, ns, in, key)
	end(span, err)
	return r, err
}
