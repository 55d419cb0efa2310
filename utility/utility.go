// Package utility keeps, for every memory, the evidence of whether it helps
// the learner and whether it is served.
//
// A memory is probationary (written, not served until probation tries it),
// active (served) or quarantined (kept, not served, with the reason;
// reversible). Evidence comes from two places: graded answers credit the
// memories they showed (CreditTx, in the transaction of a client's reward;
// Credit, for an evolution run's validation answers; never a training
// answer, whose question memories are written from), and probation
// replays (Decide) count the validation items on which the learner was
// right with the memory and wrong without it, and the reverse.
// Live evidence quarantines an active memory whose answers are right
// clearly less often than its task type's (Policy).
//
// Postgres is the source of truth; every change also marks the memory's
// index rows served or not (vector.Store.SetServedTx) and queues a
// MirrorArgs job that copies the state and counts onto the memory's Neo4j
// node, in the same transaction. It owns the table memory_utility.
package utility

import (
	"cmp"
	"context"
	"embed"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/settings"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// Policy is when live evidence quarantines an active memory: once at least
// MinShown graded answers showed it, when the upper bound of the 95%
// Wilson interval of their share right is below the learner's accuracy on
// the task type without memory (the memory switch's last validation
// baseline; before one exists, the share right of the task type's rewarded
// answers). A memory merely shown where the learner is often wrong keeps
// its place: only one clearly worse than no memory at all goes. (The
// baseline is not the task type's accuracy with memory, which a harmful
// memory itself drags down.)
//
// MinShown's tags declare its command-line flag (cmd/evokg embeds Policy),
// its environment variable, its default and its help.
type Policy struct {
	// MinShown is the live evidence needed.
	MinShown int64 `name:"utility-min-shown" env:"EVOKG_UTILITY_MIN_SHOWN" default:"8" help:"Graded answers that showed a memory before live evidence may quarantine it."`
	// Off keeps counting but never quarantines on live evidence (set from
	// the utility switch).
	Off bool `kong:"-"`
}

// DefaultMinShown is Policy.MinShown's default, as its tag declares it.
var DefaultMinShown = settings.Default[int64](Policy{}, "MinShown")

func (p Policy) withDefaults() Policy {
	if p.MinShown <= 0 {
		p.MinShown = DefaultMinShown
	}
	return p
}

// quarantines reports whether live evidence of right of n, against the task
// type's share right, quarantines a memory.
func (p Policy) quarantines(right, n int64, typeShare float64) bool {
	return !p.Off && n >= p.MinShown && evokg.WilsonUpper(right, n) < typeShare
}

// Served marks a memory's index rows served or not; *vector.Store implements it.
type Served interface {
	SetServedTx(ctx context.Context, tx pgx.Tx, ns, taskType string, ids []uuid.UUID, served bool) error
}

// Store reads and writes memory utility.
type Store struct {
	pool   *pgxpool.Pool
	served Served
	jobs   *river.Client[pgx.Tx] // nil: no Neo4j mirror
	policy Policy
}

var _ evokg.UtilityService = (*Store)(nil)

// NewStore returns a Store; jobs, when not nil, queues the Neo4j mirror.
func NewStore(pool *pgxpool.Pool, served Served, jobs *river.Client[pgx.Tx], policy Policy) *Store {
	return &Store{pool: pool, served: served, jobs: jobs, policy: policy.withDefaults()}
}

// QueueWritten queues on b (the ingest batch, before the memory's index
// row) the probationary record of a memory written on probation: when the
// writer asks for it or its namespace asks it of every write. onProbation
// is called, when the batch is sent, if the memory starts probationary: its
// mirror job (MirrorArgs) goes with the ingest's jobs.
func QueueWritten(b *pgx.Batch, exp *evokg.Experience, probation bool, onProbation func(uuid.UUID)) {
	b.Queue(queries["written"], exp.ID, exp.Namespace, exp.TaskType, probation, "written on probation: not served until tried").
		Exec(func(tag pgconn.CommandTag) error {
			if tag.RowsAffected() == 1 {
				onProbation(exp.ID)
			}
			return nil
		})
}

// CreditTx credits, inside the reward's transaction tx, the memories ids an
// answer of ns showed with one right or wrong answer, and quarantines those
// the live evidence condemns (Policy). It returns the memories quarantined.
func (s *Store) CreditTx(ctx context.Context, tx pgx.Tx, ns string, ids []uuid.UUID, right bool) ([]uuid.UUID, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	r, w := 0, 1
	if right {
		r, w = 1, 0
	}
	rows, err := tx.Query(ctx, queries["credit"], ns, sorted(ids), r, w)
	if err != nil {
		return nil, err
	}
	type counted struct {
		id              uuid.UUID
		taskType, state string
		right, wrong    int64
	}
	credited, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (counted, error) {
		var c counted
		err := row.Scan(&c.id, &c.taskType, &c.state, &c.right, &c.wrong)
		return c, err
	})
	if err != nil {
		return nil, err
	}
	var out []uuid.UUID
	shares := map[string]*float64{} // per task type, read once
	for _, c := range credited {
		if c.state != string(evokg.MemoryActive) || s.policy.Off || c.right+c.wrong < s.policy.MinShown {
			continue
		}
		share, read := shares[c.taskType]
		if !read {
			if share, err = typeShare(ctx, tx, ns, c.taskType); err != nil {
				return nil, err
			}
			shares[c.taskType] = share
		}
		if share == nil || !s.policy.quarantines(c.right, c.right+c.wrong, *share) {
			continue
		}
		reason := fmt.Sprintf("live evidence: right in %d of %d rewarded answers that showed it (95%% upper bound %.2f), %.2f for the task type without memory",
			c.right, c.right+c.wrong, evokg.WilsonUpper(c.right, c.right+c.wrong), *share)
		if err := s.decideTx(ctx, tx, ns, StateDecision{ID: c.id, State: evokg.MemoryQuarantined, Reason: reason}); err != nil {
			return nil, err
		}
		out = append(out, c.id)
	}
	return out, s.mirrorTx(ctx, tx, ns, ids)
}

// Credit is CreditTx in a transaction of its own: evidence that comes
// without a reward, an evolution run's validation answers.
func (s *Store) Credit(ctx context.Context, ns string, ids []uuid.UUID, right bool) ([]uuid.UUID, error) {
	var out []uuid.UUID
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		out, err = s.CreditTx(ctx, tx, ns, ids, right)
		return err
	})
	return out, postgres.Translate(err, "crediting memories")
}

// typeShare is what a memory of taskType is compared with (Policy); nil
// when there is nothing to compare with yet.
func typeShare(ctx context.Context, tx pgx.Tx, ns, taskType string) (*float64, error) {
	var share *float64
	err := tx.QueryRow(ctx, queries["type_accuracy"], ns, taskType).Scan(&share)
	if err == pgx.ErrNoRows {
		return nil, nil
	}
	return share, err
}

// StateDecision is a decision on one memory: its new state, why, and the replay
// counts behind it (zero for a client's decision).
type StateDecision struct {
	ID                 uuid.UUID
	State              evokg.MemoryState
	Reason             string
	Helped, Hurt, Tied int64
}

// Decide records verdicts on memories of ns in one transaction: state,
// reason and replay counts, the index rows' served mark and the mirror job.
// An unknown id is ENOTFOUND and nothing is recorded.
func (s *Store) Decide(ctx context.Context, ns string, vs ...StateDecision) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		ids := make([]uuid.UUID, len(vs))
		for i, v := range vs {
			if err := s.decideTx(ctx, tx, ns, v); err != nil {
				return err
			}
			ids[i] = v.ID
		}
		return s.mirrorTx(ctx, tx, ns, ids)
	})
	return postgres.Translate(err, "recording memory states")
}

func (s *Store) decideTx(ctx context.Context, tx pgx.Tx, ns string, v StateDecision) error {
	if !v.State.Valid() {
		return evokg.Invalid(evokg.FieldError{Pointer: "/state", Detail: fmt.Sprintf("must be one of %v", evokg.MemoryStates)})
	}
	var taskType string
	err := tx.QueryRow(ctx, queries["decide"], ns, v.ID, string(v.State), v.Reason, v.Helped, v.Hurt, v.Tied).Scan(&taskType)
	if err == pgx.ErrNoRows {
		return evokg.Errorf(evokg.ENOTFOUND, "memory %s not found in namespace %s", v.ID, ns)
	}
	if err != nil {
		return err
	}
	return s.served.SetServedTx(ctx, tx, ns, taskType, []uuid.UUID{v.ID}, v.State == evokg.MemoryActive)
}

// Get returns the utility of memory id of ns (ENOTFOUND when unknown).
func (s *Store) Get(ctx context.Context, ns string, id uuid.UUID) (evokg.Utility, error) {
	us, err := s.Many(ctx, ns, []uuid.UUID{id})
	if err != nil {
		return evokg.Utility{}, err
	}
	if len(us) == 0 {
		return evokg.Utility{}, evokg.Errorf(evokg.ENOTFOUND, "memory %s not found in namespace %s", id, ns)
	}
	return us[0], nil
}

// Many returns the utility of the memories ids of ns that exist, by id.
func (s *Store) Many(ctx context.Context, ns string, ids []uuid.UUID) ([]evokg.Utility, error) {
	rows, err := s.pool.Query(ctx, queries["get"], ns, ids)
	if err != nil {
		return nil, postgres.Translate(err, "reading memory utility")
	}
	out, err := pgx.CollectRows(rows, scanUtility)
	return out, postgres.Translate(err, "reading memory utility")
}

// List limits.
const (
	DefaultListLimit = 50
	MaxListLimit     = 200
)

// List returns a page of the memories of ns in a state other than active,
// by id.
func (s *Store) List(ctx context.Context, ns string, f evokg.UtilityFilter) (evokg.UtilityPage, error) {
	after, limit, err := checkFilter(f)
	if err != nil {
		return evokg.UtilityPage{}, err
	}
	rows, err := s.pool.Query(ctx, queries["list"], ns, string(f.State), f.TaskType, after, limit+1)
	if err != nil {
		return evokg.UtilityPage{}, postgres.Translate(err, "listing memories by state")
	}
	items, err := pgx.CollectRows(rows, scanUtility)
	if err != nil {
		return evokg.UtilityPage{}, postgres.Translate(err, "listing memories by state")
	}
	page := evokg.UtilityPage{Items: items}
	if len(items) > limit {
		page.Items = items[:limit]
		page.NextCursor = postgres.EncodeCursor(items[limit-1].ID)
	}
	return page, nil
}

func checkFilter(f evokg.UtilityFilter) (uuid.UUID, int, error) {
	var v evokg.FieldErrors
	v.Check(f.State == evokg.MemoryProbationary || f.State == evokg.MemoryQuarantined, "/state", "must be probationary or quarantined")
	v.Check(f.Limit >= 0 && f.Limit <= MaxListLimit, "/limit", "must be within [1, 200]")
	after, err := postgres.DecodeCursor(f.Cursor)
	v.Check(err == nil, "/cursor", "is not a cursor returned by this API")
	return after, cmp.Or(f.Limit, DefaultListLimit), v.Err()
}

func scanUtility(row pgx.CollectableRow) (evokg.Utility, error) {
	var u evokg.Utility
	var state string
	var updated *time.Time
	err := row.Scan(&u.ID, &u.TaskType, &state, &u.Reason, &u.ShownRight, &u.ShownWrong, &u.Helped, &u.Hurt, &u.Tied, &updated)
	u.State, u.UpdatedAt = evokg.MemoryState(state), updated
	u.Score = evokg.UtilityScore(u.ShownRight, u.ShownWrong, u.Helped, u.Hurt)
	return u, err
}

// Pending is a probationary memory waiting for its replays.
type Pending struct {
	ID       uuid.UUID
	TaskType string
	Outcome  evokg.Outcome
}

// Probationary lists the probationary memories of ns of the task types,
// teacher corrections and principles first, oldest first.
func (s *Store) Probationary(ctx context.Context, ns string, taskTypes []string) ([]Pending, error) {
	rows, err := s.pool.Query(ctx, queries["probationary"], ns, taskTypes)
	if err != nil {
		return nil, postgres.Translate(err, "listing probationary memories")
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Pending, error) {
		var p Pending
		var outcome string
		err := row.Scan(&p.ID, &p.TaskType, &outcome)
		p.Outcome = evokg.Outcome(outcome)
		return p, err
	})
	return out, postgres.Translate(err, "listing probationary memories")
}

// mirrorTx queues the Neo4j mirror of the memories ids of ns.
func (s *Store) mirrorTx(ctx context.Context, tx pgx.Tx, ns string, ids []uuid.UUID) error {
	if s.jobs == nil || len(ids) == 0 {
		return nil
	}
	_, err := s.jobs.InsertTx(ctx, tx, MirrorArgs{Namespace: ns, IDs: sorted(ids)}, nil)
	return err
}

func sorted(ids []uuid.UUID) []uuid.UUID {
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
	return slices.Compact(out)
}

// Quarantine takes memory id of ns out of service, keeping it, for a
// client's reason; ENOTFOUND when it does not exist.
func (s *Store) Quarantine(ctx context.Context, ns string, id uuid.UUID, reason string) (evokg.Utility, error) {
	return s.set(ctx, ns, id, evokg.MemoryQuarantined, "quarantined by a client: "+reason)
}

// Restore serves memory id of ns again (active), whatever its state, for a
// client's reason; ENOTFOUND when it does not exist.
func (s *Store) Restore(ctx context.Context, ns string, id uuid.UUID, reason string) (evokg.Utility, error) {
	return s.set(ctx, ns, id, evokg.MemoryActive, "restored by a client: "+reason)
}

func (s *Store) set(ctx context.Context, ns string, id uuid.UUID, state evokg.MemoryState, reason string) (evokg.Utility, error) {
	if err := s.Decide(ctx, ns, StateDecision{ID: id, State: state, Reason: reason}); err != nil {
		return evokg.Utility{}, err
	}
	return s.Get(ctx, ns, id)
}
