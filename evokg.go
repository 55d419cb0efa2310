// Package evokg holds the domain of EvoKG, a memory platform for
// self-evolving LLM agents: skills, task types, experiences and their
// memory classes, structural signatures and the errors every adapter
// translates into. Adapters live in sub-packages, one per dependency:
// graph (Neo4j), vector and postgres (Postgres + pgvector), llm (Ollama),
// api (HTTP) and workers (River job queue).
package evokg

import (
	"regexp"
	"time"

	"github.com/google/uuid"
)

// NewID returns a new time-ordered identifier (UUIDv7) for any node or row.
func NewID() uuid.UUID { return uuid.Must(uuid.NewV7()) }

// Now returns the current time in UTC truncated to microseconds, the
// precision both stores keep.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

var namespacePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,62}$`)

// ValidNamespace reports whether ns is a usable namespace name: lower-case
// letters, digits, '-' and '_', 1 to 63 characters, starting alphanumeric.
func ValidNamespace(ns string) bool { return namespacePattern.MatchString(ns) }

// Namespace is one isolated EvoKG (one agent, benchmark or team). Every node,
// edge, row and job carries one.
type Namespace struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Probation has every memory its clients post start probationary, as
	// ExperienceInput.Probation asks for one.
	Probation bool      `json:"probation"`
	CreatedAt time.Time `json:"created_at"`
}
