package main

import (
	"errors"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
)

// ModelsCmd checks the model servers.
type ModelsCmd struct {
	Check ModelsCheckCmd `cmd:"" help:"List the configured models on their servers and probe the embedding dimension; exit non-zero if a model is missing or the dimension differs."`
}

// ModelsCheckCmd lists configured models, whether their servers have them,
// and the embedding model's dimension against the configured one.
type ModelsCheckCmd struct {
	OllamaFlags  `embed:""`
	EmbeddingDim int `name:"embedding-dim" env:"EVOKG_EMBEDDING_DIM" default:"${embedding_dim}" help:"Embedding dimension D."`
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
	fmt.Printf("model servers %s (version %s)%s\n", info.URL, info.Version, scriptedNote(info.Scripted))
	dim, dimErr := probeDimension(g, models, statuses)
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LAYER\tPROVIDER\tURL\tMODEL\tPRESENT\tDIMENSION")
	for _, s := range statuses {
		d := "-"
		if s.Layer == llm.LayerEmbedding && dim > 0 {
			d = fmt.Sprintf("%d (configured %d)", dim, c.EmbeddingDim)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%t\t%s\n", s.Layer, s.Provider, s.URL, s.Model, s.Present, d)
	}
	tw.Flush()
	return errors.Join(llm.MissingModels(statuses), dimErr)
}

// probeDimension embeds one text when the embedding model is present and
// compares the dimension with the configured one.
func probeDimension(g *Globals, models *llm.Models, statuses []llm.ModelStatus) (int, error) {
	for _, s := range statuses {
		if s.Layer == llm.LayerEmbedding && !s.Present {
			return 0, nil
		}
	}
	return models.CheckDimension(g.Ctx)
}

func scriptedNote(scripted bool) string {
	if scripted {
		return " — a SCRIPTED FAKE, not a real model server"
	}
	return ""
}

// FakeOllamaCmd runs the scripted stand-in for the Ollama HTTP API.
type FakeOllamaCmd struct {
	Addr         string `default:"${fake_ollama_addr}" help:"Listen address."`
	EmbeddingDim int    `name:"embedding-dim" env:"EVOKG_EMBEDDING_DIM" default:"${embedding_dim}" help:"Dimension of the deterministic embeddings."`
}

func (c *FakeOllamaCmd) Run(g *Globals) error {
	g.Logger.Warn("starting a scripted fake of the Ollama API: answers are canned, not model output", "addr", c.Addr)
	return ollamafake.New(ollamafake.Options{EmbeddingDim: c.EmbeddingDim, Logger: g.Logger}).ListenAndServe(g.Ctx, c.Addr)
}
