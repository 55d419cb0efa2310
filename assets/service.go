// Package assets is Mem2Evolve's asset memory: tools (Starlark code run in
// package sandbox, validated by their tests, versioned by name) and expert
// agents (a role, a system prompt and the tools it CAN_USE), recruited by
// the similarity of their descriptions. It implements evokg.Tools.
//
// Postgres holds every version whole and the description embeddings; Neo4j
// holds the projection (:Tool, :ExpertAgent and their CAN_USE, CREATED_FROM
// and HAS_TOOL edges). As ingest does, a write commits to Postgres first and
// projects into Neo4j after: the row and its embedding are written in one
// transaction with projected_at unset, the graph is written (idempotent
// MERGEs by id), then the row is marked projected. Reads see projected rows
// only, so a half-written asset is never served; a projection that failed is
// retried before the namespace's next asset write.
//
// Every learner call of a tool is counted (tool_stats): completed or not
// when it ends, right or wrong when its answer is graded. A tool whose calls
// keep failing is retired by the rule of Config: kept and shown, never
// recruited, until RestoreTool or a new validated version brings it back.
//
// It owns the tables tools, expert_agents and tool_stats.
package assets

import (
	"context"
	"embed"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/sandbox"
	"github.com/evokg/evokg/settings"
	"github.com/evokg/evokg/vector"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// DefaultRecruitThreshold is the cosine similarity between a query and an
// asset's description at or above which the asset is recruited
// (Config.RecruitThreshold's tag). With all-MiniLM-L6-v2, eight questions
// scored 0.35 to 0.71 against the description of the tool they need and at
// most 0.36 against four others (README "Tools and expert agents"); other
// embedding models need their own.
var DefaultRecruitThreshold = settings.Default[float64](Config{}, "RecruitThreshold")

// Size limits of a tool or agent as written.
const (
	MaxCodeBytes        = 64 << 10
	MaxTests            = 32
	MaxTestBytes        = 16 << 10 // each test's input and expected, encoded
	MaxSchemaBytes      = 16 << 10
	MaxDescriptionRunes = 2000
	MaxPromptRunes      = 8000
	MaxAgentTools       = 32
)

// Config tunes the asset memory. Zero fields take their defaults.
//
// A setting's tags declare its command-line flag (cmd/evokg embeds
// Config), its environment variable, its default and its help;
// WithDefaults fills zero fields from the same defaults.
type Config struct {
	// RecruitThreshold is the cosine similarity a description needs to be
	// recruited (DefaultRecruitThreshold).
	RecruitThreshold float64 `name:"recruit-threshold" env:"EVOKG_RECRUIT_THRESHOLD" default:"0.3" help:"Cosine similarity between a question and a tool's or expert agent's description at or above which the asset is recruited (Mem2Evolve)."`
	// Limits bound every sandbox run, of tests and invocations
	// (sandbox.DefaultLimits).
	Limits sandbox.Limits `kong:"-"`
	// RetireJudged and RetireShare are the retirement rule: a tool is
	// retired once at least RetireJudged of its calls were judged since it
	// was last restored and at least RetireShare of them failed
	// (DefaultRetireJudged, DefaultRetireShare).
	RetireJudged int     `name:"tool-retire-judged" env:"EVOKG_TOOL_RETIRE_JUDGED" default:"5" help:"Judged calls of a tool (errors, and completed calls of graded answers) since it was last restored before the retirement rule applies."`
	RetireShare  float64 `name:"tool-retire-share" env:"EVOKG_TOOL_RETIRE_SHARE" default:"0.6" help:"Share of a tool's judged calls that failed at or above which it is retired: kept and shown, never recruited, until restored."`
}

// WithDefaults fills the zero fields.
func (c Config) WithDefaults() Config {
	if c.Limits == (sandbox.Limits{}) {
		c.Limits = sandbox.DefaultLimits
	}
	settings.Fill(&c)
	return c
}

// Graph is the part of the graph the asset memory projects into.
type Graph interface {
	GetSkill(ctx context.Context, ns, name string) (evokg.Skill, error)
	ProjectTool(ctx context.Context, ns string, t evokg.Tool) (evokg.Tool, error)
	AttachTool(ctx context.Context, ns, skill string, tool uuid.UUID) error
	ToolCreatedFrom(ctx context.Context, ns string, tool, experience uuid.UUID) error
	ProjectExpertAgent(ctx context.Context, ns string, a evokg.ExpertAgent) (evokg.ExpertAgent, error)
	GrantTool(ctx context.Context, ns string, agent, tool uuid.UUID) error
}

// Service is the asset memory.
type Service struct {
	pool     *pgxpool.Pool
	graph    Graph
	vectors  *vector.Store
	embedder evokg.Embedder
	cfg      Config
	logger   *slog.Logger
}

var _ evokg.AssetService = (*Service)(nil)

var _ evokg.Tools = (*Service)(nil)

// New returns the asset memory over its stores and embedding model.
func New(cfg Config, pool *pgxpool.Pool, g Graph, vectors *vector.Store, embedder evokg.Embedder, logger *slog.Logger) (*Service, error) {
	cfg = cfg.WithDefaults()
	var v evokg.FieldErrors
	v.Check(cfg.RecruitThreshold >= -1 && cfg.RecruitThreshold <= 1, "/recruit_threshold", "must be between -1 and 1")
	v.Check(cfg.RetireJudged >= 1, "/retire_judged", "must be at least 1")
	v.Check(cfg.RetireShare > 0 && cfg.RetireShare <= 1, "/retire_share", "must be in (0, 1]")
	if err := v.Err(); err != nil {
		return nil, err
	}
	return &Service{pool: pool, graph: g, vectors: vectors, embedder: embedder, cfg: cfg, logger: logger}, nil
}

// Config returns the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

func (s *Service) embed(ctx context.Context, text string) ([]float32, error) {
	vs, err := s.embedder.Embed(ctx, []string{text})
	if err != nil {
		return nil, err
	}
	return vs[0], nil
}
