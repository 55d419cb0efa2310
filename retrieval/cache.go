package retrieval

import (
	"container/list"
	"sync"
)

// embedCache is a bounded LRU of question embeddings, so that a question
// asked again (evaluation rounds ask the same pool) costs no model call.
type embedCache struct {
	mu    sync.Mutex
	size  int
	order *list.List // front = most recent; values are cacheEntry
	byKey map[string]*list.Element
}

type cacheEntry struct {
	key string
	vec []float32
}

func newEmbedCache(size int) *embedCache {
	return &embedCache{size: size, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *embedCache) get(key string) ([]float32, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(cacheEntry).vec, true
}

func (c *embedCache) put(key string, vec []float32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		e.Value = cacheEntry{key, vec}
		c.order.MoveToFront(e)
		return
	}
	c.byKey[key] = c.order.PushFront(cacheEntry{key, vec})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(cacheEntry).key)
	}
}
