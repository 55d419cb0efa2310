package main

import (
	"fmt"
	"os"

	"github.com/evokg/evokg/postgres"
)

// MigrateCmd applies, rolls back or lists migrations.
type MigrateCmd struct {
	PostgresFlags `embed:""`
	Neo4jFlags    `embed:""`

	Action string `arg:"" enum:"up,down,status" help:"up: apply all pending (Postgres and Neo4j); down: roll back the last Postgres migration; status: list."`
}

func (c *MigrateCmd) Run(g *Globals) error {
	pool, err := c.PostgresFlags.Open(g.Ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	m, err := postgres.NewMigrator(pool)
	if err != nil {
		return err
	}
	switch c.Action {
	case "down":
		return m.Down(g.Ctx)
	case "status":
		return m.Status(g.Ctx, os.Stdout)
	}
	if err := m.Up(g.Ctx); err != nil {
		return err
	}
	gr, err := c.Neo4jFlags.Open(g.Ctx, g.Logger)
	if err != nil {
		return err
	}
	defer gr.Close(g.Ctx)
	if err := gr.ApplySchema(g.Ctx); err != nil {
		return fmt.Errorf("neo4j schema: %w", err)
	}
	fmt.Println("migrations applied")
	return nil
}
