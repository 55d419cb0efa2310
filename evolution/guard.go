package evolution

// Guard is the Delta-Guard's decision rule. After each evaluation the
// accuracy is compared with the last accepted iteration: a drop of more than
// Delta rolls the mutable slots back to that iteration's snapshot; a drop of
// more than Catastrophic below the best accepted accuracy rolls back to the
// best snapshot instead (a slow slide of small drops is caught too).
// Memories appended meanwhile stay.
type Guard struct {
	Delta        float64 `json:"delta"`        // default 0.03
	Catastrophic float64 `json:"catastrophic"` // default 0.05
}

// Guard defaults (MAGE §5).
const (
	DefaultDelta        = 0.03
	DefaultCatastrophic = 0.05
)

// GuardDecision is the Delta-Guard's decision for one iteration.
type GuardDecision struct {
	Rollback     bool    `json:"rollback"`
	Catastrophic bool    `json:"catastrophic"` // restore the best snapshot, not the last one
	Drop         float64 `json:"drop"`         // last accepted accuracy − current accuracy
}

// comparisonSlack absorbs float noise: a drop of exactly δ is not "more than δ".
const comparisonSlack = 1e-12

// Decide compares accuracy with the last accepted and the best accepted
// accuracies.
func (g Guard) Decide(last, best, accuracy float64) GuardDecision {
	v := GuardDecision{Drop: last - accuracy}
	if best-accuracy > g.Catastrophic+comparisonSlack {
		v.Rollback, v.Catastrophic = true, true
		return v
	}
	v.Rollback = v.Drop > g.Delta+comparisonSlack
	return v
}
