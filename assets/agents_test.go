package assets_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/assets"
)

// An agent stored with a trial is validated only if the trial passed; one
// that failed it is listed with its record and never recruited, and a
// passing version of the role is recruited again. A client's agent keeps
// its task type.
func TestATriedAgentIsRecruitedOnlyIfItsTrialPassed(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	_, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	spec := evokg.ExpertAgentSpec{Role: "accountant", SystemPrompt: "You add numbers for invoices.",
		Tools: []string{"add_numbers"}, TaskType: "invoice_sum"}
	failed := evokg.AgentTrial{Items: []string{"a", "b"}, With: 0, Without: 2, Passed: false, At: time.Now().UTC()}
	agent, err := b.svc.CreateTriedAgent(b.ctx, b.ns, spec, failed)
	require.NoError(t, err)
	assert.False(t, agent.Validated)
	list, err := b.svc.ListAgents(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.False(t, list[0].Validated)
	assert.Equal(t, "invoice_sum", list[0].TaskType)
	require.NotNil(t, list[0].Trial)
	assert.Equal(t, 2, list[0].Trial.Without)
	recruited, err := b.svc.RecruitAgents(b.ctx, b.ns, "add numbers for invoices", 5)
	require.NoError(t, err)
	assert.Empty(t, recruited, "an agent that failed its trial is never recruited")

	passed := failed
	passed.With, passed.Passed = 2, true
	second, err := b.svc.CreateTriedAgent(b.ctx, b.ns, spec, passed)
	require.NoError(t, err)
	assert.True(t, second.Validated)
	recruited, err = b.svc.RecruitAgents(b.ctx, b.ns, "add numbers for invoices", 5)
	require.NoError(t, err)
	require.Len(t, recruited, 1)
	assert.Equal(t, second.ID, recruited[0].ID)
	assert.True(t, recruited[0].Validated)

	e := requireCode(t, errFrom(b.svc.CreateAgent(b.ctx, b.ns, evokg.ExpertAgentSpec{Role: "x", SystemPrompt: "y",
		TaskType: strings.Repeat("t", 101)})), evokg.EINVALID)
	assert.Equal(t, "/task_type", e.Fields[0].Pointer)
}
