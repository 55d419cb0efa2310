package main

import (
	"fmt"
	"os"

	"github.com/evokg/evokg/ingest"
)

// GraphCmd groups graph maintenance.
type GraphCmd struct {
	Rebuild GraphRebuildCmd `cmd:"" help:"Re-project a namespace's committed experiences from Postgres into Neo4j."`
}

// GraphRebuildCmd rebuilds a namespace's graph projection.
type GraphRebuildCmd struct {
	PostgresFlags `embed:""`
	Neo4jFlags    `embed:""`
	Namespace     string `required:"" help:"Namespace to rebuild."`
}

func (c *GraphRebuildCmd) Run(g *Globals) error {
	pool, gr, closeStores, err := openStores(g, c.PostgresFlags, c.Neo4jFlags)
	if err != nil {
		return err
	}
	defer closeStores()
	if err := gr.ApplySchema(g.Ctx); err != nil {
		return err
	}
	n, err := ingest.RebuildGraph(g.Ctx, pool, ingest.GraphProjector(gr), c.Namespace, os.Stderr)
	if err != nil {
		return err
	}
	nodes, edges, err := gr.CountNodesAndEdges(g.Ctx, c.Namespace)
	if err != nil {
		return err
	}
	fmt.Printf("re-projected %d experiences into namespace %s: %d nodes, %d edges\n", n, c.Namespace, nodes, edges)
	return nil
}
