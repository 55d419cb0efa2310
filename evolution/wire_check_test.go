package evolution_test

import (
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
)

// The real adapters satisfy the loop's ports.
var (
	_ evolution.Graph   = (*graph.Graph)(nil)
	_ evolution.Memory  = (*ingest.Service)(nil)
	_ evolution.Cascade = (*cascade.Builder)(nil)
)
