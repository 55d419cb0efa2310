package evolution

import (
	"context"
	"fmt"

	"github.com/google/uuid"
)

// guard is the Delta-Guard step: accept the evaluated state (and snapshot
// its mutable slots) or roll the slots back to the last (or, after a
// catastrophic drop, the best) accepted snapshot. A rollback restores the
// skill slots and takes back the run's own bandit pulls and rewards made
// since the snapshot; other pulls and rewards (live /answer feedback) and
// every memory stay.
func (r *runner) guard(ctx context.Context, k int, m *Metrics) error {
	if r.st.LastSnapshot != uuid.Nil {
		g := Guard{Delta: r.p.Delta, Catastrophic: r.p.Catastrophic}
		v := g.Decide(r.st.LastAccuracy, r.st.BestAccuracy, m.Accuracy)
		m.Drop = v.Drop
		if v.Rollback {
			return r.rollback(ctx, m, v)
		}
	}
	return r.accept(ctx, k, m.Accuracy)
}

func (r *runner) rollback(ctx context.Context, m *Metrics, v GuardDecision) error {
	id, kind := r.st.LastSnapshot, "delta"
	if v.Catastrophic {
		id, kind = r.st.BestSnapshot, "catastrophic"
	}
	snap, err := r.store.snapshot(ctx, r.ns, id)
	if err != nil {
		return err
	}
	if err := r.deps.Graph.RestoreSlots(ctx, r.ns, snap.Skills); err != nil {
		return err
	}
	if err := r.deps.Bandit.Revert(ctx, r.ns, r.id, snap.RunBandits); err != nil {
		return err
	}
	r.st.Rollbacks++
	m.Rollback, m.RollbackKind = true, kind
	r.log.WarnContext(ctx, "delta-guard rolled back mutable slots", "namespace", r.ns, "run", r.id,
		"kind", kind, "to_iteration", snap.Iteration, "accuracy", m.Accuracy, "drop", v.Drop)
	return nil
}

func (r *runner) accept(ctx context.Context, k int, acc float64) error {
	skills, err := r.deps.Graph.SnapshotSlots(ctx, r.ns)
	if err != nil {
		return err
	}
	posteriors, err := r.deps.Bandit.Snapshot(ctx, r.ns)
	if err != nil {
		return err
	}
	own, err := r.deps.Bandit.RunContributions(ctx, r.ns, r.id)
	if err != nil {
		return err
	}
	snap := &snapshot{ID: uuid.NewSHA1(r.id, fmt.Appendf(nil, "snapshot/%d", k)), Iteration: k, Skills: skills,
		Bandits: posteriors, RunBandits: own, Accuracy: acc}
	if err := r.store.saveSnapshot(ctx, r.ns, r.id, snap); err != nil {
		return err
	}
	r.st.LastAccuracy, r.st.LastSnapshot = acc, snap.ID
	if r.st.BestSnapshot == uuid.Nil || acc >= r.st.BestAccuracy {
		r.st.BestAccuracy, r.st.BestSnapshot = acc, snap.ID
	}
	return nil
}
