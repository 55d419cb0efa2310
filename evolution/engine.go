package evolution

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/runs"
	"github.com/evokg/evokg/writegate"
)

// Deps are the services the loop drives.
type Deps struct {
	Pool      *pgxpool.Pool // runs, metrics, snapshots
	Graph     Graph
	Teacher   evokg.Teacher
	Learner   evokg.Learner
	Retriever retrieval.PackRetriever
	Memory    Memory
	Bandit    *bandit.Bandit
	// Cascade, when set, adds the cascade components A–D to the pack of
	// every question whose search arm is "cascade" (*cascade.Builder).
	Cascade Cascade
	// IterationBudget, when set, bounds the model calls of one iteration
	// ((*llm.Models).IterationBudget); a call beyond it fails with ELIMIT.
	IterationBudget func(runID string, iteration int) *llm.Budget
	// MemorySwitch, when set, records the per-task-type memory switch
	// after every validation evaluation (*memswitch.Store).
	MemorySwitch evokg.MemorySwitches
	// Explorer, when set, explores the failed environment episodes of the
	// selected task types in EVOLVE and harvests their action recipes
	// (*explorer.Explorer); other items are not episodes and are left alone.
	Explorer Explorer
	// Limits are the admission caps of new runs; zero fields take their
	// defaults.
	Limits Limits
	// Mechanisms turns the teacher's mechanisms off; all are on by default.
	Mechanisms Mechanisms
	// Tools, when set, is the asset memory (*assets.Service): the tool
	// operation creates validated tools in it and the learner's tool_call
	// arm recruits and calls them. Without it the operation creates none
	// and the arm uses the built-in calculator.
	Tools evokg.Tools
	// Agents, when set with Tools, is the asset memory's expert agents
	// (*assets.Service): the step after the tool operation creates agents
	// in it, and the learner answers with the agent recruited for each
	// question.
	Agents Agents
	// Utility, when set, is memory utility (*utility.Store): the memories
	// the teacher writes start probationary and are tried on validation
	// items before they are served (unless Mechanisms.NoUtility).
	Utility ProbationQueue
	// Profiles, when set, keeps the learner profiles (*profile.Store): the
	// learner answers under its namespace's profile, and a run with
	// CalibrationItems calibrates it at the start of every iteration.
	Profiles evokg.ProfileService
	Logger   *slog.Logger
}

func (d Deps) validate() error {
	switch {
	case d.Pool == nil:
		return errors.New("evolution: a Postgres pool is required")
	case d.Graph == nil || d.Teacher == nil || d.Learner == nil:
		return errors.New("evolution: graph, teacher and learner are required")
	case d.Retriever == nil || d.Memory == nil || d.Bandit == nil:
		return errors.New("evolution: retriever, memory and bandit are required")
	}
	return d.Limits.Validate()
}

// Mechanisms turn the loop's teacher mechanisms off, for ablations and
// cheaper runs. The zero value is MAGE's loop with every mechanism on.
type Mechanisms struct {
	// NoCritic skips the Critic: mastery and memory quality come from
	// graded answers only.
	NoCritic bool
	// NoNavigator skips the Navigator: the curriculum gets no focus bonus.
	NoNavigator bool
	// NoToolAuthoring skips the tool operation: no tool is created, so the
	// learner's tool_call arm keeps to the tools it already has.
	NoToolAuthoring bool
	// NoAgentCreation skips expert-agent creation after the tool
	// operation: no agent is created.
	NoAgentCreation bool
	// NoToolRecruitment has the tool operation write a new tool without
	// first trying the validated tools it could recruit.
	NoToolRecruitment bool
	// NoUtility writes every memory active at once: no probation. (The
	// process's retrieval then gives utility no weight and live evidence
	// quarantines nothing: internal/app.)
	NoUtility bool
}

// Engine executes evolution runs. It is safe for concurrent use; each run
// keeps its own state, persisted after every iteration.
type Engine struct {
	deps    Deps
	store   *store
	records *answer.Records
	log     *slog.Logger
	life    runs.Lifecycle
}

var _ evokg.TaskTypeService = (*Engine)(nil)

// NewEngine returns an Engine over d.
func NewEngine(d Deps) (*Engine, error) {
	d.Limits = d.Limits.WithDefaults()
	if err := d.validate(); err != nil {
		return nil, err
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	st := &store{pool: d.Pool}
	life := runs.Lifecycle{Kind: "evolution run", Log: d.Logger, Cancelled: ErrCancelled, Busy: ErrRunBusy, Finish: st.finishRun}
	return &Engine{deps: d, store: st, records: answer.NewRecords(d.Pool, d.Bandit), log: d.Logger, life: life}, nil
}

// Progress is reported while a run works.
type Progress struct {
	RunID      uuid.UUID `json:"run_id"`
	Iteration  int       `json:"iteration"`
	Iterations int       `json:"iterations"`
	Phase      string    `json:"phase"` // "discover", "evaluate", "held_out", "critic", "curate", "evolve", "navigate", "done"
	Item       int       `json:"item"`
	Items      int       `json:"items"`
	Accuracy   float64   `json:"accuracy"` // running accuracy of the current evaluation
}

// ProgressFunc receives progress; it must return quickly.
type ProgressFunc func(Progress)

// ErrCancelled is returned by Run when the run was cancelled.
var ErrCancelled = evokg.Errorf(evokg.ECONFLICT, "the evolution run was cancelled")

// Run executes run id with params (of params.Namespace), which must exist in the store (Service.Start,
// RunLocal), from its last completed iteration to the last one, persisting
// every iteration. Most callers want Execute, which also records the outcome. It returns ErrCancelled when the run is
// cancelled between iterations and ctx's error when ctx ends.
func (e *Engine) Run(ctx context.Context, id uuid.UUID, params Params, progress ProgressFunc) error {
	if progress == nil {
		progress = func(Progress) {}
	}
	r, err := e.newRunner(ctx, id, params, progress)
	if err != nil {
		return err
	}
	return r.execute(ctx)
}

// runner is the state of one run while it executes.
type runner struct {
	*Engine
	id       uuid.UUID // the run's
	p        Params
	ns       string
	pool     questions.Pool
	grader   questions.Grader
	st       *state
	k        int // last completed iteration
	calls    counters
	failed   failures // this iteration's failed items and steps
	gate     writegate.Rules
	rejected rejections // what the gate kept out this iteration
	// critique is this iteration's Critic verdict per task type.
	critique map[string]evokg.TaskTypeCritique
	// baselineProfile is the profile the arms without memory answer
	// under this iteration (calibrate); nil without a profile store.
	baselineProfile *evokg.LearnerProfile
	// noteStored holds the task types whose Critic note a success memory
	// stored this iteration.
	noteStored map[string]bool
	// corrections are the failure memories written this iteration per
	// task type (the provenance of its principles).
	corrections map[string][]uuid.UUID
	progress    ProgressFunc
	answerer    *answer.Service
	// toured holds the worlds (seeds) the Explorer toured in this process;
	// a resumed run tours again, writing the same observations.
	toured map[uint64]bool
	// modes caches each task type's answer mode (answerMode).
	modesMu sync.Mutex
	modes   map[string]evokg.AnswerMode
}

// answerer is the learner layer the learner answers through; without
// bandits it uses the default strategies.
func (e *Engine) answerer(disableBandits bool) *answer.Service {
	var bandits answer.Bandits
	if !disableBandits {
		bandits = e.deps.Bandit
	}
	svc := answer.New(e.deps.Learner, e.deps.Retriever, e.deps.Cascade, bandits, e.deps.Graph).WithRecords(e.records)
	if e.deps.MemorySwitch != nil {
		svc.WithMemorySwitch(e.deps.MemorySwitch) // as /answer applies it
	}
	if e.deps.Tools != nil {
		svc.WithTools(e.deps.Tools, answer.ToolConfig{})
	}
	if e.deps.Profiles != nil {
		svc.WithProfiles(e.deps.Profiles)
	}
	if e.deps.Agents != nil {
		svc.WithAgents(e.deps.Agents)
	}
	return svc
}

func (e *Engine) newRunner(ctx context.Context, id uuid.UUID, params Params, progress ProgressFunc) (*runner, error) {
	p := params.WithDefaults()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	pl, err := p.BuildPool()
	if err != nil {
		return nil, err
	}
	k, st, err := e.store.lastState(ctx, p.Namespace, id)
	if err != nil {
		return nil, err
	}
	if p.TeacherNoise > 0 {
		e = e.withNoisyTeacher(p.TeacherNoise, fmt.Sprint(p.Pool.Seed))
	}
	r := &runner{Engine: e, id: id, p: p, ns: p.Namespace, pool: pl, st: st, k: k, progress: progress,
		toured: map[uint64]bool{}}
	r.grader = questions.Grader{Judge: r.judge}
	r.answerer = e.answerer(p.DisableBandits)
	return r, nil
}

// withNoisyTeacher is e whose teacher writes a share of its texts wrong on
// purpose (Params.TeacherNoise), chosen by seed: the pool's seed, so runs
// on one pool and seed corrupt the same texts whatever else differs (the
// ablation's arms are paired), and a pool's name chooses nothing (a
// built-in pool and its items posted as a file get the same texts made
// wrong).
func (e *Engine) withNoisyTeacher(share float64, seed string) *Engine {
	cp := *e
	cp.deps.Teacher = &noisyTeacher{Teacher: e.deps.Teacher, share: share, seed: seed}
	return &cp
}

// noise is the noisy teacher, nil without teacher noise.
func (r *runner) noise() *noisyTeacher {
	n, _ := r.deps.Teacher.(*noisyTeacher)
	return n
}

// corrupted counts the texts the noisy teacher changed so far, and those
// of them committed (0 without teacher noise).
func (r *runner) corrupted() (written, committed int64) {
	if n := r.noise(); n != nil {
		return n.written.Load(), n.committed.Load()
	}
	return 0, 0
}

func (r *runner) execute(ctx context.Context) error {
	if r.k == 0 {
		if err := r.phase0(ctx); err != nil {
			return fmt.Errorf("phase 0: %w", err)
		}
	}
	if err := r.loadCheckers(ctx); err != nil {
		return err
	}
	for k := r.k + 1; k <= r.p.Iterations; k++ {
		if err := r.checkCancelled(ctx); err != nil {
			return err
		}
		if err := r.iteration(ctx, k); err != nil {
			return fmt.Errorf("iteration %d: %w", k, err)
		}
		r.k = k
	}
	r.progress(Progress{RunID: r.id, Iteration: r.k, Iterations: r.p.Iterations, Phase: "done", Accuracy: r.st.LastAccuracy})
	return nil
}

func (r *runner) checkCancelled(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	status, err := r.store.runStatus(ctx, r.ns, r.id)
	if err != nil {
		return err
	}
	if status == evokg.RunCancelled {
		return ErrCancelled
	}
	return nil
}

// step reports progress through one phase of iteration k: item of items
// done, acc the iteration's evaluation accuracy.
func (r *runner) step(k int, phase string, item, items int, acc float64) {
	r.progress(Progress{RunID: r.id, Iteration: k, Iterations: r.p.Iterations, Phase: phase,
		Item: item, Items: items, Accuracy: acc})
}

// callCtx attaches the accounting metadata of iteration k to ctx.
func (r *runner) callCtx(ctx context.Context, k int) context.Context {
	meta := llm.CallMeta{Namespace: r.ns, RunID: r.id.String(), Iteration: k}
	if r.deps.IterationBudget != nil {
		meta.Budget = r.deps.IterationBudget(meta.RunID, k)
	}
	return llm.WithCall(ctx, meta)
}

// iteration runs MAGE's steps 1–7 for iteration k and persists the result.
func (r *runner) iteration(ctx context.Context, k int) error {
	ctx = r.callCtx(ctx, k)
	r.corrections = map[string][]uuid.UUID{}
	written, committed := r.corrupted()
	start := time.Now()
	m := &Metrics{Iteration: k, Checkers: r.checkers()}
	if err := r.calibrate(ctx, k, m); err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	it, err := r.evaluateAll(ctx, k, m)
	if err != nil {
		return err
	}
	m.Durations.Evaluate = time.Since(start).Seconds()
	if err := r.guard(ctx, k, m); err != nil {
		return fmt.Errorf("delta-guard: %w", err)
	}
	if err := r.switchMemory(ctx, k, m); err != nil {
		return fmt.Errorf("memory switch: %w", err)
	}
	if err := r.learnFromAnswers(ctx, k, it, m); err != nil {
		return err
	}
	evolveStart := time.Now()
	if err := r.evolve(ctx, k, it, m); err != nil {
		return fmt.Errorf("evolve: %w", err)
	}
	if err := r.probation(ctx, k, it, m); err != nil {
		return fmt.Errorf("probation: %w", err)
	}
	w, c := r.corrupted()
	m.Corrupted, m.CorruptedCommitted = w-written, c-committed
	m.Durations.Evolve = time.Since(evolveStart).Seconds()
	return r.finish(ctx, k, start, it, m)
}

// learnFromAnswers feeds the reward stream, credits the memories the
// validation answers showed, harvests successes, and runs the Critic and
// the Curator.
func (r *runner) learnFromAnswers(ctx context.Context, k int, it *evaluation, m *Metrics) error {
	if err := r.reward(ctx, k, it); err != nil {
		return fmt.Errorf("rewards: %w", err)
	}
	if err := r.creditValidation(ctx, it); err != nil {
		return fmt.Errorf("live evidence: %w", err)
	}
	r.step(k, "critic", 0, 1, m.Accuracy)
	if err := r.critic(ctx, k, it); err != nil && !r.failed.add("critic", "", err) {
		return fmt.Errorf("critic: %w", err)
	}
	n, err := r.harvest(ctx, k, it)
	if err != nil {
		return fmt.Errorf("harvest: %w", err)
	}
	m.Harvested = n
	r.step(k, "curate", 0, 1, m.Accuracy)
	if err := r.curate(ctx, it); err != nil {
		return fmt.Errorf("curator: %w", err)
	}
	return nil
}

func (r *runner) finish(ctx context.Context, k int, start time.Time, it *evaluation, m *Metrics) error {
	r.st.Results = it.results()
	if k%r.p.RefreshEvery == 0 {
		if err := r.refresh(ctx, k, it, m); err != nil {
			return fmt.Errorf("memory refresh: %w", err)
		}
	}
	counts, err := r.store.memoryCounts(ctx, r.ns)
	if err != nil {
		return err
	}
	if err := checkAppendOnly(r.st.Memories, counts); err != nil {
		return err
	}
	m.Memories, r.st.Memories = counts, counts
	calls := r.calls.take()
	r.st.Calls.Teacher += calls.Teacher
	r.st.Calls.Learner += calls.Learner
	m.TeacherCalls, m.LearnerCalls = calls.Teacher, calls.Learner
	m.TeacherShare = share(calls.Teacher, calls.Learner)
	r.failed.take(m)
	r.rejected.take(m)
	m.Rollbacks = r.st.Rollbacks
	m.Durations.Total = time.Since(start).Seconds()
	r.log.InfoContext(ctx, "evolution iteration done", "namespace", r.ns, "run", r.id, "iteration", k,
		"accuracy", m.Accuracy, "validation", m.Validation.Accuracy, "test", m.Test.Accuracy, "flips", m.Flips, "rollback", m.Rollback)
	return r.store.saveIteration(ctx, r.ns, r.id, m, r.st)
}
