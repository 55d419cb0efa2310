package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"text/tabwriter"
	"time"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/profile"

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
	OllamaFlags   `embed:""`
	PostgresFlags `embed:""`
	Namespace     string `help:"Also print the learner profile stored for this namespace and the learner model (read from Postgres)."`
}

func (c *ModelsCheckCmd) Run(g *Globals) error {
	models, err := llm.New(c.LLMConfig(c.Postgres.EmbeddingDim), c.HTTPClient(), nil, g.Logger)
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
			d = fmt.Sprintf("%d (configured %d)", dim, c.Postgres.EmbeddingDim)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%t\t%s\n", s.Layer, s.Provider, s.URL, s.Model, s.Present, d)
	}
	tw.Flush()
	var profErr error
	if c.Namespace != "" {
		profErr = c.printProfile(g, models.Learner().Model())
	}
	return errors.Join(llm.MissingModels(statuses), dimErr, profErr)
}

// printProfile prints the learner profile of c.Namespace and model, with
// the calibration that chose it.
func (c *ModelsCheckCmd) printProfile(g *Globals, model string) error {
	pool, err := c.Open(g.Ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	sp, err := profile.NewStore(pool).Get(g.Ctx, c.Namespace, model)
	if evokg.ErrorCode(err) == evokg.ENOTFOUND {
		fmt.Printf("learner profile of %s in %s: %s (default: never calibrated)\n", model, c.Namespace, evokg.DefaultProfile.Name())
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Printf("learner profile of %s in %s: %s (updated %s)\n", model, c.Namespace, sp.Profile.Name(), sp.UpdatedAt.Format(time.RFC3339))
	writeCalibration(os.Stdout, sp.Calibration)
	return nil
}

// writeCalibration prints a calibration's figures, one candidate a line.
func writeCalibration(w io.Writer, cal *evokg.Calibration) {
	if cal == nil {
		return
	}
	fmt.Fprintf(w, "calibrated on %d validation items, %d learner calls, %s\n", len(cal.Items), cal.LearnerCalls, cal.At.Format(time.RFC3339))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PROFILE\tRIGHT\tACCURACY")
	for _, s := range cal.Scores {
		fmt.Fprintf(tw, "%s\t%d/%d\t%.3f\n", s.Profile.Name(), s.Correct, s.Items, s.Accuracy)
	}
	tw.Flush()
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
	Addr         string `default:"127.0.0.1:11434" help:"Listen address."`
	EmbeddingDim int    `name:"embedding-dim" env:"EVOKG_EMBEDDING_DIM" default:"768" help:"Dimension of the deterministic embeddings."`
}

func (c *FakeOllamaCmd) Run(g *Globals) error {
	g.Logger.Warn("starting a scripted fake of the Ollama API: answers are canned, not model output", "addr", c.Addr)
	return ollamafake.New(ollamafake.Options{EmbeddingDim: c.EmbeddingDim, Logger: g.Logger}).ListenAndServe(g.Ctx, c.Addr)
}
