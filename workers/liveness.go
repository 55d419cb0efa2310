package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Liveness keeps a worker process's heartbeat and hands the running jobs of
// dead workers back to the queue.
//
// River's rescuer frees a running job once it has run past its timeout and
// RescueStuckJobsAfter: minutes for an ingest job, and never for an
// evolution run, which has no timeout. It knows how long a job has run, not
// whether the process running it is alive, and River keeps no liveness of
// its clients. So each worker process writes a heartbeat row every
// HeartbeatInterval, and every live worker returns the running jobs of a
// client whose heartbeat is older than DeadAfter to the queue. A job whose
// process died resumes within DeadAfter plus one interval. A live worker
// taken for dead (its heartbeat stalled that long) sees its jobs run twice;
// every job is idempotent, and an evolution run's advisory lock, which dies
// with its process's connection, makes a second copy wait.
type Liveness struct {
	pool     *pgxpool.Pool
	clientID string
	cfg      Config
	logger   *slog.Logger
}

// NewLiveness returns the liveness of the job client clientID.
func NewLiveness(pool *pgxpool.Pool, clientID string, cfg Config, logger *slog.Logger) *Liveness {
	return &Liveness{pool: pool, clientID: clientID, cfg: cfg.WithDefaults(), logger: orLogger(logger)}
}

// Beat records that the client is alive now.
func (l *Liveness) Beat(ctx context.Context) error {
	_, err := l.pool.Exec(ctx, queries.Get("heartbeat"), l.clientID)
	return err
}

// Rescued is a job handed back to the queue: available again, or
// discarded at its last attempt.
type Rescued struct {
	JobID    int64
	Kind     string
	State    string
	ClientID string
}

// RescueDead hands back the running jobs of clients dead for DeadAfter.
func (l *Liveness) RescueDead(ctx context.Context) ([]Rescued, error) {
	rows, err := l.pool.Query(ctx, queries.Get("rescue_dead"), l.cfg.DeadAfter.Seconds())
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Rescued, error) {
		var j Rescued
		return j, r.Scan(&j.JobID, &j.Kind, &j.State, &j.ClientID)
	})
}

// Run beats and rescues every HeartbeatInterval until ctx ends, then
// forgets the client's heartbeat: call it after the client has stopped
// cleanly (a killed process leaves its row, which is how it is found).
func (l *Liveness) Run(ctx context.Context) {
	t := time.NewTicker(l.cfg.HeartbeatInterval)
	defer t.Stop()
	for {
		l.tick(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (l *Liveness) tick(ctx context.Context) {
	if err := l.Beat(ctx); err != nil && ctx.Err() == nil {
		l.logger.WarnContext(ctx, "writing the worker heartbeat", slog.Any("error", err))
	}
	rescued, err := l.RescueDead(ctx)
	if err != nil && ctx.Err() == nil {
		l.logger.WarnContext(ctx, "rescuing the jobs of dead workers", slog.Any("error", err))
	}
	for _, j := range rescued {
		l.logger.WarnContext(ctx, "rescued a job of a dead worker", slog.Int64("job", j.JobID),
			slog.String("kind", j.Kind), slog.String("state", j.State), slog.String("dead_client", j.ClientID))
	}
}

// Forget deletes the client's heartbeat, after a clean stop.
func (l *Liveness) Forget(ctx context.Context) error {
	_, err := l.pool.Exec(ctx, queries.Get("forget_heartbeat"), l.clientID)
	return err
}
