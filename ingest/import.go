package ingest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bytedance/sonic"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/pgvector/pgvector-go"
	pgxvec "github.com/pgvector/pgvector-go/pgx"
	"golang.org/x/sync/errgroup"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/settings"
)

// BulkIndexer is what a bulk load needs of the vector indexes beyond
// Indexer: dropping the ANN indexes before loading and building them
// after. *vector.Store implements it.
type BulkIndexer interface {
	DropANNIndexes(ctx context.Context) error
	BuildANNIndexes(ctx context.Context) (built bool, err error)
	Analyze(ctx context.Context) error
}

// MaxImportErrors bounds the line errors an ImportResult lists; all are counted.
const MaxImportErrors = 100

// Import defaults, as ImportOptions' tags declare them.
var (
	DefaultImportChunk   = settings.Default[int](ImportOptions{}, "Chunk")
	DefaultImportWriters = settings.Default[int](ImportOptions{}, "Writers")
)

// ImportOptions configures Import.
type ImportOptions struct {
	// Chunk is the number of lines loaded per transaction.
	Chunk int `default:"1000" help:"Lines per transaction."`
	// Writers is the number of connections that write chunks at once.
	Writers int `default:"2" help:"Connections writing chunks at once."`
	// DeferIndexes drops the HNSW indexes of the embedding tables before
	// loading and builds them after, which is several times faster than
	// updating them row by row. Meant for an initial load: while they are
	// missing, searches of every namespace scan exactly, and while they are
	// built, writes to the embedding tables wait.
	DeferIndexes bool `name:"defer-indexes" help:"Drop the HNSW indexes before loading and build them after (an initial load: meanwhile searches of every namespace scan exactly and writes to the embedding tables wait for the build)."`
}

// LineError is an NDJSON line that was not imported and why.
type LineError struct {
	Line   int    `json:"line"`
	Detail string `json:"detail"`
}

func (e LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Detail) }

// ImportResult counts what Import did.
type ImportResult struct {
	Lines        int         `json:"lines"`    // non-blank lines read
	Imported     int         `json:"imported"` // new experiences written
	Existing     int         `json:"existing"` // already present (an earlier run of the same lines)
	Invalid      int         `json:"invalid"`  // lines refused, not written
	Errors       []LineError `json:"errors,omitempty"`
	LoadSeconds  float64     `json:"load_seconds"`
	IndexSeconds float64     `json:"index_seconds"` // building the ANN indexes and statistics
}

// Import loads experiences from NDJSON (one ExperienceInput per line, as
// POST /experiences takes it) into namespace ns, a chunk of lines per
// transaction, each line going the way a single request goes: rows, vector
// rows and jobs. Each experience's id is derived from ns and the line's
// bytes, so running the same file again (after a failure, say) skips what
// is there and imports the rest. Invalid lines are skipped and reported by
// line number; the valid ones are imported.
func (s *Service) Import(ctx context.Context, ns string, r io.Reader, opts ImportOptions) (ImportResult, error) {
	if err := checkNamespace(ns); err != nil {
		return ImportResult{}, err
	}
	if opts.Chunk <= 0 {
		opts.Chunk = DefaultImportChunk
	}
	if opts.Writers <= 0 {
		opts.Writers = DefaultImportWriters
	}
	bulk, _ := s.index.(BulkIndexer)
	if opts.DeferIndexes && bulk == nil {
		return ImportResult{}, errors.New("ingest: the index does not support deferred index builds")
	}
	if opts.DeferIndexes {
		if err := bulk.DropANNIndexes(ctx); err != nil {
			return ImportResult{}, err
		}
	}
	start := time.Now()
	res, err := s.importLines(ctx, ns, r, opts)
	res.LoadSeconds = time.Since(start).Seconds()
	if err != nil || bulk == nil {
		return res, err
	}
	start = time.Now()
	err = s.finishImport(ctx, bulk)
	res.IndexSeconds = time.Since(start).Seconds()
	return res, err
}

// finishImport builds the ANN indexes that are missing (all of them after a
// deferred load, or after an earlier run that stopped before this step) and
// then refreshes the planner's statistics. When none is missing it does
// nothing: autovacuum keeps the statistics of an ordinary load.
func (s *Service) finishImport(ctx context.Context, bulk BulkIndexer) error {
	built, err := bulk.BuildANNIndexes(ctx)
	if err != nil || !built {
		return err
	}
	return bulk.Analyze(ctx)
}

// importDecoders is how many goroutines decode lines while the chunks
// before them are written: decoding the JSON of hundreds of floats per line
// costs the client about as much CPU as the load costs the database, so a
// strictly sequential load left one core idle.
var importDecoders = max(1, runtime.GOMAXPROCS(0))

// rawChunk is up to a chunk of non-blank lines with their line numbers.
type rawChunk struct {
	lines   [][]byte
	lineNos []int
}

// decodedChunk is a chunk's valid items and its refused lines.
type decodedChunk struct {
	items   []item
	invalid []LineError
}

// importLines reads r and loads its valid lines a chunk at a time: one
// goroutine reads, importDecoders decode, and opts.Writers connections
// write the chunks as they come (in any order: ids come from the lines,
// so order does not change what is stored). Refused lines are reported in
// line order.
func (s *Service) importLines(ctx context.Context, ns string, r io.Reader, opts ImportOptions) (ImportResult, error) {
	var res ImportResult
	g, gctx := errgroup.WithContext(ctx)
	raw := make(chan rawChunk, importDecoders)
	decoded := make(chan decodedChunk, importDecoders)
	g.Go(func() error {
		defer close(raw)
		n, err := readChunks(gctx, r, opts.Chunk, raw)
		res.Lines = n
		return err
	})
	var decoders errgroup.Group
	for range importDecoders {
		decoders.Go(func() error {
			for c := range raw {
				if !send(gctx, decoded, s.decodeChunk(ns, c)) {
					return gctx.Err()
				}
			}
			return nil
		})
	}
	g.Go(func() error { defer close(decoded); return decoders.Wait() })
	var mu sync.Mutex // guards res against the writers
	for range opts.Writers {
		g.Go(func() error { return s.writeChunks(gctx, decoded, &res, &mu) }) // an error cancels the others
	}
	err := g.Wait()
	res.keepFirstErrors()
	return res, err
}

// writeChunks writes decoded chunks on a connection of its own, with its
// own staging table, until in is closed.
func (s *Service) writeChunks(ctx context.Context, in <-chan decodedChunk, res *ImportResult, mu *sync.Mutex) error {
	conn, err := s.importConn(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	for c := range in {
		mu.Lock()
		for _, e := range c.invalid {
			res.refuse(e)
		}
		mu.Unlock()
		if len(c.items) == 0 {
			continue
		}
		imported, existing, err := s.importChunk(ctx, conn, c.items)
		if err != nil {
			return err
		}
		mu.Lock()
		res.Imported += imported
		res.Existing += existing
		mu.Unlock()
	}
	return nil
}

// importConn acquires a connection for writing chunks and creates its
// staging table. Embeddings are copied in pgvector's binary form: a real[]
// of 768 floats cost most of the COPY to receive and then to cast.
func (s *Service) importConn(ctx context.Context) (*pgxpool.Conn, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, postgres.Translate(err, "importing experiences")
	}
	if err := pgxvec.RegisterTypes(ctx, conn.Conn()); err != nil {
		conn.Release()
		return nil, postgres.Translate(err, "reading the vector type")
	}
	if _, err := conn.Exec(ctx, queries.Get("import_stage")); err != nil {
		conn.Release()
		return nil, postgres.Translate(err, "creating the import staging table")
	}
	return conn, nil
}

// readChunks sends r's non-blank lines in chunks and returns how many it read.
func readChunks(ctx context.Context, r io.Reader, chunk int, out chan<- rawChunk) (int, error) {
	in := bufio.NewReaderSize(r, 1<<20)
	c := rawChunk{}
	n := 0
	for lineNo := 1; ; lineNo++ {
		line, err := in.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return n, fmt.Errorf("reading line %d: %w", lineNo, err)
		}
		if line = bytes.TrimSpace(line); len(line) > 0 {
			n++
			c.lines, c.lineNos = append(c.lines, line), append(c.lineNos, lineNo)
		}
		if len(c.lines) == chunk || (err != nil && len(c.lines) > 0) {
			if !send(ctx, out, c) {
				return n, ctx.Err()
			}
			c = rawChunk{}
		}
		if err != nil {
			return n, nil
		}
	}
}

// decodeChunk decodes and validates the lines of c.
func (s *Service) decodeChunk(ns string, c rawChunk) decodedChunk {
	var d decodedChunk
	for i, line := range c.lines {
		if it, refused := s.importItem(ns, line); refused != "" {
			d.invalid = append(d.invalid, LineError{Line: c.lineNos[i], Detail: refused})
		} else {
			d.items = append(d.items, it)
		}
	}
	return d
}

// send sends v on ch unless ctx ends first.
func send[T any](ctx context.Context, ch chan<- T, v T) bool {
	select {
	case ch <- v:
		return true
	case <-ctx.Done():
		return false
	}
}

// refuse counts a refused line. Chunks arrive out of order, so it keeps
// more than MaxImportErrors and trims to the first lines now and then.
func (r *ImportResult) refuse(e LineError) {
	r.Invalid++
	r.Errors = append(r.Errors, e)
	if len(r.Errors) > 2*MaxImportErrors {
		r.keepFirstErrors()
	}
}

// keepFirstErrors keeps the MaxImportErrors refused lines that come first.
func (r *ImportResult) keepFirstErrors() {
	slices.SortFunc(r.Errors, func(a, b LineError) int { return a.Line - b.Line })
	r.Errors = r.Errors[:min(len(r.Errors), MaxImportErrors)]
}

// importNamespace seeds the ids of imported experiences (UUIDv5).
var importNamespace = uuid.MustParse("6f0d2a47-8a51-4c36-9a43-1d3f5b8e2c10")

// importItem decodes and validates one line; a non-empty string says why
// it is refused.
func (s *Service) importItem(ns string, line []byte) (item, string) {
	var req evokg.ExperienceInput
	if err := decodeLine(line, &req); err != nil {
		return item{}, "is not an experience: " + err.Error()
	}
	if err := Validate(req); err != nil {
		return item{}, fieldDetails(err)
	}
	if e := req.Embedding; e != nil && len(e) != s.cfg.EmbeddingDim {
		return item{}, fmt.Sprintf("/embedding has %d dimensions, the index has %d", len(e), s.cfg.EmbeddingDim)
	}
	it := s.newItem(ns, &req)
	it.exp.ID = uuid.NewSHA1(importNamespace, append([]byte(ns+"\n"), line...))
	return it, ""
}

// strictJSON is the sonic decoder of import lines. It reads as a
// json.Decoder with DisallowUnknownFields does: invalid UTF-8 replaced,
// strings copied, numbers in an interface as float64, unknown fields and
// anything after the value refused.
var strictJSON = sonic.Config{DisallowUnknownFields: true, CopyString: true, ValidateString: true}.Froze()

// decodeLine decodes one line into v with sonic: the 768 floats of an
// embedding are most of an import's CPU, and it decodes a line about four
// times faster (43 µs against 181 µs). A refused line is decoded again by
// encoding/json, whose message is the one the API gives for the same
// fault; a line that encoding/json reads but sonic refuses has something
// after its JSON object.
func decodeLine(line []byte, v *evokg.ExperienceInput) error {
	if strictJSON.Unmarshal(line, v) == nil {
		return nil
	}
	*v = evokg.ExperienceInput{}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if len(bytes.TrimSpace(line[dec.InputOffset():])) > 0 {
		return errors.New("has more than one JSON value")
	}
	return nil
}

// fieldDetails renders a validation error as "/pointer detail; ...".
func fieldDetails(err error) string {
	var de *evokg.Error
	if !errors.As(err, &de) || len(de.Fields) == 0 {
		return err.Error()
	}
	parts := make([]string, len(de.Fields))
	for i, f := range de.Fields {
		parts[i] = f.Pointer + " " + f.Detail
	}
	return strings.Join(parts, "; ")
}

// importChunk writes items in one transaction: staged by COPY, moved into
// experiences (skipping ids already there), then the vector rows and jobs
// of the new ones. It returns how many it imported and how many were there.
func (s *Service) importChunk(ctx context.Context, conn *pgxpool.Conn, items []item) (imported, existing int, err error) {
	items, existing = uniqueItems(items)
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, queries.Get("import_clear")); err != nil {
			return err
		}
		if err := stageItems(ctx, tx, items); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, queries.Get("import_experiences"))
		if err != nil {
			return err
		}
		fresh, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		if err != nil {
			return err
		}
		if err := s.index.IndexStagedTx(ctx, tx, fresh); err != nil {
			return err
		}
		if err := s.enqueueFresh(ctx, tx, items, fresh); err != nil {
			return err
		}
		imported, existing = len(fresh), existing+len(items)-len(fresh)
		return nil
	})
	return imported, existing, postgres.Translate(err, "importing experiences")
}

// uniqueItems drops repeated lines of a chunk (same id) and counts them.
func uniqueItems(items []item) (out []item, repeated int) {
	seen := make(map[uuid.UUID]bool, len(items))
	out = items[:0]
	for _, it := range items {
		if seen[it.exp.ID] {
			repeated++
			continue
		}
		seen[it.exp.ID] = true
		out = append(out, it)
	}
	return out, repeated
}

var importStageColumns = []string{"id", "namespace", "task_type", "outcome", "failure_kind", "status", "record",
	"quality", "confidence", "signature", "supersedes", "created_at", "skill", "channel", "embedding"}

func stageItems(ctx context.Context, tx pgx.Tx, items []item) error {
	rows := make([][]any, len(items))
	for i, it := range items {
		exp := it.exp
		record, err := json.Marshal(exp)
		if err != nil {
			return err
		}
		rows[i] = []any{exp.ID, exp.Namespace, exp.TaskType, string(exp.Outcome), nullable(string(exp.FailureKind)),
			string(it.status), record, exp.Quality(), exp.Confidence, nonNil(exp.Signature), exp.Supersedes,
			exp.CreatedAt, exp.Skill, importChannel(exp.Outcome), stagedEmbedding(it.embedding)}
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"import_stage"}, importStageColumns, pgx.CopyFromRows(rows))
	return err
}

// stagedEmbedding is e as the staging table's vector column takes it (NULL
// when the experience waits for the embedding model).
func stagedEmbedding(e []float32) any {
	if e == nil {
		return nil
	}
	return pgvector.NewVector(e)
}

// importChannel names the index an experience of outcome o goes to.
func importChannel(o evokg.Outcome) string {
	if o == evokg.OutcomePrinciple {
		return "principle"
	}
	return string(o.Channel())
}

// enqueueFresh inserts the jobs of the items in fresh, as writeItems does
// for a request.
func (s *Service) enqueueFresh(ctx context.Context, tx pgx.Tx, items []item, fresh []uuid.UUID) error {
	isFresh := make(map[uuid.UUID]bool, len(fresh))
	for _, id := range fresh {
		isFresh[id] = true
	}
	var keep []item
	for _, it := range items {
		if isFresh[it.exp.ID] {
			keep = append(keep, it)
		}
	}
	return s.enqueue(ctx, tx, keep, nil)
}
