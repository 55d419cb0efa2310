// Package bandit holds EvoKG's two Thompson-sampling bandits, persisted in
// Postgres and fed by one reward stream (MAGE §4):
//
//   - the search bandit, per (namespace, task type), picks a retrieval
//     strategy (semantic, semantic_structural, hybrid_graph, cascade);
//   - the routing bandit, per (namespace, skill), picks a reasoning strategy
//     (direct_cot, decompose, verify_then_answer, tool_call).
//
// Each arm has a Beta(α, β) posterior. Every arm of a context is pulled
// WarmupPulls times round-robin before sampling starts. Selection takes row
// locks on the context's arms, rewards are atomic increments, and a reward
// is applied at most once per answer (a primary key in answer_rewards), so
// any number of processes can share the posteriors. A client of /retrieve
// rewards the pack it was served (RewardRetrieval), once per retrieval: that
// reward goes to the search arm that built the pack.
//
// Posteriors are mutable slots. An evolution run selects with SelectForRun
// and records its answers with their run, so its pulls and rewards are kept
// apart as the run's contributions; when its Delta-Guard rolls an iteration
// back, Revert takes back only those, and pulls and rewards from any other
// source (live /answer clients) stay.
//
// Answers are recorded by package answer (answer.Records), which checks
// their arms with CheckAnswer.
//
// It owns the tables bandit_arms, bandit_run_deltas, answer_rewards,
// retrievals and task_type_stats.
package bandit

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"gonum.org/v1/gonum/stat/distuv"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// Kind names one of the two bandits.
type Kind string

// The two bandits.
const (
	Search  Kind = "search"  // per task type, over retrieval strategies
	Routing Kind = "routing" // per skill, over reasoning strategies
)

// Valid reports whether k is a known bandit.
func (k Kind) Valid() bool { return k == Search || k == Routing }

// Retrieval strategies (search arms).
const (
	StrategySemantic           = "semantic"
	StrategyLexical            = "lexical"
	StrategySemanticStructural = "semantic_structural"
	StrategyHybridGraph        = "hybrid_graph"
	StrategyCascade            = "cascade"
)

// Reasoning strategies (routing arms).
const (
	StrategyDirectCoT        = "direct_cot"
	StrategyDecompose        = "decompose"
	StrategyVerifyThenAnswer = "verify_then_answer"
	StrategyToolCall         = "tool_call"
)

// DefaultSearchArms and DefaultRoutingArms are the arms in warm-up order.
var (
	DefaultSearchArms  = []string{StrategySemantic, StrategyLexical, StrategySemanticStructural, StrategyHybridGraph, StrategyCascade}
	DefaultRoutingArms = []string{StrategyDirectCoT, StrategyDecompose, StrategyVerifyThenAnswer, StrategyToolCall}
)

// Defaults.
const (
	DefaultWarmupPulls = 20
	DefaultPrior       = 1.0 // Beta(1, 1): uniform
)

// Config configures a Bandit.
type Config struct {
	// WarmupPulls is how many times every arm of a context is pulled,
	// round-robin, before Thompson sampling starts. Default 20.
	WarmupPulls int
	// PriorAlpha and PriorBeta are the Beta prior of a new arm. Default 1, 1.
	PriorAlpha, PriorBeta float64
	// SearchArms and RoutingArms list the arms in warm-up order.
	// Defaults DefaultSearchArms and DefaultRoutingArms.
	SearchArms, RoutingArms []string
	// Seed seeds the sampler. Zero seeds from the clock.
	Seed uint64
	// FailureBelow is the reward under which an answer counts as a failure of
	// its task type. Default 0.5.
	FailureBelow float64
}

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.WarmupPulls == 0 {
		c.WarmupPulls = DefaultWarmupPulls
	}
	if c.PriorAlpha == 0 {
		c.PriorAlpha = DefaultPrior
	}
	if c.PriorBeta == 0 {
		c.PriorBeta = DefaultPrior
	}
	if len(c.SearchArms) == 0 {
		c.SearchArms = slices.Clone(DefaultSearchArms)
	}
	if len(c.RoutingArms) == 0 {
		c.RoutingArms = slices.Clone(DefaultRoutingArms)
	}
	if c.Seed == 0 {
		c.Seed = uint64(time.Now().UnixNano())
	}
	if c.FailureBelow == 0 {
		c.FailureBelow = 0.5
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.WarmupPulls < 0:
		return fmt.Errorf("bandit: warm-up pulls %d < 0", c.WarmupPulls)
	case c.PriorAlpha <= 0 || c.PriorBeta <= 0:
		return fmt.Errorf("bandit: prior Beta(%g, %g) needs positive parameters", c.PriorAlpha, c.PriorBeta)
	case hasDuplicates(c.SearchArms) || hasDuplicates(c.RoutingArms):
		return errors.New("bandit: duplicate arm names")
	case c.FailureBelow < 0 || c.FailureBelow > 1:
		return fmt.Errorf("bandit: failure threshold %g outside [0, 1]", c.FailureBelow)
	}
	return nil
}

func hasDuplicates(arms []string) bool {
	seen := map[string]bool{}
	for _, a := range arms {
		if seen[a] || a == "" {
			return true
		}
		seen[a] = true
	}
	return false
}

// Bandit selects arms and applies rewards for both bandits. It is safe for
// concurrent use, within one process and across processes.
type Bandit struct {
	pool       *pgxpool.Pool
	cfg        Config
	log        *slog.Logger
	credit     Creditor   // nil: rewards credit no memory
	toolGrades ToolGrader // nil: rewards grade no tool call

	mu  sync.Mutex // guards rng
	rng *rand.Rand
}

var _ evokg.BanditService = (*Bandit)(nil)

// New returns a Bandit over pool (migrated with 00006_evolution).
func New(pool *pgxpool.Pool, cfg Config, logger *slog.Logger) (*Bandit, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15))
	return &Bandit{pool: pool, cfg: cfg, log: logger, rng: rng}, nil
}

// Arms returns the arms of kind k in warm-up order.
func (b *Bandit) Arms(k Kind) []string {
	if k == Routing {
		return slices.Clone(b.cfg.RoutingArms)
	}
	return slices.Clone(b.cfg.SearchArms)
}

// Choice is the arm a selection picked.
type Choice struct {
	Arm    string `json:"arm"`
	Warmup bool   `json:"warmup"` // picked by the round-robin warm-up, not by sampling
}

// Select picks an arm of bandit k for context key (a task type for Search, a
// skill for Routing) and counts the pull.
func (b *Bandit) Select(ctx context.Context, ns string, k Kind, key string) (Choice, error) {
	return b.selectArm(ctx, ns, k, key, nil)
}

// SelectForRun is Select for evolution run run: the pull is also counted
// among the run's own contributions, which its Delta-Guard may take back
// (Revert).
func (b *Bandit) SelectForRun(ctx context.Context, ns string, k Kind, key string, run uuid.UUID) (Choice, error) {
	return b.selectArm(ctx, ns, k, key, &run)
}

func (b *Bandit) selectArm(ctx context.Context, ns string, k Kind, key string, run *uuid.UUID) (Choice, error) {
	if err := checkContext(ns, k, key); err != nil {
		return Choice{}, err
	}
	var choice Choice
	err := b.inTx(ctx, func(tx pgx.Tx) error {
		arms, err := b.lockArms(ctx, tx, ns, k, key)
		if err != nil {
			return err
		}
		i, warm := b.choose(arms)
		choice = Choice{Arm: arms[i].Arm, Warmup: warm}
		if _, err = tx.Exec(ctx, queries.Get("count_pull"), ns, string(k), key, choice.Arm); err != nil || run == nil {
			return err
		}
		_, err = tx.Exec(ctx, queries.Get("count_run_pull"), ns, *run, string(k), key, choice.Arm)
		return err
	})
	if err != nil {
		return Choice{}, postgres.Translate(err, fmt.Sprintf("selecting a %s arm", k))
	}
	return choice, nil
}

func checkContext(ns string, k Kind, key string) error {
	var v evokg.FieldErrors
	v.Check(evokg.ValidNamespace(ns), "/namespace", "not a valid namespace")
	v.Check(k.Valid(), "/kind", "must be search or routing")
	v.Check(key != "", "/context", "a task type or skill is required")
	return v.Err()
}

func (b *Bandit) lockArms(ctx context.Context, tx pgx.Tx, ns string, k Kind, key string) ([]ArmState, error) {
	if err := b.ensureArms(ctx, tx, ns, k, key); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, queries.Get("lock_arms"), ns, string(k), key)
	if err != nil {
		return nil, err
	}
	var positions []int
	arms, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ArmState, error) {
		a := ArmState{Kind: k, Context: key}
		var pos int
		err := r.Scan(&a.Arm, &pos, &a.Alpha, &a.Beta, &a.Pulls, &a.RewardSum)
		positions = append(positions, pos)
		return a, err
	})
	if err != nil {
		return nil, err
	}
	return inWarmupOrder(arms, positions), nil
}

// inWarmupOrder sorts arms by position. Rows are locked in (kind, context,
// arm) order, the one order every transaction of this package takes locks
// in, so concurrent selections, rewards and restores never deadlock.
func inWarmupOrder(arms []ArmState, positions []int) []ArmState {
	out := make([]ArmState, len(arms))
	for i, p := range positions {
		out[p] = arms[i]
	}
	return out
}

func (b *Bandit) ensureArms(ctx context.Context, tx pgx.Tx, ns string, k Kind, key string) error {
	_, err := tx.Exec(ctx, queries.Get("ensure_arms"), ns, string(k), key, b.Arms(k), b.cfg.PriorAlpha, b.cfg.PriorBeta)
	return err
}

// choose applies the warm-up, then Thompson sampling.
func (b *Bandit) choose(arms []ArmState) (int, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return choose(arms, b.cfg.WarmupPulls, b.sampleBeta)
}

func (b *Bandit) sampleBeta(alpha, beta float64) float64 {
	return distuv.Beta{Alpha: alpha, Beta: beta, Src: b.rng}.Rand()
}

// choose returns the arm to pull: during warm-up the least-pulled arm with
// fewer than warmup pulls (ties to the first, which makes it round-robin),
// afterwards the arm with the largest posterior sample.
func choose(arms []ArmState, warmup int, sample func(alpha, beta float64) float64) (int, bool) {
	least := -1
	for i, a := range arms {
		if a.Pulls < int64(warmup) && (least < 0 || a.Pulls < arms[least].Pulls) {
			least = i
		}
	}
	if least >= 0 {
		return least, true
	}
	best, bestDraw := 0, -1.0
	for i, a := range arms {
		if d := sample(a.Alpha, a.Beta); d > bestDraw {
			best, bestDraw = i, d
		}
	}
	return best, false
}

// ArmState is one arm's posterior and counts.
type ArmState struct {
	Kind      Kind    `json:"kind"`
	Context   string  `json:"context"`
	Arm       string  `json:"arm"`
	Alpha     float64 `json:"alpha"`
	Beta      float64 `json:"beta"`
	Pulls     int64   `json:"pulls"`
	RewardSum float64 `json:"reward_sum"`
}

// Mean is the posterior mean α/(α+β).
func (a ArmState) Mean() float64 { return a.Alpha / (a.Alpha + a.Beta) }

// Best returns the arm with the highest posterior mean for context key
// without counting a pull (for evaluation that must not explore), or the
// first arm when the context has none yet.
func (b *Bandit) Best(ctx context.Context, ns string, k Kind, key string) (string, error) {
	if err := checkContext(ns, k, key); err != nil {
		return "", err
	}
	var arm string
	err := b.pool.QueryRow(ctx, queries.Get("best_arm"), ns, string(k), key).Scan(&arm)
	if errors.Is(err, pgx.ErrNoRows) {
		return b.Arms(k)[0], nil
	}
	if err != nil {
		return "", postgres.Translate(err, fmt.Sprintf("reading the best %s arm", k))
	}
	return arm, nil
}
