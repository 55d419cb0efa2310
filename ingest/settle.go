package ingest

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm"
)

// statusWriteTimeout bounds the status update written after a failed
// attempt, even when the attempt's own context is already cancelled.
const statusWriteTimeout = 10 * time.Second

// settle makes the outcome of an attempt visible on the experience: the
// reason of a failure that will be retried, or the failed status once the
// job gives up (permanent error or last attempt). It returns what River
// should do with the job.
func (s *Service) settle(ctx context.Context, job *rivertype.JobRow, ns string, id uuid.UUID, what string, err error) error {
	if err == nil {
		return nil
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), statusWriteTimeout)
	defer cancel()
	final := permanent(err) || job.Attempt >= job.MaxAttempts
	attrs := []any{"namespace", ns, "experience", id, "attempt", job.Attempt, "max_attempts", job.MaxAttempts, "err", err}
	if !final {
		s.logger.WarnContext(ctx, what+" attempt failed, will retry", attrs...)
		reason := fmt.Sprintf("%s attempt %d of %d failed, retrying: %s", what, job.Attempt, job.MaxAttempts, evokg.ErrorMessage(err))
		if nerr := s.NoteRetry(wctx, ns, id, reason); nerr != nil {
			s.logger.WarnContext(ctx, "noting a retry", "experience", id, "err", nerr)
		}
		return err
	}
	s.logger.ErrorContext(ctx, what+" failed for good", attrs...)
	reason := fmt.Sprintf("%s failed after %d attempt(s): %s", what, job.Attempt, evokg.ErrorMessage(err))
	if merr := s.MarkFailed(wctx, ns, id, reason); merr != nil {
		// Leave the job to River's retries so the failure is not lost.
		return fmt.Errorf("%w (and marking the experience failed: %v)", err, merr)
	}
	return river.JobCancel(err)
}

// withExperienceCall charges the model calls of one evaluation attempt to
// the experience's budget (WorkerDeps.ExperienceBudget; by default
// llm.DefaultExperienceBudget calls: one grade and one signature, plus one
// repair).
func (d WorkerDeps) withExperienceCall(ctx context.Context, exp *evokg.Experience) context.Context {
	id := exp.ID.String()
	budget := llm.NewBudget("experience "+id, llm.DefaultExperienceBudget)
	if d.ExperienceBudget != nil {
		budget = d.ExperienceBudget(id)
	}
	return llm.WithCall(ctx, llm.CallMeta{Namespace: exp.Namespace, ExperienceID: id, Budget: budget})
}
