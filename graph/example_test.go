package graph_test

import (
	"context"
	"fmt"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
)

// Open the graph, apply the schema, build a tiny prerequisite DAG and ask
// for the frontier.
func Example() {
	ctx := context.Background()
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer g.Close(ctx)
	if err := g.ApplySchema(ctx); err != nil {
		fmt.Println(err)
		return
	}
	const ns = "example-graph"
	_ = g.PurgeNamespace(ctx, ns) // leftovers of an interrupted run
	defer g.PurgeNamespace(ctx, ns)

	for name, mastery := range map[string]float64{"count": 0.9, "add": 0.3, "multiply": 0.1} {
		if _, err := g.CreateSkill(ctx, ns, evokg.NewSkill{Name: name, Mastery: mastery}); err != nil {
			fmt.Println(err)
			return
		}
	}
	_ = g.AddPrerequisite(ctx, ns, "count", "add")
	_ = g.AddPrerequisite(ctx, ns, "add", "multiply")
	err = g.AddPrerequisite(ctx, ns, "multiply", "count")
	fmt.Println("cycle refused:", err != nil)

	frontier, _ := g.Frontier(ctx, ns, 0.5)
	for _, s := range frontier {
		fmt.Printf("%s %.1f\n", s.Name, s.Mastery)
	}
	// Output:
	// cycle refused: true
	// add 0.3
}
