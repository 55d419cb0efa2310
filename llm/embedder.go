package llm

import (
	"container/list"
	"context"
	"crypto/sha256"
	"fmt"
	"sync"
	"time"

	"github.com/evokg/evokg"
)

// Embedder turns texts into vectors with the embedding model through
// batched requests (Ollama's /api/embed, OpenAI's /v1/embeddings). It checks every vector's dimension and keeps
// an LRU cache keyed by model and SHA-256 of the text. It implements
// evokg.Embedder.
type Embedder struct {
	conn    *conn
	srv     *server
	model   string
	dim     int
	batch   int
	timeout time.Duration
	cut     int // EmbedMaxChars, 0: none
	cache   *lru
}

var _ evokg.Embedder = (*Embedder)(nil)

func newEmbedder(c *conn, srv *server, cfg Config) *Embedder {
	return &Embedder{conn: c, srv: srv, model: cfg.EmbeddingModel, dim: cfg.EmbeddingDim, batch: cfg.EmbedBatch,
		timeout: cfg.EmbedTimeout, cut: cfg.EmbedMaxChars, cache: newLRU(cfg.EmbedCacheSize)}
}

// Dimension returns the configured vector dimension.
func (e *Embedder) Dimension() int { return e.dim }

// Model returns the embedding model name.
func (e *Embedder) Model() string { return e.model }

// CacheStats returns the cache's hits and misses so far.
func (e *Embedder) CacheStats() (hits, misses int64) { return e.cache.stats() }

// Embed returns one vector per text, in order. Cached texts are not sent;
// the rest go in batches of Config.EmbedBatch, each cut to
// Config.EmbedMaxChars when that is set.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if e.cut > 0 {
		cut := make([]string, len(texts))
		for i, t := range texts {
			cut[i] = evokg.TruncateRunes(t, e.cut)
		}
		texts = cut
	}
	out := make([][]float32, len(texts))
	keys := make([]cacheKey, len(texts))
	pending := map[cacheKey][]int{} // uncached key → positions in texts
	var order []cacheKey
	for i, t := range texts {
		keys[i] = e.key(t)
		if v, ok := e.cache.get(keys[i]); ok {
			out[i] = v
			continue
		}
		if _, seen := pending[keys[i]]; !seen {
			order = append(order, keys[i])
		}
		pending[keys[i]] = append(pending[keys[i]], i)
	}
	for start := 0; start < len(order); start += e.batch {
		batch := order[start:min(start+e.batch, len(order))]
		if err := e.embedBatch(ctx, batch, texts, pending, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (e *Embedder) key(text string) cacheKey {
	return cacheKey{model: e.model, sum: sha256.Sum256([]byte(text))}
}

// embedBatch sends one /api/embed request for batch and fills out.
func (e *Embedder) embedBatch(ctx context.Context, batch []cacheKey, texts []string, pending map[cacheKey][]int, out [][]float32) error {
	input := make([]string, len(batch))
	for i, k := range batch {
		input[i] = texts[pending[k][0]]
	}
	vecs, err := e.request(ctx, input)
	if err != nil {
		return err
	}
	for i, k := range batch {
		e.cache.put(k, vecs[i])
		for _, pos := range pending[k] {
			out[pos] = vecs[i]
		}
	}
	return nil
}

// request performs one embedding call and checks its reply.
func (e *Embedder) request(ctx context.Context, input []string) ([][]float32, error) {
	res, err := e.send(ctx, input, false)
	if err != nil {
		return nil, err
	}
	return res.vectors, nil
}

// send performs and records one embedding call; the reply must hold one
// vector of the configured dimension per text, except for a dimension
// probe (CheckDimension), which reports the dimension itself.
func (e *Embedder) send(ctx context.Context, input []string, probe bool) (res embedResult, err error) {
	ep := endpoint{conn: e.conn, srv: e.srv, layer: LayerEmbedding, cfg: RoleConfig{Model: e.model}}
	rec := ep.newRecord(CallFrom(ctx), RoleEmbedder)
	ctx, span := ep.span(ctx, OperationEmbeddings, e.model)
	defer func() { endCall(span, rec, err) }()
	cctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	res, err = e.srv.backend.embed(cctx, e.model, input)
	rec.Duration = time.Since(rec.CreatedAt)
	err, rec.Outcome = e.srv.translate(cctx, e.model, err)
	if err == nil {
		rec.PromptTokens = res.promptTokens
		if err = e.checkReply(res.vectors, len(input), probe); err != nil {
			rec.Outcome = OutcomeInvalidReply
		}
	}
	if err != nil {
		rec.Reason = evokg.TruncateRunes(err.Error(), 500)
	}
	e.conn.record(ctx, rec)
	return res, err
}

func (e *Embedder) checkReply(vecs [][]float32, n int, probe bool) error {
	if len(vecs) != n {
		return &evokg.Error{Code: evokg.EINTERNAL, Message: "embedding count mismatch",
			Err: fmt.Errorf("model %s on %s returned %d embeddings for %d texts", e.model, e.srv.describe(), len(vecs), n)}
	}
	for _, v := range vecs {
		if len(v) != e.dim && !probe {
			return &evokg.Error{Code: evokg.EINTERNAL, Message: fmt.Sprintf("embedding dimension mismatch: model %s on %s returned %d, configured %d",
				e.model, e.srv.describe(), len(v), e.dim)}
		}
	}
	return nil
}

type cacheKey struct {
	model string
	sum   [sha256.Size]byte
}

// lru is a fixed-size least-recently-used cache of vectors.
type lru struct {
	mu           sync.Mutex
	size         int
	items        map[cacheKey]*list.Element
	order        *list.List // front = most recent
	hits, misses int64
}

type lruEntry struct {
	key cacheKey
	vec []float32
}

func newLRU(size int) *lru {
	return &lru{size: size, items: map[cacheKey]*list.Element{}, order: list.New()}
}

func (c *lru) get(k cacheKey) ([]float32, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[k]
	if !ok {
		c.misses++
		return nil, false
	}
	c.hits++
	c.order.MoveToFront(el)
	return el.Value.(*lruEntry).vec, true
}

func (c *lru) put(k cacheKey, v []float32) {
	if c.size <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		el.Value.(*lruEntry).vec = v
		c.order.MoveToFront(el)
		return
	}
	c.items[k] = c.order.PushFront(&lruEntry{key: k, vec: v})
	if c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry).key)
	}
}

func (c *lru) stats() (hits, misses int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}
