package main

import (
	"context"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/mcp"
	"github.com/evokg/evokg/retrieval"
)

// MCPCmd serves EvoKG's MCP tools over stdio, for desktop MCP clients. It
// opens the same services as `evokg serve` and calls the API in process
// with one key; the API server serves the same tools over Streamable HTTP
// at /mcp. It never migrates: stdout carries the protocol, and the server
// owns the schemas.
type MCPCmd struct {
	PostgresFlags `embed:""`
	Neo4jFlags    `embed:""`
	OllamaFlags   `embed:""`
	Retrieval     retrieval.Config `embed:"" prefix:"retrieval-"`
	Evolution     evolution.Limits `embed:"" prefix:"evolution-"`

	APIKey string `name:"api-key" env:"EVOKG_API_KEY" required:"" help:"API key every tool calls the API with (evokg keys create): its scopes and namespaces bound the tools."`
}

func (c *MCPCmd) Run(g *Globals) error {
	flags := AppFlags{PostgresFlags: c.PostgresFlags, Neo4jFlags: c.Neo4jFlags, OllamaFlags: c.OllamaFlags,
		Retrieval: c.Retrieval, Evolution: c.Evolution, NoMigrate: true}
	a, err := flags.Open(g.Ctx, app.ModeAPI, g.Logger)
	if err != nil {
		return err
	}
	defer a.Close(context.Background())
	if _, err := access.NewKeyStore(a.Pool, g.Logger).Authenticate(g.Ctx, c.APIKey); err != nil {
		return fmt.Errorf("the API key (--api-key, EVOKG_API_KEY) is not valid: %w", err)
	}
	limits := a.Config.Evolution.WithDefaults()
	cfg := api.Config{EmbeddingDim: a.Config.Postgres.WithDefaults().EmbeddingDim,
		MaxRunIterations: limits.MaxIterations, MaxRunPool: limits.MaxPoolSize}
	server, err := mcp.NewServer(g.Ctx, mcp.Config{API: api.NewHandler(cfg, a.APIDeps(), g.Logger),
		Key: c.APIKey, Version: version, Logger: g.Logger})
	if err != nil {
		return err
	}
	return server.Run(g.Ctx, &sdk.StdioTransport{})
}
