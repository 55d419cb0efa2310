package evokg

import (
	"time"

	"github.com/google/uuid"
)

// AgentTrial is how an expert agent evolution wrote did on validation
// items before it was stored: the learner answered the same items with the
// agent and without it. The agent is validated when it was right more
// often with than without.
type AgentTrial struct {
	Items   []string  `json:"items"`
	With    int       `json:"with_agent"`
	Without int       `json:"without_agent"`
	Passed  bool      `json:"passed"`
	At      time.Time `json:"at"`
}

// AgentRef names the expert agent an answer was given by.
type AgentRef struct {
	ID      uuid.UUID `json:"id"`
	Role    string    `json:"role"`
	Version int       `json:"version"`
}

// Ref names a.
func (a ExpertAgent) Ref() *AgentRef { return &AgentRef{ID: a.ID, Role: a.Role, Version: a.Version} }
