package evolution_test

import (
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/retrieval"
)

// The real adapters satisfy the loop's ports.
var (
	_ evolution.Graph     = (*graph.Graph)(nil)
	_ evolution.Retriever = (*retrieval.Retriever)(nil)
	_ evolution.Memory    = (*ingest.Service)(nil)
	_ evolution.Cascade   = (*cascade.Builder)(nil)
)
