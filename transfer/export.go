package transfer

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// Export writes namespace ns to w as NDJSON records: rows from one
// repeatable-read snapshot of Postgres, then the graph, then the end
// record. Nothing is held whole in memory. A namespace with a queued or
// running run, or with writes its jobs have not yet carried to both stores,
// is refused (a conflict): the job queue does not move with it.
// Once writing has begun an error leaves the stream without its end record.
func (s *Service) Export(ctx context.Context, ns string, w io.Writer) (Counts, error) {
	if !evokg.ValidNamespace(ns) {
		return Counts{}, evokg.Invalid(evokg.FieldError{Pointer: "/namespace", Detail: "must be 1-63 lower-case letters, digits, '-' or '_'"})
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return Counts{}, postgres.Translate(err, "starting the export")
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	header, err := s.exportable(ctx, tx, ns)
	if err != nil {
		return Counts{}, err
	}
	tables, err := statements(ctx, tx)
	if err != nil {
		return Counts{}, err
	}
	out := &encoder{w: bufio.NewWriterSize(w, 1<<16), counts: Counts{Rows: map[string]int64{}}}
	if err := out.write(record{Kind: kindHeader, Header: &header}); err != nil {
		return Counts{}, err
	}
	if err := s.exportRows(ctx, tx, tables, ns, out); err != nil {
		return out.counts, err
	}
	if err := s.exportGraph(ctx, ns, out); err != nil {
		return out.counts, err
	}
	if err := out.write(record{Kind: kindEnd, Counts: &out.counts}); err != nil {
		return out.counts, err
	}
	s.logger.InfoContext(ctx, "namespace exported", "namespace", ns, "nodes", out.counts.Nodes, "edges", out.counts.Edges)
	return out.counts, out.w.Flush()
}

// exportable checks that ns is quiet and builds the header.
func (s *Service) exportable(ctx context.Context, tx pgx.Tx, ns string) (Header, error) {
	var runs, writes int64
	if err := tx.QueryRow(ctx, queries.Get("in_flight"), ns).Scan(&runs, &writes); err != nil {
		return Header{}, postgres.Translate(err, "reading the namespace's work in flight")
	}
	if runs > 0 {
		return Header{}, evokg.Errorf(evokg.ECONFLICT, "namespace %s has a queued or running run; export it when the run has ended", ns)
	}
	if writes > 0 {
		return Header{}, evokg.Errorf(evokg.ECONFLICT, "namespace %s has %d writes not yet committed to both stores; export it when they are", ns, writes)
	}
	h, err := s.stackHeader(ctx, tx)
	h.Namespace = ns
	h.ExportedAt = time.Now().UTC()
	return h, err
}

// stackHeader describes this stack: the versions and dimension an import
// must match.
func (s *Service) stackHeader(ctx context.Context, q pgxQuerier) (Header, error) {
	h := Header{Format: Format, FormatVersion: FormatVersion}
	if err := q.QueryRow(ctx, queries.Get("schema_version")).Scan(&h.SchemaVersion); err != nil {
		return h, postgres.Translate(err, "reading the schema version")
	}
	if err := q.QueryRow(ctx, queries.Get("embedding_dim")).Scan(&h.EmbeddingDim); err != nil {
		return h, postgres.Translate(err, "reading the embedding dimension")
	}
	v, err := s.graph.AppliedSchemaVersion(ctx)
	h.GraphSchemaVersion = v
	return h, err
}

func (s *Service) exportRows(ctx context.Context, tx pgx.Tx, tables []table, ns string, out *encoder) error {
	for _, t := range tables {
		rows, err := tx.Query(ctx, t.export, ns)
		if err != nil {
			return postgres.Translate(err, "exporting "+t.name)
		}
		var line []byte
		_, err = pgx.ForEachRow(rows, []any{&line}, func() error {
			out.counts.Rows[t.name]++
			return out.write(record{Kind: kindRow, Table: t.name, Row: line})
		})
		if err != nil {
			return postgres.Translate(err, "exporting "+t.name)
		}
	}
	return nil
}

func (s *Service) exportGraph(ctx context.Context, ns string, out *encoder) error {
	err := s.graph.EachNode(ctx, ns, func(n graphNode) error {
		out.counts.Nodes++
		return out.write(record{Kind: kindNode, Node: &n})
	})
	if err != nil {
		return err
	}
	return s.graph.EachEdge(ctx, ns, func(e graphEdge) error {
		out.counts.Edges++
		return out.write(record{Kind: kindEdge, Edge: &e})
	})
}

// encoder writes one record a line and counts what it wrote.
type encoder struct {
	w      *bufio.Writer
	counts Counts
}

func (e *encoder) write(r record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return evokg.Errorf(evokg.EINTERNAL, "encoding a %s record: %v", r.Kind, err)
	}
	b = append(b, '\n')
	_, err = e.w.Write(b)
	return err
}
