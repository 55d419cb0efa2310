// Package mcp serves EvoKG to agents over the Model Context Protocol, built
// on the official Go SDK (github.com/modelcontextprotocol/go-sdk): the same
// tools over stdio (`evokg mcp`, for desktop clients) and over Streamable
// HTTP (mounted by the API server at /mcp).
//
// Every tool and resource is one or more calls of the REST API, made in
// process: the tool builds the HTTP request the REST client would send,
// with the caller's API key, and serves it with the API's own http.Handler.
// Calling the services directly would have to repeat, and keep in step,
// everything the handler chain does before a service runs: authentication,
// the key's scopes and namespaces, the rate limit, the document's request
// validation (conform) and the error table that renders problems. The round
// trip costs a JSON encode and decode per call, no network, and guarantees
// that a tool accepts exactly what the route accepts, answers with the same
// RFC 9457 problem (as a tool error whose text is the problem document), and
// can never reach a namespace the key is not bound to.
//
// For the same reason the tools' input and output schemas are not written
// here: they are cut from the API's served OpenAPI document (the request and
// the success response of each tool's operation, with the components they
// use as $defs), so they state the running server's limits.
package mcp
