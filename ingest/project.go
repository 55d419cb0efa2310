package ingest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/evokg/evokg"
)

// ProjectArgs asks the projection worker to write the committed
// experiences of one request (a single experience, a group of single
// requests committed together, a batch, an embedding job's experiences or
// an import chunk) into Neo4j: one job per accepted request, not per
// experience. The worker reads the embeddings from the
// index: the job stays small.
type ProjectArgs struct {
	Namespace     string      `json:"namespace"`
	ExperienceIDs []uuid.UUID `json:"experience_ids" river:"unique"`
	// EnqueuedAtUnixMicro lets the worker report projection lag.
	EnqueuedAtUnixMicro int64 `json:"enqueued_at_us,omitempty"`
}

// Kind implements river.JobArgs.
func (ProjectArgs) Kind() string { return "ingest_project" }

// KindAliases implements river.JobArgsWithKindAliases: a job the previous
// release enqueued under the old kind still runs. Remove it in the next
// release.
func (ProjectArgs) KindAliases() []string { return []string{"evokg_ingest_project"} }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (ProjectArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueProject, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// MaxProjectJobIDs bounds the experiences one projection job carries; a
// larger request or import chunk gets several jobs.
const MaxProjectJobIDs = 200

// projectJobs splits the ids of namespace ns into projection jobs.
func (s *Service) projectJobs(ns string, ids []uuid.UUID) []river.InsertManyParams {
	enqueued := evokg.Now().UnixMicro()
	var jobs []river.InsertManyParams
	for len(ids) > 0 {
		n := min(len(ids), MaxProjectJobIDs)
		args := ProjectArgs{Namespace: ns, ExperienceIDs: ids[:n:n], EnqueuedAtUnixMicro: enqueued}
		jobs = append(jobs, river.InsertManyParams{Args: args, InsertOpts: s.insertOpts(args)})
		ids = ids[n:]
	}
	return jobs
}

var errNoProjection = errors.New("the experience is still being evaluated")

// projectWorker writes queued experiences into Neo4j with their SIMILAR_TO
// candidates and marks them committed.
//
// Projection is batched opportunistically: the job for one experience
// claims up to Config.ProjectBatch−1 other queued experiences of the same
// namespace (row locks, SKIP LOCKED, held by the batch's Postgres
// transaction until they are marked committed) and writes them all in one
// graph transaction. The jobs of the claimed experiences wait for the batch
// (see pipeline) and complete when it committed them. Across processes the
// row locks keep batches disjoint; a job whose experience another process
// holds is snoozed, which costs no attempt.
type projectWorker struct {
	river.WorkerDefaults[ProjectArgs]
	svc   *Service
	deps  WorkerDeps
	links *linkStore
	pipe  *pipeline
}

// pending is one experience of a batch with its embedding (nil when its
// index row is missing: its recorded candidates are used).
type pending struct {
	exp       *evokg.Experience
	embedding []float32
}

var (
	// errHeldHere: a batch of this process holds the job's experience.
	errHeldHere = errors.New("the experience is in a running batch of this process")
	// errHeldElsewhere: another process's batch holds the job's experience.
	errHeldElsewhere = errors.New("the experience is in a running batch of another process")
)

// heldSnooze is how long a job waits for another process's batch to commit
// its experience before looking again.
const heldSnooze = time.Second

// Work projects the job's experiences in turn; most are committed by the
// batch the first one claims. A permanent failure of one experience marks
// it failed and the others go on; a transient one retries the job, whose
// next attempt finds the experiences already committed and skips them.
func (w *projectWorker) Work(ctx context.Context, job *river.Job[ProjectArgs]) error {
	a := job.Args
	for _, id := range a.ExperienceIDs {
		t := target{ns: a.Namespace, id: id, enqueuedAt: a.EnqueuedAtUnixMicro}
		err := w.work(ctx, t)
		if errors.Is(err, errHeldElsewhere) {
			return river.JobSnooze(heldSnooze)
		}
		err = w.svc.settle(ctx, job.JobRow, a.Namespace, id, "graph projection", err)
		var cancelled *rivertype.JobCancelError
		if err != nil && !errors.As(err, &cancelled) {
			return err
		}
	}
	return nil
}

// target is one experience of a projection job.
type target struct {
	ns         string
	id         uuid.UUID
	enqueuedAt int64 // µs since the epoch, for the lag
}

func (w *projectWorker) work(ctx context.Context, a target) error {
	// Most jobs of a busy namespace find their experience projected, or
	// being projected, by a batch: a plain read settles the first kind.
	rec, err := w.svc.Get(ctx, a.ns, a.id)
	if err != nil {
		return err
	}
	switch rec.Status {
	case evokg.StatusEvaluating:
		return errNoProjection
	case evokg.StatusCommitted:
		return nil
	}
	if err := w.linger(ctx, a); err != nil {
		return err
	}
	for {
		projected, err := w.pipe.await(ctx, a.ns, a.id)
		if err != nil || projected {
			return err
		}
		if err := w.runBatch(ctx, a); !errors.Is(err, errHeldHere) {
			return err
		}
	}
}

// linger waits until the experience has been accepted for
// Config.ProjectLinger, so that the experiences accepted meanwhile join its
// batch.
func (w *projectWorker) linger(ctx context.Context, a target) error {
	if w.svc.cfg.ProjectLinger <= 0 || a.enqueuedAt == 0 {
		return nil
	}
	wait := time.Until(time.UnixMicro(a.enqueuedAt).Add(w.svc.cfg.ProjectLinger))
	if wait <= 0 {
		return nil
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// runBatch claims a batch around the job's experience, finds its SIMILAR_TO
// candidates, then writes it into the graph and commits it, passing from
// the claim stage to the write stage of the namespace (see pipeline). Then,
// out of both stages, it lists the slices the batch grew for the HNSW index.
func (w *projectWorker) runBatch(ctx context.Context, a target) error {
	var grown []string // the committed batch's task types, once its stages are released
	defer func() { w.listGrownSlices(ctx, a.ns, grown) }()
	unlockClaim, err := w.pipe.claim.lock(ctx, a.ns)
	if err != nil {
		return err
	}
	defer func() {
		if unlockClaim != nil {
			unlockClaim()
		}
	}()
	tx, err := w.svc.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("beginning a projection batch: %w", err)
	}
	rollback := func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }
	defer rollback()
	batch, err := w.claim(ctx, tx, a)
	if err != nil || len(batch) == 0 {
		return err
	}
	ids := batchIDs(batch)
	f := w.pipe.start(a.ns, ids)
	var committed []uuid.UUID
	defer func() { rollback(); w.pipe.finish(a.ns, ids, f, committed) }()

	t0 := time.Now()
	similar, err := w.similar(ctx, batch)
	if err != nil {
		return err
	}
	unlockWrite, err := w.pipe.write.lock(ctx, a.ns)
	if err != nil {
		return err
	}
	defer unlockWrite()
	unlockClaim()
	unlockClaim = nil
	t1 := time.Now()
	written, err := w.project(ctx, batch, similar)
	if err != nil {
		return err
	}
	t2 := time.Now()
	if err := w.svc.MarkCommittedTx(ctx, tx, a.ns, batchIDs(written)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("committing a projection batch: %w", err)
	}
	committed = batchIDs(written)
	grown = batchTaskTypes(written)
	w.svc.logger.DebugContext(ctx, "projected experiences", "namespace", a.ns, "experience", a.id,
		"batch", len(written), "similar_ms", ms(t1.Sub(t0)), "graph_ms", ms(t2.Sub(t1)),
		"lag_ms", ms(time.Since(time.UnixMicro(a.enqueuedAt))))
	return nil
}

// listGrownSlices lists, for the HNSW index, the slices among taskTypes
// that have grown to the exact-scan bound (SliceLister). A failure is
// logged: the slice's next batch lists it, and its rows join its exactly
// scanned tail meanwhile.
func (w *projectWorker) listGrownSlices(ctx context.Context, ns string, taskTypes []string) {
	lister, ok := w.deps.Neighbors.(SliceLister)
	if !ok || len(taskTypes) == 0 {
		return
	}
	if _, err := lister.ListGrownSlices(ctx, ns, taskTypes); err != nil {
		w.svc.logger.WarnContext(ctx, "listing grown slices for the HNSW index", "namespace", ns, "err", err)
	}
}

func batchTaskTypes(batch []pending) []string {
	out := make([]string, len(batch))
	for i, p := range batch {
		out[i] = p.exp.TaskType
	}
	return out
}

// claim locks the job's experience and up to ProjectBatch−1 other queued
// ones of its namespace in tx. It returns nothing when the experience is
// committed already.
func (w *projectWorker) claim(ctx context.Context, tx pgx.Tx, a target) ([]pending, error) {
	own, status, err := lockExperience(ctx, tx, a.ns, a.id)
	if errors.Is(err, errHeldElsewhere) && w.pipe.holds(a.ns, a.id) {
		return nil, errHeldHere
	}
	if err != nil {
		return nil, err
	}
	switch status {
	case evokg.StatusEvaluating:
		return nil, errNoProjection
	case evokg.StatusCommitted:
		return nil, nil // projected by a batch meanwhile
	}
	batch := []pending{{exp: own}}
	if _, ok := w.deps.Projector.(BatchProjector); ok && w.svc.cfg.ProjectBatch > 1 {
		others, err := claimQueued(ctx, tx, a.ns, a.id, w.svc.cfg.ProjectBatch-1)
		if err != nil {
			return nil, err
		}
		batch = append(batch, others...)
	}
	vecs, err := embeddings(ctx, tx, a.ns, batch)
	if err != nil {
		return nil, err
	}
	for i := range batch {
		batch[i].embedding = vecs[batch[i].exp.ID]
	}
	return batch, nil
}

func batchIDs(batch []pending) []uuid.UUID {
	ids := make([]uuid.UUID, len(batch))
	for i, p := range batch {
		ids[i] = p.exp.ID
	}
	return ids
}

// project writes the batch into the graph. When the graph refuses it for
// good (one experience is protected, conflicting or invalid) only the job's
// own experience (the first) is projected, so the refusal lands on the
// experience it belongs to and the others wait for their own jobs. It
// returns the experiences it projected.
func (w *projectWorker) project(ctx context.Context, batch []pending, similar map[uuid.UUID][]evokg.SimilarExperience) ([]pending, error) {
	bp, ok := w.deps.Projector.(BatchProjector)
	if !ok || len(batch) == 1 {
		own := batch[0].exp
		return batch[:1], w.deps.Projector.ProjectExperience(ctx, own, similar[own.ID])
	}
	exps := make([]*evokg.Experience, len(batch))
	for i, p := range batch {
		exps[i] = p.exp
	}
	err := bp.ProjectExperiences(ctx, exps, similar)
	if err == nil || !permanent(err) {
		return batch, err
	}
	w.svc.logger.WarnContext(ctx, "batch projection refused, projecting the job's experience alone",
		"namespace", batch[0].exp.Namespace, "experience", batch[0].exp.ID, "batch", len(batch), "err", err)
	own := batch[0].exp
	return batch[:1], w.deps.Projector.ProjectExperience(ctx, own, similar[own.ID])
}

// similar finds the SIMILAR_TO candidates of the batch once (pgvector
// neighbours above the threshold, one round trip) and records them, so a
// retry or a graph rebuild draws the same edges. Experiences without an
// embedding, or all of them without Neighbors, use the recorded ones.
func (w *projectWorker) similar(ctx context.Context, batch []pending) (map[uuid.UUID][]evokg.SimilarExperience, error) {
	out := make(map[uuid.UUID][]evokg.SimilarExperience, len(batch))
	var queries []SimilarQuery
	for _, p := range batch {
		if w.deps.Neighbors == nil || p.embedding == nil {
			s, err := w.links.load(ctx, p.exp.Namespace, p.exp.ID)
			if err != nil {
				return nil, err
			}
			out[p.exp.ID] = s
			continue
		}
		queries = append(queries, SimilarQuery{Experience: p.exp, Embedding: p.embedding})
	}
	if len(queries) == 0 {
		return out, nil
	}
	hits, err := w.neighbors(ctx, queries)
	if err != nil {
		return nil, err
	}
	found := make(map[uuid.UUID][]evokg.SimilarExperience, len(queries))
	for i, q := range queries {
		var keep []evokg.SimilarExperience
		for _, h := range hits[i] {
			if h.ID != q.Experience.ID && h.Cosine > w.svc.cfg.SimilarThreshold {
				keep = append(keep, h)
			}
		}
		found[q.Experience.ID], out[q.Experience.ID] = keep, keep
	}
	if err := w.links.saveBatch(ctx, batch[0].exp.Namespace, found); err != nil {
		return nil, err
	}
	return out, nil
}

func (w *projectWorker) neighbors(ctx context.Context, qs []SimilarQuery) ([][]evokg.SimilarExperience, error) {
	k := w.svc.cfg.SimilarK + 1
	if bn, ok := w.deps.Neighbors.(BatchNeighbors); ok {
		return bn.SimilarBatch(ctx, qs, k, w.svc.cfg.SimilarThreshold)
	}
	out := make([][]evokg.SimilarExperience, len(qs))
	for i, q := range qs {
		hits, err := w.deps.Neighbors.Similar(ctx, q.Experience, q.Embedding, k, w.svc.cfg.SimilarThreshold)
		if err != nil {
			return nil, err
		}
		out[i] = hits
	}
	return out, nil
}

// lockExperience reads and locks the job's experience; errHeldElsewhere
// when another transaction holds it (or it is gone: the job's next attempt
// finds out which).
func lockExperience(ctx context.Context, tx pgx.Tx, ns string, id uuid.UUID) (*evokg.Experience, evokg.IngestStatus, error) {
	var raw []byte
	var status string
	err := tx.QueryRow(ctx, queries.Get("lock_experience"), ns, id).Scan(&raw, &status)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, "", errHeldElsewhere
	}
	if err != nil {
		return nil, "", fmt.Errorf("locking experience %s: %w", id, err)
	}
	var exp evokg.Experience
	if err := json.Unmarshal(raw, &exp); err != nil {
		return nil, "", fmt.Errorf("decoding experience %s: %w", id, err)
	}
	return &exp, evokg.IngestStatus(status), nil
}

// claimQueued locks up to limit other queued experiences of ns.
func claimQueued(ctx context.Context, tx pgx.Tx, ns string, own uuid.UUID, limit int) ([]pending, error) {
	rows, err := tx.Query(ctx, queries.Get("claim_queued"), ns, own, limit)
	if err != nil {
		return nil, fmt.Errorf("claiming queued experiences: %w", err)
	}
	claimed, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (pending, error) {
		var raw []byte
		exp := new(evokg.Experience)
		if err := r.Scan(&raw); err != nil {
			return pending{}, err
		}
		return pending{exp: exp}, json.Unmarshal(raw, exp)
	})
	return claimed, wrapErr("claiming queued experiences", err)
}

// embeddings reads the indexed embeddings of the batch's experiences.
func embeddings(ctx context.Context, tx pgx.Tx, ns string, batch []pending) (map[uuid.UUID][]float32, error) {
	ids, taskTypes := make([]uuid.UUID, len(batch)), make([]string, len(batch))
	for i, p := range batch {
		ids[i], taskTypes[i] = p.exp.ID, p.exp.TaskType
	}
	rows, err := tx.Query(ctx, queries.Get("claimed_embeddings"), ns, ids, taskTypes)
	if err != nil {
		return nil, fmt.Errorf("reading embeddings: %w", err)
	}
	out := make(map[uuid.UUID][]float32, len(ids))
	var id uuid.UUID
	var vec []float32
	_, err = pgx.ForEachRow(rows, []any{&id, &vec}, func() error {
		out[id] = vec
		vec = nil
		return nil
	})
	return out, wrapErr("reading embeddings", err)
}

func wrapErr(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
