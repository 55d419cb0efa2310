package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/evokg/evokg/bench"
	"github.com/evokg/evokg/postgres"
)

func main() {
	n := flag.Int("n", 10000, "memories")
	keep := flag.Bool("keep", false, "keep")
	reuse := flag.Bool("reuse", false, "reuse")
	q := flag.Int("q", 1000, "queries")
	ns := flag.String("ns", "", "namespace")
	noise := flag.Float64("noise", 0, "noise")
	flag.Parse()
	ctx := context.Background()
	pool, err := postgres.Open(ctx, postgres.Config{})
	if err != nil {
		panic(err)
	}
	res, err := bench.Retrieval(ctx, pool, bench.RetrievalOptions{Memories: *n, Keep: *keep, Reuse: *reuse, Queries: *q, Namespace: *ns, Noise: *noise}, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(res.JSON())
}
