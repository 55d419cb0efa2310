package bandit

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg/postgres"
)

// txAttempts bounds the retries of a transaction that lost a deadlock or a
// serialization conflict to a concurrent one (a rollback restoring every
// arm while a reward updates two of them).
const txAttempts = 3

// inTx runs fn in a transaction, retrying it when Postgres aborted it to
// break a deadlock or a serialization conflict.
func (b *Bandit) inTx(ctx context.Context, fn func(pgx.Tx) error) error {
	var err error
	for range txAttempts {
		if err = pgx.BeginFunc(ctx, b.pool, fn); !postgres.LostToConcurrency(err) {
			return err
		}
		b.log.DebugContext(ctx, "bandit transaction retried", "error", err)
	}
	return err
}
