package runs_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/runs"
)

// A failed run records where the loop was and the domain error's
// client-safe message, never its internal cause.
func TestFailureReasonKeepsTheLoopsPrefixesAndTheSafeMessage(t *testing.T) {
	domain := &evokg.Error{Code: evokg.EUNAVAILABLE, Message: "the model server is down", Err: errors.New("dial tcp 10.0.0.7:11434: refused")}
	err := fmt.Errorf("iteration 2: %w", fmt.Errorf("evolve: %w", domain))
	require.Equal(t, "iteration 2: evolve: the model server is down", runs.FailureReason(err))

	plain := fmt.Errorf("iteration 1: %w", errors.New("boom"))
	require.Equal(t, "iteration 1: boom", runs.FailureReason(plain))

	long := errors.New(strings.Repeat("é", 1500))
	require.Equal(t, 1000, len([]rune(runs.FailureReason(long))))
}

func TestRetryableIsUnavailableOrTimeout(t *testing.T) {
	require.True(t, runs.Retryable(evokg.Errorf(evokg.EUNAVAILABLE, "down")))
	require.True(t, runs.Retryable(fmt.Errorf("wrapped: %w", evokg.Errorf(evokg.ETIMEOUT, "slow"))))
	require.False(t, runs.Retryable(evokg.Errorf(evokg.EINVALID, "bad")))
	require.False(t, runs.Retryable(errors.New("plain")))
}

func TestTerminalStatuses(t *testing.T) {
	for s, want := range map[evokg.RunStatus]bool{
		evokg.RunQueued: false, evokg.RunRunning: false,
		evokg.RunSucceeded: true, evokg.RunFailed: true, evokg.RunCancelled: true,
	} {
		require.Equal(t, want, s.Terminal(), s)
	}
}

// One execution of a run at a time: a second Lock on the same run is busy
// until the first unlocks; another run, or another class, is free.
func TestLockExcludesASecondExecution(t *testing.T) {
	ctx := context.Background()
	pool := testenv.Postgres(t)
	busy := errors.New("busy")
	id := uuid.New()

	unlock, err := runs.Lock(ctx, pool, "evolution", id, busy)
	require.NoError(t, err)
	_, err = runs.Lock(ctx, pool, "evolution", id, busy)
	require.ErrorIs(t, err, busy)

	other, err := runs.Lock(ctx, pool, "evolution", uuid.New(), busy)
	require.NoError(t, err)
	other()
	otherClass, err := runs.Lock(ctx, pool, "epoch", id, busy)
	require.NoError(t, err)
	otherClass()

	unlock()
	again, err := runs.Lock(ctx, pool, "evolution", id, busy)
	require.NoError(t, err)
	again()
}
