package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/maintenance"
)

// MaintenanceCmd groups storage maintenance.
type MaintenanceCmd struct {
	Reindex ReindexCmd `cmd:"" help:"Rebuild bloated HNSW vector indexes (REINDEX CONCURRENTLY: reads and writes go on) and report what it reclaimed."`
}

// ReindexCmd rebuilds the bloated vector indexes.
type ReindexCmd struct {
	PostgresFlags `embed:""`
	DryRun        bool `name:"dry-run" help:"Only measure and list the bloated indexes."`
	JSON          bool `help:"Print the report as one JSON line."`
}

func (c *ReindexCmd) Run(g *Globals) error {
	pool, err := c.PostgresFlags.Open(g.Ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	svc, err := maintenance.New(pool, maintenance.Config{}, g.Logger)
	if err != nil {
		return err
	}
	report, err := svc.Reindex(g.Ctx, evokg.ReindexOptions{DryRun: c.DryRun})
	if err != nil {
		return err
	}
	if c.JSON {
		return json.NewEncoder(os.Stdout).Encode(report)
	}
	return printReindex(os.Stdout, report)
}

// printReindex writes the report as a table and a summary line.
func printReindex(w io.Writer, r evokg.ReindexReport) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "index\tlive rows\tbefore\tfresh build\tafter\ttime\t")
	for _, ix := range r.Rebuilt {
		after, took := "-", "-"
		if !r.DryRun {
			after, took = mib(ix.BytesAfter), fmt.Sprintf("%.2f s", ix.DurationMS/1000)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t\n", ix.Index, ix.LiveRows, mib(ix.BytesBefore), mib(ix.ExpectedBytes), after, took)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	verb := "rebuilt"
	if r.DryRun {
		verb = "would rebuild (dry run)"
	}
	_, err := fmt.Fprintf(w, "checked %d vector indexes, %s %d, reclaimed %s in %.2f s\n",
		r.Checked, verb, len(r.Rebuilt), mib(r.ReclaimedBytes), r.DurationMS/1000)
	for _, name := range r.Remaining {
		fmt.Fprintf(w, "left for the next run: %s\n", name)
	}
	return err
}

func mib(b int64) string { return fmt.Sprintf("%.2f MiB", float64(b)/(1<<20)) }
