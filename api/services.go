package api

import "github.com/google/uuid"

// PruneRequest prunes abstracted patterns below a confidence threshold.
type PruneRequest struct {
	Threshold float64 `json:"threshold"`
	DryRun    bool    `json:"dry_run,omitempty"`
}

// PruneResult lists what was (or would be) pruned.
type PruneResult struct {
	Pruned []uuid.UUID `json:"pruned"`
	DryRun bool        `json:"dry_run"`
}
