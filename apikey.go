package evokg

import (
	"slices"
	"time"

	"github.com/google/uuid"
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

// APIKey is an API key as stored; its token is never stored.
type APIKey struct {
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
func (k APIKey) HasScope(scope string) bool {
	return slices.Contains(k.Scopes, scope) || slices.Contains(k.Scopes, ScopeAdmin)
}

// AllowsNamespace reports whether k is bound to ns.
func (k APIKey) AllowsNamespace(ns string) bool {
	return slices.Contains(k.Namespaces, AllNamespaces) || slices.Contains(k.Namespaces, ns)
}
