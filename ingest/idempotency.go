package ingest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// MaxIdempotencyKey is the longest accepted Idempotency-Key.
const MaxIdempotencyKey = 255

// idempotent runs do once per (namespace, key): a later request with the
// same body hash gets the stored response, one with another body a conflict.
// The body is hashed (hashOf) only when there is a key.
// do must store its response under the key in its own transaction
// (putIdempotency) so that the key and the effect commit together.
func idempotent[T any](ctx context.Context, s *Service, ns, key string, hashOf func() []byte, replayed func(*T), do func() (T, error)) (T, error) {
	var zero T
	if key == "" {
		return do()
	}
	if len(key) > MaxIdempotencyKey {
		return zero, evokg.Invalid(evokg.FieldError{Pointer: "/idempotency_key", Detail: "is longer than 255 characters"})
	}
	hash := hashOf()
	if out, found, err := replay[T](ctx, s, ns, key, hash); found || err != nil {
		replayed(&out)
		return out, err
	}
	out, err := do()
	if !errors.Is(err, errReplay) {
		return out, err
	}
	// A concurrent request with the same key committed first.
	out, found, err := replay[T](ctx, s, ns, key, hash)
	if err == nil && !found {
		err = fmt.Errorf("ingest: idempotency key %q vanished", key)
	}
	replayed(&out)
	return out, err
}

func replay[T any](ctx context.Context, s *Service, ns, key string, hash []byte) (T, bool, error) {
	var out T
	var stored, response []byte
	err := s.pool.QueryRow(ctx, queries.Get("idempotency_get"), ns, key).Scan(&stored, &response)
	if errors.Is(err, pgx.ErrNoRows) {
		return out, false, nil
	}
	if err != nil {
		return out, false, postgres.Translate(err, "reading the idempotency key")
	}
	if !bytes.Equal(stored, hash) {
		return out, true, evokg.Errorf(evokg.ECONFLICT, "the Idempotency-Key was already used with a different request body")
	}
	if err := json.Unmarshal(response, &out); err != nil {
		return out, true, fmt.Errorf("ingest: stored idempotent response: %w", err)
	}
	return out, true, nil
}

func putIdempotency(ctx context.Context, tx pgx.Tx, ns, key string, hash []byte, response any) error {
	body, err := json.Marshal(response)
	if err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, queries.Get("idempotency_put"), ns, key, hash, StatusCodeAccepted, body)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errReplay
	}
	return nil
}

// StatusCodeAccepted is the HTTP status stored with idempotent responses:
// ingest accepts work that completes asynchronously.
const StatusCodeAccepted = 202

func requestHash(kind string, v any) []byte {
	body, err := json.Marshal(v)
	if err != nil {
		panic(err) // Request holds only JSON-safe types
	}
	h := sha256.New()
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write(body)
	return h.Sum(nil)
}

func markReplayed(r *evokg.IngestReceipt) { r.Replayed = true }

func markAllReplayed(rs *[]evokg.IngestReceipt) {
	for i := range *rs {
		(*rs)[i].Replayed = true
	}
}
