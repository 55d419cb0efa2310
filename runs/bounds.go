package runs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/settings"
)

// Bounds cap the active (queued or running) background runs: evolution
// runs, epoch runs and tasks, counted together. A namespace's tenant is
// the API key that created it (POST /v1/namespaces); a namespace no key
// created is a tenant of its own.
//
// A bound's tags declare its command-line flag (cmd/evokg embeds Bounds in
// serve), its environment variable, its default and its help.
type Bounds struct {
	// PerKey bounds the active runs one API key started, across every
	// namespace. Default DefaultPerKey; negative: no bound.
	PerKey int `name:"active-runs-per-key" env:"EVOKG_ACTIVE_RUNS_PER_KEY" default:"4" help:"Active (queued or running) evolution runs, epoch runs and tasks one API key may have started, across namespaces; a start over it is a 429 (negative: no bound)."`
	// PerTenant bounds the active runs in one tenant's namespaces, whoever
	// started them. Default DefaultPerTenant; negative: no bound.
	PerTenant int `name:"active-runs-per-tenant" env:"EVOKG_ACTIVE_RUNS_PER_TENANT" default:"8" help:"Active evolution runs, epoch runs and tasks in one tenant's namespaces (those one API key created; a namespace no key created is a tenant of its own); a start over it is a 429 (negative: no bound)."`
}

// Defaults of Bounds, as its tags declare them.
var (
	DefaultPerKey    = settings.Default[int](Bounds{}, "PerKey")
	DefaultPerTenant = settings.Default[int](Bounds{}, "PerTenant")
)

// WithDefaults returns b with zero fields set to their defaults.
func (b Bounds) WithDefaults() Bounds {
	settings.Fill(&b)
	return b
}

// Admit refuses, with EQUOTA, a run just inserted in tx that takes key
// (uuid.Nil: none, the CLI) or the tenant of namespace ns over its bound.
// It counts under transaction-scoped advisory locks on the key, then the
// tenant, so starts racing on any API replica count one after another,
// each seeing the runs the ones before it committed; the caller's run,
// inserted already, is in its own count. Locks are taken after the insert
// and always in that order, so two starts never wait on each other in a
// cycle.
func Admit(ctx context.Context, tx pgx.Tx, b Bounds, key uuid.UUID, ns string) error {
	b = b.WithDefaults()
	if key != uuid.Nil && b.PerKey >= 0 {
		n, err := lockedCount(ctx, tx, "evokg.runs_key", key.String(), "active_of_key", key)
		if err != nil {
			return err
		}
		if n > b.PerKey {
			return quota(fmt.Sprintf("API key %s has %d active background runs (evolution runs, epoch runs and tasks, queued or running) across its namespaces; the bound per key is %d",
				key, n-1, b.PerKey))
		}
	}
	if b.PerTenant < 0 {
		return nil
	}
	return admitTenant(ctx, tx, b.PerTenant, ns)
}

func admitTenant(ctx context.Context, tx pgx.Tx, limit int, ns string) error {
	var owner *uuid.UUID
	if err := tx.QueryRow(ctx, queries.Get("tenant"), ns).Scan(&owner); err != nil {
		return postgres.Translate(err, "reading the namespace's tenant")
	}
	tenant, who := "namespace:"+ns, "namespace "+ns+", which no API key created, has"
	if owner != nil {
		tenant, who = owner.String(), fmt.Sprintf("the namespaces API key %s created (the tenant of %s) have", owner, ns)
	}
	n, err := lockedCount(ctx, tx, "evokg.runs_tenant", tenant, "active_of_tenant", owner, ns)
	if err != nil {
		return err
	}
	if n > limit {
		return quota(fmt.Sprintf("%s %d active background runs (evolution runs, epoch runs and tasks, queued or running); the bound per tenant is %d",
			who, n-1, limit))
	}
	return nil
}

// lockedCount takes the advisory lock (class, id) for tx's lifetime, then
// runs the count query. The count is a statement of its own so that its
// snapshot is taken once the lock is held.
func lockedCount(ctx context.Context, tx pgx.Tx, class, id, query string, args ...any) (int, error) {
	if _, err := tx.Exec(ctx, queries.Get("xact_lock"), class, id); err != nil {
		return 0, postgres.Translate(err, "locking the bound of active runs")
	}
	var n int
	if err := tx.QueryRow(ctx, queries.Get(query), args...).Scan(&n); err != nil {
		return 0, postgres.Translate(err, "counting active runs")
	}
	return n, nil
}

func quota(msg string) error {
	return evokg.Errorf(evokg.EQUOTA, "%s: wait for a run to end, or cancel one, and try again", msg)
}

// KeyParam is key as a nullable column value: NULL for uuid.Nil.
func KeyParam(key uuid.UUID) *uuid.UUID {
	if key == uuid.Nil {
		return nil
	}
	return &key
}
