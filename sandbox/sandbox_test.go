package sandbox_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/sandbox"
)

func TestRunReturnsTheResultOfRun(t *testing.T) {
	code := `
load("math.star", "math")
load("json.star", "json")

def run(input):
    xs = input["xs"]
    total = 0
    for x in xs:
        total += x
    return {"sum": total, "root": math.sqrt(total), "echo": json.decode(json.encode(xs)), "text": "é\x00\n<"}
`
	out, err := sandbox.Run(context.Background(), code, map[string]any{"xs": []int{1, 3, 5}}, sandbox.DefaultLimits)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"sum": 9.0, "root": 3.0, "echo": []any{1.0, 3.0, 5.0}, "text": "é\x00\n<"}, out)
}

func TestRunAllowsWhileLoopsAndSets(t *testing.T) {
	code := `
def run(input):
    n, seen = input, set()
    while n != 1:
        seen.add(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    return len(seen)
`
	out, err := sandbox.Run(context.Background(), code, 6, sandbox.DefaultLimits)
	require.NoError(t, err)
	assert.Equal(t, 8.0, out) // 6 3 10 5 16 8 4 2
}

// Every way out of the sandbox fails with the kind that names its limit or
// reason, in bounded time, and leaves this process running.
func TestEscapesFailSafelyWithTheirReason(t *testing.T) {
	cases := []struct {
		name, code, kind, detail string
	}{
		{"infinite loop", "def run(input):\n    while True:\n        pass\n", sandbox.LimitSteps, "steps"},
		{"infinite for", "def run(input):\n    for i in range(1 << 62):\n        pass\n", sandbox.LimitSteps, "steps"},
		{"deep recursion", "def f(n):\n    return f(n + 1)\n\ndef run(input):\n    return f(0)\n", sandbox.ReasonRuntime, "recursi"},
		{"huge string", "def run(input):\n    s = 'x' * (1 << 29)\n    return len(s)\n", sandbox.LimitMemory, "memory"},
		{"huge list", "def run(input):\n    return len(list(range(1 << 26)))\n", sandbox.LimitMemory, "memory"},
		{"exponential output", "def run(input):\n    l = [0] * 1000\n    for i in range(4):\n        l = [l] * 1000\n    return l\n", sandbox.LimitOutput, "bytes"},
		{"huge output", "def run(input):\n    return 'x' * 100000\n", sandbox.LimitOutput, "bytes"},
		{"read a file", "def run(input):\n    return open('/etc/passwd').read()\n", sandbox.ReasonSyntax, "undefined: open (the sandbox has no file"},
		{"open a socket", "def run(input):\n    return socket.create_connection(('example.com', 80))\n", sandbox.ReasonSyntax, "undefined: socket"},
		{"python import", "import os\n\ndef run(input):\n    return os.environ\n", sandbox.ReasonLoad, "no imports"},
		{"load outside the allow-list", "load('time.star', 'time')\n\ndef run(input):\n    return time.now()\n", sandbox.ReasonLoad, "loads only"},
		{"no run", "def go(input):\n    return 1\n", sandbox.ReasonNoRun, "run(input)"},
		{"syntax", "def run(input)\n    return 1\n", sandbox.ReasonSyntax, "tool.star:2:1: got newline"},
		{"fail", "def run(input):\n    fail('boom')\n", sandbox.ReasonRuntime, "boom"},
		{"not JSON", "def run(input):\n    return run\n", sandbox.ReasonResult, "not JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := sandbox.Run(context.Background(), c.code, map[string]any{}, sandbox.DefaultLimits)
			elapsed := time.Since(start)
			e, ok := sandbox.AsError(err)
			require.True(t, ok, "want a sandbox error, got %v", err)
			assert.Equal(t, c.kind, e.Kind, e.Message)
			assert.Contains(t, e.Message, c.detail)
			t.Logf("%s: %s after %s", c.name, e, elapsed.Round(time.Millisecond))
		})
	}
}

func TestTheTimeLimitStopsCodeTheStepsWouldNot(t *testing.T) {
	limits := sandbox.Limits{Steps: 1 << 62, Time: 200 * time.Millisecond}
	_, err := sandbox.Run(context.Background(), "def run(input):\n    while True:\n        pass\n", nil, limits)
	e, ok := sandbox.AsError(err)
	require.True(t, ok, "want a sandbox error, got %v", err)
	assert.Equal(t, sandbox.LimitTime, e.Kind)
}

// The memory limit is the caller's: the same allocation fits a larger one.
func TestTheMemoryLimitIsTheCallers(t *testing.T) {
	code := "def run(input):\n    return len('x' * (64 << 20))\n"
	_, err := sandbox.Run(context.Background(), code, nil, sandbox.Limits{Memory: 16 << 20})
	e, ok := sandbox.AsError(err)
	require.True(t, ok, "want a sandbox error, got %v", err)
	assert.Equal(t, sandbox.LimitMemory, e.Kind)

	out, err := sandbox.Run(context.Background(), code, nil, sandbox.Limits{Memory: 512 << 20})
	require.NoError(t, err)
	assert.Equal(t, float64(64<<20), out)
}

func TestTheStepLimitIsTheCallers(t *testing.T) {
	code := "def run(input):\n    t = 0\n    for i in range(input):\n        t += i\n    return t\n"
	_, err := sandbox.Run(context.Background(), code, 100000, sandbox.Limits{Steps: 10000})
	e, ok := sandbox.AsError(err)
	require.True(t, ok, "want a sandbox error, got %v", err)
	assert.Equal(t, sandbox.LimitSteps, e.Kind)

	out, err := sandbox.Run(context.Background(), code, 100000, sandbox.Limits{Steps: 10_000_000})
	require.NoError(t, err)
	assert.Equal(t, 4999950000.0, out)
}

func TestRunSeesNoEnvironment(t *testing.T) {
	t.Setenv("EVOKG_SECRET_FOR_TEST", "s3cret")
	_, err := sandbox.Run(context.Background(), "def run(input):\n    return getenv('EVOKG_SECRET_FOR_TEST')\n", nil, sandbox.DefaultLimits)
	e, ok := sandbox.AsError(err)
	require.True(t, ok, "want a sandbox error, got %v", err)
	assert.Equal(t, sandbox.ReasonSyntax, e.Kind)
	assert.Contains(t, e.Message, "undefined: getenv")
}

func TestACancelledContextStopsTheRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := sandbox.Run(ctx, "def run(input):\n    return 1\n", nil, sandbox.DefaultLimits)
	require.Error(t, err)
}

// BenchmarkRun measures one sandbox run of a small tool: a child process
// started, the code compiled and run, the result encoded.
func BenchmarkRun(b *testing.B) {
	code := "def run(input):\n    t = 0\n    for x in range(input):\n        t += x * x\n    return t\n"
	for b.Loop() {
		if _, err := sandbox.Run(context.Background(), code, 100, sandbox.DefaultLimits); err != nil {
			b.Fatal(err)
		}
	}
}
