// Package runs is the lifecycle evolution runs and epoch runs share: how
// an execution ends on the run's record and on its River job, the failure
// reason a failed run records, the advisory lock that keeps one execution
// of a run (or a task) at a time, and the bounds of active runs and tasks
// per API key and per tenant that every start through the API obeys.
package runs

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// FinishFunc stores a run's final status and failure reason.
type FinishFunc func(ctx context.Context, ns string, id uuid.UUID, status evokg.RunStatus, reason string) error

// Lifecycle ends the executions of one kind of run.
type Lifecycle struct {
	Kind      string       // "evolution run", "epoch run": the logs name it
	Log       *slog.Logger // nil logs nothing
	Cancelled error        // what an execution returns when its run was cancelled
	Busy      error        // what an execution returns when its run executes elsewhere
	Finish    FinishFunc
}

// Record stores how an execution of run id ended. A context that ended, or
// a transient error when the job will be retried, leaves the run running
// so the next attempt resumes it; a cancellation is stored already.
func (l Lifecycle) Record(ctx context.Context, ns string, id uuid.UUID, runErr error, canRetry bool) error {
	switch {
	case runErr == nil:
		return l.Finish(ctx, ns, id, evokg.RunSucceeded, "")
	case errors.Is(runErr, l.Cancelled), ctx.Err() != nil:
		return nil
	case canRetry && Retryable(runErr):
		l.logger().WarnContext(ctx, l.Kind+" interrupted; it resumes on retry", "namespace", ns, "run", id, "error", runErr)
		return nil
	}
	l.logger().ErrorContext(ctx, l.Kind+" failed", "namespace", ns, "run", id, "error", runErr)
	return l.Finish(ctx, ns, id, evokg.RunFailed, FailureReason(runErr))
}

// Interrupted records a run executing in this process whose ctx ended as
// cancelled with reason (nothing resumes it), so it does not keep its
// namespace's one active slot; it returns runErr.
func (l Lifecycle) Interrupted(ctx context.Context, ns string, id uuid.UUID, reason string, runErr error) error {
	if err := l.Finish(context.WithoutCancel(ctx), ns, id, evokg.RunCancelled, reason); err != nil {
		return errors.Join(runErr, err)
	}
	return runErr
}

// BusySnooze is how long a job waits when its run (or task) executes elsewhere.
const BusySnooze = time.Minute

// JobResult is what a River job returns after an execution that ended with
// err. A run executing elsewhere snoozes the job; a worker that stopped
// retries it, which resumes the run; a cancelled run, or one whose outcome
// is on its record for good, completes it.
func (l Lifecycle) JobResult(ctx context.Context, err error, canRetry bool) error {
	switch {
	case errors.Is(err, l.Busy):
		return river.JobSnooze(BusySnooze)
	case err != nil && ctx.Err() != nil:
		return err
	case errors.Is(err, l.Cancelled), err != nil && !(canRetry && Retryable(err)):
		return nil
	}
	return err
}

func (l Lifecycle) logger() *slog.Logger {
	if l.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l.Log
}

// Retryable errors leave a run (or a task) running for its job's next attempt.
func Retryable(err error) bool {
	code := evokg.ErrorCode(err)
	return code == evokg.EUNAVAILABLE || code == evokg.ETIMEOUT
}

// maxReason bounds a failure reason, in characters.
const maxReason = 1000

// FailureReason is what a failed run (or task) records: where the loop was
// (the prefixes its wraps add, "iteration 2: evolve: ") and the client-safe
// message of the domain error that ended it, or the whole error when it
// carries none.
func FailureReason(err error) string {
	var domain *evokg.Error
	if !errors.As(err, &domain) {
		return evokg.TruncateRunes(err.Error(), maxReason)
	}
	prefix := ""
	for e := err; ; {
		next := errors.Unwrap(e)
		if _, ok := e.(*evokg.Error); ok || next == nil {
			break
		}
		full, inner := e.Error(), next.Error()
		if !strings.HasSuffix(full, inner) {
			break
		}
		prefix += strings.TrimSuffix(full, inner)
		e = next
	}
	return evokg.TruncateRunes(prefix+evokg.ErrorMessage(err), maxReason)
}

// Lock holds a session advisory lock on (class, id) for as long as the
// execution runs, so a job River rescues as stuck never runs beside the
// original; it returns busy when the lock is held. The lock goes with the
// connection if the process dies.
func Lock(ctx context.Context, pool *pgxpool.Pool, class string, id uuid.UUID, busy error) (unlock func(), err error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, postgres.Translate(err, "taking a lock")
	}
	var ok bool
	if err := conn.QueryRow(ctx, queries.Get("try_lock"), class, id.String()).Scan(&ok); err != nil || !ok {
		conn.Release()
		if err != nil {
			return nil, postgres.Translate(err, "taking a lock")
		}
		return nil, busy
	}
	return func() {
		if _, err := conn.Exec(context.WithoutCancel(ctx), queries.Get("unlock"), class, id.String()); err != nil {
			conn.Conn().Close(context.WithoutCancel(ctx)) //nolint:errcheck // closing drops the lock
		}
		conn.Release()
	}, nil
}

// Querier is a pool or a transaction.
type Querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// InsertAttempts bounds the retries of an insert that met an active run
// which ended before it could be named.
const InsertAttempts = 3

// ActiveConflict reads the active run of ns with activeSQL and returns the
// ECONFLICT error naming it, which wraps errActive; nil when ns has none.
func ActiveConflict(ctx context.Context, q Querier, activeSQL, kind, ns string, errActive error) error {
	var active uuid.UUID
	var status evokg.RunStatus
	err := q.QueryRow(ctx, activeSQL, ns).Scan(&active, &status)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return postgres.Translate(err, "reading the active "+kind)
	}
	return &evokg.Error{Code: evokg.ECONFLICT, Err: errActive, Message: fmt.Sprintf(
		"namespace %s already has an active %s, %s (%s): one run per namespace at a time; wait for it to finish or cancel it",
		ns, kind, active, status)}
}

// Raced is the error of an insert whose every attempt met an active run
// that ended before it could be named.
func Raced(kind, ns string) error {
	return evokg.Errorf(evokg.ECONFLICT, "namespace %s had an active %s while this one was created; try again", ns, kind)
}
