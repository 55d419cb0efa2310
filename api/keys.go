package api

import (
	"context"

	"github.com/evokg/evokg"
)

// Authenticator resolves a bearer token to its key (*access.KeyStore).
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (evokg.APIKey, error)
}
