package evokg

import (
	"math"
	"time"

	"github.com/google/uuid"
)

// MemoryState says whether a memory is served (package utility).
type MemoryState string

// Memory states. Only active memories enter memory packs.
const (
	// MemoryProbationary: written, not yet served; it is tried on
	// validation items, answered by the learner with it and without it.
	MemoryProbationary MemoryState = "probationary"
	// MemoryActive: served.
	MemoryActive MemoryState = "active"
	// MemoryQuarantined: kept, never deleted, not served; the reason says
	// why. Restoring it makes it active again.
	MemoryQuarantined MemoryState = "quarantined"
)

// MemoryStates lists every state.
var MemoryStates = []MemoryState{MemoryProbationary, MemoryActive, MemoryQuarantined}

// Valid reports whether s is one of MemoryStates.
func (s MemoryState) Valid() bool {
	return s == MemoryProbationary || s == MemoryActive || s == MemoryQuarantined
}

// Utility is the evidence of whether a memory helps its learner: a mutable
// slot beside the memory's append-only text. Live counts come from the
// reward stream (an answer whose prompt showed the memory, rewarded right
// or wrong); replay counts from probation, where the learner answered a
// validation item with the memory and without it.
type Utility struct {
	ID         uuid.UUID   `json:"id"`
	TaskType   string      `json:"task_type"`
	State      MemoryState `json:"state"`
	Reason     string      `json:"reason,omitempty"`     // why it is in its state (set by probation, live evidence or a client)
	ShownRight int64       `json:"shown_right"`          // rewarded answers that showed it, right
	ShownWrong int64       `json:"shown_wrong"`          // rewarded answers that showed it, wrong
	Helped     int64       `json:"helped"`               // replays right with it, wrong without it
	Hurt       int64       `json:"hurt"`                 // replays wrong with it, right without it
	Tied       int64       `json:"tied"`                 // replays with the same grade both ways
	Score      float64     `json:"score"`                // (helpful+1)/(helpful+harmful+2), 0.5 without evidence
	UpdatedAt  *time.Time  `json:"updated_at,omitempty"` // nil while no evidence or decision was recorded
}

// UtilityScore is the smoothed share of helpful evidence: (h+1)/(h+x+2)
// with h = shown right + helped and x = shown wrong + hurt (Laplace's rule,
// as ACE's helpful/harmful counters). A memory without evidence scores 0.5.
// Live counts are not corrected for how hard the task type is: within one
// task type, the memories a pack ranks share that difficulty.
func UtilityScore(shownRight, shownWrong, helped, hurt int64) float64 {
	h, x := float64(shownRight+helped), float64(shownWrong+hurt)
	return (h + 1) / (h + x + 2)
}

// WilsonUpper is the upper bound of the 95% Wilson score interval of a
// share of right answers: right of n.
func WilsonUpper(right, n int64) float64 {
	if n <= 0 {
		return 1
	}
	const z = 1.959963984540054
	p, nn := float64(right)/float64(n), float64(n)
	center := p + z*z/(2*nn)
	spread := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn))
	return math.Min(1, (center+spread)/(1+z*z/nn))
}

// UtilityFilter selects the memories of one state for a listing.
type UtilityFilter struct {
	State    MemoryState // probationary or quarantined
	TaskType string      // "" for any
	Cursor   string      // NextCursor of the previous page
	Limit    int         // 1 to 200; 0 for 50
}

// UtilityPage is one page of a listing by state, by id; NextCursor is
// empty on the last.
type UtilityPage struct {
	Items      []Utility `json:"items"`
	NextCursor string    `json:"next_cursor,omitempty"`
}

// Probation is what an evolution run's probation did in one iteration
// (or, summed, in a run or an experiment).
type Probation struct {
	Tried       int   `json:"tried"`       // memories replayed and decided
	Activated   int   `json:"activated"`   // of them, now served
	Quarantined int   `json:"quarantined"` // of them, kept out
	Waiting     int   `json:"waiting"`     // probationary memories left for a later iteration (cap, or no validation item of their type)
	Replays     int   `json:"replays"`     // validation answers given with a probationary memory
	Helped      int   `json:"helped"`      // replays right with the memory, wrong without it
	Hurt        int   `json:"hurt"`        // replays wrong with it, right without it
	Calls       int64 `json:"learner_calls"`
}
