package main

import (
	"fmt"
	"io"
	"os"

	"github.com/schollz/progressbar/v3"

	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

// ImportCmd bulk-loads experiences from NDJSON.
type ImportCmd struct {
	PostgresFlags        `embed:""`
	Namespace            string `required:"" help:"Namespace to import into."`
	File                 string `arg:"" help:"NDJSON file, one experience per line as POST /experiences takes it ('-' reads standard input)."`
	ingest.ImportOptions `embed:""`
	JSON                 bool `help:"Print the result as one JSON line."`
}

func (c *ImportCmd) Run(g *Globals) error {
	in, size, err := openImport(c.File)
	if err != nil {
		return err
	}
	defer in.Close()
	pool, err := c.PostgresFlags.Open(g.Ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := registerNamespace(g.Ctx, pool, c.Namespace, "import"); err != nil {
		return err
	}
	queue, err := workers.NewInsertClient(pool, workers.Config{}, g.Logger)
	if err != nil {
		return err
	}
	svc := ingest.NewService(ingest.Config{EmbeddingDim: c.Postgres.EmbeddingDim}, pool, queue, nil, vector.NewStore(pool, c.Postgres.EmbeddingDim), g.Logger)
	bar := progressbar.DefaultBytes(size, "importing "+c.File)
	res, err := svc.Import(g.Ctx, c.Namespace, io.TeeReader(in, bar), c.ImportOptions)
	_ = bar.Finish()
	if err != nil {
		return err
	}
	if err := report(os.Stdout, c.JSON, res); err != nil {
		return err
	}
	if res.Invalid > 0 {
		return fmt.Errorf("%d of %d lines were not imported (first: %s)", res.Invalid, res.Lines, res.Errors[0])
	}
	return nil
}

// openImport opens the file to import and returns its size (-1 for
// standard input, which the progress bar shows without a total).
func openImport(name string) (io.ReadCloser, int64, error) {
	if name == "-" {
		return io.NopCloser(os.Stdin), -1, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}
