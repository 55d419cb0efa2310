package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	starjson "go.starlark.net/lib/json"
	starmath "go.starlark.net/lib/math"
	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// childEnv marks the process as a sandbox child. It is set only by runChild,
// in an environment that holds nothing else.
const childEnv = "EVOKG_SANDBOX_CHILD"

// init turns any executable that links this package into the sandbox child
// when runChild re-executes it: it serves one run and exits before main (or
// a test binary's flag parsing) starts.
func init() {
	if os.Getenv(childEnv) == "1" {
		os.Exit(serveChild(os.Stdin, os.Stdout))
	}
}

// stackCap bounds the child's goroutine stacks; Starlark's nested values
// (json.encode of a deeply nested list) recurse in Go.
const stackCap = 64 << 20

// addressSlack is address space allowed above the child's size at start
// plus Limits.Memory, for the runtime's own growth (threads, GC metadata).
const addressSlack = 16 << 20

func serveChild(in io.Reader, out io.Writer) int {
	var req request
	if err := json.NewDecoder(io.LimitReader(in, maxCode+(64<<20))).Decode(&req); err != nil {
		return answer(out, nil, &RunError{Kind: ReasonSandbox, Message: "unreadable request"})
	}
	if err := capMemory(req.Limits.Memory); err != nil {
		return answer(out, nil, &RunError{Kind: ReasonSandbox, Message: "cannot cap memory: " + err.Error()})
	}
	result, err := execute(req)
	return answer(out, result, err)
}

func answer(out io.Writer, result json.RawMessage, err *RunError) int {
	if encErr := json.NewEncoder(out).Encode(response{Output: result, Error: err}); encErr != nil {
		return 1
	}
	return 0
}

// capMemory limits the address space to its current size plus memory (and
// slack), and makes the garbage collector work hard near memory.
func capMemory(memory int64) error {
	size, err := addressSpace()
	if err != nil {
		return err
	}
	limit := uint64(size + memory + addressSlack)
	debug.SetMemoryLimit(memory)
	debug.SetMaxStack(stackCap)
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: limit})
}

// addressSpace reads the process's virtual size (VmSize) in bytes.
func addressSpace() (int64, error) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmSize:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("no VmSize in /proc/self/status")
}

// fileOptions allow while loops and sets, as Python does; recursion stays
// off (Recursion false keeps Starlark's check).
var fileOptions = &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true}

// noPredeclared: code sees only the Starlark universe (no I/O in it).
var noPredeclared = starlark.StringDict{}

// modules are the pure helper modules code may load.
var modules = map[string]starlark.StringDict{
	"json": {"json": starjson.Module},
	"math": {"math": starmath.Module},
}

// Allowed lists the modules code may load, for messages and documentation.
const Allowed = `load("json.star", "json") and load("math.star", "math")`

func execute(req request) (json.RawMessage, *RunError) {
	if err := refuseImports(req.Code); err != nil {
		return nil, err
	}
	var stopped atomic.Pointer[string]
	thread := newThread(req.Limits, &stopped)
	timer := time.AfterFunc(req.Limits.Time, func() { stop(thread, &stopped, LimitTime) })
	defer timer.Stop()

	run, err := compile(thread, req.Code)
	if err == nil {
		var result json.RawMessage
		result, err = call(thread, run, req.Input, req.Limits.Output)
		if err == nil {
			return result, nil
		}
	}
	if limit := stopped.Load(); limit != nil {
		return nil, &RunError{Kind: *limit, Message: limitMessage(*limit, req.Limits)}
	}
	return nil, err
}

func newThread(limits Limits, stopped *atomic.Pointer[string]) *starlark.Thread {
	thread := &starlark.Thread{
		Name:  "tool",
		Print: func(*starlark.Thread, string) {},
		Load: func(_ *starlark.Thread, module string) (starlark.StringDict, error) {
			if m, ok := modules[strings.TrimSuffix(module, ".star")]; ok {
				return m, nil
			}
			return nil, fmt.Errorf("the sandbox loads only %s", Allowed)
		},
	}
	thread.SetMaxExecutionSteps(limits.Steps)
	thread.OnMaxSteps = func(t *starlark.Thread) { stop(t, stopped, LimitSteps) }
	return thread
}

// stop cancels the thread and records the first limit that stopped it.
func stop(thread *starlark.Thread, stopped *atomic.Pointer[string], limit string) {
	stopped.CompareAndSwap(nil, &limit)
	thread.Cancel(limit)
}

func limitMessage(limit string, l Limits) string {
	switch limit {
	case LimitSteps:
		return fmt.Sprintf("the code ran over %d steps", l.Steps)
	default:
		return fmt.Sprintf("the code ran over %s", l.Time)
	}
}

var importLine = regexp.MustCompile(`(?m)^\s*(import\s+\S+|from\s+\S+\s+import\b)`)

// refuseImports names Python imports, which Starlark has no syntax for.
func refuseImports(code string) *RunError {
	if m := importLine.FindString(code); m != "" {
		return &RunError{Kind: ReasonLoad, Message: fmt.Sprintf("%q: the sandbox has no imports; it loads only %s", strings.TrimSpace(m), Allowed)}
	}
	return nil
}

// compile parses and executes the code's top level and returns its run.
func compile(thread *starlark.Thread, code string) (*starlark.Function, *RunError) {
	_, prog, err := starlark.SourceProgramOptions(fileOptions, "tool.star", code, noPredeclared.Has)
	if err != nil {
		return nil, compileError(err)
	}
	globals, err := prog.Init(thread, nil)
	if err != nil {
		return nil, runtimeError(err)
	}
	run, ok := globals["run"].(*starlark.Function)
	if !ok || run.NumParams() != 1 {
		return nil, &RunError{Kind: ReasonNoRun, Message: "the code must define run(input) with one parameter"}
	}
	return run, nil
}

func call(thread *starlark.Thread, run *starlark.Function, input json.RawMessage, maxOutput int) (json.RawMessage, *RunError) {
	arg, err := starlark.Call(thread, starjson.Module.Members["decode"], starlark.Tuple{starlark.String(input)}, nil)
	if err != nil {
		return nil, &RunError{Kind: ReasonInput, Message: err.Error()}
	}
	result, err := starlark.Call(thread, run, starlark.Tuple{arg}, nil)
	if err != nil {
		return nil, runtimeError(err)
	}
	encoded, err := encodeJSON(result, maxOutput)
	if errors.Is(err, errOverOutput) {
		return nil, &RunError{Kind: LimitOutput, Message: fmt.Sprintf("the result is over %d bytes", maxOutput)}
	}
	if err != nil {
		return nil, &RunError{Kind: ReasonResult, Message: "run returned a value that is not JSON: " + err.Error()}
	}
	return encoded, nil
}

// unavailable are names code reaches for that the sandbox does not have.
var unavailable = regexp.MustCompile(`undefined: (open|socket|exec|eval|compile|input|os|sys|io|time|random|http|urllib|requests|subprocess|__import__|globals|locals|file|environ|getenv)\b`)

func compileError(err error) *RunError {
	msg := err.Error()
	var list resolve.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		msg = list[0].Error()
	}
	if strings.Contains(msg, "load not allowed") || strings.Contains(msg, "load statement") {
		return &RunError{Kind: ReasonLoad, Message: msg}
	}
	if unavailable.MatchString(msg) {
		msg += " (the sandbox has no file, network, clock, randomness or environment)"
	}
	return &RunError{Kind: ReasonSyntax, Message: msg}
}

const maxBacktrace = 2048

func runtimeError(err error) *RunError {
	msg := err.Error()
	var evalErr *starlark.EvalError
	if errors.As(err, &evalErr) {
		msg = evalErr.Backtrace()
	}
	if len(msg) > maxBacktrace {
		msg = msg[:maxBacktrace]
	}
	if strings.Contains(msg, "cannot load") {
		return &RunError{Kind: ReasonLoad, Message: msg}
	}
	return &RunError{Kind: ReasonRuntime, Message: msg}
}
