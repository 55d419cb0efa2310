package transfer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/postgres"
)

// Batch bounds of an import.
const (
	rowBatch      = 500
	rowBatchBytes = 4 << 20
	graphBatch    = 1000
	maxLine       = 64 << 20
)

// Import reads a stream written by Export into namespace ns, which must be
// empty in both stores (it may exist, with no rows and no nodes: a
// conflict otherwise). A namespace that does not exist is created, with
// the stream's description and probation setting when it has them. The stream's header must match this stack's schema
// versions and embedding dimension. Rows go in one Postgres transaction
// committed last; graph writes are batched, and on any failure the graph
// side of ns is removed and the transaction rolled back.
//
// Ids are kept, so the rows of a namespace can be imported into another
// stack, not copied beside themselves within one (a conflict).
func (s *Service) Import(ctx context.Context, ns string, r io.Reader) (Counts, error) {
	if !evokg.ValidNamespace(ns) {
		return Counts{}, evokg.Invalid(evokg.FieldError{Pointer: "/namespace", Detail: "must be 1-63 lower-case letters, digits, '-' or '_'"})
	}
	in := &decoder{r: bufio.NewReaderSize(r, 1<<16)}
	header, err := s.checkHeader(ctx, in)
	if err != nil {
		return Counts{}, err
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return Counts{}, postgres.Translate(err, "starting the import")
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	imp, err := s.newImporter(ctx, tx, header.Namespace, ns)
	if err != nil {
		return Counts{}, err
	}
	err = imp.run(ctx, in)
	if err == nil {
		err = access.RegisterNamespace(ctx, tx, ns)
	}
	if err == nil {
		err = postgres.Translate(tx.Commit(ctx), "committing the import")
	}
	if err != nil {
		s.undoGraph(ctx, imp)
		return imp.counts, err
	}
	s.logger.InfoContext(ctx, "namespace imported", "namespace", ns, "from", header.Namespace,
		"nodes", imp.counts.Nodes, "edges", imp.counts.Edges)
	return imp.counts, nil
}

// checkHeader reads the first record and refuses a stream this stack cannot take.
func (s *Service) checkHeader(ctx context.Context, in *decoder) (Header, error) {
	rec, err := in.next()
	if err != nil {
		return Header{}, err
	}
	if rec == nil || rec.Kind != kindHeader || rec.Header == nil || rec.Header.Format != Format {
		return Header{}, evokg.Errorf(evokg.EINVALID, "the stream does not start with an %s header record", Format)
	}
	got := *rec.Header
	want, err := s.stackHeader(ctx, s.pool)
	if err != nil {
		return Header{}, err
	}
	for _, c := range []struct {
		what      string
		got, want int64
	}{
		{"format version", int64(got.FormatVersion), int64(want.FormatVersion)},
		{"Postgres schema version", got.SchemaVersion, want.SchemaVersion},
		{"graph schema version", int64(got.GraphSchemaVersion), int64(want.GraphSchemaVersion)},
		{"embedding dimension", int64(got.EmbeddingDim), int64(want.EmbeddingDim)},
	} {
		if c.got != c.want {
			return Header{}, evokg.Errorf(evokg.EINVALID, "the export's %s is %d, this stack's is %d: export and import on the same version, with the same embedding dimension", c.what, c.got, c.want)
		}
	}
	if !evokg.ValidNamespace(got.Namespace) {
		return Header{}, evokg.Errorf(evokg.EINVALID, "the header's namespace %q is not a namespace name", got.Namespace)
	}
	return got, nil
}

// newImporter locks ns for this transaction and checks that it is empty.
func (s *Service) newImporter(ctx context.Context, tx pgx.Tx, from, to string) (*importer, error) {
	if _, err := tx.Exec(ctx, queries.Get("lock_namespace"), to); err != nil {
		return nil, postgres.Translate(err, "locking the namespace")
	}
	tables, err := statements(ctx, tx)
	if err != nil {
		return nil, err
	}
	imp := &importer{s: s, tx: tx, from: from, to: to, tables: map[string]table{},
		refs: map[string]string{}, counts: Counts{Rows: map[string]int64{}}}
	for _, t := range tables {
		imp.tables[t.name] = t
	}
	return imp, s.checkEmpty(ctx, tx, tables, to)
}

func (s *Service) checkEmpty(ctx context.Context, tx pgx.Tx, tables []table, ns string) error {
	for _, t := range tables {
		if t.name == "namespaces" {
			continue
		}
		var used bool
		if err := tx.QueryRow(ctx, t.used, ns).Scan(&used); err != nil {
			return postgres.Translate(err, "checking "+t.name)
		}
		if used {
			return evokg.Errorf(evokg.ECONFLICT, "namespace %s is not empty (it has rows in %s): import needs an empty namespace", ns, t.name)
		}
	}
	nodes, _, err := s.graph.CountNodesAndEdges(ctx, ns)
	if err != nil {
		return err
	}
	if nodes > 0 {
		return evokg.Errorf(evokg.ECONFLICT, "namespace %s is not empty (it has %d graph nodes): import needs an empty namespace", ns, nodes)
	}
	return nil
}

// undoGraph removes what a failed import wrote to the graph.
func (s *Service) undoGraph(ctx context.Context, imp *importer) {
	if imp == nil || !imp.wroteGraph {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Minute)
	defer cancel()
	if err := s.graph.PurgeNamespace(ctx, imp.to); err != nil {
		s.logger.ErrorContext(ctx, "a failed import left graph nodes behind", "namespace", imp.to, "error", err)
	}
}

// decoder reads one record a line.
type decoder struct {
	r *bufio.Reader
}

// next returns the next record, or nil at the end of the stream.
func (d *decoder) next() (*record, error) {
	for {
		line, err := d.r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			line, err = d.long(line)
		}
		if len(bytes.TrimSpace(line)) > 0 {
			var rec record
			if jerr := json.Unmarshal(line, &rec); jerr != nil {
				return nil, evokg.Errorf(evokg.EINVALID, "a record of the stream is not valid JSON: %v", jerr)
			}
			return &rec, nil
		}
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		if err != nil {
			return nil, &evokg.Error{Code: evokg.EUNAVAILABLE, Message: "reading the stream failed", Err: err}
		}
	}
}

// long reads the rest of a line longer than the buffer.
func (d *decoder) long(start []byte) ([]byte, error) {
	line := bytes.Clone(start)
	for len(line) <= maxLine {
		more, err := d.r.ReadSlice('\n')
		line = append(line, more...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
	return nil, evokg.Errorf(evokg.EINVALID, "a record of the stream is longer than %d bytes", maxLine)
}
