// Package vector wraps pgvector: the success and failure embedding indexes
// (MAGE's two parallel channels), the principle index and the asset index.
//
// Every search is filtered by namespace and, for the memory channels, by
// task type (MAGE never retrieves across task types). The tables are
// hash-partitioned on (namespace, task_type), so a search prunes to one
// partition; see postgres/migrations/00002_vector.sql and 00021_ann_slices.sql for
// the layout and bench/retrieval.go for the measurements behind it.
//
// It owns the tables success_index, failure_index, principle_embeddings,
// asset_embeddings and ann_slices.
package vector

import (
	"context"
	"embed"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// Search defaults.
const (
	DefaultK = 3
	MaxK     = 100
	// DefaultEfSearch is the HNSW candidate list (hnsw.ef_search). Measured
	// with bench retrieval (2 cores, 768-d, 50 task types): at 1M memories
	// 100 gives recall@3 0.984 and p95 9.4-9.6 ms where 40 gives 0.935 and
	// 13-17 ms; at 100k both reach recall 1.0, at p95 5.9-6.4 vs 4.1-5.0 ms.
	DefaultEfSearch = 100
	// DefaultExactScanMax bounds the slices searched exactly: a slice with
	// fewer rows is scanned in full, a larger one through its HNSW index.
	DefaultExactScanMax = 256
)

// Store reads and writes the embedding indexes.
type Store struct {
	pool         *pgxpool.Pool
	dim          int
	efSearch     string
	exactScanMax int
}

// NewStore returns a store over pool for embeddings of dimension dim.
func NewStore(pool *pgxpool.Pool, dim int) *Store {
	return &Store{pool: pool, dim: dim, efSearch: strconv.Itoa(DefaultEfSearch), exactScanMax: DefaultExactScanMax}
}

// WithEfSearch returns a copy of the store whose HNSW searches keep n
// candidates (hnsw.ef_search, default DefaultEfSearch; higher trades latency for recall).
func (s *Store) WithEfSearch(n int) *Store {
	c := *s
	c.efSearch = strconv.Itoa(max(1, n))
	return &c
}

// Dimension returns the embedding dimension D the store expects.
func (s *Store) Dimension() int { return s.dim }

// Query is one filtered semantic search over a channel.
type Query struct {
	Namespace string
	TaskType  string
	Channel   evokg.Channel
	Embedding []float32
	// K is the number of hits wanted. Default 3, at most 100.
	K int
	// MinSimilarity drops hits whose cosine similarity is below it; the
	// zero value drops only anti-similar (negative cosine) hits.
	MinSimilarity float64
	// FailureKind restricts failure hits to one kind; empty means any.
	FailureKind evokg.FailureKind
	// Outcomes restricts the classes returned. Default: success memories on
	// the success channel, failure memories on the failure channel.
	Outcomes []evokg.Outcome
}

// Payload is the text of an experience, read from experiences.record.
type Payload struct {
	Question       string
	Answer         string
	Expression     string // an expression-mode answer's computation
	ChainOfThought string
	Content        string
	Skill          string
	SkillSteps     []evokg.SkillStep       // a success's (skill, step_output) sequence
	Errors         []evokg.ErrorRecord     // a failure's error registry
	Patches        []evokg.PatchReflection // a failure's patch reflections
	CriticNote     string                  // the Critic's note on a success's task type
}

// Hit is one experience found by a search, with what retrieval scores on.
type Hit struct {
	ID          uuid.UUID
	TaskType    string
	Outcome     evokg.Outcome
	FailureKind evokg.FailureKind
	Quality     float64
	Signature   []string
	CreatedAt   time.Time
	// Similarity is the cosine similarity to the query (1 − cosine distance).
	Similarity float64
	Payload    Payload
	// Embedding is the memory's vector, returned by the searches (nil from
	// Payloads): the pack compares its memories with each other in process.
	Embedding []float32
	// Utility is the memory's state and evidence (package utility).
	Utility evokg.Utility
}

// InsertTx adds exp to its index inside tx (the ingest transaction): the
// failure index for failure memories, the principle index for principles,
// the success index for the other classes. Inserting twice is a no-op.
func (s *Store) InsertTx(ctx context.Context, tx pgx.Tx, exp *evokg.Experience, embedding []float32) error {
	if err := s.checkEmbedding(embedding); err != nil {
		return err
	}
	sql, args := s.insertStatement(exp, embedding)
	_, err := tx.Exec(ctx, sql, args...)
	return postgres.Translate(err, "indexing the experience embedding")
}

// IndexStagedTx indexes, inside tx, the embeddings of the experiences ids
// staged by ingest's bulk import in the session's temporary import_stage
// table, each in the index its channel column names.
func (s *Store) IndexStagedTx(ctx context.Context, tx pgx.Tx, ids []uuid.UUID) error {
	_, err := tx.Exec(ctx, queries.Get("index_staged"), ids)
	return postgres.Translate(err, "indexing the imported embeddings")
}

// SetServedTx marks, inside tx, whether the memories ids of one namespace
// and task type are served: whether searches find them (package utility
// keeps it equal to their state being active).
func (s *Store) SetServedTx(ctx context.Context, tx pgx.Tx, ns, taskType string, ids []uuid.UUID, served bool) error {
	_, err := tx.Exec(ctx, queries.Get("set_served"), ns, taskType, ids, served)
	return postgres.Translate(err, "marking memories served")
}

// QueueInsert queues the insert InsertTx runs on b, for a caller that sends
// it with its own statements in one round trip (and sees its error then).
func (s *Store) QueueInsert(b *pgx.Batch, exp *evokg.Experience, embedding []float32) error {
	if err := s.checkEmbedding(embedding); err != nil {
		return err
	}
	sql, args := s.insertStatement(exp, embedding)
	b.Queue(sql, args...)
	return nil
}

// insertStatement is the insert of exp into its index.
func (s *Store) insertStatement(exp *evokg.Experience, embedding []float32) (string, []any) {
	vec := encode(embedding)
	switch {
	case exp.Outcome == evokg.OutcomePrinciple:
		return queries.Get("insert_principle"), []any{exp.ID, exp.Namespace, exp.TaskType, exp.Skill, exp.Quality(), createdAt(exp), vec}
	case exp.Outcome.Channel() == evokg.ChannelFailure:
		return queries.Get("insert_failure"), s.insertArgs(exp, vec)
	}
	return queries.Get("insert_success"), s.insertArgs(exp, vec)
}

func (s *Store) insertArgs(exp *evokg.Experience, vec []float32) []any {
	return []any{exp.ID, exp.Namespace, exp.TaskType, string(exp.Outcome), nullString(string(exp.FailureKind)),
		exp.Quality(), signature(exp.Signature), createdAt(exp), vec}
}

// Search returns the top-K hits of one channel within one namespace and task
// type, most similar first.
func (s *Store) Search(ctx context.Context, q Query) ([]Hit, error) {
	res, err := s.SearchChannels(ctx, q)
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// SearchChannels runs several channel searches in one round trip and one
// snapshot; result i answers qs[i].
func (s *Store) SearchChannels(ctx context.Context, qs ...Query) ([][]Hit, error) {
	return s.searchChannels(ctx, "search_", qs)
}

// SearchLexical returns the top k success and failure memories served in
// the (ns, taskType) slice that hold any word of question, best first, by
// the summed inverse document frequency of the words they hold (in
// Hit.Similarity; see search_lexical.sql).
func (s *Store) SearchLexical(ctx context.Context, ns, taskType, question string, k int) ([]Hit, error) {
	rows, err := s.pool.Query(ctx, queries.Get("search_lexical"), ns, taskType, question, k)
	if err != nil {
		return nil, postgres.Translate(err, "searching memories by their words")
	}
	hits, err := collectHits(rows)
	return hits, postgres.Translate(err, "searching memories by their words")
}

// SearchExact is Search without the ANN index: an exact scan of the slice.
// It is the reference for recall measurements.
func (s *Store) SearchExact(ctx context.Context, q Query) ([]Hit, error) {
	res, err := s.searchChannels(ctx, "search_exact_", []Query{q})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

func (s *Store) searchChannels(ctx context.Context, prefix string, qs []Query) ([][]Hit, error) {
	stmts := make([]statement, len(qs))
	for i, q := range qs {
		q, err := s.normalize(q)
		if err != nil {
			return nil, err
		}
		args := []any{q.Namespace, q.TaskType, encode(q.Embedding),
			outcomeStrings(q.Outcomes), nullString(string(q.FailureKind)), q.K, q.MinSimilarity}
		if prefix == "search_" {
			args = append(args, s.exactScanMax)
		}
		stmts[i] = statement{queries.Get(prefix + string(q.Channel)), args}
	}
	return s.search(ctx, stmts...)
}

// Analyze refreshes the planner statistics of the embedding tables; run it
// after a bulk load.
func (s *Store) Analyze(ctx context.Context) error {
	if _, err := s.pool.Exec(ctx, queries.Get("analyze")); err != nil {
		return postgres.Translate(err, "analyzing the embedding tables")
	}
	return nil
}

// DropANNIndexes drops the HNSW indexes of the memory tables, for a bulk
// load that builds them after (BuildANNIndexes). Until then searches scan
// exactly: correct, slower.
func (s *Store) DropANNIndexes(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, queries.Get("drop_ann_indexes"), pgx.QueryExecModeSimpleProtocol)
	return postgres.Translate(err, "dropping the HNSW indexes")
}

// BuildANNIndexes builds the HNSW indexes of the memory tables that are
// missing and reports whether it built any; it returns at once, taking no
// table lock, when none is.
func (s *Store) BuildANNIndexes(ctx context.Context) (bool, error) {
	var missing int
	if err := s.pool.QueryRow(ctx, queries.Get("missing_ann_indexes")).Scan(&missing); err != nil {
		return false, postgres.Translate(err, "reading the HNSW indexes")
	}
	if missing == 0 {
		return false, nil
	}
	_, err := s.pool.Exec(ctx, queries.Get("build_ann_indexes"), pgx.QueryExecModeSimpleProtocol)
	return err == nil, postgres.Translate(err, "building the HNSW indexes")
}

// SearchPrinciples returns the top-K principles of one namespace and task type.
func (s *Store) SearchPrinciples(ctx context.Context, q Query) ([]Hit, error) {
	q.Channel = evokg.ChannelSuccess
	q, err := s.normalize(q)
	if err != nil {
		return nil, err
	}
	res, err := s.search(ctx, statement{queries.Get("search_principle"),
		[]any{q.Namespace, q.TaskType, encode(q.Embedding), q.K, q.MinSimilarity, s.exactScanMax}})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// Payloads returns the scoring columns and payload of the experiences ids of
// one namespace and task type, or of any task type when taskType is "" (for
// hits found by the structural and graph channels). Similarity is zero;
// unknown ids and memories not served (probationary, quarantined) are absent.
func (s *Store) Payloads(ctx context.Context, ns, taskType string, ids []uuid.UUID) ([]Hit, error) {
	return s.payloads(ctx, ns, taskType, ids, false)
}

// AnyPayloads is Payloads for memories in any state: a probation replay
// shows the learner a memory that is not served yet.
func (s *Store) AnyPayloads(ctx context.Context, ns, taskType string, ids []uuid.UUID) ([]Hit, error) {
	return s.payloads(ctx, ns, taskType, ids, true)
}

func (s *Store) payloads(ctx context.Context, ns, taskType string, ids []uuid.UUID, anyState bool) ([]Hit, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, queries.Get("payloads"), ns, taskType, ids, anyState)
	if err != nil {
		return nil, postgres.Translate(err, "reading experience payloads")
	}
	return collectHits(rows)
}

// NearDuplicates returns the pairs among ids (memories of namespace ns in
// any index) whose embeddings have cosine similarity at least minSimilarity.
func (s *Store) NearDuplicates(ctx context.Context, ns string, ids []uuid.UUID, minSimilarity float64) ([][2]uuid.UUID, error) {
	if len(ids) < 2 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, queries.Get("near_duplicates"), ns, ids, minSimilarity)
	if err != nil {
		return nil, postgres.Translate(err, "comparing memory embeddings")
	}
	pairs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) ([2]uuid.UUID, error) {
		var p [2]uuid.UUID
		err := row.Scan(&p[0], &p[1])
		return p, err
	})
	return pairs, postgres.Translate(err, "comparing memory embeddings")
}

func (s *Store) normalize(q Query) (Query, error) {
	if q.K == 0 {
		q.K = DefaultK
	}
	if q.Channel == "" {
		q.Channel = evokg.ChannelSuccess
	}
	if len(q.Outcomes) == 0 {
		q.Outcomes = []evokg.Outcome{evokg.OutcomeSuccess}
		if q.Channel == evokg.ChannelFailure {
			q.Outcomes = []evokg.Outcome{evokg.OutcomeFailure}
		}
	}
	var v evokg.FieldErrors
	v.Check(q.Namespace != "", "/namespace", "is required")
	v.Check(q.TaskType != "", "/task_type", "is required")
	v.Check(q.Channel == evokg.ChannelSuccess || q.Channel == evokg.ChannelFailure, "/channel", "must be success or failure")
	v.Check(q.K >= 1 && q.K <= MaxK, "/k", fmt.Sprintf("must be between 1 and %d", MaxK))
	v.Check(q.FailureKind == "" || q.FailureKind == evokg.FailureSpecific || q.FailureKind == evokg.FailureTypeStrategy,
		"/failure_kind", "must be specific or type_strategy")
	if err := v.Err(); err != nil {
		return q, err
	}
	return q, s.checkEmbedding(q.Embedding)
}

type statement struct {
	sql  string
	args []any
}

// search runs search statements in one batch: one round trip and one
// implicit transaction, to which the HNSW settings (ef_search, iterative
// scans) apply alone.
func (s *Store) search(ctx context.Context, stmts ...statement) ([][]Hit, error) {
	batch := &pgx.Batch{}
	batch.Queue(queries.Get("scan_settings"), s.efSearch, iterativeScan, planCacheMode)
	for _, st := range stmts {
		batch.Queue(st.sql, st.args...)
	}
	out, err := readBatch(s.pool.SendBatch(ctx, batch), len(stmts), collectHits)
	if err != nil {
		return nil, postgres.Translate(err, "searching the embedding index")
	}
	return out, nil
}

// readBatch reads the results of a batch whose first statement sets the
// scan settings and whose n others each return rows for collect.
func readBatch[T any](br pgx.BatchResults, n int, collect func(pgx.Rows) ([]T, error)) ([][]T, error) {
	defer br.Close()
	if _, err := br.Exec(); err != nil {
		return nil, err
	}
	out := make([][]T, n)
	for i := range out {
		rows, err := br.Query()
		if err != nil {
			return nil, err
		}
		if out[i], err = collect(rows); err != nil {
			return nil, err
		}
	}
	return out, br.Close()
}

// iterativeScan lets an HNSW scan continue past ef_search candidates until
// the filter is satisfied; relaxed order is re-sorted by the outer query.
const iterativeScan = "relaxed_order"

// planCacheMode plans every search with its values. The exact-or-index
// choice is made on the slice's counted size (see search_success.sql);
// within the index branch, the planner still weighs the slice's estimate.
// Measured and rejected: force_generic_plan (p50 went from 4.7 to 22 ms at
// 100k).
const planCacheMode = "force_custom_plan"

func collectHits(rows pgx.Rows) ([]Hit, error) {
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Hit, error) {
		var h Hit
		var outcome, kind string
		u := &h.Utility
		err := row.Scan(&h.ID, &h.TaskType, &outcome, &kind, &h.Quality, &h.Signature, &h.CreatedAt, &h.Similarity,
			&h.Payload.Question, &h.Payload.Answer, &h.Payload.Expression, &h.Payload.ChainOfThought, &h.Payload.Content, &h.Payload.Skill,
			&h.Payload.SkillSteps, &h.Payload.Errors, &h.Payload.Patches, &h.Payload.CriticNote, &h.Embedding,
			&u.State, &u.Reason, &u.ShownRight, &u.ShownWrong, &u.Helped, &u.Hurt, &u.Tied, &u.UpdatedAt)
		h.Outcome, h.FailureKind = evokg.Outcome(outcome), evokg.FailureKind(kind)
		u.ID, u.TaskType = h.ID, h.TaskType
		u.Score = evokg.UtilityScore(u.ShownRight, u.ShownWrong, u.Helped, u.Hurt)
		return h, err
	})
}

func (s *Store) checkEmbedding(embedding []float32) error {
	if len(embedding) != s.dim {
		return evokg.Invalid(evokg.FieldError{Pointer: "/embedding",
			Detail: fmt.Sprintf("has %d dimensions, the embedding indexes have %d", len(embedding), s.dim)})
	}
	return nil
}

// CheckDimension verifies that the embedding tables were created with
// dimension dim. A mismatch (or a database not yet migrated) is one clear error.
func CheckDimension(ctx context.Context, pool *pgxpool.Pool, dim int) error {
	rows, err := pool.Query(ctx, queries.Get("check_dimension"))
	if err != nil {
		return postgres.Translate(err, "checking the embedding dimension")
	}
	dims := map[string]int{}
	var table string
	var typmod int
	_, err = pgx.ForEachRow(rows, []any{&table, &typmod}, func() error { dims[table] = typmod; return nil })
	if err != nil {
		return postgres.Translate(err, "checking the embedding dimension")
	}
	if len(dims) == 0 {
		return evokg.Errorf(evokg.EUNAVAILABLE, "the embedding tables do not exist: run `evokg migrate` first")
	}
	for _, t := range []string{"success_index", "failure_index", "principle_embeddings", "asset_embeddings"} {
		if d, ok := dims[t]; ok && d != dim {
			return evokg.Errorf(evokg.EINVALID, "embedding dimension mismatch: the database's %s holds vector(%d) but the configured embedding dimension is %d; use a %d-dimensional embedding model or migrate a fresh database with EVOKG_EMBEDDING_DIM=%d",
				t, d, dim, d, dim)
		}
	}
	return nil
}

// encode passes a vector as a binary float4[] parameter, cast to vector in
// SQL: no per-connection type registration and no text parsing.
func encode(v []float32) []float32 { return v }

func nullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func signature(sig []string) []string {
	if sig == nil {
		return []string{}
	}
	return sig
}

func createdAt(exp *evokg.Experience) time.Time {
	if exp.CreatedAt.IsZero() {
		return evokg.Now()
	}
	return exp.CreatedAt
}

func outcomeStrings(os []evokg.Outcome) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = string(o)
	}
	return out
}
