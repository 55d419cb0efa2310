// Package usage is model-call accounting: it records every model call the
// llm package hands to its llm.Recorder, exports the calls as Prometheus
// metrics and counts them by layer, role and model for the API. It owns the
// table llm_calls.
package usage
