package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// RateCounts counts requests per key and rate-limit window in the
// rate_limit_counts table, so every process sharing the database shares one
// count per key: the API's per-key limit holds across replicas.
type RateCounts struct {
	pool *pgxpool.Pool
}

// NewRateCounts returns the counts kept in pool's database.
func NewRateCounts(pool *pgxpool.Pool) *RateCounts { return &RateCounts{pool: pool} }

// Add adds n requests to key's window starting at window and returns the
// window's count, atomically across processes.
func (c *RateCounts) Add(ctx context.Context, key string, window time.Time, n int) (int, error) {
	var count int
	err := c.pool.QueryRow(ctx, queries.Get("rate_limit_add"), key, window, n).Scan(&count)
	return count, Translate(err, "counting a request")
}

// Get returns key's counts in the windows starting at current and previous.
func (c *RateCounts) Get(ctx context.Context, key string, current, previous time.Time) (curr, prev int, err error) {
	err = c.pool.QueryRow(ctx, queries.Get("rate_limit_get"), key, current, previous).Scan(&curr, &prev)
	return curr, prev, Translate(err, "reading request counts")
}

// Prune deletes the windows that started before before.
func (c *RateCounts) Prune(ctx context.Context, before time.Time) error {
	_, err := c.pool.Exec(ctx, queries.Get("rate_limit_prune"), before)
	return Translate(err, "pruning request counts")
}
