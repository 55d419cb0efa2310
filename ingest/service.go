package ingest

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/settings"
)

// Indexer writes an experience's embedding into the success or failure
// index inside the caller's transaction, or queues that write on the
// caller's batch; a bulk import has it index the rows it staged in
// import_stage (IndexStagedTx). *vector.Store implements it.
type Indexer interface {
	InsertTx(ctx context.Context, tx pgx.Tx, exp *evokg.Experience, embedding []float32) error
	QueueInsert(b *pgx.Batch, exp *evokg.Experience, embedding []float32) error
	IndexStagedTx(ctx context.Context, tx pgx.Tx, ids []uuid.UUID) error
}

// Config configures the ingest service. A field's tags declare its
// command-line flag (cmd/evokg embeds Config with the prefix "ingest-"), its
// environment variable, its default and its help; WithDefaults fills zero
// fields from the same defaults.
type Config struct {
	// MaxBatch bounds IngestBatch.
	MaxBatch int `kong:"-" default:"1000"`
	// ChainOfThoughtRunes is the cap the chain of thought is cut to
	// (characters, not bytes).
	ChainOfThoughtRunes int `kong:"-" default:"2000"`
	// EmbeddingDim is the dimension of the vector indexes; client-supplied
	// embeddings must match it. Default evokg.DefaultEmbeddingDim.
	EmbeddingDim int `kong:"-"`
	// EvaluateQueue and ProjectQueue name the River queues of the ingest
	// jobs, which Workers.Queues declares. Defaults QueueEvaluate and
	// QueueProject.
	EvaluateQueue, ProjectQueue string `kong:"-"`
	// GroupCommit is the most concurrent single requests written in one
	// transaction (see committer); 1 writes each alone.
	GroupCommit int `name:"group-commit" env:"EVOKG_INGEST_GROUP_COMMIT" default:"64" help:"Most concurrent single ingest requests written in one transaction, with one projection job (1 writes each alone)."`
	// Committers is the most of those transactions in flight at once.
	Committers int `name:"committers" env:"EVOKG_INGEST_COMMITTERS" default:"2" help:"Most group-commit transactions of single ingest requests in flight at once per process; raise it when Postgres has more cores than this."`
	// MaxLag is the graph projection lag (the age of the namespace's oldest
	// queued experience) beyond which new writes to the namespace are held
	// (see admission). Zero holds nothing: tools that load without
	// projection workers, and tests, leave it so; the default is the
	// command line's.
	MaxLag time.Duration `name:"max-lag" env:"EVOKG_INGEST_MAX_LAG" default:"1s" zero:"kept" help:"Graph projection lag (the age of a namespace's oldest queued experience) beyond which new ingest writes to the namespace are held until the projection catches up; 0 holds none."`
	// MaxQueued is the most experiences of a namespace waiting for their
	// projection beyond which new writes are held too (with MaxLag set).
	MaxQueued int `name:"max-queued" env:"EVOKG_INGEST_MAX_QUEUED" default:"1000" help:"Experiences of a namespace waiting for their graph projection beyond which new ingest writes are held too (with --ingest-max-lag above 0)."`
	// MaxHold is the longest a write is held before it is written anyway.
	MaxHold time.Duration `name:"max-hold" env:"EVOKG_INGEST_MAX_HOLD" default:"2s" help:"Longest an ingest write is held for --ingest-max-lag and --ingest-read-target before it is written anyway."`
	// ReadTarget puts reads first: while the worst p95 of Reads (the kinds
	// of graph read this process serves) is above it, the process's writes are paced
	// down, to no fewer than ReadFloor experiences a second (see
	// readsFirst). Zero paces nothing.
	ReadTarget time.Duration `name:"read-target" env:"EVOKG_INGEST_READ_TARGET" default:"0s" help:"Reads first: while the worst p95 among the kinds of graph read this process serves (one per statement, over the last second) is above this, its ingest writes are paced down (to no fewer than --ingest-read-floor a second); 0 paces nothing."`
	// ReadFloor is the pace below which reads-first never goes.
	ReadFloor float64 `name:"read-floor" env:"EVOKG_INGEST_READ_FLOOR" default:"100" help:"Experiences a second below which --ingest-read-target never paces a process's writes."`
	// Reads reports the process's graph reads; required with ReadTarget.
	Reads ReadLatency `kong:"-"`
	// ProjectBatch is how many queued experiences of a namespace one
	// projection job writes into the graph at once (its own and up to
	// ProjectBatch−1 claimed others); 1 disables batching.
	ProjectBatch int `kong:"-" default:"200"`
	// ProjectLinger is how long a projection job lets its experience wait,
	// from when it was accepted, before it claims a batch: experiences
	// accepted meanwhile join that batch, so the graph writes fewer, larger
	// batches (each reads the structural candidates once). Negative
	// disables it (the flag's 0). The flag was --project-linger before
	// projection moved into ingest; that name is still accepted.
	ProjectLinger time.Duration `name:"project-linger" aliases:"project-linger" env:"EVOKG_PROJECT_LINGER" default:"250ms" help:"How long a projection job lets its experience wait, from its acceptance, for others to join its graph batch; 0 projects at once."`
	// SimilarK is how many nearest neighbours are considered for SIMILAR_TO.
	SimilarK int `kong:"-" default:"10"`
	// SimilarThreshold is the cosine above which SIMILAR_TO is drawn.
	// Default evokg.DefaultSemanticEdgeThreshold (0.85).
	SimilarThreshold float64 `kong:"-"`
}

// Defaults of Config, as its tags declare them.
var (
	DefaultMaxBatch            = settings.Default[int](Config{}, "MaxBatch")
	DefaultChainOfThoughtRunes = settings.Default[int](Config{}, "ChainOfThoughtRunes")
	DefaultGroupCommit         = settings.Default[int](Config{}, "GroupCommit")
	DefaultCommitters          = settings.Default[int](Config{}, "Committers")
	DefaultMaxLag              = settings.Default[time.Duration](Config{}, "MaxLag")
	DefaultMaxHold             = settings.Default[time.Duration](Config{}, "MaxHold")
	DefaultMaxQueued           = settings.Default[int](Config{}, "MaxQueued")
	DefaultReadFloor           = settings.Default[float64](Config{}, "ReadFloor")
	DefaultProjectBatch        = settings.Default[int](Config{}, "ProjectBatch")
	DefaultProjectLinger       = settings.Default[time.Duration](Config{}, "ProjectLinger")
	DefaultSimilarK            = settings.Default[int](Config{}, "SimilarK")
)

// WithDefaults returns c with zero fields set to their defaults (MaxLag's
// zero holds nothing and stays).
func (c Config) WithDefaults() Config {
	settings.Fill(&c)
	if c.EmbeddingDim == 0 {
		c.EmbeddingDim = evokg.DefaultEmbeddingDim
	}
	if c.EvaluateQueue == "" {
		c.EvaluateQueue = QueueEvaluate
	}
	if c.ProjectQueue == "" {
		c.ProjectQueue = QueueProject
	}
	c.SimilarThreshold = cmp.Or(c.SimilarThreshold, evokg.DefaultSemanticEdgeThreshold)
	return c
}

func (c Config) validate() error {
	switch {
	case c.MaxBatch < 1:
		return fmt.Errorf("ingest: max batch %d, need at least 1", c.MaxBatch)
	case c.ChainOfThoughtRunes < 1:
		return fmt.Errorf("ingest: chain-of-thought cap %d, need at least 1", c.ChainOfThoughtRunes)
	case c.EmbeddingDim < 1:
		return fmt.Errorf("ingest: embedding dimension %d, need at least 1", c.EmbeddingDim)
	case c.GroupCommit < 1:
		return fmt.Errorf("ingest: group commit %d, need at least 1", c.GroupCommit)
	case c.Committers < 1:
		return fmt.Errorf("ingest: committers %d, need at least 1", c.Committers)
	case c.MaxLag < 0 || c.MaxHold < 0 || c.MaxQueued < 1:
		return fmt.Errorf("ingest: max lag %s, max hold %s, max queued %d: need 0 or more, and at least 1 queued", c.MaxLag, c.MaxHold, c.MaxQueued)
	case c.ReadTarget < 0 || c.ReadFloor <= 0:
		return fmt.Errorf("ingest: read target %s, read floor %g: need a target of 0 or more and a positive floor", c.ReadTarget, c.ReadFloor)
	case c.SimilarK < 1:
		return fmt.Errorf("ingest: similar k %d, need at least 1", c.SimilarK)
	case c.ProjectBatch < 1:
		return fmt.Errorf("ingest: project batch %d, need at least 1", c.ProjectBatch)
	case c.ReadTarget > 0 && c.Reads == nil:
		return fmt.Errorf("ingest: a read target needs the process's graph reads (Config.Reads)")
	}
	return nil
}

// Service ingests experiences. It is safe for concurrent use and holds no
// state besides its dependencies and the single requests waiting for their
// group commit, so any number of API replicas can run it.
type Service struct {
	cfg    Config
	group  *committer
	admit  *admission
	pool   *pgxpool.Pool
	queue  *river.Client[pgx.Tx]
	embed  evokg.Embedder
	index  Indexer
	logger *slog.Logger
}

var _ evokg.ExperienceService = (*Service)(nil)

// NewService returns the ingest service. queue may be an insert-only River
// client (workers.NewInsertClient); embed may be nil, in which case
// pre-evaluated requests must carry their own embedding. It panics on an
// invalid configuration, a programming error caught at start-up.
func NewService(cfg Config, pool *pgxpool.Pool, queue *river.Client[pgx.Tx], embed evokg.Embedder, index Indexer, logger *slog.Logger) *Service {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		panic(err)
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s := &Service{cfg: cfg, pool: pool, queue: queue, embed: embed, index: index, logger: logger}
	s.group = newCommitter(cfg.Committers, cfg.GroupCommit, s.writeGroup)
	s.admit = newAdmission(pool, cfg.MaxLag, cfg.MaxHold, cfg.MaxQueued)
	if cfg.ReadTarget > 0 {
		s.admit.pace = newReadsFirst(cfg.Reads, cfg.ReadTarget, cfg.ReadFloor)
	}
	return s
}

// Config returns the effective configuration.
func (s *Service) Config() Config { return s.cfg }

// Collectors are the service's Prometheus metrics: the writes admission
// held, and the reads-first pace.
func (s *Service) Collectors() []prometheus.Collector {
	cs := []prometheus.Collector{s.admit.held, s.admit.released}
	if s.admit.pace != nil {
		cs = append(cs, s.admit.pace.limit)
	}
	return cs
}

// Ingest validates and durably accepts one experience. With a non-empty
// idemKey, repeating the same request returns the first result (Replayed
// set) and the same key with another body fails with evokg.ECONFLICT.
func (s *Service) Ingest(ctx context.Context, ns string, req evokg.ExperienceInput, idemKey string) (evokg.IngestReceipt, error) {
	if err := checkNamespace(ns); err != nil {
		return evokg.IngestReceipt{}, err
	}
	if err := Validate(req); err != nil {
		return evokg.IngestReceipt{}, err
	}
	return idempotent(ctx, s, ns, idemKey, func() []byte { return requestHash("single", req) }, markReplayed, func() (evokg.IngestReceipt, error) {
		res, err := s.commit(ctx, ns, []evokg.ExperienceInput{req}, idemKey, "single")
		if err != nil {
			return evokg.IngestReceipt{}, err
		}
		return res[0], nil
	})
}

// IngestEmbedded is Ingest for a writer that reads its own writes at once
// and runs with a model anyway (the evolution loop): a pre-evaluated
// experience is embedded first, in the caller's time, so it is retrievable
// when the call returns. A model outage is then the caller's error.
func (s *Service) IngestEmbedded(ctx context.Context, ns string, req evokg.ExperienceInput, idemKey string) (evokg.IngestReceipt, error) {
	if req.PreEvaluated() && req.Embedding == nil {
		vecs, err := s.embedTexts(ctx, []string{experienceFrom(ns, &req, 0).EmbeddingText()})
		if err != nil {
			return evokg.IngestReceipt{}, err
		}
		req.Embedding = vecs[0]
	}
	return s.Ingest(ctx, ns, req, idemKey)
}

// IngestBatch accepts up to Config.MaxBatch experiences atomically: either
// all are accepted or none (an invalid item fails the whole batch with
// pointers prefixed by its index, e.g. /3/question).
func (s *Service) IngestBatch(ctx context.Context, ns string, reqs []evokg.ExperienceInput, idemKey string) ([]evokg.IngestReceipt, error) {
	if err := checkNamespace(ns); err != nil {
		return nil, err
	}
	if err := s.validateBatch(reqs); err != nil {
		return nil, err
	}
	return idempotent(ctx, s, ns, idemKey, func() []byte { return requestHash("batch", reqs) }, markAllReplayed, func() ([]evokg.IngestReceipt, error) {
		return s.commit(ctx, ns, reqs, idemKey, "batch")
	})
}

func (s *Service) validateBatch(reqs []evokg.ExperienceInput) error {
	if len(reqs) == 0 {
		return evokg.Invalid(evokg.FieldError{Pointer: "", Detail: "the batch is empty"})
	}
	if len(reqs) > s.cfg.MaxBatch {
		return evokg.Errorf(evokg.ETOOLARGE, "a batch holds at most %d experiences, got %d", s.cfg.MaxBatch, len(reqs))
	}
	var fields []evokg.FieldError
	for i := range reqs {
		if err := Validate(reqs[i]); err != nil {
			fields = append(fields, prefixFields(err, fmt.Sprintf("/%d", i))...)
		}
	}
	if len(fields) > 0 {
		return evokg.Invalid(fields...)
	}
	return nil
}

func checkNamespace(ns string) error {
	if !evokg.ValidNamespace(ns) {
		return evokg.Errorf(evokg.EINVALID, "namespace %q is not valid", ns)
	}
	return nil
}
