package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/postgres"
)

// importer holds one import's state: the open transaction, the batches not
// yet written and the new element id of every node created so far.
type importer struct {
	s        *Service
	tx       pgx.Tx
	from, to string
	tables   map[string]table
	phase    int // index of the last record kind seen in phases

	table      string   // the table of the pending rows
	rows       [][]byte // pending rows
	rowBytes   int
	nodes      []graph.Node
	edges      []graph.Edge
	refs       map[string]string // node ref in the stream -> new element id
	counts     Counts
	ended      bool
	wroteGraph bool
}

var phases = []string{kindRow, kindNode, kindEdge, kindEnd}

func (imp *importer) run(ctx context.Context, in *decoder) error {
	for {
		rec, err := in.next()
		if err != nil {
			return err
		}
		if rec == nil {
			break
		}
		if imp.ended {
			return evokg.Errorf(evokg.EINVALID, "a %s record follows the end record", rec.Kind)
		}
		if err := imp.take(ctx, rec); err != nil {
			return err
		}
	}
	if !imp.ended {
		return evokg.Errorf(evokg.EINVALID, "the stream ends before its end record: the export did not finish")
	}
	return nil
}

// take moves to rec's phase, flushing what the earlier phase left, and adds rec.
func (imp *importer) take(ctx context.Context, rec *record) error {
	p := indexOf(phases, rec.Kind)
	if p < 0 {
		return evokg.Errorf(evokg.EINVALID, "unknown record kind %q", rec.Kind)
	}
	if p < imp.phase {
		return evokg.Errorf(evokg.EINVALID, "records out of order: rows, then nodes, then relationships, then the end record")
	}
	for ; imp.phase < p; imp.phase++ {
		if err := imp.flush(ctx); err != nil {
			return err
		}
	}
	switch rec.Kind {
	case kindRow:
		return imp.addRow(ctx, rec.Table, rec.Row)
	case kindNode:
		return imp.addNode(ctx, rec.Node)
	case kindEdge:
		return imp.addEdge(ctx, rec.Edge)
	}
	return imp.end(rec.Counts)
}

func (imp *importer) flush(ctx context.Context) error {
	switch phases[imp.phase] {
	case kindRow:
		return imp.flushRows(ctx)
	case kindNode:
		return imp.flushNodes(ctx)
	case kindEdge:
		return imp.flushEdges(ctx)
	}
	return nil
}

func (imp *importer) addRow(ctx context.Context, table string, raw json.RawMessage) error {
	if _, ok := imp.tables[table]; !ok {
		return evokg.Errorf(evokg.EINVALID, "the stream has rows of table %q, which this stack does not have", table)
	}
	if table != imp.table || len(imp.rows) >= rowBatch || imp.rowBytes >= rowBatchBytes {
		if err := imp.flushRows(ctx); err != nil {
			return err
		}
		imp.table = table
	}
	row, err := imp.retarget(table, raw)
	if err != nil {
		return err
	}
	imp.rows = append(imp.rows, row)
	imp.rowBytes += len(row)
	imp.counts.Rows[table]++
	return nil
}

// retarget moves a row from the source namespace to the target: its
// namespace column (name, for the namespace itself) and the namespace field
// of any JSON record it holds.
func (imp *importer) retarget(table string, raw json.RawMessage) (json.RawMessage, error) {
	var row map[string]json.RawMessage
	if err := json.Unmarshal(raw, &row); err != nil {
		return nil, evokg.Errorf(evokg.EINVALID, "a row of %s is not a JSON object: %v", table, err)
	}
	key := "namespace"
	if table == "namespaces" {
		key = "name"
	}
	var ns string
	if err := json.Unmarshal(row[key], &ns); err != nil || ns != imp.from {
		return nil, evokg.Errorf(evokg.EINVALID, "a row of %s is not of the header's namespace %s", table, imp.from)
	}
	to, _ := json.Marshal(imp.to)
	row[key] = to
	for k, v := range row {
		if len(v) > 0 && v[0] == '{' {
			row[k] = imp.retargetRecord(v, to)
		}
	}
	return json.Marshal(row)
}

// retargetRecord rewrites the top-level namespace field of a JSON record.
func (imp *importer) retargetRecord(v json.RawMessage, to []byte) json.RawMessage {
	var rec map[string]json.RawMessage
	var ns string
	if json.Unmarshal(v, &rec) != nil || json.Unmarshal(rec["namespace"], &ns) != nil || ns != imp.from {
		return v
	}
	rec["namespace"] = to
	out, _ := json.Marshal(rec)
	return out
}

func (imp *importer) flushRows(ctx context.Context) error {
	if len(imp.rows) == 0 {
		return nil
	}
	t := imp.tables[imp.table]
	batch := append(append([]byte{'['}, bytes.Join(imp.rows, []byte{','})...), ']')
	tag, err := imp.tx.Exec(ctx, t.insert, batch)
	if err != nil {
		return rowError(err, t.name)
	}
	if t.name != "namespaces" && tag.RowsAffected() != int64(len(imp.rows)) {
		return evokg.Errorf(evokg.EINTERNAL, "importing %s: %d of %d rows written", t.name, tag.RowsAffected(), len(imp.rows))
	}
	imp.rows, imp.rowBytes = imp.rows[:0], 0
	return nil
}

func rowError(err error, table string) error {
	err = postgres.Translate(err, "importing "+table)
	if evokg.ErrorCode(err) == evokg.ECONFLICT {
		return &evokg.Error{Code: evokg.ECONFLICT, Err: err, Message: "rows of " + table +
			" with the same ids already exist in this stack: a namespace is imported into another stack, not copied within one"}
	}
	return err
}

func (imp *importer) addNode(ctx context.Context, n *graph.Node) error {
	if n == nil {
		return evokg.Errorf(evokg.EINVALID, "a node record has no node")
	}
	imp.nodes = append(imp.nodes, *n)
	imp.counts.Nodes++
	if len(imp.nodes) >= graphBatch {
		return imp.flushNodes(ctx)
	}
	return nil
}

func (imp *importer) flushNodes(ctx context.Context) error {
	if len(imp.nodes) == 0 {
		return nil
	}
	imp.wroteGraph = true
	ids, err := imp.s.graph.CreateNodes(ctx, imp.to, imp.nodes)
	if err != nil {
		return err
	}
	maps.Copy(imp.refs, ids)
	imp.nodes = imp.nodes[:0]
	return nil
}

func (imp *importer) addEdge(ctx context.Context, e *graph.Edge) error {
	if e == nil {
		return evokg.Errorf(evokg.EINVALID, "a relationship record has no relationship")
	}
	start, okStart := imp.refs[e.Start]
	end, okEnd := imp.refs[e.End]
	if !okStart || !okEnd {
		return evokg.Errorf(evokg.EINVALID, "a %s relationship names a node the stream does not hold", e.Type)
	}
	imp.edges = append(imp.edges, graph.Edge{Type: e.Type, Start: start, End: end, Props: e.Props})
	imp.counts.Edges++
	if len(imp.edges) >= graphBatch {
		return imp.flushEdges(ctx)
	}
	return nil
}

func (imp *importer) flushEdges(ctx context.Context) error {
	if len(imp.edges) == 0 {
		return nil
	}
	imp.wroteGraph = true
	if err := imp.s.graph.CreateEdges(ctx, imp.to, imp.edges); err != nil {
		return err
	}
	imp.edges = imp.edges[:0]
	return nil
}

// end checks the end record's counts against what the stream held.
func (imp *importer) end(want *Counts) error {
	imp.ended = true
	if want == nil || want.Nodes != imp.counts.Nodes || want.Edges != imp.counts.Edges || !maps.Equal(want.Rows, imp.counts.Rows) {
		return evokg.Errorf(evokg.EINVALID, "the end record's counts differ from the records the stream held")
	}
	return nil
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
