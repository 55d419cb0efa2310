// Package contract holds the contract test of the REST API: requests
// generated from the OpenAPI document itself, sent to the real server, and
// every exchange checked against the document both ways.
//
// The test (contract_test.go) builds the real API process in-process:
// internal/app wired to the real Postgres (an isolated schema) and Neo4j,
// with the model server replaced by llm/ollamafake, the protocol-level fake
// of the Ollama API. It then runs Schemathesis against the served
// /openapi.json with a fixed seed and a bounded number of examples per
// operation, and fails unless Schemathesis reports no failure.
//
// Why Schemathesis. It generates schema-valid requests and schema-invalid
// ones (mutations of each keyword: types, lengths, ranges, enums, required
// members, unknown members, formats, patterns; NUL and other odd text) from
// the document alone, plus boundary values in its coverage phase, and it
// ships the checks this contract needs: valid data accepted (never a 400 or
// 422; here a 2xx or a documented 404/409), invalid data rejected with a 4xx,
// no 5xx, and every response's status, content type, headers and body
// conforming to the document, plus unsupported methods (405 with Allow) and
// ignored authentication. Doing the same in Go would mean writing a
// generator for every JSON Schema keyword and its negations by hand; no
// maintained Go library generates requests from an OpenAPI document.
// Schemathesis and its dependencies are pinned in requirements.txt and
// installed by install.sh (run by `make test`) into .stack/contract-venv;
// the test fails, never skips, when it is missing. hooks.py adds one check
// (a non-5xx status must be listed by the operation itself, not only by
// `default`) and one filter: an evolution run's generated body keeps its
// validation and test shares below 1 together, a rule JSON Schema cannot
// state.
//
// Schemathesis runs 55 of the document's 56 operations: it leaves out the
// one it loads the document from, GET /openapi.json, which the api
// package's TestContractExchanges checks against the document.
package contract
