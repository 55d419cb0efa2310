package mcp_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
)

// Tools of the asset memory are listed and invoked over MCP; a run stopped
// by the sandbox is a tool error naming the limit.
func TestSandboxedToolsOverMCP(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ns := testenv.Namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	b.createNamespace(t, token, ns)
	ctx := context.Background()
	_, err := b.app.Assets.CreateTool(ctx, ns, evokg.ToolSpec{Name: "double", Description: "doubles a number",
		Code: "def run(input):\n    return input * 2\n", Tests: []evokg.ToolTest{{Input: json.RawMessage(`4`), Expected: json.RawMessage(`8`)}}})
	require.NoError(t, err)
	_, err = b.app.Assets.CreateTool(ctx, ns, evokg.ToolSpec{Name: "spin", Description: "loops on large inputs",
		Code:  "def run(input):\n    while input > 100:\n        pass\n    return input\n",
		Tests: []evokg.ToolTest{{Input: json.RawMessage(`1`), Expected: json.RawMessage(`1`)}}})
	require.NoError(t, err)
	cs := connectHTTP(t, b, token)

	var list struct{ Items []evokg.Tool }
	decode(t, callTool(t, cs, "list_tools", map[string]any{"namespace": ns}), &list)
	require.Len(t, list.Items, 2)
	assert.True(t, list.Items[0].Validated, list.Items[0].Name)
	assert.True(t, list.Items[1].Validated, list.Items[1].Name)

	var out evokg.ToolOutput
	decode(t, callTool(t, cs, "invoke_tool", map[string]any{"namespace": ns, "tool": "double", "input": 21}), &out)
	assert.JSONEq(t, `42`, string(out.Output))
	p := callFails(t, cs, "invoke_tool", map[string]any{"namespace": ns, "tool": "spin", "input": 101})
	assert.Equal(t, evokg.ELIMIT, p.Code)
	assert.Contains(t, p.Detail, "steps")
}
