// Package retrieval builds memory packs: for a question of a task type it
// gathers success exemplars, failure corrections and principles through the
// semantic (pgvector), lexical (full text), structural (signature LCS; the
// request's signature, else the nearest memory's) and graph (2-hop PKG)
// channels, deduplicates them, ranks them by the composite score
// α·sim_sem + β·sim_σ + γ·prox_G + δ·q + ε·recency (APEX-EM), allocates them
// by the format-conditioned rule κ (MAGE) and renders a prompt block.
//
// Every channel is filtered by namespace and, by default, by task type
// (MAGE never retrieves across task types). Config.StructuralScope ScopeAll
// lets the structural channel match signatures across task types
// (APEX-EM's cross-domain transfer); the semantic and graph channels stay
// within the task type whatever the scope. A pack never holds the same
// memory twice nor two near-duplicates (identical normalized text, or
// cosine ≥ 0.98 on a question with the same numbers), and reports as used
// (Pack.Shown) exactly the memories its rendered block shows.
package retrieval

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/vector"
)

// Retrieval strategies, picked per task type by the search bandit.
const (
	StrategySemantic           = "semantic"            // semantic channel only
	StrategyLexical            = "lexical"             // full-text matches only, by lexical score
	StrategySemanticStructural = "semantic_structural" // semantic + structural signature matches
	StrategyHybridGraph        = "hybrid_graph"        // + lexical matches and 2-hop graph neighbours of the seeds
	StrategyCascade            = "cascade"             // hybrid_graph + principles
)

// Strategies lists every strategy (the search bandit's arms).
var Strategies = []string{StrategySemantic, StrategyLexical, StrategySemanticStructural, StrategyHybridGraph, StrategyCascade}

// lexicalStrategy reports whether strategy runs the lexical channel.
func lexicalStrategy(strategy string) bool {
	return strategy == StrategyLexical || strategy == StrategyHybridGraph || strategy == StrategyCascade
}

// GraphSource is the graph side of retrieval; *graph.Graph implements it.
type GraphSource interface {
	SignatureMatches(ctx context.Context, ns, taskType string, sig []string, threshold float64, limit int) ([]evokg.SignatureMatch, error)
	Neighbors(ctx context.Context, ns string, seeds []uuid.UUID, maxHops int) ([]evokg.Neighbor, error)
}

// PrincipleRequest asks a PrincipleSource for the principles of a question.
type PrincipleRequest struct {
	Namespace string
	TaskType  string
	Question  string
	Embedding []float32
	Limit     int
}

// PrincipleSource supplies the cascade's principle items (for example the
// principles of the prerequisite skills). Items must belong to the request's
// namespace and task type.
type PrincipleSource interface {
	Principles(ctx context.Context, req PrincipleRequest) ([]Item, error)
}

// Request asks for one memory pack.
type Request struct {
	Namespace string   `json:"namespace"`
	TaskType  string   `json:"task_type"`
	Question  string   `json:"question"`
	Context   string   `json:"context,omitempty"`
	Signature []string `json:"signature,omitempty"`
	// Embedding is the question's vector when the client computed it; it
	// must have the index dimension. Otherwise the question is embedded.
	Embedding []float32 `json:"embedding,omitempty"`
	// Strategy is one of Strategies. Default semantic.
	Strategy string `json:"strategy,omitempty"`
	// Mode is the allocation, one of Modes. Default Config.Mode.
	Mode string `json:"mode,omitempty"`
	// Include are memories of the task type to show whatever their state,
	// each first in its list: a probation replay (package evolution) shows
	// the learner a memory that is not served yet. Clients never set it.
	Include []uuid.UUID `json:"-"`
	// Exclude are memories the pack leaves out whatever their score, the
	// top-K of each channel filled without them: an evolution run's
	// training answer leaves out the memories written from its own
	// question. Clients never set it.
	Exclude []uuid.UUID `json:"-"`
}

// PackRetriever builds memory packs: a *Retriever, or a wrapper of one
// (package telemetry traces them).
type PackRetriever interface {
	Retrieve(ctx context.Context, req Request) (*Pack, error)
}

var _ PackRetriever = (*Retriever)(nil)

// Retriever builds memory packs. It is safe for concurrent use.
type Retriever struct {
	cfg      Config
	cfgErr   error
	store    *vector.Store
	graph    GraphSource
	embedder evokg.Embedder
	cache    *embedCache
	logger   *slog.Logger
	now      func() time.Time
}

// New returns a retriever. graph and embedder may be nil: without a graph the
// structural and graph channels are skipped, without an embedder requests
// must carry their embedding. An invalid cfg makes every Retrieve fail with
// the configuration error (check it at start with cfg.WithDefaults().Validate()).
func New(cfg Config, store *vector.Store, graph GraphSource, embedder evokg.Embedder, logger *slog.Logger) *Retriever {
	cfg = cfg.WithDefaults()
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Retriever{
		cfg: cfg, cfgErr: cfg.Validate(), store: store, graph: graph, embedder: embedder,
		cache: newEmbedCache(cfg.EmbedCacheSize), logger: logger, now: time.Now,
	}
}

// Retrieve builds the memory pack of one question.
func (r *Retriever) Retrieve(ctx context.Context, req Request) (*Pack, error) {
	start := time.Now()
	if r.cfgErr != nil {
		return nil, r.cfgErr
	}
	if err := r.validate(&req); err != nil {
		return nil, err
	}
	var emb []float32
	var err error
	cands, seeds := newCandidates(), []uuid.UUID(nil)
	if req.Strategy != StrategyLexical { // the lexical arm needs no embedding
		if emb, err = r.embedding(ctx, req); err != nil {
			return nil, err
		}
		if cands, seeds, err = r.semantic(ctx, req, emb); err != nil {
			return nil, err
		}
	}
	if err := r.lexical(ctx, req, cands); err != nil {
		return nil, err
	}
	if err := r.graphChannels(ctx, req, cands, seeds); err != nil {
		return nil, err
	}
	var principles []Item
	if req.Strategy == StrategyCascade {
		if principles, err = r.principles(ctx, req, emb); err != nil {
			return nil, err
		}
	}
	if principles, err = r.include(ctx, req, cands, principles); err != nil {
		return nil, err
	}
	principles = slices.DeleteFunc(principles, func(it Item) bool { return slices.Contains(req.Exclude, it.ID) })
	ranked, principles, err := r.dedupe(ctx, req.Namespace, r.rank(req.Strategy, cands), principles)
	if err != nil {
		return nil, err
	}
	pack := r.assemble(req, ranked, principles)
	pack.Render()
	pack.TookMS = float64(time.Since(start).Microseconds()) / 1000
	r.logger.DebugContext(ctx, "memory pack", slog.String("namespace", req.Namespace), slog.String("task_type", req.TaskType),
		slog.String("strategy", req.Strategy), slog.Int("successes", len(pack.Successes)),
		slog.Int("failures", len(pack.Failures)), slog.Float64("took_ms", pack.TookMS))
	return pack, nil
}

func (r *Retriever) validate(req *Request) error {
	if req.Strategy == "" {
		req.Strategy = StrategySemantic
	}
	if req.Mode == "" {
		req.Mode = r.cfg.Mode
	}
	var v evokg.FieldErrors
	v.Check(evokg.ValidNamespace(req.Namespace), "/namespace", "is not a valid namespace")
	v.Check(req.TaskType != "", "/task_type", "is required")
	v.Check(req.Question != "" || len(req.Embedding) > 0, "/question", "is required unless an embedding is given")
	v.Check(req.Question != "" || req.Strategy != StrategyLexical, "/question", "is required by the lexical strategy")
	v.Check(slices.Contains(Strategies, req.Strategy), "/strategy", fmt.Sprintf("must be one of %v", Strategies))
	v.Check(slices.Contains(Modes, req.Mode), "/mode", fmt.Sprintf("must be one of %v", Modes))
	v.Check(len(req.Embedding) == 0 || len(req.Embedding) == r.store.Dimension(), "/embedding",
		fmt.Sprintf("has %d dimensions, the embedding indexes have %d", len(req.Embedding), r.store.Dimension()))
	detail := evokg.EmbeddingProblem(req.Embedding)
	v.Check(detail == "", "/embedding", detail)
	return v.Err()
}

// embedding returns the client's vector or the cached or computed embedding
// of the question.
func (r *Retriever) embedding(ctx context.Context, req Request) ([]float32, error) {
	if len(req.Embedding) > 0 {
		return req.Embedding, nil
	}
	if v, ok := r.cache.get(req.Question); ok {
		return v, nil
	}
	if r.embedder == nil {
		return nil, evokg.Errorf(evokg.EINVALID, "no embedding model is configured: pass the question's embedding")
	}
	vs, err := r.embedder.Embed(ctx, []string{req.Question})
	if err != nil {
		return nil, fmt.Errorf("embedding the question: %w", err)
	}
	if len(vs) != 1 || len(vs[0]) != r.store.Dimension() {
		return nil, evokg.Errorf(evokg.EUNAVAILABLE, "the embedding model returned a vector of the wrong dimension (want %d)", r.store.Dimension())
	}
	r.cache.put(req.Question, vs[0])
	return vs[0], nil
}

// semantic runs the top-K search over both channels of the task type and
// returns the candidates and the seeds for the graph channel. The
// type_strategy rule is applied before the cut to K: the failure channel's
// top K is taken from the specific failures and the type_strategy ones
// similar enough, so a failure the rule allows is never crowded out by
// type_strategy failures it refuses. (Every failure memory has a kind:
// ingest makes it specific when none is given.)
func (r *Retriever) semantic(ctx context.Context, req Request, emb []float32) (*candidates, []uuid.UUID, error) {
	k := min(r.cfg.K+len(req.Exclude), vector.MaxK) // room for the excluded
	q := vector.Query{Namespace: req.Namespace, TaskType: req.TaskType, Embedding: emb, K: k, Channel: evokg.ChannelSuccess}
	specific, strategy := q, q
	specific.Channel, specific.FailureKind = evokg.ChannelFailure, evokg.FailureSpecific
	strategy.Channel, strategy.FailureKind = evokg.ChannelFailure, evokg.FailureTypeStrategy
	strategy.MinSimilarity = r.cfg.TypeStrategyMin
	res, err := r.store.SearchChannels(ctx, q, specific, strategy)
	if err != nil {
		return nil, nil, err
	}
	now := r.now()
	cands := newCandidates()
	var seeds []uuid.UUID
	kept := func(hits []vector.Hit) []vector.Hit { return excluded(req, hits) }
	for _, hits := range [][]vector.Hit{topK(kept(res[0]), r.cfg.K), topK(kept(slices.Concat(res[1], res[2])), r.cfg.K)} {
		for _, h := range hits {
			it := r.hitItem(h, ChannelSemantic, now)
			it.Parts.Semantic = h.Similarity
			cands.add(it)
			seeds = append(seeds, h.ID)
			if len(cands.example) == 0 {
				cands.example = h.Signature
			}
		}
	}
	return cands, seeds, nil
}

// topK returns the k most similar hits, ties broken on the id as the
// index searches break them.
func topK(hits []vector.Hit, k int) []vector.Hit {
	slices.SortStableFunc(hits, func(a, b vector.Hit) int {
		if c := cmp.Compare(b.Similarity, a.Similarity); c != 0 {
			return c
		}
		return slices.Compare(a.ID[:], b.ID[:])
	})
	return hits[:min(len(hits), k)]
}

// lexical adds the full-text matches of the question, for the strategies
// that run the lexical channel, with their rank relative to the best match.
func (r *Retriever) lexical(ctx context.Context, req Request, cands *candidates) error {
	if !lexicalStrategy(req.Strategy) || req.Question == "" {
		return nil
	}
	hits, err := r.store.SearchLexical(ctx, req.Namespace, req.TaskType, req.Question, 2*r.cfg.K+len(req.Exclude))
	if err != nil {
		return err
	}
	if hits = excluded(req, hits); len(hits) == 0 {
		return nil
	}
	hits = hits[:min(len(hits), 2*r.cfg.K)]
	best, now := hits[0].Similarity, r.now()
	for _, h := range hits {
		it := r.hitItem(h, ChannelLexical, now)
		if best > 0 {
			it.Parts.Lexical = h.Similarity / best
		}
		cands.add(it)
	}
	return nil
}

// rank orders the candidates by the composite score; the lexical arm,
// which holds only lexical matches, by lexical score. Memories a probation
// replay includes stay first either way.
func (r *Retriever) rank(strategy string, cands *candidates) []Item {
	ranked := cands.ranked(r.cfg.Weights)
	if strategy != StrategyLexical {
		return ranked
	}
	slices.SortStableFunc(ranked, func(a, b Item) int {
		if a.included != b.included {
			if a.included {
				return -1
			}
			return 1
		}
		return cmp.Compare(b.Parts.Lexical, a.Parts.Lexical)
	})
	return ranked
}

// graphChannels adds structural matches and graph neighbours, as the
// strategy asks: the semantic and lexical arms run neither.
func (r *Retriever) graphChannels(ctx context.Context, req Request, cands *candidates, seeds []uuid.UUID) error {
	if r.graph == nil || req.Strategy == StrategySemantic || req.Strategy == StrategyLexical {
		return nil
	}
	found := map[uuid.UUID]Parts{}
	if err := r.structural(ctx, req, req.Signature, found); err != nil {
		return err
	}
	if len(found) == 0 && !slices.Equal(cands.example, evokg.NormalizeSignature(req.Signature)) {
		// Query by example: the plan is missing or matched nothing, so
		// the procedure asked for is the nearest memory's.
		if err := r.structural(ctx, req, cands.example, found); err != nil {
			return err
		}
	}
	if req.Strategy != StrategySemanticStructural && len(seeds) > 0 {
		if err := r.neighbors(ctx, req, seeds, found); err != nil {
			return err
		}
	}
	return r.addFound(ctx, req, cands, found)
}

// structural records sim_σ of the matches of signature query in the
// structural scope; the similarity is recomputed here, on canonical
// operation names as stored, so the threshold holds whatever the source.
func (r *Retriever) structural(ctx context.Context, req Request, query []string, found map[uuid.UUID]Parts) error {
	if len(query) == 0 {
		return nil
	}
	scope := r.structuralTaskType(req)
	matches, err := r.graph.SignatureMatches(ctx, req.Namespace, scope, query, r.cfg.StructuralThreshold, 4*r.cfg.K)
	if err != nil {
		return fmt.Errorf("structural channel: %w", err)
	}
	sig := evokg.NormalizeSignature(query)
	for _, m := range matches {
		sim := evokg.SignatureSimilarity(sig, m.Signature)
		if (scope != "" && m.TaskType != scope) || sim < r.cfg.StructuralThreshold {
			continue
		}
		p := found[m.ExperienceID]
		p.Structural = max(p.Structural, sim)
		found[m.ExperienceID] = p
	}
	return nil
}

// structuralTaskType is the task type structural matches must have, "" for any.
func (r *Retriever) structuralTaskType(req Request) string {
	if r.cfg.StructuralScope == ScopeAll {
		return ""
	}
	return req.TaskType
}

// neighbors records the proximity 1/hops of the seeds' neighbours of the
// question's task type: the graph channel never crosses task types,
// whatever the structural scope.
func (r *Retriever) neighbors(ctx context.Context, req Request, seeds []uuid.UUID, found map[uuid.UUID]Parts) error {
	ns, err := r.graph.Neighbors(ctx, req.Namespace, seeds, r.cfg.MaxHops)
	if err != nil {
		return fmt.Errorf("graph channel: %w", err)
	}
	for _, n := range ns {
		if n.TaskType != req.TaskType || n.Hops < 1 || n.Hops > r.cfg.MaxHops {
			continue
		}
		p := found[n.ExperienceID]
		p.Proximity = max(p.Proximity, Proximity(n.Hops))
		found[n.ExperienceID] = p
	}
	return nil
}

// addFound reads the payload of the structural and graph finds (which also
// enforces the namespace, and the task type unless structural matches may
// cross it) and merges them.
func (r *Retriever) addFound(ctx context.Context, req Request, cands *candidates, found map[uuid.UUID]Parts) error {
	if len(found) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, 0, len(found))
	for id := range found {
		if !slices.Contains(req.Exclude, id) {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
	hits, err := r.store.Payloads(ctx, req.Namespace, r.structuralTaskType(req), ids)
	if err != nil {
		return err
	}
	now := r.now()
	for _, h := range hits {
		p := found[h.ID]
		if h.TaskType != req.TaskType {
			p.Proximity = 0 // only a structural match crosses task types
		}
		if p.Structural > 0 || p.Proximity > 0 {
			cands.add(r.foundItem(h, p, now))
		}
	}
	return nil
}

func (r *Retriever) foundItem(h vector.Hit, p Parts, now time.Time) Item {
	it := r.hitItem(h, ChannelStructural, now)
	it.Channels = it.Channels[:0]
	if p.Structural > 0 {
		it.Channels = append(it.Channels, ChannelStructural)
	}
	if p.Proximity > 0 {
		it.Channels = append(it.Channels, ChannelGraph)
	}
	it.Parts.Structural, it.Parts.Proximity = p.Structural, p.Proximity
	return it
}

// include adds the memories req.Include names, in any state, marked to be
// placed first: successes and failures among the candidates, principles
// before the other principles.
func (r *Retriever) include(ctx context.Context, req Request, cands *candidates, principles []Item) ([]Item, error) {
	hits, err := r.store.AnyPayloads(ctx, req.Namespace, req.TaskType, req.Include)
	if err != nil {
		return nil, err
	}
	now := r.now()
	var first []Item
	for _, h := range hits {
		it := r.hitItem(h, ChannelProbation, now)
		it.included = true
		it.Score = r.cfg.Weights.Score(it.Parts)
		if h.Outcome == evokg.OutcomePrinciple {
			first = append(first, it)
			continue
		}
		cands.add(it)
	}
	if len(first) == 0 {
		return principles, nil
	}
	return slices.Concat(first, slices.DeleteFunc(principles, func(p Item) bool {
		return slices.ContainsFunc(first, func(f Item) bool { return f.ID == p.ID })
	})), nil
}

// excluded returns hits without the memories req.Exclude names.
func excluded(req Request, hits []vector.Hit) []vector.Hit {
	if len(req.Exclude) == 0 {
		return hits
	}
	return slices.DeleteFunc(hits, func(h vector.Hit) bool { return slices.Contains(req.Exclude, h.ID) })
}

// assemble fills the pack from the ranked candidates.
func (r *Retriever) assemble(req Request, ranked, principles []Item) *Pack {
	alloc := r.cfg.Allocate(req.Mode, req.Context)
	sel := selectItems(ranked, alloc, r.cfg.TypeStrategyMin, r.cfg.K)
	return &Pack{
		Successes: orEmpty(sel.successes), Failures: orEmpty(sel.failures), Principles: orEmpty(principles),
		Structural: orEmpty(sel.structural), Neighbors: orEmpty(sel.neighbors),
		CharBudget: r.cfg.CharBudget, Allocation: alloc, Strategy: req.Strategy, Excluded: req.Exclude,
	}
}

// principles returns the cascade's principles: from the configured source,
// or the task type's principle index.
func (r *Retriever) principles(ctx context.Context, req Request, emb []float32) ([]Item, error) {
	if r.cfg.Principles != nil {
		items, err := r.cfg.Principles.Principles(ctx, PrincipleRequest{Namespace: req.Namespace, TaskType: req.TaskType,
			Question: req.Question, Embedding: emb, Limit: r.cfg.K})
		if err != nil {
			return nil, fmt.Errorf("principles: %w", err)
		}
		return keepTaskType(items, req.TaskType), nil
	}
	hits, err := r.store.SearchPrinciples(ctx, vector.Query{Namespace: req.Namespace, TaskType: req.TaskType, Embedding: emb, K: r.cfg.K})
	if err != nil {
		return nil, err
	}
	now := r.now()
	items := make([]Item, 0, len(hits))
	for _, h := range hits {
		it := r.hitItem(h, ChannelPrinciple, now)
		it.Parts.Semantic = h.Similarity
		it.Score = r.cfg.Weights.Score(it.Parts)
		items = append(items, it)
	}
	sortItems(items)
	return items, nil
}

func keepTaskType(items []Item, taskType string) []Item {
	out := make([]Item, 0, len(items))
	for _, it := range items {
		if it.TaskType == taskType {
			out = append(out, it)
		}
	}
	return out
}

func orEmpty(items []Item) []Item {
	if items == nil {
		return []Item{}
	}
	return items
}
