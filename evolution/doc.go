// Package evolution runs MAGE's evolution loop (docs/concepts/evolution.md) over a
// question pool: the frozen learner answers with retrieved memory (the
// routing bandit choosing among a task type's skills), every answer feeds
// the reward stream, the Critic scores task types (its scores set the
// quality of the success memories then harvested, with signatures and
// DERIVED_FROM provenance; its notes reach the failure analyst), the
// Curator ratchets skill mastery (a split skill's through its parts), the
// curriculum picks the task types to train from the reward stream's
// cumulative failures and the Navigator's bonus, the teacher layer writes
// failure memories and applies one rotating graph operation, the Navigator
// plans over the frontier for the next selection, and the Delta-Guard rolls
// mutable slots (skill slots and bandit posteriors) back when accuracy
// drops, keeping every appended memory.
//
// The pure parts (curriculum, Delta-Guard, metrics) are plain functions.
// Engine executes runs and persists each iteration so a run resumes from
// its last completed iteration; Service and NewWorker expose runs as River
// jobs; RunLocal runs one in-process for the CLI; Plot draws the metrics.
//
// It owns the tables evolution_runs, evolution_iterations and slot_snapshots.
package evolution
