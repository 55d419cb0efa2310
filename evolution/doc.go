// Package evolution runs MAGE's evolution loop (DESIGN.md §5) over a
// question pool: the frozen learner answers with retrieved memory, every
// correct answer is harvested as a success memory, the Critic scores task
// types, the Curator ratchets skill mastery, the curriculum picks the task
// types to train, the guidance layer writes failure memories and applies
// one rotating graph operation, the Navigator computes the frontier, and
// the Delta-Guard rolls mutable slots (skill slots and bandit posteriors)
// back when accuracy drops, keeping every appended memory.
//
// The pure parts (curriculum, Delta-Guard, metrics) are plain functions.
// Engine executes runs and persists each iteration so a run resumes from
// its last completed iteration; Service and NewWorker expose runs as River
// jobs; RunLocal runs one in-process for the CLI; Plot draws the metrics.
package evolution
