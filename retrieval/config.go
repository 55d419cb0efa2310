package retrieval

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/vector"
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
// (Retriever.rank).
type Weights struct {
	Alpha   float64 `json:"alpha"`   // semantic similarity. Default 0.45.
	Beta    float64 `json:"beta"`    // structural similarity sim_σ. Default 0.25.
	Gamma   float64 `json:"gamma"`   // graph proximity 1/hops. Default 0.10.
	Delta   float64 `json:"delta"`   // quality q. Default 0.10.
	Epsilon float64 `json:"epsilon"` // recency. Default 0.10.
	Zeta    float64 `json:"zeta"`    // utility u − 0.5. Default 0.20.
	Lambda  float64 `json:"lambda"`  // lexical rank. Default 0.25.
}

// DefaultWeights are the documented default composite weights.
var DefaultWeights = Weights{Alpha: 0.45, Beta: 0.25, Gamma: 0.10, Delta: 0.10, Epsilon: 0.10, Zeta: 0.20, Lambda: 0.25}

func (w Weights) isZero() bool { return w == Weights{} }

// Config configures a Retriever. Zero fields take the documented defaults.
type Config struct {
	// K is the semantic top-K per channel. Default 3.
	K int
	// ShortContextChars is the context length (in characters, not bytes) up
	// to which a question counts as short-context. Default 500.
	ShortContextChars int
	// ExtendedShortText allocates 2 successes + 2 failures to short contexts
	// instead of 2 + 1.
	ExtendedShortText bool
	// TypeStrategyMin is the cosine similarity a type_strategy failure needs
	// to be retrieved. Default 0.55.
	TypeStrategyMin float64
	// StructuralThreshold is the minimum sim_σ of a structural match. Default 0.6.
	StructuralThreshold float64
	// Weights of the composite score. Default DefaultWeights.
	Weights Weights
	// RecencyHalfLife is the age at which recency falls to 0.5. Default 30 days.
	RecencyHalfLife time.Duration
	// CharBudget bounds the rendered prompt block, in characters: the
	// pack's items and whatever the cascade adds to it (Pack.CharBudget).
	// Default 4000.
	CharBudget int
	// ItemChars bounds one item's chain of thought, in characters. Default 600.
	ItemChars int
	// Mode is the allocation of a request that names none: ModeMAGE (κ) or
	// ModeAPEX (P+ top-3, P− top-2). Default ModeMAGE.
	Mode string
	// StructuralScope is what the structural channel may match:
	// ScopeSameTaskType (MAGE: never across task types) or ScopeAll (every
	// task type of the namespace). Default ScopeSameTaskType.
	StructuralScope string
	// DuplicateSimilarity is the cosine similarity from which two memories
	// whose questions hold the same numbers are near-duplicates and a pack
	// keeps only the better one. Default 0.98.
	DuplicateSimilarity float64
	// MaxHops bounds the graph channel. Default 2.
	MaxHops int
	// EmbedCacheSize is the number of question embeddings cached. Default 1024.
	EmbedCacheSize int
	// EfSearch is the HNSW candidate list of a semantic search
	// (hnsw.ef_search). Default vector.DefaultEfSearch (100); larger trades
	// latency for recall on large slices.
	EfSearch int
	// Principles supplies the cascade's principle items; when nil the cascade
	// reads the principle index of the task type.
	Principles PrincipleSource
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

// Defaults.
const (
	DefaultMode                = ModeMAGE
	DefaultStructuralScope     = ScopeSameTaskType
	DefaultDuplicateSimilarity = 0.98
	DefaultK                   = 3
	DefaultShortContextChars   = 500
	DefaultTypeStrategyMin     = 0.55
	DefaultRecencyHalfLife     = 30 * 24 * time.Hour
	DefaultCharBudget          = 4000
	DefaultItemChars           = 600
	DefaultMaxHops             = 2
	DefaultEmbedCacheSize      = 1024
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.K = cmp.Or(c.K, DefaultK)
	c.ShortContextChars = cmp.Or(c.ShortContextChars, DefaultShortContextChars)
	c.CharBudget = cmp.Or(c.CharBudget, DefaultCharBudget)
	c.ItemChars = cmp.Or(c.ItemChars, DefaultItemChars)
	c.MaxHops = cmp.Or(c.MaxHops, DefaultMaxHops)
	c.EmbedCacheSize = cmp.Or(c.EmbedCacheSize, DefaultEmbedCacheSize)
	c.EfSearch = cmp.Or(c.EfSearch, vector.DefaultEfSearch)
	c.Mode = cmp.Or(c.Mode, DefaultMode)
	c.StructuralScope = cmp.Or(c.StructuralScope, DefaultStructuralScope)
	c.DuplicateSimilarity = cmp.Or(c.DuplicateSimilarity, DefaultDuplicateSimilarity)
	if c.TypeStrategyMin == 0 {
		c.TypeStrategyMin = DefaultTypeStrategyMin
	}
	if c.StructuralThreshold == 0 {
		c.StructuralThreshold = evokg.DefaultStructuralThreshold
	}
	if c.RecencyHalfLife == 0 {
		c.RecencyHalfLife = DefaultRecencyHalfLife
	}
	if c.Weights.isZero() {
		c.Weights = DefaultWeights
	}
	return c
}

// Validate reports the first problems of a configuration (after WithDefaults).
func (c Config) Validate() error {
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
