package app_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/memswitch"
)

// TestAnswerMemoryAndRoutingSwitches: /answer reads memory and the bandits
// by default; "memory": false answers without the memory pack, "routing":
// false pulls no bandit arm; a task type whose memory switch is off is
// answered without memory (the response says so, /task-types shows the
// switch) until the switch is released.
func TestAnswerMemoryAndRoutingSwitches(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeWorker, evolution.Limits{})
	var r evokg.IngestReceipt
	e.do(t, http.MethodPost, "/experiences", `{"task_type":"glyph","outcome":"success_memory","question":"What is 3 ★ 4?",
		"answer":"10","evaluation":{"correct":1,"efficient":1,"complete":1}}`, http.StatusAccepted, &r)
	require.Eventually(t, func() bool {
		got, err := e.app.Ingest.Get(e.ctx, e.ns, r.ID)
		require.NoError(t, err)
		return got.Status == evokg.StatusCommitted
	}, time.Minute, 50*time.Millisecond)
	answer := func(extra string) evokg.AnswerResponse {
		t.Helper()
		var a evokg.AnswerResponse
		e.do(t, http.MethodPost, "/answer", `{"question":"What is 3 ★ 5?","task_type":"glyph"`+extra+`}`, http.StatusOK, &a)
		return a
	}
	pulls := func() int64 {
		t.Helper()
		arms, err := e.app.Bandits.List(e.ctx, e.ns)
		require.NoError(t, err)
		n := int64(0)
		for _, a := range arms {
			n += a.Pulls
		}
		return n
	}

	before := pulls()
	with := answer("")
	require.Contains(t, with.MemoryIDs, r.ID, "memory is read by default")
	require.False(t, with.MemorySwitchOff)
	require.Greater(t, pulls(), before, "routing pulls the bandits' arms")

	memoryOff := answer(`,"memory":false`)
	require.Empty(t, memoryOff.MemoryIDs, "memory off: no memory pack")
	for _, a := range memoryOff.Arms {
		require.NotEqual(t, "search", a.Bandit, "memory off: no search arm is pulled")
	}
	before = pulls()
	noRouting := answer(`,"routing":false`)
	require.Equal(t, before, pulls(), "routing off pulls no arm")
	require.Contains(t, noRouting.Arms, evokg.PulledArm{Bandit: "search", Key: "glyph", Arm: "semantic"})
	require.Contains(t, noRouting.MemoryIDs, r.ID)

	var p api.Problem
	e.do(t, http.MethodPost, "/answer", `{"question":"q","task_type":"glyph","memory":"no"}`, http.StatusBadRequest, &p)

	switches := memswitch.NewStore(e.app.Pool)
	record := func(with float64) {
		_, err := switches.Record(e.ctx, e.ns, evokg.MemorySwitch{TaskType: "glyph", WithMemory: with, WithoutMemory: 0.5,
			Delta: memswitch.DefaultDelta, RunID: evokg.NewID(), Iteration: 1})
		require.NoError(t, err)
	}
	switchOf := func() *evokg.MemorySwitch {
		var types struct{ Items []evokg.TaskTypeScore }
		e.do(t, http.MethodGet, "/task-types", "", http.StatusOK, &types)
		for _, tt := range types.Items {
			if tt.Name == "glyph" {
				return tt.MemorySwitch
			}
		}
		return nil
	}
	record(0.25)
	off := answer("")
	require.True(t, off.MemorySwitchOff, "the switch is off: answered without memory")
	require.Empty(t, off.MemoryIDs)
	require.True(t, switchOf().Off)

	record(0.75)
	on := answer("")
	require.False(t, on.MemorySwitchOff, "released")
	require.Contains(t, on.MemoryIDs, r.ID)
	require.False(t, switchOf().Off)
}
