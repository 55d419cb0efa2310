package evokg

// Storage maintenance: deleting memories (a namespace purge, pruning) frees
// rows but not the pages of the HNSW vector indexes, which keep their size
// until they are rebuilt. A reindex measures every vector index against the
// rows it holds and rebuilds the bloated ones.

// ReindexOptions choose what a reindex does.
type ReindexOptions struct {
	// DryRun measures and reports the bloated indexes without rebuilding them.
	DryRun bool `json:"dry_run,omitempty"`
}

// IndexRebuild is one bloated vector index: its measure and, unless the run
// was dry, its size once rebuilt.
type IndexRebuild struct {
	Index    string `json:"index"`
	Table    string `json:"table"`
	LiveRows int64  `json:"live_rows"`
	// BytesBefore is the index's size; ExpectedBytes the size a fresh build
	// for LiveRows takes (an estimate); BytesAfter its size once rebuilt.
	BytesBefore   int64   `json:"bytes_before"`
	ExpectedBytes int64   `json:"expected_bytes"`
	BytesAfter    int64   `json:"bytes_after,omitempty"`
	DurationMS    float64 `json:"duration_ms,omitempty"`
}

// ReindexReport is what a reindex found and did.
type ReindexReport struct {
	DryRun bool `json:"dry_run"`
	// Checked counts the vector indexes measured; Rebuilt lists the bloated
	// ones, rebuilt unless DryRun.
	Checked int            `json:"checked"`
	Rebuilt []IndexRebuild `json:"rebuilt"`
	// Remaining names bloated indexes left for another run: the caller's
	// deadline came first (an index being rebuilt is always finished).
	Remaining      []string `json:"remaining,omitempty"`
	ReclaimedBytes int64    `json:"reclaimed_bytes"`
	DurationMS     float64  `json:"duration_ms"`
}
