package access

import (
	"context"

	"github.com/google/uuid"
)

// DeleteForTest removes a key row so that tests leave no keys behind.
func (s *KeyStore) DeleteForTest(ctx context.Context, id uuid.UUID) error {
	_, err := s.pool.Exec(ctx, queries.Get("key_delete"), id)
	return err
}
