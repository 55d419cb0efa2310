// Package sandbox runs the Starlark code of tools (Mem2Evolve's asset
// memory) under limits. A tool's code defines `def run(input):` returning a
// JSON-compatible value; it sees no file, network, clock, randomness or
// environment, loads only the pure modules json and math, and may not
// recurse.
//
// Every run happens in a child process: the current executable re-executed
// with childEnv set (see init in child.go). Starlark bounds steps and can be
// cancelled between steps, but it has no allocation bound, and one step can
// allocate a lot (`"x" * (1 << 29)`, `list(range(10**8))`, json.encode of a
// shared nested list) or run long inside a built-in, where cancellation is
// not observed. The child caps its own address space (RLIMIT_AS) and Go
// stack before running the code, and the parent kills it at the deadline, so
// the memory and time limits hold whatever the code does, and a run that
// breaks them cannot affect the server.
package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Limits bound one run. A zero field takes its value from DefaultLimits.
type Limits struct {
	// Steps is the Starlark execution step budget.
	Steps uint64 `json:"steps"`
	// Time is the wall-clock budget of the code (process start excluded).
	Time time.Duration `json:"time"`
	// Memory is the address space the code may add to the child process, in bytes.
	Memory int64 `json:"memory"`
	// Output is the largest JSON encoding of the result, in bytes.
	Output int `json:"output"`
}

// DefaultLimits are the limits of a run unless the caller sets others. An
// infinite loop exhausts the steps in well under a second.
var DefaultLimits = Limits{Steps: 4_000_000, Time: 2 * time.Second, Memory: 256 << 20, Output: 64 << 10}

// startGrace is the time a child gets on top of Limits.Time to start and
// to answer before the parent kills it.
const startGrace = 3 * time.Second

// maxCode is the largest code a run accepts, in bytes.
const maxCode = 256 << 10

// Kinds of RunError: the limit that stopped a run, or the reason it failed.
const (
	LimitSteps  = "steps"
	LimitTime   = "time"
	LimitMemory = "memory"
	LimitOutput = "output"

	ReasonSyntax  = "syntax"  // the code does not parse or names undefined things
	ReasonLoad    = "load"    // a load or import outside the allow-list
	ReasonNoRun   = "no_run"  // the code defines no run(input) function
	ReasonRuntime = "runtime" // the code failed while running (fail(), a type error, ...)
	ReasonResult  = "result"  // run returned a value that is not JSON
	ReasonInput   = "input"   // the input is not JSON
	ReasonSandbox = "sandbox" // the child process could not run
)

// RunError is why a run failed. Kind is one of the Limit* or Reason* constants.
type RunError struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

func (e *RunError) Error() string { return e.Kind + ": " + e.Message }

// IsLimit reports whether a limit (steps, time, memory, output) stopped the run.
func (e *RunError) IsLimit() bool {
	switch e.Kind {
	case LimitSteps, LimitTime, LimitMemory, LimitOutput:
		return true
	}
	return false
}

// AsError returns the sandbox error in err's chain, if any.
func AsError(err error) (*RunError, bool) {
	var e *RunError
	ok := errors.As(err, &e)
	return e, ok
}

// Run runs code's run(input) under limits and returns its result decoded
// from JSON (numbers as float64, objects as map[string]any).
func Run(ctx context.Context, code string, input any, limits Limits) (any, error) {
	raw, err := json.Marshal(input)
	if err != nil {
		return nil, &RunError{Kind: ReasonInput, Message: err.Error()}
	}
	out, err := RunJSON(ctx, code, raw, limits)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		return nil, &RunError{Kind: ReasonResult, Message: err.Error()}
	}
	return v, nil
}

// RunJSON runs code's run(input) under limits on a JSON input and returns
// the JSON encoding of its result.
func RunJSON(ctx context.Context, code string, input json.RawMessage, limits Limits) (json.RawMessage, error) {
	limits = limits.withDefaults()
	if len(code) > maxCode {
		return nil, &RunError{Kind: ReasonSyntax, Message: fmt.Sprintf("code is over %d bytes", maxCode)}
	}
	if !json.Valid(input) {
		return nil, &RunError{Kind: ReasonInput, Message: "input is not JSON"}
	}
	req, err := json.Marshal(request{Code: code, Input: input, Limits: limits})
	if err != nil {
		return nil, &RunError{Kind: ReasonInput, Message: err.Error()}
	}
	return runChild(ctx, req, limits)
}

func (l Limits) withDefaults() Limits {
	if l.Steps == 0 {
		l.Steps = DefaultLimits.Steps
	}
	if l.Time <= 0 {
		l.Time = DefaultLimits.Time
	}
	if l.Memory <= 0 {
		l.Memory = DefaultLimits.Memory
	}
	if l.Output <= 0 {
		l.Output = DefaultLimits.Output
	}
	return l
}

// request is what the parent writes to the child's stdin.
type request struct {
	Code   string          `json:"code"`
	Input  json.RawMessage `json:"input"`
	Limits Limits          `json:"limits"`
}

// response is what the child writes to its stdout.
type response struct {
	Output json.RawMessage `json:"output,omitempty"`
	Error  *RunError       `json:"error,omitempty"`
}

func runChild(ctx context.Context, req []byte, limits Limits) (json.RawMessage, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, &RunError{Kind: ReasonSandbox, Message: "cannot find the executable to run the sandbox: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, limits.Time+startGrace)
	defer cancel()
	cmd := exec.CommandContext(ctx, self)
	cmd.Env = []string{childEnv + "=1", "GOMAXPROCS=1"}
	cmd.Dir = os.TempDir()
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.Stdin = bytes.NewReader(req)
	var stdout, stderr boundedBuffer
	stdout.max, stderr.max = limits.Output+4096, 4096
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if ctx.Err() != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, &RunError{Kind: LimitTime, Message: fmt.Sprintf("the code ran over %s", limits.Time)}
		}
		return nil, ctx.Err()
	}
	if runErr != nil {
		return nil, childFailure(stderr.String(), runErr)
	}
	if stdout.overflow {
		return nil, &RunError{Kind: LimitOutput, Message: fmt.Sprintf("the result is over %d bytes", limits.Output)}
	}
	var resp response
	if err := json.Unmarshal(stdout.Bytes(), &resp); err != nil {
		return nil, &RunError{Kind: ReasonSandbox, Message: "the sandbox answered no result"}
	}
	if resp.Error != nil {
		return nil, resp.Error
	}
	return resp.Output, nil
}

// childFailure names why the child died: the Go runtime aborts with "out of
// memory" when the address space cap refuses it memory and with "stack
// exceeds" when the stack cap is reached.
func childFailure(stderr string, err error) error {
	if strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "stack exceeds") ||
		strings.Contains(stderr, "cannot allocate memory") {
		return &RunError{Kind: LimitMemory, Message: "the code ran over the memory limit"}
	}
	return &RunError{Kind: ReasonSandbox, Message: fmt.Sprintf("the sandbox process failed: %v", err)}
}

// boundedBuffer keeps the first max bytes written to it and notes overflow.
type boundedBuffer struct {
	bytes.Buffer
	max      int
	overflow bool
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	room := b.max - b.Len()
	if len(p) > room {
		b.overflow = true
		if room > 0 {
			b.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

var _ io.Writer = (*boundedBuffer)(nil)
