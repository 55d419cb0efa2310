package api

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// Scopes an API key can hold. ScopeAdmin implies every other scope.
const (
	ScopeMemoryRead  = "memory:read"
	ScopeMemoryWrite = "memory:write"
	ScopeEvolve      = "evolve"
	ScopeAdmin       = "admin"
)

// Scopes lists every scope.
var Scopes = []string{ScopeMemoryRead, ScopeMemoryWrite, ScopeEvolve, ScopeAdmin}

// AllNamespaces binds a key to every namespace.
const AllNamespaces = "*"

// tokenPrefix starts every token: evk_<prefix>_<secret>.
const tokenPrefix = "evk_"

// touchInterval bounds how often last_used_at is written for one key.
const touchInterval = time.Minute

// Key is an API key as stored; the token itself is never stored.
type Key struct {
	ID         uuid.UUID  `json:"id"`
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"`
	Scopes     []string   `json:"scopes"`
	Namespaces []string   `json:"namespaces"`
	CreatedAt  time.Time  `json:"created_at"`
	RevokedAt  *time.Time `json:"revoked_at,omitempty"`
	LastUsedAt *time.Time `json:"last_used_at,omitempty"`
}

// HasScope reports whether k grants scope (admin grants all).
func (k Key) HasScope(scope string) bool {
	return slices.Contains(k.Scopes, scope) || slices.Contains(k.Scopes, ScopeAdmin)
}

// AllowsNamespace reports whether k is bound to ns.
func (k Key) AllowsNamespace(ns string) bool {
	return slices.Contains(k.Namespaces, AllNamespaces) || slices.Contains(k.Namespaces, ns)
}

// Authenticator resolves a bearer token to its key. KeyStore implements it.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (Key, error)
}

// KeyStore keeps API keys in Postgres as SHA-256 hashes of their tokens.
type KeyStore struct {
	pool   *pgxpool.Pool
	logger *slog.Logger
}

// NewKeyStore returns a key store on pool. A nil logger discards logs.
func NewKeyStore(pool *pgxpool.Pool, logger *slog.Logger) *KeyStore {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &KeyStore{pool: pool, logger: logger}
}

// Create makes a key and returns its token, shown once and never stored.
func (s *KeyStore) Create(ctx context.Context, name string, scopes, namespaces []string) (string, Key, error) {
	if err := validateKey(name, scopes, namespaces); err != nil {
		return "", Key{}, err
	}
	token, prefix, err := newToken()
	if err != nil {
		return "", Key{}, &evokg.Error{Code: evokg.EINTERNAL, Message: "generating a key", Err: err}
	}
	row := s.pool.QueryRow(ctx, queries.Get("key_insert"), evokg.NewID(), name, prefix, hashToken(token), scopes, namespaces)
	k, err := scanKey(row)
	if err != nil {
		return "", Key{}, postgres.Translate(err, "creating the key")
	}
	return token, k, nil
}

// List returns every key, revoked ones included, oldest first.
func (s *KeyStore) List(ctx context.Context) ([]Key, error) {
	rows, err := s.pool.Query(ctx, queries.Get("key_list"))
	if err != nil {
		return nil, postgres.Translate(err, "listing keys")
	}
	keys, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Key, error) { return scanKey(row) })
	if err != nil {
		return nil, postgres.Translate(err, "listing keys")
	}
	return keys, nil
}

// Revoke revokes the key with id; ENOTFOUND if none is active.
func (s *KeyStore) Revoke(ctx context.Context, id uuid.UUID) error {
	tag, err := s.pool.Exec(ctx, queries.Get("key_revoke"), id)
	if err != nil {
		return postgres.Translate(err, "revoking the key")
	}
	if tag.RowsAffected() == 0 {
		return evokg.Errorf(evokg.ENOTFOUND, "no active key with id %s", id)
	}
	return nil
}

// Authenticate returns the active key of token, or EUNAUTHORIZED.
func (s *KeyStore) Authenticate(ctx context.Context, token string) (Key, error) {
	if !wellFormedToken(token) {
		return Key{}, evokg.Errorf(evokg.EUNAUTHORIZED, "the API key is malformed")
	}
	k, err := scanKey(s.pool.QueryRow(ctx, queries.Get("key_by_hash"), hashToken(token)))
	if errors.Is(err, pgx.ErrNoRows) {
		return Key{}, evokg.Errorf(evokg.EUNAUTHORIZED, "the API key is unknown or revoked")
	}
	if err != nil {
		return Key{}, postgres.Translate(err, "checking the API key")
	}
	s.touch(ctx, k)
	return k, nil
}

// touch records last use at most once per touchInterval; failures are logged only.
func (s *KeyStore) touch(ctx context.Context, k Key) {
	if k.LastUsedAt != nil && time.Since(*k.LastUsedAt) < touchInterval {
		return
	}
	if _, err := s.pool.Exec(ctx, queries.Get("key_touch"), k.ID); err != nil {
		s.logger.WarnContext(ctx, "recording key use", slog.String("key_id", k.ID.String()), slog.Any("err", err))
	}
}

func scanKey(row pgx.Row) (Key, error) {
	var k Key
	err := row.Scan(&k.ID, &k.Name, &k.Prefix, &k.Scopes, &k.Namespaces, &k.CreatedAt, &k.RevokedAt, &k.LastUsedAt)
	return k, err
}

func validateKey(name string, scopes, namespaces []string) error {
	var v evokg.Validator
	v.Check(strings.TrimSpace(name) != "" && len(name) <= 200, "/name", "a name of 1 to 200 characters is required")
	v.Check(len(scopes) > 0, "/scopes", "at least one scope is required")
	for i, sc := range scopes {
		v.Check(slices.Contains(Scopes, sc), pointerAt("/scopes", i), "unknown scope; use one of "+strings.Join(Scopes, ", "))
	}
	v.Check(len(namespaces) > 0, "/namespaces", "at least one namespace (or *) is required")
	for i, ns := range namespaces {
		v.Check(ns == AllNamespaces || evokg.ValidNamespace(ns), pointerAt("/namespaces", i), "not a valid namespace name")
	}
	return v.Err()
}

// newToken returns a fresh token evk_<prefix>_<secret> and its prefix.
func newToken() (token, prefix string, err error) {
	p := make([]byte, 4)
	secret := make([]byte, 32)
	if _, err = rand.Read(p); err != nil {
		return "", "", err
	}
	if _, err = rand.Read(secret); err != nil {
		return "", "", err
	}
	prefix = hex.EncodeToString(p)
	return tokenPrefix + prefix + "_" + base64.RawURLEncoding.EncodeToString(secret), prefix, nil
}

func wellFormedToken(token string) bool {
	rest, ok := strings.CutPrefix(token, tokenPrefix)
	if !ok {
		return false
	}
	prefix, secret, ok := strings.Cut(rest, "_")
	return ok && len(prefix) == 8 && len(secret) >= 32
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
