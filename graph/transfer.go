package graph

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// Node is one node of a namespace as namespace export and import see it.
// Ref names it within one export (the source's element id); Props are its
// properties, namespace included (import overwrites it).
type Node struct {
	Ref    string   `json:"ref"`
	Labels []string `json:"labels"`
	Props  Props    `json:"props"`
}

// Edge is one relationship between two nodes of a namespace; Start and End
// are node refs.
type Edge struct {
	Type  string `json:"type"`
	Start string `json:"start"`
	End   string `json:"end"`
	Props Props  `json:"props"`
}

// transferTimeout bounds one export stream's read transaction, which stays
// open while its records are written out.
const transferTimeout = 30 * time.Minute

// primaryLabels are the labels an imported node is created with; secondary
// labels are added after. Each has one statement in cypher/transfer.
var (
	primaryLabels = []string{"Skill", "TaskType", "Experience", "Entity", "Operation", "WorldEntity",
		"Observation", "Tool", "ExpertAgent", "Task", "Attempt", "SkillGraph", "ExperienceClock"}
	secondaryLabels = []string{"Principle", "FailureMemory", "SuccessMemory", "RetrievalRecipe", "AbstractedPattern"}
)

// EachNode streams every node of ns to fn from one read transaction. Output
// may have begun when an error comes, so the work is never retried.
func (g *Graph) EachNode(ctx context.Context, ns string, fn func(Node) error) error {
	return g.stream(ctx, ns, "nodes", func(rec *neo4j.Record) error {
		r := rowOf(rec)
		return fn(Node{Ref: r.str("ref"), Labels: r.strs("labels"), Props: r.props("props")})
	})
}

// EachEdge streams every relationship between two nodes of ns to fn.
func (g *Graph) EachEdge(ctx context.Context, ns string, fn func(Edge) error) error {
	return g.stream(ctx, ns, "edges", func(rec *neo4j.Record) error {
		r := rowOf(rec)
		return fn(Edge{Type: r.str("type"), Start: r.str("start"), End: r.str("end"), Props: r.props("props")})
	})
}

func (g *Graph) stream(ctx context.Context, ns, name string, fn func(*neo4j.Record) error) error {
	if err := checkNamespace(ns); err != nil {
		return err
	}
	session := g.driver.NewSession(ctx, neo4j.SessionConfig{DatabaseName: g.cfg.Database, AccessMode: neo4j.AccessModeRead})
	defer session.Close(ctx)
	tx, err := session.BeginTransaction(ctx, neo4j.WithTxTimeout(transferTimeout))
	if err != nil {
		return g.translate("export "+name, err)
	}
	defer tx.Close(ctx)
	res, err := tx.Run(ctx, transferQueries.Get(name), params(ns))
	if err != nil {
		return g.translate("export "+name, err)
	}
	for res.Next(ctx) {
		if err := fn(res.Record()); err != nil {
			return err
		}
	}
	if err := res.Err(); err != nil {
		return g.translate("export "+name, err)
	}
	return nil
}

// CreateNodes creates nodes in ns in one write transaction and returns each
// one's new element id by its ref. Labels outside the closed list are refused.
func (g *Graph) CreateNodes(ctx context.Context, ns string, nodes []Node) (map[string]string, error) {
	if err := checkNamespace(ns); err != nil {
		return nil, err
	}
	byLabel, extra, err := groupNodes(ns, nodes)
	if err != nil {
		return nil, err
	}
	return writeTx(ctx, g, "import nodes", func(ctx context.Context, tx neo4j.ManagedTransaction) (map[string]string, error) {
		ids := make(map[string]string, len(nodes))
		for label, rows := range byLabel {
			res, err := tx.Run(ctx, transferQueries.Get("create_"+label), params(ns, "rows", rows))
			if err != nil {
				return nil, err
			}
			for res.Next(ctx) {
				r := rowOf(res.Record())
				ids[r.str("ref")] = r.str("id")
			}
			if err := res.Err(); err != nil {
				return nil, err
			}
		}
		for label, refs := range extra {
			newIDs := make([]string, len(refs))
			for i, ref := range refs {
				newIDs[i] = ids[ref]
			}
			if err := execTransfer(ctx, tx, "label_"+label, params(ns, "ids", newIDs)); err != nil {
				return nil, err
			}
		}
		return ids, nil
	})
}

// groupNodes splits nodes by the label each is created with, and lists the
// refs of the nodes that carry each secondary label.
func groupNodes(ns string, nodes []Node) (map[string][]map[string]any, map[string][]string, error) {
	byLabel := map[string][]map[string]any{}
	extra := map[string][]string{}
	for _, n := range nodes {
		primary := ""
		for _, l := range n.Labels {
			switch {
			case slices.Contains(primaryLabels, l) && primary == "":
				primary = l
			case slices.Contains(secondaryLabels, l):
				extra[l] = append(extra[l], n.Ref)
			default:
				return nil, nil, evokg.Errorf(evokg.EINVALID, "node %s has label %q, which a namespace import cannot create", n.Ref, l)
			}
		}
		if primary == "" {
			return nil, nil, evokg.Errorf(evokg.EINVALID, "node %s has no label a namespace import can create", n.Ref)
		}
		byLabel[primary] = append(byLabel[primary], map[string]any{"ref": n.Ref, "props": retarget(n.Props, ns)})
	}
	return byLabel, extra, nil
}

// CreateEdges creates relationships in ns in one write transaction; Start
// and End are element ids of nodes of ns. An endpoint that is not there
// fails the whole batch.
func (g *Graph) CreateEdges(ctx context.Context, ns string, edges []Edge) error {
	if err := checkNamespace(ns); err != nil {
		return err
	}
	byType := map[string][]map[string]any{}
	for _, e := range edges {
		if !slices.Contains(RelationshipTypes, e.Type) {
			return evokg.Errorf(evokg.EINVALID, "relationship type %q is not one a namespace import can create", e.Type)
		}
		byType[e.Type] = append(byType[e.Type], map[string]any{"start": e.Start, "end": e.End, "props": retarget(e.Props, ns)})
	}
	_, err := writeTx(ctx, g, "import edges", func(ctx context.Context, tx neo4j.ManagedTransaction) (struct{}, error) {
		for typ, rows := range byType {
			res, err := tx.Run(ctx, transferQueries.Get("edge_"+typ), params(ns, "rows", rows))
			if err != nil {
				return struct{}{}, err
			}
			sum, err := res.Consume(ctx)
			if err != nil {
				return struct{}{}, err
			}
			if n := sum.Counters().RelationshipsCreated(); n != len(rows) {
				return struct{}{}, evokg.Errorf(evokg.EINVALID, "%d of %d %s relationships have an endpoint the import did not create", len(rows)-n, len(rows), typ)
			}
		}
		return struct{}{}, nil
	})
	return err
}

// retarget returns props with their namespace, when they have one, set to
// ns: the keys of the source namespace must never be written, even for a
// moment, beside it in the same graph.
func retarget(props Props, ns string) map[string]any {
	out := maps.Clone(map[string]any(props))
	if out == nil {
		return map[string]any{}
	}
	if _, ok := out["namespace"]; ok {
		out["namespace"] = ns
	}
	return out
}

func execTransfer(ctx context.Context, tx neo4j.ManagedTransaction, name string, p map[string]any) error {
	res, err := tx.Run(ctx, transferQueries.Get(name), p)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	_, err = res.Consume(ctx)
	return err
}
