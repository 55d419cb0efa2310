// Package memswitch is the per-task-type memory switch, the Delta-Guard
// applied to memory itself: when the learner's validation accuracy with
// memory falls below its memory-off baseline by more than δ for a task
// type, the learner stops using that task type's memories, until a later
// evaluation with memory beats the baseline. Each switch is a row in
// Postgres; it turns memory off and on, never deletes a memory. It owns the
// table memory_switches.
package memswitch

import (
	"context"
	"embed"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// DefaultDelta is δ: how far validation accuracy with memory may fall below
// the memory-off baseline before the task type's memory is switched off.
const DefaultDelta = 0.05

// slack absorbs float noise: a drop of exactly δ is not "more than δ".
const slack = 1e-12

// Decide returns whether a task type's memory is off after an evaluation
// with accuracy with memory and without it: an active memory is switched
// off when without − with > delta; a switched-off one stays off until with
// beats without.
func Decide(off bool, with, without, delta float64) bool {
	if off {
		return with <= without+slack
	}
	return without-with > delta+slack
}

// Store keeps the switches; it is the only writer of memory_switches.
type Store struct{ pool *pgxpool.Pool }

var _ evokg.MemorySwitches = (*Store)(nil)

// NewStore returns a Store over pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// Off reports whether taskType's memory is switched off in ns.
func (s *Store) Off(ctx context.Context, ns, taskType string) (bool, error) {
	var off bool
	err := s.pool.QueryRow(ctx, queries["is_off"], ns, taskType).Scan(&off)
	if err == pgx.ErrNoRows {
		return false, nil
	}
	return off, postgres.Translate(err, "reading the memory switch")
}

// Record decides a task type's switch from an evaluation (e's figures;
// e.Off is what Record decides) and stores it.
func (s *Store) Record(ctx context.Context, ns string, e evokg.MemorySwitch) (evokg.MemorySwitch, error) {
	var st evokg.MemorySwitch
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var off bool
		err := tx.QueryRow(ctx, queries["lock_switch"], ns, e.TaskType).Scan(&off)
		if err != nil && err != pgx.ErrNoRows {
			return err
		}
		off = Decide(off, e.WithMemory, e.WithoutMemory, e.Delta)
		return scanState(tx.QueryRow(ctx, queries["upsert_switch"], ns, e.TaskType, off, e.WithMemory,
			e.WithoutMemory, e.Delta, e.RunID, e.Iteration), &st)
	})
	return st, postgres.Translate(err, "recording the memory switch")
}

// List returns the switches of ns by task type.
func (s *Store) List(ctx context.Context, ns string) ([]evokg.MemorySwitch, error) {
	rows, err := s.pool.Query(ctx, queries["list_switches"], ns)
	if err != nil {
		return nil, postgres.Translate(err, "listing the memory switches")
	}
	defer rows.Close()
	out := []evokg.MemorySwitch{}
	for rows.Next() {
		var st evokg.MemorySwitch
		if err := scanState(rows, &st); err != nil {
			return nil, postgres.Translate(err, "listing the memory switches")
		}
		out = append(out, st)
	}
	return out, postgres.Translate(rows.Err(), "listing the memory switches")
}

func scanState(row pgx.Row, st *evokg.MemorySwitch) error {
	return row.Scan(&st.TaskType, &st.Off, &st.WithMemory, &st.WithoutMemory, &st.Delta, &st.RunID,
		&st.Iteration, &st.ChangedAt, &st.UpdatedAt)
}
