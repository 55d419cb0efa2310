package access

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// tokenPrefix starts every token: evk_<prefix>_<secret>.
const tokenPrefix = "evk_"

// touchInterval bounds how often last_used_at is written for one key.
const touchInterval = time.Minute

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
func (s *KeyStore) Create(ctx context.Context, name string, scopes, namespaces []string) (string, evokg.APIKey, error) {
	if err := validateKey(name, scopes, namespaces); err != nil {
		return "", evokg.APIKey{}, err
	}
	token, prefix, err := newToken()
	if err != nil {
		return "", evokg.APIKey{}, &evokg.Error{Code: evokg.EINTERNAL, Message: "generating a key", Err: err}
	}
	row := s.pool.QueryRow(ctx, queries.Get("key_insert"), evokg.NewID(), name, prefix, hashToken(token), scopes, namespaces)
	k, err := scanKey(row)
	if err != nil {
		return "", evokg.APIKey{}, postgres.Translate(err, "creating the key")
	}
	return token, k, nil
}

// List returns every key, revoked ones included, oldest first.
func (s *KeyStore) List(ctx context.Context) ([]evokg.APIKey, error) {
	rows, err := s.pool.Query(ctx, queries.Get("key_list"))
	if err != nil {
		return nil, postgres.Translate(err, "listing keys")
	}
	keys, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (evokg.APIKey, error) { return scanKey(row) })
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
func (s *KeyStore) Authenticate(ctx context.Context, token string) (evokg.APIKey, error) {
	if !wellFormedToken(token) {
		return evokg.APIKey{}, evokg.Errorf(evokg.EUNAUTHORIZED, "the API key is malformed")
	}
	k, err := scanKey(s.pool.QueryRow(ctx, queries.Get("key_by_hash"), hashToken(token)))
	if errors.Is(err, pgx.ErrNoRows) {
		return evokg.APIKey{}, evokg.Errorf(evokg.EUNAUTHORIZED, "the API key is unknown or revoked")
	}
	if err != nil {
		return evokg.APIKey{}, postgres.Translate(err, "checking the API key")
	}
	s.touch(ctx, k)
	return k, nil
}

// touch records last use at most once per touchInterval; failures are logged only.
func (s *KeyStore) touch(ctx context.Context, k evokg.APIKey) {
	if k.LastUsedAt != nil && time.Since(*k.LastUsedAt) < touchInterval {
		return
	}
	if _, err := s.pool.Exec(ctx, queries.Get("key_touch"), k.ID); err != nil {
		s.logger.WarnContext(ctx, "recording key use", slog.String("key_id", k.ID.String()), slog.Any("err", err))
	}
}

func scanKey(row pgx.Row) (evokg.APIKey, error) {
	var k evokg.APIKey
	err := row.Scan(&k.ID, &k.Name, &k.Prefix, &k.Scopes, &k.Namespaces, &k.CreatedAt, &k.RevokedAt, &k.LastUsedAt)
	return k, err
}

func validateKey(name string, scopes, namespaces []string) error {
	var v evokg.FieldErrors
	v.Check(strings.TrimSpace(name) != "" && len(name) <= 200, "/name", "a name of 1 to 200 characters is required")
	v.Check(len(scopes) > 0, "/scopes", "at least one scope is required")
	for i, sc := range scopes {
		v.Check(slices.Contains(evokg.Scopes, sc), "/scopes/"+strconv.Itoa(i), "unknown scope; use one of "+strings.Join(evokg.Scopes, ", "))
	}
	v.Check(len(namespaces) > 0, "/namespaces", "at least one namespace (or *) is required")
	for i, ns := range namespaces {
		v.Check(ns == evokg.AllNamespaces || evokg.ValidNamespace(ns), "/namespaces/"+strconv.Itoa(i), "not a valid namespace name")
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
