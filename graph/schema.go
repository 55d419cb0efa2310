package graph

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// systemNamespace holds graph-wide bookkeeping nodes (the schema version).
// It can never collide with a tenant: valid namespaces start alphanumeric.
const systemNamespace = "_system"

// schemaStep is one file of cypher/schema, applied in name order.
type schemaStep struct {
	name      string
	version   int
	statement string
}

func schemaSteps() []schemaStep { return steps("cypher/schema") }

// upgradeSteps rewrite an earlier release's data in this release's words
// (a label or relationship type renamed); each matches nothing once done.
func upgradeSteps() []schemaStep { return steps("cypher/upgrade") }

func steps(dir string) []schemaStep {
	set := mustLoad(dir)
	steps := make([]schemaStep, 0, len(set))
	for name, stmt := range set {
		prefix, _, _ := strings.Cut(name, "_")
		v, _ := strconv.Atoi(prefix)
		steps = append(steps, schemaStep{name: name, version: v, statement: stmt})
	}
	sort.Slice(steps, func(i, j int) bool { return steps[i].name < steps[j].name })
	return steps
}

// ApplySchema creates every constraint and index of cypher/schema in file
// order, then runs cypher/upgrade in file order. Each statement is
// idempotent (IF NOT EXISTS, or a rewrite that finds nothing left), so
// concurrent or repeated calls are safe. The applied schema version is
// recorded on a :SchemaVersion node.
func (g *Graph) ApplySchema(ctx context.Context) error {
	steps := schemaSteps()
	for _, s := range append(steps, upgradeSteps()...) {
		_, err := writeTx(ctx, g, "schema "+s.name, func(ctx context.Context, tx neo4j.ManagedTransaction) (struct{}, error) {
			res, err := tx.Run(ctx, s.statement, nil)
			if err == nil {
				_, err = res.Consume(ctx)
			}
			return struct{}{}, err
		})
		if err != nil {
			return err
		}
	}
	version := steps[len(steps)-1].version
	if _, err := g.writeOne(ctx, "schema_version_record", params(systemNamespace, "version", version)); err != nil {
		return err
	}
	g.logger.InfoContext(ctx, "neo4j schema applied", "version", version, "statements", len(steps))
	return nil
}

// AppliedSchemaVersion returns the version recorded by ApplySchema, or 0.
func (g *Graph) AppliedSchemaVersion(ctx context.Context) (int, error) {
	recs, err := g.readOne(ctx, "schema_version_get", params(systemNamespace))
	if err != nil || len(recs) == 0 {
		return 0, err
	}
	return int(rowOf(recs[0]).i64("version")), nil
}
