package access

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// NamespaceStore keeps namespaces in Postgres. It implements evokg.NamespaceService.
type NamespaceStore struct{ pool *pgxpool.Pool }

var _ evokg.NamespaceService = (*NamespaceStore)(nil)

// NewNamespaceStore returns a namespace store on pool.
func NewNamespaceStore(pool *pgxpool.Pool) *NamespaceStore { return &NamespaceStore{pool: pool} }

// CreateNamespace creates ns, created by key (uuid.Nil: none, the CLI),
// which is its tenant; ECONFLICT if it exists.
func (s *NamespaceStore) CreateNamespace(ctx context.Context, ns evokg.Namespace, key uuid.UUID) (evokg.Namespace, error) {
	var out evokg.Namespace
	var creator *uuid.UUID // NULL: no key
	if key != uuid.Nil {
		creator = &key
	}
	err := s.pool.QueryRow(ctx, queries.Get("namespace_insert"), ns.Name, ns.Description, ns.Probation, creator).
		Scan(&out.Name, &out.Description, &out.Probation, &out.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return evokg.Namespace{}, evokg.Errorf(evokg.ECONFLICT, "namespace %q already exists", ns.Name)
	}
	if err != nil {
		return evokg.Namespace{}, postgres.Translate(err, "creating the namespace")
	}
	return out, nil
}

// GetNamespace returns the namespace called name; ENOTFOUND if none.
func (s *NamespaceStore) GetNamespace(ctx context.Context, name string) (evokg.Namespace, error) {
	var out evokg.Namespace
	err := s.pool.QueryRow(ctx, queries.Get("namespace_get"), name).Scan(&out.Name, &out.Description, &out.Probation, &out.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return evokg.Namespace{}, evokg.Errorf(evokg.ENOTFOUND, "namespace %q does not exist", name)
	}
	if err != nil {
		return evokg.Namespace{}, postgres.Translate(err, "reading the namespace")
	}
	return out, nil
}

// RegisterNamespace creates the namespace called name, with no description,
// in the caller's transaction; nothing when it exists. Namespace import
// calls it once the namespace's rows are in.
func RegisterNamespace(ctx context.Context, tx pgx.Tx, name string) error {
	_, err := tx.Exec(ctx, queries.Get("namespace_register"), name)
	return postgres.Translate(err, "creating the namespace")
}
