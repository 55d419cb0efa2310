package ingest

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/utility"
)

// item is one experience ready to be written.
type item struct {
	exp       *evokg.Experience
	status    evokg.IngestStatus
	embedding []float32
	gate      *evokg.GateDecision // pre-evaluated with an evaluation
	probation bool                // the writer asked that it start probationary
}

// result is the item's receipt.
func (it item) result() evokg.IngestReceipt {
	if it.status == evokg.StatusEvaluating {
		return evokg.IngestReceipt{ID: it.exp.ID, Status: it.status}
	}
	return evokg.IngestReceipt{ID: it.exp.ID, Status: it.status, Outcome: it.exp.Outcome, Gate: it.gate}
}

// commit prepares every request and writes them in one transaction with
// their jobs and the idempotency record; a single request is group
// committed with concurrent ones (see committer). No model is called:
// experiences that need a model (embedding, evaluation) wait for it in a
// worker.
func (s *Service) commit(ctx context.Context, ns string, reqs []evokg.ExperienceInput, idemKey, kind string) ([]evokg.IngestReceipt, error) {
	items, err := s.prepare(ns, reqs)
	if err != nil {
		return nil, err
	}
	results := make([]evokg.IngestReceipt, len(items))
	for i, it := range items {
		results[i] = it.result()
	}
	var response any = results
	if kind == "single" {
		response = results[0]
	}
	var hash []byte
	if idemKey != "" {
		hash = requestHash(kind, reqsFor(kind, reqs))
	}
	held, err := s.admit.hold(ctx, ns, len(items))
	if err != nil {
		return nil, err
	}
	if held > 0 {
		s.logger.DebugContext(ctx, "held a write for the graph (projection lag or reads first)", "namespace", ns, "held_ms", held.Milliseconds())
	}
	w := newWrite(ns, items, idemKey, hash, response)
	if kind == "single" {
		err = s.group.submit(ctx, w)
	} else {
		err = s.writeGroup(ctx, []*write{w})
	}
	if err != nil {
		return nil, err
	}
	s.logger.DebugContext(ctx, "ingested experiences", "namespace", ns, "count", len(items))
	return results, nil
}

// writeGroup writes ws, with their idempotency records and jobs, in one
// transaction.
func (s *Service) writeGroup(ctx context.Context, ws []*write) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var items []item
		for _, w := range ws {
			if w.idemKey != "" {
				if err := putIdempotency(ctx, tx, w.ns, w.idemKey, w.hash, w.response); err != nil {
					return err
				}
			}
			items = append(items, w.items...)
		}
		return s.writeItems(ctx, tx, items)
	})
	return postgres.Translate(err, "committing experiences")
}

func reqsFor(kind string, reqs []evokg.ExperienceInput) any {
	if kind == "single" {
		return reqs[0]
	}
	return reqs
}

func (s *Service) prepare(ns string, reqs []evokg.ExperienceInput) ([]item, error) {
	items := make([]item, len(reqs))
	for i := range reqs {
		items[i] = s.newItem(ns, &reqs[i])
		if e := items[i].embedding; e != nil && len(e) != s.cfg.EmbeddingDim {
			return nil, evokg.Invalid(evokg.FieldError{Pointer: pointerIn(len(items), i, "/embedding"),
				Detail: fmt.Sprintf("has %d dimensions, the index has %d", len(e), s.cfg.EmbeddingDim)})
		}
	}
	return items, nil
}

func pointerIn(n, i int, p string) string {
	if n == 1 {
		return p
	}
	return fmt.Sprintf("/%d%s", i, p)
}

// newItem builds the experience record of a request. The quality gate
// decides a pre-evaluated one here, before its class picks its index;
// platform-evaluated ones keep a provisional outcome until the evaluation
// worker grades them and the gate decides.
func (s *Service) newItem(ns string, r *evokg.ExperienceInput) item {
	exp := experienceFrom(ns, r, s.cfg.ChainOfThoughtRunes)
	if r.PreEvaluated() {
		status := evokg.StatusQueued
		if r.Embedding == nil {
			status = evokg.StatusEmbedding
		}
		return item{exp: exp, status: status, embedding: r.Embedding, gate: exp.ApplyQualityGate(), probation: r.Probation}
	}
	if exp.Outcome == "" {
		exp.Outcome = evokg.OutcomeSuccess
	}
	return item{exp: exp, status: evokg.StatusEvaluating, embedding: r.Embedding, probation: r.Probation}
}

// experienceFrom is the stored form of a posted experience: the agent's
// fields as sent, the chain of thought cut to its rune cap, and the
// platform's own fields (id, namespace, version, time, q and gate status).
// One sent without a signature but with an arithmetic expression gets the
// expression's operations as its signature, so the structural channel can
// match it (a platform-evaluated one then needs no model call for it).
func experienceFrom(ns string, in *evokg.ExperienceInput, cotRunes int) *evokg.Experience {
	exp := &evokg.Experience{ID: evokg.NewID(), Namespace: ns, ExperienceFields: in.ExperienceFields, Version: 1, CreatedAt: evokg.Now()}
	exp.ChainOfThought = evokg.TruncateRunes(in.ChainOfThought, cotRunes)
	if ev := in.Evaluation; ev != nil {
		e := evokg.NewEvaluation(ev.Correct, ev.Efficient, ev.Complete, ev.TeacherFeedback)
		e.CriticNote = ev.CriticNote
		exp.Evaluation = &e
	}
	if exp.Outcome == evokg.OutcomeFailure && exp.FailureKind == "" {
		exp.FailureKind = evokg.FailureSpecific
	}
	if len(exp.Signature) == 0 {
		exp.Signature, _ = questions.Operations(exp.Expression)
	}
	return exp
}

func (s *Service) embedTexts(ctx context.Context, texts []string) ([][]float32, error) {
	if s.embed == nil {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/embedding", Detail: "is required: no embedding model is configured"})
	}
	vecs, err := s.embed.Embed(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("embedding experiences: %w", err)
	}
	if len(vecs) != len(texts) {
		return nil, evokg.Errorf(evokg.EUNAVAILABLE, "the embedding model returned %d vectors for %d texts", len(vecs), len(texts))
	}
	return vecs, nil
}

// writeItems inserts the rows and the vector rows of the items that have
// their embedding in one round trip, then their jobs with one InsertManyTx,
// in tx.
func (s *Service) writeItems(ctx context.Context, tx pgx.Tx, items []item) error {
	batch := &pgx.Batch{}
	probationary := map[string][]uuid.UUID{} // by namespace: the memories that start probationary
	for _, it := range items {
		if err := queueInsert(batch, it.exp, it.status); err != nil {
			return err
		}
		utility.QueueWritten(batch, it.exp, it.probation, func(id uuid.UUID) { probationary[it.exp.Namespace] = append(probationary[it.exp.Namespace], id) })
		if it.status != evokg.StatusQueued {
			continue
		}
		if err := s.index.QueueInsert(batch, it.exp, it.embedding); err != nil {
			return fmt.Errorf("indexing experience %s: %w", it.exp.ID, err)
		}
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("inserting experiences: %w", err)
	}
	return s.enqueue(ctx, tx, items, probationary)
}

// enqueue inserts the outbox entries of items in tx: an evaluation job per
// experience the platform grades, and per namespace one embedding job for
// those waiting for their embedding, one projection job (per
// MaxProjectJobIDs) for the queued ones and one job mirroring the state of
// those that start probationary onto their graph nodes.
func (s *Service) enqueue(ctx context.Context, tx pgx.Tx, items []item, probationary map[string][]uuid.UUID) error {
	var jobs []river.InsertManyParams
	for _, group := range byNamespace(items) {
		jobs = append(jobs, s.jobsOf(group)...)
		if ids := probationary[group[0].exp.Namespace]; len(ids) > 0 {
			jobs = append(jobs, river.InsertManyParams{Args: utility.MirrorArgs{Namespace: group[0].exp.Namespace, IDs: ids}})
		}
	}
	if len(jobs) == 0 {
		return nil
	}
	if _, err := s.queue.InsertManyTx(ctx, tx, jobs); err != nil {
		return fmt.Errorf("enqueueing jobs: %w", err)
	}
	return nil
}

// byNamespace splits items by namespace, in order of first appearance.
func byNamespace(items []item) [][]item {
	var groups [][]item
	at := map[string]int{}
	for _, it := range items {
		i, ok := at[it.exp.Namespace]
		if !ok {
			i = len(groups)
			at[it.exp.Namespace] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], it)
	}
	return groups
}

// jobsOf returns the jobs of items of one namespace.
func (s *Service) jobsOf(items []item) []river.InsertManyParams {
	ns := items[0].exp.Namespace
	var jobs []river.InsertManyParams
	var toEmbed, toProject []uuid.UUID
	for _, it := range items {
		switch it.status {
		case evokg.StatusEvaluating:
			job := EvaluateArgs{Namespace: ns, ExperienceID: it.exp.ID, Embedding: it.embedding}
			jobs = append(jobs, river.InsertManyParams{Args: job, InsertOpts: s.insertOpts(job)})
		case evokg.StatusEmbedding:
			toEmbed = append(toEmbed, it.exp.ID)
		default:
			toProject = append(toProject, it.exp.ID)
		}
	}
	if len(toEmbed) > 0 {
		job := EmbedArgs{Namespace: ns, ExperienceIDs: toEmbed}
		jobs = append(jobs, river.InsertManyParams{Args: job, InsertOpts: s.insertOpts(job)})
	}
	return append(jobs, s.projectJobs(ns, toProject)...)
}

func queueInsert(b *pgx.Batch, exp *evokg.Experience, status evokg.IngestStatus) error {
	record, err := json.Marshal(exp)
	if err != nil {
		return err
	}
	b.Queue(queries.Get("insert_experience"), exp.ID, exp.Namespace, exp.TaskType, string(exp.Outcome),
		nullable(string(exp.FailureKind)), string(status), record, exp.Quality(), exp.Confidence,
		nonNil(exp.Signature), exp.Supersedes, exp.CreatedAt)
	return nil
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// errReplay aborts a transaction whose idempotency key already exists. It is
// a domain error so that it passes postgres.Translate unchanged.
var errReplay = &evokg.Error{Code: evokg.ECONFLICT, Message: "the idempotency key is already used"}

// insertOpts routes a job to its configured queue; uniqueness comes from the
// job's own InsertOpts.
func (s *Service) insertOpts(job river.JobArgs) *river.InsertOpts {
	switch job.(type) {
	case EvaluateArgs, EmbedArgs:
		return &river.InsertOpts{Queue: s.cfg.EvaluateQueue}
	}
	return &river.InsertOpts{Queue: s.cfg.ProjectQueue}
}
