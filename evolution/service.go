package evolution

import (
	"cmp"
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/runs"
)

// RunArgs is the River job that executes one run.
type RunArgs struct {
	RunID     uuid.UUID `json:"run_id"`
	Namespace string    `json:"namespace"`
}

// Kind is the River job kind.
func (RunArgs) Kind() string { return "evolution_run" }

// InsertOpts keeps one job per run on the evolution queue and retries a
// crashed run, which resumes from its last completed iteration.
func (RunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// Worker executes RunArgs jobs with an Engine.
type Worker struct {
	river.WorkerDefaults[RunArgs]
	engine *Engine
}

var _ river.Worker[RunArgs] = (*Worker)(nil)

// NewWorker returns the River worker of evolution runs.
func NewWorker(engine *Engine) *Worker { return &Worker{engine: engine} }

// Timeout: a run takes as long as its iterations take.
func (w *Worker) Timeout(*river.Job[RunArgs]) time.Duration { return -1 }

// Work runs (or resumes) the run. A cancelled or finished run completes
// the job without work.
func (w *Worker) Work(ctx context.Context, job *river.Job[RunArgs]) error {
	canRetry := job.Attempt < job.MaxAttempts
	_, err := w.engine.execute(ctx, job.Args.Namespace, job.Args.RunID, nil, canRetry)
	return w.engine.life.JobResult(ctx, err, canRetry)
}

// Workers are the worker of the evolution runs and the queue it runs on,
// as a job client takes them.
type Workers struct {
	engine *Engine
}

// Workers returns the worker of the engine's runs.
func (e *Engine) Workers() *Workers { return &Workers{engine: e} }

// Queues is the evolution queue, at Limits.RunsPerWorker.
func (w *Workers) Queues() map[string]river.QueueConfig {
	return map[string]river.QueueConfig{Queue: {MaxWorkers: w.engine.deps.Limits.RunsPerWorker}}
}

// AddWorkers registers the run worker on ws.
func (w *Workers) AddWorkers(ws *river.Workers) error {
	return river.AddWorkerSafely(ws, NewWorker(w.engine))
}

// Execute loads run id, marks it running, runs it to the end and records
// the outcome. It returns the run as it ended.
func (e *Engine) Execute(ctx context.Context, ns string, id uuid.UUID, progress ProgressFunc) (*Result, error) {
	return e.execute(ctx, ns, id, progress, false)
}

func (e *Engine) execute(ctx context.Context, ns string, id uuid.UUID, progress ProgressFunc, canRetry bool) (*Result, error) {
	unlock, err := e.store.lockRun(ctx, id)
	if err != nil {
		return nil, err
	}
	defer unlock()
	ok, err := e.store.startRun(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return e.Get(ctx, ns, id) // it ended already
	}
	params, err := e.store.params(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	params.Namespace = ns
	runErr := e.Run(ctx, id, params, progress)
	if err := e.life.Record(ctx, ns, id, runErr, canRetry); err != nil {
		return nil, err
	}
	final, err := e.Get(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	return final, runErr
}

// Result is a run with its metrics: in full (Metrics), and as the API
// shows them (Run.Metrics).
type Result struct {
	Run     *evokg.EvolutionRun `json:"run"`
	Metrics []Metrics           `json:"metrics"`
}

// Get returns run id with its per-iteration metrics.
func (e *Engine) Get(ctx context.Context, ns string, id uuid.UUID) (*Result, error) {
	run, err := e.store.getRun(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	metrics, err := e.store.metrics(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	for _, m := range metrics {
		run.Metrics = append(run.Metrics, m.summary())
	}
	return &Result{Run: run, Metrics: metrics}, nil
}

// Service is what the API calls: it creates runs and enqueues their job in
// one transaction, reads, lists and cancels them.
type Service struct {
	engine *Engine
	river  *river.Client[pgx.Tx]
	bounds runs.Bounds
}

var _ evokg.EvolutionService = (*Service)(nil)

// NewService returns a Service; client enqueues jobs (it need not work them).
// Its active runs are bounded by the default runs.Bounds until WithBounds.
func NewService(engine *Engine, client *river.Client[pgx.Tx]) *Service {
	return &Service{engine: engine, river: client}
}

// WithBounds sets the bounds of active runs per API key and per tenant.
func (s *Service) WithBounds(b runs.Bounds) *Service {
	s.bounds = b
	return s
}

// Start validates params against the limits, creates a queued run of
// namespace ns started by key (uuid.Nil: none) and enqueues its job in the
// same transaction. A run over a cap is ELIMIT; a namespace with an active
// run already is ECONFLICT (wrapping ErrActiveRun), naming that run; a key
// or tenant at its bound of active runs is EQUOTA.
func (s *Service) Start(ctx context.Context, ns string, key uuid.UUID, params Params) (*evokg.EvolutionRun, error) {
	params.Namespace = ns
	params, err := s.engine.admit(params)
	if err != nil {
		return nil, err
	}
	run := newRun(params)
	err = pgx.BeginFunc(ctx, s.engine.deps.Pool, func(tx pgx.Tx) error {
		if err := insertRun(ctx, tx, run, params, key); err != nil {
			return err
		}
		if err := runs.Admit(ctx, tx, s.bounds, key, ns); err != nil {
			return err
		}
		_, err := s.river.InsertTx(ctx, tx, RunArgs{RunID: run.ID, Namespace: ns}, nil)
		return err
	})
	if err != nil {
		return nil, postgres.Translate(err, "starting the run")
	}
	return run, nil
}

// RunLocal creates a run for params.Namespace and executes it in this
// process (the CLI's `evokg evolve`), reporting progress. It obeys the same
// limits and the same one-active-run rule as Service.Start. Nothing resumes
// a local run, so one that ctx interrupts is recorded as cancelled.
func RunLocal(ctx context.Context, engine *Engine, params Params, progress ProgressFunc) (*Result, error) {
	params, err := engine.admit(params)
	if err != nil {
		return nil, err
	}
	run := newRun(params)
	if err := engine.store.insertRun(ctx, run, params); err != nil {
		return nil, err
	}
	final, err := engine.Execute(ctx, run.Namespace, run.ID, progress)
	if ctx.Err() != nil && (final == nil || !final.Run.Status.Terminal()) {
		return nil, engine.life.Interrupted(ctx, run.Namespace, run.ID, "the evolve command was interrupted", cmp.Or(err, ctx.Err()))
	}
	return final, err
}

// admit applies the defaults to params and checks them, then against the
// engine's limits.
func (e *Engine) admit(params Params) (Params, error) {
	params = params.WithDefaults()
	if err := params.Validate(); err != nil {
		return params, err
	}
	if _, err := params.BuildPool(); err != nil {
		return params, err // a question in two named splits, a generator out of questions
	}
	return params, e.deps.Limits.admit(params)
}

// RunParams returns the parameters, defaults filled, that run id of ns was
// started with, or its newest run's when id is uuid.Nil; found is false
// when ns has no run (an id of no run of ns is ENOTFOUND).
func (e *Engine) RunParams(ctx context.Context, ns string, id uuid.UUID) (p Params, found bool, err error) {
	if id == uuid.Nil {
		p, found, err = e.store.latestParams(ctx, ns)
		return p.WithDefaults(), found, err
	}
	if _, err := e.store.getRun(ctx, ns, id); err != nil {
		return p, false, err
	}
	p, err = e.store.params(ctx, ns, id)
	return p.WithDefaults(), err == nil, err
}
