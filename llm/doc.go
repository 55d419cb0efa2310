// Package llm is EvoKG's model layer: every call to a model server goes
// through it. Two providers speak to servers through their official
// clients: Ollama (github.com/ollama/ollama/api, the default) and any
// OpenAI-compatible server, such as llama.cpp's server, vLLM, LM Studio or
// a hosted API (github.com/openai/openai-go). Each role (teacher,
// learner, embedding) is configured with its own provider, URL, key,
// model, token cap and timeout; roles on the same server share a client.
//
// The layer is split by role. [Models.Teacher] returns the teacher layer
// (SkillDiscovery, Navigator, Critic, Curator, the teacher/judge, the
// signature extractor and the failure analyst); [Models.Learner] returns
// the learner layer (Learner, Explorer), whose type holds only the
// learner model's configuration and so cannot reach a teacher model;
// [Models.Embedder] returns the embedder (batched requests with a cache).
// They implement evokg.Teacher, evokg.Learner and evokg.Embedder, whose
// request and reply types the root package declares.
// [Models.Check] lists the configured models on their servers and
// [Models.CheckDimension] probes the embedding dimension.
//
// Every structured call sends a JSON schema (Ollama's format, OpenAI's
// response_format json_schema), strips <think>…</think> blocks, validates
// the reply against the schema, asks the model to repair an invalid reply
// up to Config.MaxRepairs times and then fails with a [*StructuredError]
// that keeps the raw reply. Prompts are embedded templates (llm/prompts),
// each beside its JSON schema.
//
// The learner's tool rounds ([Learner.CallTools]) offer validated tools
// as Ollama's tools and as OpenAI function tools, and read the calls back;
// a round sends no reply schema, since servers that parse tool calls from
// the model's output cannot constrain that output by a schema as well.
//
// Every call attempt is handed to a [Recorder] with its role, layer, model,
// token counts, duration and outcome; package usage stores them in the
// llm_calls table and exports Prometheus metrics. Call metadata (namespace,
// run, iteration, experience and a call [Budget]) travels in the context, see
// [WithCall]. Failures are translated into evokg.Error codes at this edge,
// with messages that name the provider, the model and the URL: an
// unreachable server or a missing model is EUNAVAILABLE, a timeout is
// ETIMEOUT and an exhausted budget is ELIMIT.
//
// Tests run against llm/ollamafake, a protocol-level fake of the Ollama
// HTTP API (and of the OpenAI-compatible endpoints Ollama also serves),
// never against a mocked client.
package llm
