package main

import (
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
)

// ModelsCmd checks the model server.
type ModelsCmd struct {
	Check ModelsCheckCmd `cmd:"" help:"List which configured models the server has; exit non-zero if one is missing."`
}

// ModelsCheckCmd lists configured models and whether Ollama has them.
type ModelsCheckCmd struct {
	OllamaFlags  `embed:""`
	EmbeddingDim int `name:"embedding-dim" env:"EVOKG_EMBEDDING_DIM" default:"768" help:"Embedding dimension D."`
}

func (c *ModelsCheckCmd) Run(g *Globals) error {
	models, err := llm.New(c.LLMConfig(c.EmbeddingDim), c.HTTPClient(), nil, g.Logger)
	if err != nil {
		return err
	}
	info, err := models.Server(g.Ctx)
	if err != nil {
		return err
	}
	statuses, err := models.Check(g.Ctx)
	if err != nil {
		return err
	}
	fmt.Printf("model server %s (version %s)%s\n", info.URL, info.Version, scriptedNote(info.Scripted))
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LAYER\tMODEL\tPRESENT")
	for _, s := range statuses {
		fmt.Fprintf(tw, "%s\t%s\t%t\n", s.Layer, s.Model, s.Present)
	}
	tw.Flush()
	return llm.MissingModels(statuses)
}

func scriptedNote(scripted bool) string {
	if scripted {
		return " — a SCRIPTED FAKE, not a real model server"
	}
	return ""
}

// FakeOllamaCmd runs the scripted stand-in for the Ollama HTTP API.
type FakeOllamaCmd struct {
	Addr         string `default:"127.0.0.1:11434" help:"Listen address."`
	EmbeddingDim int    `name:"embedding-dim" env:"EVOKG_EMBEDDING_DIM" default:"768" help:"Dimension of the deterministic embeddings."`
}

func (c *FakeOllamaCmd) Run(g *Globals) error {
	g.Logger.Warn("starting a scripted fake of the Ollama API: answers are canned, not model output", "addr", c.Addr)
	return ollamafake.New(ollamafake.Options{EmbeddingDim: c.EmbeddingDim, Logger: g.Logger}).ListenAndServe(g.Ctx, c.Addr)
}
