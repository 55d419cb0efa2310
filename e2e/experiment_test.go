package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
)

// memoryLearner plays a learner that knows the glyph pool's made-up rules
// only from memory: it answers right when its prompt carries a worked
// example or a correction, and wrong otherwise.
func memoryLearner(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	all := glyphQuestion.FindAllStringSubmatch(v.Prompt, -1) // memories quote questions too
	if all == nil {
		return `{"reasoning":"unknown","answer":"0"}`, true
	}
	q := all[len(all)-1]
	a, b := atoi(q[1]), atoi(q[3])
	gold := map[string]int{"★": 2*a + b, "∘": a*b + 1, "~": a + b + 10, "": 7 * atoi(q[4])}[q[2]]
	if !strings.Contains(v.Prompt, "Answer: ") { // no worked example or correction
		gold++
	}
	return fmt.Sprintf(`{"reasoning":"by the rule","answer":"%d"}`, gold), true
}

var (
	glyphQuestion = regexp.MustCompile(`Question: (?:What is (\d+) (★|∘|~) (\d+)\?|How many blips are (\d+) zorps\?)`)
	goldLine      = regexp.MustCompile(`Expected answer: (\S+)`)
)

func atoi(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}

// teacher writes failure corrections that reach the gold answer.
func teacher(v ollamafake.ChatRequestView) (string, bool) {
	m := goldLine.FindStringSubmatch(v.Prompt)
	if v.Task != "write_failure_memory" || m == nil {
		return "", false
	}
	return fmt.Sprintf(`{"content":"Apply the operator's rule to the operands; here it gives %s.","steps":["apply the rule"]}`, m[1]), true
}

// experimentReport is the last line of `evokg experiment --json`.
type experimentReport struct {
	Pool   string `json:"pool"`
	Splits struct {
		Train, Validation, Test int
	}
	Validation struct {
		Split         string
		WithMemory    arm      `json:"with_memory"`
		WithoutMemory arm      `json:"without_memory"`
		MemoryOff     []string `json:"memory_off"`
	}
	Split         string
	WithMemory    arm `json:"with_memory"`
	WithoutMemory arm `json:"without_memory"`
	RoutingOnly   arm `json:"routing_only"`
	Delta         float64
	MemoryDelta   float64    `json:"memory_delta"`
	CI95          [2]float64 `json:"ci95"`
	CIMethod      string     `json:"ci_method"`
	McNemar       struct{ Better, Worse int }
	TeacherShare  float64 `json:"teacher_share"`
	WallSeconds   float64 `json:"wall_s"`
	Corrupted     int64   `json:"teacher_corrupted"`
	// CorruptedCommitted are the corrupted texts the write gate let in.
	CorruptedCommitted int64 `json:"teacher_corrupted_committed"`
	Probation          struct {
		Tried, Activated, Quarantined, Waiting, Replays, Helped, Hurt int
		Calls                                                         int64 `json:"learner_calls"`
	}
	PerSeed []struct {
		Seed          int
		Namespace     string
		WithMemory    arm `json:"with_memory"`
		WithoutMemory arm `json:"without_memory"`
		Items         []struct {
			ID            string
			WithMemory    bool `json:"with_memory"`
			WithoutMemory bool `json:"without_memory"`
			MemoryOff     bool `json:"memory_off"`
		}
		Curve []struct {
			Iteration         int
			Accuracy          float64 // on the training split
			Validation        float64 `json:"validation_accuracy"`
			Test              float64 `json:"test_accuracy"`
			TestWithoutMemory float64 `json:"test_without_memory"`
		}
		TeacherShare float64 `json:"teacher_share"`
	} `json:"per_seed"`
}

type arm struct {
	Correct, Total int
	Accuracy       float64
}

// TestExperimentCommand runs `evokg experiment --json` against the fake
// model server and the real databases: two seeds, each in a fresh
// namespace, evolve on the glyph pool's training split (deciding on its
// validation split); the test split is then answered with the evolved
// memory and without it. The scripted learner is right
// only with memory, so the report must show the gain, its interval above
// zero, the curves, the guidance share and the plot; a second experiment on
// the same namespaces is refused.
func TestExperimentCommand(t *testing.T) {
	t.Parallel()
	testenv.Postgres(t)
	testenv.Neo4j(t)
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(memoryLearner)
	fake.Script(teacher)
	prefix := testenv.Namespace(t)
	testenv.Adopt(t, prefix+"-s1")
	testenv.Adopt(t, prefix+"-s2")
	plot := filepath.Join(t.TempDir(), "experiment.svg")
	vars := append(os.Environ(), "EVOKG_POSTGRES_URL="+testenv.IsolatedPostgresURL(t), "EVOKG_NEO4J_URI="+testenv.Neo4jURI(),
		"EVOKG_NEO4J_USER="+testenv.Neo4jUser(), "EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(),
		"EVOKG_OLLAMA_URL="+fake.Start(t), "EVOKG_LOG_FORMAT=text", "EVOKG_LOG_LEVEL=warn")
	bin := buildEvokg(t)
	args := []string{"experiment", "--pool", "glyph", "--size", "20", "--iterations", "2", "--seeds", "2",
		"--namespace", prefix, "--json", "--plot", plot}

	out, err := runCommand(t, bin, vars, args...)
	require.NoError(t, err, out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var r experimentReport
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &r), "the last line is the JSON report")
	require.Contains(t, out, "95% CI", "the table states the interval")

	require.Equal(t, "glyph", r.Pool)
	require.Equal(t, "test", r.Split, "the arms are the test split's")
	require.Equal(t, struct{ Train, Validation, Test int }{24, 8, 8}, r.Splits, "20 items a seed: 12 train, 4 validation, 4 test")
	require.Equal(t, 8, r.WithMemory.Total, "4 test items per seed")
	require.Equal(t, "validation", r.Validation.Split)
	require.Equal(t, 8, r.Validation.WithMemory.Total, "the switch's figures: 4 validation items per seed")
	require.Zero(t, r.WithoutMemory.Correct, "the rules are in no weights: nothing right without memory")
	require.Greater(t, r.WithMemory.Accuracy, 0.5, "the evolved memory teaches the rules")
	require.InDelta(t, r.WithMemory.Accuracy-r.WithoutMemory.Accuracy, r.Delta, 1e-9)
	require.Zero(t, r.RoutingOnly.Correct, "routing without memory teaches no rule")
	require.Equal(t, r.WithMemory.Total, r.RoutingOnly.Total)
	require.InDelta(t, r.Delta, r.MemoryDelta, 1e-9, "the whole gain is memory's")
	require.Greater(t, r.CI95[0], 0.0, "the interval excludes no gain")
	require.LessOrEqual(t, r.CI95[0], r.Delta)
	require.GreaterOrEqual(t, r.CI95[1], r.Delta)
	require.Contains(t, r.CIMethod, "paired bootstrap")
	require.Zero(t, r.McNemar.Worse)
	require.Equal(t, r.WithMemory.Correct, r.McNemar.Better)
	require.Greater(t, r.TeacherShare, 0.0)
	require.Less(t, r.TeacherShare, 1.0)
	require.Positive(t, r.WallSeconds)
	require.Len(t, r.PerSeed, 2)
	for i, s := range r.PerSeed {
		require.Equal(t, fmt.Sprintf("%s-s%d", prefix, i+1), s.Namespace, "a fresh namespace per seed")
		require.Len(t, s.Curve, 2)
		require.Zero(t, s.Curve[0].Test, "iteration 1 evaluates before any memory exists")
		require.Zero(t, s.Curve[0].Validation)
		require.Zero(t, s.Curve[1].TestWithoutMemory)
		require.Greater(t, s.TeacherShare, 0.0)
	}
	svg, err := os.ReadFile(plot)
	require.NoError(t, err)
	require.Contains(t, string(svg), "<svg")

	out, err = runCommand(t, bin, vars, args...)
	require.Error(t, err, "the seeds' namespaces exist: not fresh")
	require.Contains(t, out, "exists")
}

// TestExperimentSwitchNeverSeesTestItems: a learner that knows every rule
// and is made wrong by memory only on the test split's questions. The
// memory switch decides on validation, where memory does not hurt, so it
// stays on, and the experiment reports the whole negative effect on test
// (a switch deciding on the test items would have turned memory off and
// hidden it).
func TestExperimentSwitchNeverSeesTestItems(t *testing.T) {
	t.Parallel()
	testenv.Postgres(t)
	testenv.Neo4j(t)
	params := evolution.Params{Namespace: "x", Pool: questions.PoolSpec{Name: questions.Glyph, Size: 40, Seed: 1}}.WithDefaults()
	pl, err := params.BuildPool()
	require.NoError(t, err)
	testQuestions := map[string]bool{}
	for _, it := range pl.Test {
		testQuestions[it.Question] = true
	}
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		return ruleLearner(v, testQuestions)
	})
	fake.Script(teacher)
	prefix := testenv.Namespace(t)
	testenv.Adopt(t, prefix+"-s1")
	vars := append(os.Environ(), "EVOKG_POSTGRES_URL="+testenv.IsolatedPostgresURL(t), "EVOKG_NEO4J_URI="+testenv.Neo4jURI(),
		"EVOKG_NEO4J_USER="+testenv.Neo4jUser(), "EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(),
		"EVOKG_OLLAMA_URL="+fake.Start(t), "EVOKG_LOG_FORMAT=text", "EVOKG_LOG_LEVEL=warn")
	out, err := runCommand(t, buildEvokg(t), vars, "experiment", "--pool", "glyph", "--size", "40", "--iterations", "2",
		"--seeds", "1", "--namespace", prefix, "--json")
	require.NoError(t, err, out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var r experimentReport
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &r))

	require.Equal(t, struct{ Train, Validation, Test int }{24, 8, 8}, r.Splits)
	require.Equal(t, arm{Correct: 8, Total: 8, Accuracy: 1}, r.Validation.WithMemory, "memory does not hurt on validation")
	require.Equal(t, arm{Correct: 8, Total: 8, Accuracy: 1}, r.Validation.WithoutMemory)
	require.Empty(t, r.Validation.MemoryOff, "so the switch stays on")
	require.Equal(t, arm{Correct: 0, Total: 8, Accuracy: 0}, r.WithMemory, "memory hurts every test item")
	require.Equal(t, arm{Correct: 8, Total: 8, Accuracy: 1}, r.WithoutMemory)
	require.InDelta(t, -1.0, r.Delta, 1e-9, "the experiment reports the negative delta")
	require.Less(t, r.CI95[1], 0.0)
	require.Equal(t, 8, r.McNemar.Worse)
	for _, it := range r.PerSeed[0].Items {
		require.False(t, it.MemoryOff, "%s: answered with memory, switch on", it.ID)
	}
}

// ruleLearner knows the glyph rules; a prompt that carries memory (a
// worked example or a correction) makes it wrong on a test question.
func ruleLearner(v ollamafake.ChatRequestView, testQuestions map[string]bool) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	all := glyphQuestion.FindAllStringSubmatch(v.Prompt, -1)
	if all == nil {
		return `{"reasoning":"unknown","answer":"0"}`, true
	}
	q := all[len(all)-1]
	a, b := atoi(q[1]), atoi(q[3])
	gold := map[string]int{"★": 2*a + b, "∘": a*b + 1, "~": a + b + 10, "": 7 * atoi(q[4])}[q[2]]
	question := strings.TrimPrefix(q[0], "Question: ")
	if testQuestions[question] && strings.Contains(v.Prompt, "Answer: ") {
		gold++
	}
	return fmt.Sprintf(`{"reasoning":"by the rule","answer":"%d"}`, gold), true
}

// runCommand runs the binary to its end and returns its combined output.
func runCommand(t *testing.T, bin string, vars []string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = vars
	var stdout strings.Builder
	cmd.Stdout = &stdout
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	err := cmd.Run()
	if err != nil {
		return stdout.String() + stderr.String(), err
	}
	return stdout.String(), nil
}
