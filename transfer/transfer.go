// Package transfer moves one namespace, with everything it holds in both
// stores, from one EvoKG stack to another: Export writes it as a stream of
// NDJSON records, Import reads that stream into an empty namespace,
// possibly under another name.
//
// The stream is a header record (format version, Postgres schema version,
// graph schema version, embedding dimension, source namespace), then every
// row of every table that carries the namespace, then every node and every
// relationship of the namespace's graph, then an end record with the counts.
// Import refuses a stream whose header does not match this stack, and one
// without its end record (an export that failed midway).
//
// Import writes every table, as evokg_purge_namespace deletes from every
// table: it is the one bulk writer besides the owners. Its Postgres rows go
// in one transaction; its graph writes are batched, and when anything fails
// the target namespace is removed from the graph and the transaction rolled
// back, so a failed import leaves nothing behind.
package transfer

import (
	"embed"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// Format names the stream; FormatVersion is its version, raised whenever a
// record changes shape.
const (
	Format        = "evokg-namespace"
	FormatVersion = 1
)

// Header is the first record of a stream.
type Header struct {
	Format             string    `json:"format"`
	FormatVersion      int       `json:"format_version"`
	SchemaVersion      int64     `json:"schema_version"`       // newest applied Postgres migration
	GraphSchemaVersion int       `json:"graph_schema_version"` // newest applied graph/cypher/schema step
	EmbeddingDim       int       `json:"embedding_dim"`
	Namespace          string    `json:"namespace"` // the namespace exported
	ExportedAt         time.Time `json:"exported_at"`
}

// Counts are what a stream holds; the end record carries them.
type Counts = evokg.TransferCounts

var _ evokg.TransferService = (*Service)(nil)

// Record kinds.
const (
	kindHeader = "header"
	kindRow    = "row"
	kindNode   = "node"
	kindEdge   = "edge"
	kindEnd    = "end"
)

// record is one line of a stream.
type record struct {
	Kind   string          `json:"kind"`
	Header *Header         `json:"header,omitempty"`
	Table  string          `json:"table,omitempty"`
	Row    json.RawMessage `json:"row,omitempty"`
	Node   *graph.Node     `json:"node,omitempty"`
	Edge   *graph.Edge     `json:"edge,omitempty"`
	Counts *Counts         `json:"counts,omitempty"`
}

// Service exports and imports namespaces.
type Service struct {
	pool   *pgxpool.Pool
	graph  *graph.Graph
	logger *slog.Logger
}

// New returns a Service over the stack's Postgres and Neo4j.
func New(pool *pgxpool.Pool, g *graph.Graph, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Service{pool: pool, graph: g, logger: logger}
}

type (
	graphNode = graph.Node
	graphEdge = graph.Edge
)
