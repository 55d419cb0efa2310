package answer_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
)

// agentTools are sandboxTools whose tools are also read by name, as an
// agent's CAN_USE tools are.
type agentTools struct{ sandboxTools }

func (a agentTools) Tool(_ context.Context, _, name string) (evokg.Tool, error) {
	i := slices.IndexFunc(a.tools, func(t evokg.Tool) bool { return t.Name == name })
	if i < 0 {
		return evokg.Tool{}, evokg.Errorf(evokg.ENOTFOUND, "tool %s not found", name)
	}
	return a.tools[i], nil
}

// fixedAgents recruits the same agents for every question.
type fixedAgents []evokg.ExpertAgent

func (f fixedAgents) RecruitAgents(context.Context, string, string, int) ([]evokg.ExpertAgent, error) {
	return f, nil
}

// The agent recruited for the question's task type answers it (one of
// another task type is passed over): its prompt leads the learner's
// system messages and only its tools are offered. NoAgent and a question
// without memory answer as before: no agent, the recruited tools.
func TestTheRecruitedAgentLeadsAndLimitsTheTools(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.fake.Script(answerFromTools)
	b.fake.ScriptToolCalls(callArea("rectangle_area", false))
	agents := fixedAgents{
		{ExpertAgentSpec: evokg.ExpertAgentSpec{Role: "mason", SystemPrompt: "Count bricks.", TaskType: "bricks"}, Version: 1},
		{ExpertAgentSpec: evokg.ExpertAgentSpec{Role: "surveyor", SystemPrompt: "Call rectangle_area.", TaskType: "area",
			Tools: []string{"rectangle_area", "gone"}}, ID: evokg.NewID(), Version: 2},
	}
	tools := agentTools{sandboxTools{[]evokg.Tool{loopTool, areaTool}}}
	svc := b.svc(fixedArms{bandit.StrategySemantic, bandit.StrategyToolCall}).WithTools(tools, answer.ToolConfig{}).WithAgents(agents)

	with, err := svc.Answer(t.Context(), b.ns, areaQuestion)
	require.NoError(t, err)
	require.Equal(t, agents[1].Ref(), with.Agent)
	require.Equal(t, "84", with.Answer)
	rounds := toolRounds(b)
	require.NotEmpty(t, rounds)
	for _, r := range rounds {
		require.Equal(t, "rectangle_area", r.Chat.Tools[0].Function.Name)
		require.Len(t, r.Chat.Tools, 1, "only the agent's tools that exist")
		require.True(t, strings.HasPrefix(r.Chat.Messages[0].Content, "Expert agent: surveyor\nCall rectangle_area.\n\n"))
	}

	noAgent, noMemory := areaQuestion, areaQuestion
	noAgent.NoAgent, noMemory.NoMemory = true, true
	for _, q := range []answer.Question{noAgent, noMemory} {
		seen := len(toolRounds(b))
		without, err := svc.Answer(t.Context(), b.ns, q)
		require.NoError(t, err)
		require.Nil(t, without.Agent)
		first := toolRounds(b)[seen]
		require.Len(t, first.Chat.Tools, 2, "the recruited tools")
		require.NotContains(t, first.Chat.Messages[0].Content, "Expert agent:")
	}
}
