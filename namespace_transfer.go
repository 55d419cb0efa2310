package evokg

import (
	"context"
	"io"
)

// TransferCounts are what a namespace export stream holds: rows by table,
// graph nodes and relationships.
type TransferCounts struct {
	Rows  map[string]int64 `json:"rows"`
	Nodes int64            `json:"nodes"`
	Edges int64            `json:"edges"`
}

// TransferService moves a namespace between stacks (package transfer):
// Export writes it as an NDJSON stream, Import reads one into an empty
// namespace.
type TransferService interface {
	Export(ctx context.Context, ns string, w io.Writer) (TransferCounts, error)
	Import(ctx context.Context, ns string, r io.Reader) (TransferCounts, error)
}
