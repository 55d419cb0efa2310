package evolution

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/runs"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// newRun is a queued run of params.Namespace.
func newRun(params Params) *evokg.EvolutionRun {
	return &evokg.EvolutionRun{ID: evokg.NewID(), Namespace: params.Namespace, Status: evokg.RunQueued, Iterations: params.Iterations}
}

// state is what an iteration carries over to the next; it is persisted
// with the iteration so a run resumes where it stopped.
type state struct {
	Results      map[string]bool `json:"results"`       // item id → correct at the last evaluation
	LastAccuracy float64         `json:"last_accuracy"` // last accepted iteration
	BestAccuracy float64         `json:"best_accuracy"`
	LastSnapshot uuid.UUID       `json:"last_snapshot"`
	BestSnapshot uuid.UUID       `json:"best_snapshot"`
	Rollbacks    int             `json:"rollbacks"`
	// TypeStrategies is the latest type_strategy memory per task type (the
	// next one supersedes it).
	TypeStrategies map[string]uuid.UUID `json:"type_strategies"`
	// Signatures are the procedural signatures the run extracted, by the
	// memory's task type, question and steps (runner.signature).
	Signatures map[string][]string `json:"signatures,omitempty"`
	// Memories are the counts after the last iteration (append-only check).
	Memories MemoryCounts `json:"memories"`
	// Baseline is each validation and test item's grade without memory,
	// measured once per run and baseline profile (BaselineProfile, the
	// profile calibrated without memory): the frozen learner without memory
	// does not change, but a profile's reasoning and schema change how it
	// answers.
	Baseline        map[string]bool       `json:"baseline,omitempty"`
	BaselineProfile *evokg.LearnerProfile `json:"baseline_profile,omitempty"`
	Calls           callCounts            `json:"calls"`
}

// snapshot is a Delta-Guard snapshot of the mutable slots: the skill
// slots, the bandit posteriors (for the record) and the run's own bandit
// contributions (what a rollback takes back to).
type snapshot struct {
	ID         uuid.UUID             `json:"id"`
	Iteration  int                   `json:"iteration"`
	Skills     []evokg.SkillSlots    `json:"skills"`
	Bandits    bandit.Posteriors     `json:"bandits"`
	RunBandits []bandit.Contribution `json:"run_bandits"`
	Accuracy   float64               `json:"accuracy"`
}

// store persists runs, iterations and snapshots in Postgres.
type store struct{ pool *pgxpool.Pool }

func (s *store) insertRun(ctx context.Context, r *evokg.EvolutionRun, params Params) error {
	return insertRun(ctx, s.pool, r, params, uuid.Nil)
}

// insertRun creates r with params, started by key (uuid.Nil: the CLI),
// unless its namespace has an active run, which the ECONFLICT error then
// names. The database decides: of two callers racing (API replicas, the
// CLI), exactly one inserts.
func insertRun(ctx context.Context, q runs.Querier, r *evokg.EvolutionRun, p Params, key uuid.UUID) error {
	params, err := json.Marshal(p)
	if err != nil {
		return err
	}
	for range runs.InsertAttempts {
		err = q.QueryRow(ctx, queries.Get("insert_run"), r.ID, r.Namespace, r.Status, params, runs.KeyParam(key)).Scan(&r.CreatedAt, &r.UpdatedAt)
		if !errors.Is(err, pgx.ErrNoRows) {
			return postgres.Translate(err, "creating the run")
		}
		if err := runs.ActiveConflict(ctx, q, queries.Get("active_run"), "evolution run", r.Namespace, ErrActiveRun); err != nil {
			return err
		}
	}
	return runs.Raced("evolution run", r.Namespace)
}

// ErrActiveRun is wrapped by the ECONFLICT error of a start refused because
// the namespace already has an active run.
var ErrActiveRun = errors.New("evolution: the namespace has an active run")

// scanRun reads a run without its metrics.
func scanRun(row pgx.Row) (*evokg.EvolutionRun, error) {
	var r evokg.EvolutionRun
	var raw []byte
	if err := row.Scan(&r.ID, &r.Namespace, &r.Status, &raw, &r.Iteration, &r.Error, &r.CreatedAt, &r.UpdatedAt); err != nil {
		return nil, err
	}
	var p Params
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, fmt.Errorf("decoding run params: %w", err)
	}
	r.Iterations = p.WithDefaults().Iterations
	return &r, nil
}

// params returns the params run id was started with.
func (s *store) params(ctx context.Context, ns string, id uuid.UUID) (Params, error) {
	var p Params
	var raw []byte
	if err := s.pool.QueryRow(ctx, queries.Get("run_params"), ns, id).Scan(&raw); err != nil {
		return p, postgres.Translate(err, "reading the run params")
	}
	return p, json.Unmarshal(raw, &p)
}

func (s *store) getRun(ctx context.Context, ns string, id uuid.UUID) (*evokg.EvolutionRun, error) {
	r, err := scanRun(s.pool.QueryRow(ctx, queries.Get("get_run"), ns, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, evokg.Errorf(evokg.ENOTFOUND, "evolution run %s not found", id)
	}
	return r, postgres.Translate(err, "reading the run")
}

func (s *store) listRuns(ctx context.Context, ns string, limit int) ([]*evokg.EvolutionRun, error) {
	rows, err := s.pool.Query(ctx, queries.Get("list_runs"), ns, limit)
	if err != nil {
		return nil, postgres.Translate(err, "listing runs")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*evokg.EvolutionRun, error) { return scanRun(r) })
	return out, postgres.Translate(err, "listing runs")
}

// startRun marks the run running; ok is false when it is already finished.
func (s *store) startRun(ctx context.Context, ns string, id uuid.UUID) (bool, error) {
	var status evokg.RunStatus
	err := s.pool.QueryRow(ctx, queries.Get("start_run"), ns, id).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, postgres.Translate(err, "starting the run")
}

func (s *store) finishRun(ctx context.Context, ns string, id uuid.UUID, status evokg.RunStatus, msg string) error {
	_, err := s.pool.Exec(ctx, queries.Get("finish_run"), ns, id, status, msg)
	return postgres.Translate(err, "finishing the run")
}

func (s *store) cancelRun(ctx context.Context, ns string, id uuid.UUID) (bool, error) {
	var got uuid.UUID
	err := s.pool.QueryRow(ctx, queries.Get("cancel_run"), ns, id).Scan(&got)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, postgres.Translate(err, "cancelling the run")
}

func (s *store) runStatus(ctx context.Context, ns string, id uuid.UUID) (evokg.RunStatus, error) {
	var status evokg.RunStatus
	err := s.pool.QueryRow(ctx, queries.Get("run_status"), ns, id).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", evokg.Errorf(evokg.ENOTFOUND, "evolution run %s not found", id)
	}
	return status, postgres.Translate(err, "reading the run status")
}

func (s *store) saveIteration(ctx context.Context, ns string, run uuid.UUID, m *Metrics, st *state) error {
	metrics, err := json.Marshal(m)
	if err != nil {
		return err
	}
	results, err := json.Marshal(st)
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, queries.Get("insert_iteration"), ns, run, m.Iteration, metrics, results)
	return postgres.Translate(err, "saving the iteration")
}

func (s *store) metrics(ctx context.Context, ns string, run uuid.UUID) ([]Metrics, error) {
	rows, err := s.pool.Query(ctx, queries.Get("list_iterations"), ns, run)
	if err != nil {
		return nil, postgres.Translate(err, "reading metrics")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Metrics, error) {
		var m Metrics
		var raw []byte
		if err := r.Scan(&raw); err != nil {
			return m, err
		}
		return m, json.Unmarshal(raw, &m)
	})
	return out, postgres.Translate(err, "reading metrics")
}

// lastState returns the last completed iteration and its state (0 and a
// fresh state for a new run).
func (s *store) lastState(ctx context.Context, ns string, run uuid.UUID) (int, *state, error) {
	var k int
	var raw []byte
	err := s.pool.QueryRow(ctx, queries.Get("last_state"), ns, run).Scan(&k, &raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, &state{Results: map[string]bool{}, TypeStrategies: map[string]uuid.UUID{}, Signatures: map[string][]string{}}, nil
	}
	if err != nil {
		return 0, nil, postgres.Translate(err, "reading the run state")
	}
	st := &state{}
	if err := json.Unmarshal(raw, st); err != nil {
		return 0, nil, fmt.Errorf("decoding the run state: %w", err)
	}
	if st.TypeStrategies == nil {
		st.TypeStrategies = map[string]uuid.UUID{}
	}
	if st.Signatures == nil {
		st.Signatures = map[string][]string{}
	}
	return k, st, nil
}

func (s *store) saveSnapshot(ctx context.Context, ns string, run uuid.UUID, snap *snapshot) error {
	skills, err := json.Marshal(snap.Skills)
	if err != nil {
		return err
	}
	bandits, err := json.Marshal(snap.Bandits)
	if err != nil {
		return err
	}
	own, err := json.Marshal(snap.RunBandits)
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, queries.Get("insert_snapshot"), snap.ID, ns, run, snap.Iteration, skills, bandits, snap.Accuracy, own)
	return postgres.Translate(err, "saving a snapshot")
}

func (s *store) snapshot(ctx context.Context, ns string, id uuid.UUID) (*snapshot, error) {
	snap := &snapshot{ID: id}
	var skills, bandits, own []byte
	err := s.pool.QueryRow(ctx, queries.Get("get_snapshot"), ns, id).Scan(&snap.Iteration, &skills, &bandits, &snap.Accuracy, &own)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, evokg.Errorf(evokg.ENOTFOUND, "snapshot %s not found", id)
	}
	if err != nil {
		return nil, postgres.Translate(err, "reading a snapshot")
	}
	if err := json.Unmarshal(skills, &snap.Skills); err != nil {
		return nil, err
	}
	if own != nil { // NULL before migration 00007: the run had no recorded contributions then
		if err := json.Unmarshal(own, &snap.RunBandits); err != nil {
			return nil, err
		}
	}
	return snap, json.Unmarshal(bandits, &snap.Bandits)
}

// MemoryCounts are committed memories by class.
type MemoryCounts struct {
	Success    int64 `json:"success"`
	Failure    int64 `json:"failure"`
	Principles int64 `json:"principles"`
	Other      int64 `json:"other"`
}

func (s *store) memoryCounts(ctx context.Context, ns string) (MemoryCounts, error) {
	var c MemoryCounts
	rows, err := s.pool.Query(ctx, queries.Get("count_memories"), ns)
	if err != nil {
		return c, postgres.Translate(err, "counting memories")
	}
	defer rows.Close()
	for rows.Next() {
		var outcome string
		var n int64
		if err := rows.Scan(&outcome, &n); err != nil {
			return c, err
		}
		switch evokg.Outcome(outcome) {
		case evokg.OutcomeSuccess:
			c.Success = n
		case evokg.OutcomeFailure:
			c.Failure = n
		case evokg.OutcomePrinciple:
			c.Principles = n
		default:
			c.Other += n
		}
	}
	return c, postgres.Translate(rows.Err(), "counting memories")
}

// checkAppendOnly enforces the Curator's invariant that protected memories
// only grow: a count below the previous iteration's means one was removed.
func checkAppendOnly(prev, now MemoryCounts) error {
	if now.Success < prev.Success || now.Failure < prev.Failure || now.Principles < prev.Principles {
		return &evokg.Error{Code: evokg.EINTERNAL, Message: "protected memories decreased during the run",
			Err: fmt.Errorf("append-only invariant: %+v after %+v", now, prev)}
	}
	return nil
}

// ErrRunBusy is returned when another worker is executing the run.
var ErrRunBusy = evokg.Errorf(evokg.ECONFLICT, "the evolution run is being executed by another worker")

// lockRun holds the run's advisory lock while it executes.
func (s *store) lockRun(ctx context.Context, id uuid.UUID) (unlock func(), err error) {
	return runs.Lock(ctx, s.pool, "evokg.evolution_run", id, ErrRunBusy)
}

// questionMemories maps the normalized question of each of items to the
// memories of ns written from it (questions.Normalize).
func (s *store) questionMemories(ctx context.Context, ns string, items []questions.Item) (map[string][]uuid.UUID, error) {
	asked := map[string]bool{}
	for _, it := range items {
		asked[questions.Normalize(it.Question)] = true
	}
	rows, err := s.pool.Query(ctx, queries.Get("question_memories"), ns)
	if err != nil {
		return nil, postgres.Translate(err, "reading the questions of memories")
	}
	out := map[string][]uuid.UUID{}
	for rows.Next() {
		var id uuid.UUID
		var q string
		if err := rows.Scan(&id, &q); err != nil {
			rows.Close()
			return nil, err
		}
		if key := questions.Normalize(q); asked[key] {
			out[key] = append(out[key], id)
		}
	}
	return out, postgres.Translate(rows.Err(), "reading the questions of memories")
}

// latestParams returns the params of the newest run of ns; found is false
// when ns has none.
func (s *store) latestParams(ctx context.Context, ns string) (p Params, found bool, err error) {
	var raw []byte
	err = s.pool.QueryRow(ctx, queries.Get("latest_run_params"), ns).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, false, nil
	}
	if err != nil {
		return p, false, postgres.Translate(err, "reading the latest run")
	}
	return p, true, json.Unmarshal(raw, &p)
}
