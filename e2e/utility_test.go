package e2e_test

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/retrieval"
)

// In this glyph world the teacher's corrections state the operator's rule
// as a formula in words ("For ∘ the answer is a times b plus 1; here it
// gives 17."), and the learner believes them.
//
// suggestibleLearner without a correction knows a rule on half the
// questions (a + b even) and is off by one on the others. The first
// correction of the asked operator in its prompt teaches it that
// correction's formula: a right one makes it right on every question, a
// wrong one (the teacher noise states other operations: "a plus b times
// 1") wrong on almost every question, even where it knew the rule.
func suggestibleLearner(v ollamafake.ChatRequestView) (string, bool) {
	var field string
	switch v.Task {
	case "answer", "use_tools":
		field = `{"reasoning":"by the rule","answer":"%d"}`
	case "verify_answer":
		field = `{"verdict":"correct","reasoning":"by the rule","answer":"%d"}`
	case "calculator":
		field = `{"expression":"%d"}`
	default:
		return "", false
	}
	all := glyphQuestion.FindAllStringSubmatch(v.Prompt, -1)
	if all == nil {
		return fmt.Sprintf(field, 0), true
	}
	q := all[len(all)-1]
	op, value := glyphRule(q)
	if taught, ok := taughtValue(v.Prompt, op, q); ok {
		value = taught
	} else if (atoi(q[1])+atoi(q[3])+atoi(q[4]))%2 == 1 {
		value++ // does not know the rule here
	}
	return fmt.Sprintf(field, value), true
}

// glyphRule is the operator of a glyphQuestion match ("zorps" for the
// units question) and the rule's value.
func glyphRule(q []string) (string, int) {
	a, b := atoi(q[1]), atoi(q[3])
	op := q[2]
	if op == "" {
		op = "zorps"
	}
	return op, map[string]int{"★": 2*a + b, "∘": a*b + 1, "~": a + b + 10, "zorps": 7 * atoi(q[4])}[op]
}

// The rules as the teacher states them: a formula in words and a constant.
var (
	ruleFormula  = map[string]string{"★": "twice a plus b", "∘": "a times b", "~": "a plus b", "zorps": "seven times the zorps"}
	ruleConstant = map[string]int{"★": 0, "∘": 1, "~": 10, "zorps": 0}
	ruleStated   = regexp.MustCompile(`For (★|∘|~|zorps) the answer is ([^;]*?); here`)
	glyphAsked   = regexp.MustCompile(`What is (\d+) (★|∘|~) (\d+)\?|How many blips are (\d+) zorps\?`)
)

// taughtValue is the value of glyphQuestion match q by the formula the
// prompt's first correction of op states.
func taughtValue(prompt, op string, q []string) (int, bool) {
	_, corrections, ok := strings.Cut(prompt, retrieval.HeadingFailures)
	if !ok {
		return 0, false
	}
	for _, m := range ruleStated.FindAllStringSubmatch(corrections, -1) {
		if m[1] == op {
			return formulaValue(m[2], map[string]int{"a": atoi(q[1]), "b": atoi(q[3]), "zorps": atoi(q[4])})
		}
	}
	return 0, false
}

// formulaValue evaluates a formula in words ("twice a plus b", "a times b
// minus 1", "seven times the zorps") with vars, products first.
func formulaValue(formula string, vars map[string]int) (int, bool) {
	sum, term, sign := 0, 1, 1
	for _, w := range strings.Fields(formula) {
		switch w {
		case "the", "times":
		case "twice":
			term *= 2
		case "seven":
			term *= 7
		case "plus", "minus":
			sum, term, sign = sum+sign*term, 1, 1
			if w == "minus" {
				sign = -1
			}
		default:
			v, ok := vars[w]
			if n, err := strconv.Atoi(w); err == nil {
				v, ok = n, true
			}
			if !ok {
				return 0, false
			}
			term *= v
		}
	}
	return sum + sign*term, true
}

// ruleTeacher writes corrections that state the rule right and reach the
// gold answer.
func ruleTeacher(v ollamafake.ChatRequestView) (string, bool) {
	gold, q := goldLine.FindStringSubmatch(v.Prompt), glyphAsked.FindStringSubmatch(v.Prompt)
	if v.Task != "write_failure_memory" || gold == nil || q == nil {
		return "", false
	}
	op, _ := glyphRule(q)
	return fmt.Sprintf(`{"content":"For %s the answer is %s plus %d; here it gives %s.","steps":["apply the rule"]}`,
		op, ruleFormula[op], ruleConstant[op], gold[1]), true
}

// ablation runs `evokg experiment` on the glyph pool with a share noise of
// the teacher's texts made wrong, with utility on or off (--no-utility).
func ablation(t *testing.T, noise float64, utility bool) experimentReport {
	t.Helper()
	testenv.Postgres(t)
	testenv.Neo4j(t)
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(suggestibleLearner)
	fake.Script(ruleTeacher)
	prefix := testenv.Namespace(t)
	testenv.Adopt(t, prefix+"-s1")
	testenv.Adopt(t, prefix+"-s2")
	vars := append(os.Environ(), "EVOKG_POSTGRES_URL="+testenv.IsolatedPostgresURL(t), "EVOKG_NEO4J_URI="+testenv.Neo4jURI(),
		"EVOKG_NEO4J_USER="+testenv.Neo4jUser(), "EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(),
		"EVOKG_OLLAMA_URL="+fake.Start(t), "EVOKG_LOG_FORMAT=text", "EVOKG_LOG_LEVEL=warn")
	args := []string{"experiment", "--pool", "glyph", "--size", fmt.Sprint(ablationSize), "--iterations", "3", "--seeds", "2",
		"--namespace", prefix, "--teacher-noise", fmt.Sprint(noise), "--json"}
	if !utility {
		args = append(args, "--no-utility")
	}
	out, err := runCommand(t, buildEvokg(t), vars, args...)
	require.NoError(t, err, out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var r experimentReport
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &r), "the last line is the JSON report")
	t.Logf("%s", strings.Join(lines[:len(lines)-1], "\n"))
	t.Logf("noise %.1f utility %t: test with memory %d/%d, without %d/%d, delta %+.3f, CI [%.3f, %.3f]; probation %+v; corrupted %d, committed %d; %.0f s",
		noise, utility, r.WithMemory.Correct, r.WithMemory.Total, r.WithoutMemory.Correct, r.WithoutMemory.Total,
		r.Delta, r.CI95[0], r.CI95[1], r.Probation, r.Corrupted, r.CorruptedCommitted, r.WallSeconds)
	return r
}

// ablationSize gives 2 × 40 test items: an interval about ±0.1 wide.
const ablationSize = 200

// TestUtilitySurvivesAWrongTeacher is the wrong-teacher ablation through
// `evokg experiment`, the path a client's answers take: with half of the
// teacher's corrections wrong, the learner with memory is not worse than
// without it when memories earn their place (probation, utility in the
// score, live quarantine), and clearly worse when every memory is served.
func TestUtilitySurvivesAWrongTeacher(t *testing.T) {
	t.Parallel()
	gated := ablation(t, 0.5, true)
	served := ablation(t, 0.5, false)

	require.Positive(t, gated.Corrupted, "the teacher wrote wrong corrections")
	require.Positive(t, served.Corrupted)
	require.Positive(t, gated.CorruptedCommitted, "wrong rules that reach the gold answer pass the write gate")
	require.LessOrEqual(t, gated.CorruptedCommitted, gated.Corrupted)
	require.Positive(t, gated.Probation.Quarantined, "probation kept wrong corrections out")
	require.Zero(t, served.Probation.Tried, "--no-utility serves every memory at once")
	require.GreaterOrEqual(t, gated.CI95[0], -0.02, "with utility, memory does not make the learner worse")
	better, worse := pairedItems(t, gated, served)
	t.Logf("test items right with utility and wrong without it: %d, the reverse: %d", better, worse)
	require.GreaterOrEqual(t, better-worse, gated.WithMemory.Total/10,
		"without utility the same run is clearly worse: at least 10 points on the same test items")
}

// pairedItems counts the test items (the same in both reports: same pool,
// seeds and splits) a answered right with memory and b wrong, and the
// reverse.
func pairedItems(t *testing.T, a, b experimentReport) (better, worse int) {
	t.Helper()
	right := map[string]bool{}
	for _, s := range b.PerSeed {
		for _, it := range s.Items {
			right[fmt.Sprintf("%d/%s", s.Seed, it.ID)] = it.WithMemory
		}
	}
	require.Len(t, right, a.WithMemory.Total, "the same test items")
	for _, s := range a.PerSeed {
		for _, it := range s.Items {
			other, ok := right[fmt.Sprintf("%d/%s", s.Seed, it.ID)]
			require.True(t, ok, "item %s of seed %d is in both", it.ID, s.Seed)
			better += boolInt(it.WithMemory && !other)
			worse += boolInt(!it.WithMemory && other)
		}
	}
	return better, worse
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestUtilityCostsLittleWithARightTeacher: with a right teacher, probation
// (which holds memories back until tried) costs at most 2 points of test
// accuracy against serving every memory at once.
func TestUtilityCostsLittleWithARightTeacher(t *testing.T) {
	t.Parallel()
	gated := ablation(t, 0, true)
	served := ablation(t, 0, false)
	require.Zero(t, gated.Corrupted)
	require.GreaterOrEqual(t, gated.WithMemory.Accuracy, served.WithMemory.Accuracy-0.02)
}
