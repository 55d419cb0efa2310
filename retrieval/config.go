package retrieval

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/evokg/evokg/settings"
)

// Weights of the composite score
// score = α·sim_sem + β·sim_σ + γ·prox_G + δ·q + ε·recency (APEX-EM Eq. 2)
// + ζ·(u − 0.5) + λ·lex, u the memory's utility (evokg.UtilityScore) and
// lex its lexical score (the summed inverse document frequency of the
// question's words it holds) relative to the query's best lexical match.
// The paper gives no values; α…ε default to favour semantic similarity,
// then structure, and sum to 1. The utility term is centred: a memory
// without evidence (u = 0.5) gets nothing, one that keeps hurting loses up
// to ζ/2, one that keeps helping gains as much. λ counts only in the arms
// that run the lexical channel (lexical, hybrid_graph, cascade); the
// lexical arm, which holds only lexical matches, ranks by it alone
// (Retriever.rank). DefaultWeights holds the defaults.
type Weights struct {
	Alpha   float64 `json:"alpha"`   // semantic similarity
	Beta    float64 `json:"beta"`    // structural similarity sim_σ
	Gamma   float64 `json:"gamma"`   // graph proximity 1/hops
	Delta   float64 `json:"delta"`   // quality q
	Epsilon float64 `json:"epsilon"` // recency
	Zeta    float64 `json:"zeta"`    // utility u − 0.5
	Lambda  float64 `json:"lambda"`  // lexical rank
}

// DefaultWeights are the documented default composite weights, as
// Config's tag declares them.
var DefaultWeights = settings.Default[Weights](Config{}, "Weights")

// ParseSetting reads w from the command line's spelling
// α,β,γ,δ,ε[,ζ[,λ]]: ζ and λ, when not given, keep their defaults.
func (w *Weights) ParseSetting(s string) error {
	parts := strings.Split(s, ",")
	if len(parts) < 5 || len(parts) > 7 {
		return fmt.Errorf("retrieval: weights %q: need 5 to 7 numbers (α,β,γ,δ,ε[,ζ[,λ]])", s)
	}
	v := make([]float64, 7)
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return fmt.Errorf("retrieval: weights %q: %w", s, err)
		}
		v[i] = x
	}
	if len(parts) < 7 {
		d := DefaultWeights
		copy(v[len(parts):], []float64{d.Zeta, d.Lambda}[len(parts)-5:])
	}
	*w = Weights{Alpha: v[0], Beta: v[1], Gamma: v[2], Delta: v[3], Epsilon: v[4], Zeta: v[5], Lambda: v[6]}
	return nil
}

// Setting is w in the spelling ParseSetting reads.
func (w Weights) Setting() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return strings.Join([]string{f(w.Alpha), f(w.Beta), f(w.Gamma), f(w.Delta), f(w.Epsilon), f(w.Zeta), f(w.Lambda)}, ",")
}

// Config configures a Retriever. Zero fields take their defaults. A
// setting's tags declare its command-line flag (cmd/evokg embeds Config
// with the prefix "retrieval-"), its environment variable, its default and
// its help; WithDefaults fills zero fields from the same defaults.
type Config struct {
	// K is the semantic top-K per channel.
	K int `env:"EVOKG_RETRIEVAL_K" default:"3" help:"Semantic top-K per channel."`
	// ShortContextChars is the context length (in characters, not bytes) up
	// to which a question counts as short-context.
	ShortContextChars int `name:"short-context-chars" env:"EVOKG_RETRIEVAL_SHORT_CONTEXT_CHARS" default:"500" help:"Contexts up to this many characters get 2 successes + 1 failure; longer ones 1 + 2."`
	// ExtendedShortText allocates 2 successes + 2 failures to short contexts
	// instead of 2 + 1.
	ExtendedShortText bool `name:"extended-short-text" env:"EVOKG_RETRIEVAL_EXTENDED_SHORT_TEXT" help:"Give short contexts 2 successes + 2 failures."`
	// TypeStrategyMin is the cosine similarity a type_strategy failure needs
	// to be retrieved.
	TypeStrategyMin float64 `name:"type-strategy-min" env:"EVOKG_RETRIEVAL_TYPE_STRATEGY_MIN" default:"0.55" help:"Similarity a type_strategy failure needs."`
	// StructuralThreshold is the minimum sim_σ of a structural match
	// (evokg.DefaultStructuralThreshold).
	StructuralThreshold float64 `name:"structural-threshold" env:"EVOKG_RETRIEVAL_STRUCTURAL_THRESHOLD" default:"0.6" help:"Minimum signature similarity |LCS|/min(|a|,|b|)."`
	// CharBudget bounds the rendered prompt block, in characters: the
	// pack's items and whatever the cascade adds to it (Pack.CharBudget).
	CharBudget int `name:"char-budget" env:"EVOKG_RETRIEVAL_CHAR_BUDGET" default:"4000" help:"Character budget of the rendered memory block."`
	// Weights of the composite score.
	Weights Weights `env:"EVOKG_RETRIEVAL_WEIGHTS" default:"0.45,0.25,0.1,0.1,0.1,0.2,0.25" help:"Composite score weights α,β,γ,δ,ε[,ζ[,λ]] (semantic, structural, graph proximity, quality, recency, utility, lexical rank; ζ and λ keep their defaults when not given)."`
	// Mode is the allocation of a request that names none: ModeMAGE (κ) or
	// ModeAPEX (P+ top-3, P− top-2).
	Mode string `name:"mode" env:"EVOKG_RETRIEVAL_MODE" default:"mage" enum:"mage,apex" help:"Allocation of a memory pack when a request names none: mage (κ by context length: 2 successes + 1 failure, or 1 + 2 for long contexts) or apex (APEX-EM's P+ top-3 and P− top-2). /retrieve and /answer take a per-request mode."`
	// EfSearch is the HNSW candidate list of a semantic search
	// (hnsw.ef_search; vector.DefaultEfSearch); larger trades latency for
	// recall on large slices.
	EfSearch int `name:"ef-search" env:"EVOKG_RETRIEVAL_EF_SEARCH" default:"100" help:"HNSW candidate list of a semantic search (hnsw.ef_search, 1-1000): larger trades latency for recall on large task types."`
	// StructuralScope is what the structural channel may match:
	// ScopeSameTaskType (MAGE: never across task types) or ScopeAll (every
	// task type of the namespace).
	StructuralScope string `name:"structural-scope" env:"EVOKG_RETRIEVAL_STRUCTURAL_SCOPE" default:"same_task_type" enum:"same_task_type,all" help:"What the structural channel matches: all (every task type: APEX-EM's cross-domain transfer) or same_task_type (MAGE's task filter). Semantic and graph channels always stay within the task type."`
	// RecencyHalfLife is the age at which recency falls to 0.5 (30 days).
	RecencyHalfLife time.Duration `kong:"-" default:"720h"`
	// ItemChars bounds one item's chain of thought, in characters.
	ItemChars int `kong:"-" default:"600"`
	// DuplicateSimilarity is the cosine similarity from which two memories
	// whose questions hold the same numbers are near-duplicates and a pack
	// keeps only the better one.
	DuplicateSimilarity float64 `kong:"-" default:"0.98"`
	// MaxHops bounds the graph channel.
	MaxHops int `kong:"-" default:"2"`
	// EmbedCacheSize is the number of question embeddings cached.
	EmbedCacheSize int `kong:"-" default:"1024"`
	// Principles supplies the cascade's principle items; when nil the cascade
	// reads the principle index of the task type.
	Principles PrincipleSource `kong:"-"`
}

// Allocation modes.
const (
	// ModeMAGE allocates by context length (κ, MAGE). docs/concepts/answering.md makes κ
	// the allocation and APEX-EM's split a mode, so it is the default.
	ModeMAGE = "mage"
	// ModeAPEX returns P+ top-3 and P− top-2 (APEX-EM §3.4).
	ModeAPEX = "apex"
)

// Modes lists the allocation modes.
var Modes = []string{ModeMAGE, ModeAPEX}

// Structural scopes.
const (
	// ScopeSameTaskType matches signatures within the question's task type,
	// as every other channel retrieves (MAGE never retrieves across task
	// types). The default.
	ScopeSameTaskType = "same_task_type"
	// ScopeAll matches signatures across every task type of the namespace:
	// APEX-EM's cross-domain transfer (§3.4), where procedurally analogous
	// tasks share no words. The semantic and graph channels stay within the
	// task type, so only a structural match crosses it.
	ScopeAll = "all"
)

// Scopes lists the structural scopes.
var Scopes = []string{ScopeSameTaskType, ScopeAll}

// Defaults, as Config's tags declare them.
var (
	DefaultMode                = settings.Default[string](Config{}, "Mode")
	DefaultStructuralScope     = settings.Default[string](Config{}, "StructuralScope")
	DefaultDuplicateSimilarity = settings.Default[float64](Config{}, "DuplicateSimilarity")
	DefaultK                   = settings.Default[int](Config{}, "K")
	DefaultShortContextChars   = settings.Default[int](Config{}, "ShortContextChars")
	DefaultTypeStrategyMin     = settings.Default[float64](Config{}, "TypeStrategyMin")
	DefaultRecencyHalfLife     = settings.Default[time.Duration](Config{}, "RecencyHalfLife")
	DefaultCharBudget          = settings.Default[int](Config{}, "CharBudget")
	DefaultItemChars           = settings.Default[int](Config{}, "ItemChars")
	DefaultMaxHops             = settings.Default[int](Config{}, "MaxHops")
	DefaultEmbedCacheSize      = settings.Default[int](Config{}, "EmbedCacheSize")
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	settings.Fill(&c)
	return c
}

// Validate reports the first problems of a configuration, its zero fields
// taken at their defaults.
func (c Config) Validate() error {
	c = c.WithDefaults()
	var errs []error
	check := func(ok bool, format string, args ...any) {
		if !ok {
			errs = append(errs, fmt.Errorf(format, args...))
		}
	}
	check(c.K >= 1 && c.K <= 100, "retrieval: K %d out of range 1..100", c.K)
	check(c.ShortContextChars > 0, "retrieval: short context threshold must be positive")
	check(c.TypeStrategyMin >= -1 && c.TypeStrategyMin <= 1, "retrieval: type_strategy threshold %v out of [-1, 1]", c.TypeStrategyMin)
	check(c.StructuralThreshold > 0 && c.StructuralThreshold <= 1, "retrieval: structural threshold %v out of (0, 1]", c.StructuralThreshold)
	w := c.Weights
	check(w.Alpha >= 0 && w.Beta >= 0 && w.Gamma >= 0 && w.Delta >= 0 && w.Epsilon >= 0 && w.Zeta >= 0 && w.Lambda >= 0, "retrieval: weights must not be negative")
	check(c.RecencyHalfLife > 0, "retrieval: recency half-life must be positive")
	check(c.CharBudget >= 100, "retrieval: character budget %d below 100", c.CharBudget)
	check(c.EfSearch >= 1 && c.EfSearch <= 1000, "retrieval: ef_search %d out of range 1..1000", c.EfSearch)
	check(c.MaxHops >= 1 && c.MaxHops <= 4, "retrieval: max hops %d out of 1..4", c.MaxHops)
	check(slices.Contains(Modes, c.Mode), "retrieval: mode %q is not one of %v", c.Mode, Modes)
	check(slices.Contains(Scopes, c.StructuralScope), "retrieval: structural scope %q is not one of %v", c.StructuralScope, Scopes)
	check(c.DuplicateSimilarity > 0 && c.DuplicateSimilarity <= 1, "retrieval: duplicate similarity %v out of (0, 1]", c.DuplicateSimilarity)
	return errors.Join(errs...)
}
