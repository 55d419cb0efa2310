// Package llm is EvoKG's model layer: every call to a model server goes
// through it, built on the official Ollama client (github.com/ollama/ollama/api).
//
// The layer is split by role. [Models.Guidance] returns the guidance layer
// (SkillDiscovery, Navigator, Critic, Curator, the teacher/judge, the
// signature extractor and the failure analyst); [Models.Execution] returns
// the execution layer (Learner, Explorer), whose type holds only the
// execution model's configuration and so cannot reach a guidance model;
// [Models.Embedder] returns the embedder (batched /api/embed with a cache).
//
// Every structured call sends a JSON schema in Ollama's format field, strips
// <think>…</think> blocks, validates the reply against the schema, asks the
// model to repair an invalid reply up to Config.MaxRepairs times and then
// fails with a [*StructuredError] that keeps the raw reply. Prompts are
// embedded templates (llm/prompts), each beside its JSON schema.
//
// Every call attempt is handed to a [Recorder] with its role, layer, model,
// token counts, duration and outcome; [PostgresRecorder] stores them in the
// llm_calls table and exports Prometheus metrics. Call metadata (namespace,
// run, iteration, experience and a call [Budget]) travels in the context, see
// [WithCall]. Failures are translated into evokg.Error codes at this edge:
// an unreachable server or a missing model is EUNAVAILABLE, a timeout is
// ETIMEOUT and an exhausted budget is ELIMIT.
//
// Tests run against llm/ollamafake, a protocol-level fake of the Ollama
// HTTP API, never against a mocked client.
package llm
