package writegate_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/writegate"
)

// Each rule rejects its case with a reason naming it, and the sound text
// beside it passes.
func TestProseRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, reason string
	}{
		{"sound principle", "Double the first number, then add the second: 3 ★ 4 = 2·3 + 4 = 10.", ""},
		{"empty", "  \n ", "empty"},
		{"symbols, not words", "); 46}``` 24 46 {}", "unparseable"},
		{"digits only", "1.1.1.1.1.1.1.1.1.1.1.1", "unparseable"},
		{"word repeated in a row", "Always add add add the numbers", "repetition"},
		{"pattern repeated", "Rule: ab-ab-ab-ab-ab-ab-ab-ab first", "repetition"},
		{"few distinct words", "the first part the first part the first part the first part the first part", "repetition"},
		{"out of range", "Multiply by 10000000 before adding", "out of range"},
		{"false arithmetic", "Add the tens first: 30 + 34 = 94.", "false arithmetic"},
		{"false link in a chain", "Compute 2·3 + 4 = 6 + 4 = 11 here", "false arithmetic"},
		{"true chain with thousands", "Add the parts: 1,000 + 250 = 1,250; then take away one, so 5 * 2 - 1 = 9", ""},
		// Corrections SmolLM2-135M wrote that echo its prompt's names.
		{"a task type's name", "tilde_operator", "echoes an identifier: \"tilde_operator\""},
		{"a skill from the plan", "1. solve_ring_operator (mastery 0.00)", "echoes an identifier"},
		{"a schema value", "}, a type_strategy failure memory, is not a type_strategy failure memory.", "echoes an identifier"},
	}
	for _, tt := range tests {
		err := writegate.Rules{}.Prose(tt.text)
		if tt.reason == "" {
			require.NoError(t, err, tt.name)
			continue
		}
		require.Error(t, err, tt.name)
		require.Contains(t, err.Error(), tt.reason, tt.name)
	}
}

func TestCorrectionAgainstGold(t *testing.T) {
	t.Parallel()
	q := "What is 30 + 34?"
	tests := []struct {
		name     string
		text     string
		specific bool
		reason   string
	}{
		{"reaches the gold", "Add the tens and the ones: 30 + 34 = 64. The answer is 64.", true, ""},
		{"false arithmetic", "Add them: 30 + 34 = 94.", true, "false arithmetic"},
		{"states another answer", "Careful with the carry; the answer is 94.", true, "contradicts the gold answer 64: states"},
		{"never reaches the gold", "Add the two numbers carefully, tens first.", true, "never reaches it"},
		{"a method need not name the gold", "Add the two numbers carefully, tens first.", false, ""},
		{"a method stating another answer", "Add them; the answer is 94.", false, "contradicts the gold answer"},
		{"numbers far out of range", "Add 30 and 34 to get 64, not 94000000.", true, "out of range"},
		{"the question again", "What is 30 + 34?", false, "restates the question"},
	}
	for _, tt := range tests {
		err := writegate.Rules{}.Correction(writegate.Correction{Question: q, Gold: "64", Content: tt.text, Specific: tt.specific})
		if tt.reason == "" {
			require.NoError(t, err, tt.name)
			continue
		}
		require.Error(t, err, tt.name)
		require.Contains(t, err.Error(), tt.reason, tt.name)
	}
	require.NoError(t, writegate.Rules{}.Correction(writegate.Correction{Question: "Capital of France?", Gold: "Paris",
		Content: "The capital of France is Paris.", Specific: true}))
	// Seen on SmolLM2-135M: the question's own sentences as the correction.
	age := "Anne is 4 years older than Ravi. In 2 years Ravi will be 36. How old is Anne now?"
	require.ErrorContains(t, writegate.Rules{}.Correction(writegate.Correction{Question: age, Gold: "38",
		Content: "Anne is 4 years older than Ravi. In 2 years, she will be 36."}), "restates the question")
	require.NoError(t, writegate.Rules{}.Correction(writegate.Correction{Question: age, Gold: "38", Specific: true,
		Content: "Ravi will be 36 in 2 years, so he is 34 now and Anne is 4 years older: 38."}))
	require.Error(t, writegate.Rules{}.Correction(writegate.Correction{Question: "Capital of France?", Gold: "Paris",
		Content: "The capital of France is Lyon.", Specific: true}))
	// Seen on SmolLM2-135M: a content of digits whose steps carried the
	// words and the gold; the content is what a memory pack shows.
	require.ErrorContains(t, writegate.Rules{}.Correction(writegate.Correction{Question: "What is 13 ∘ 9?", Gold: "118",
		Content: "13. 9", Steps: "Multiply 13 by 9 and add one to get 118", Specific: true}), "unparseable")
	require.ErrorContains(t, writegate.Rules{}.Correction(writegate.Correction{Question: "What is 13 ∘ 9?", Gold: "118",
		Content: "Multiply, then add one: 118.", Steps: "1.1.1.1.1.1.1.1.1.1.1.1.1.1", Specific: true}), "steps: repetition")
	require.NoError(t, writegate.Rules{}.Correction(writegate.Correction{Question: "What is 13 ∘ 9?", Gold: "118",
		Content: "Multiply the operands, then add one: 118.", Steps: "13 * 9 = 117\n117 + 1 = 118", Specific: true}))
}

func TestSuccessAndReasoning(t *testing.T) {
	t.Parallel()
	r := writegate.Rules{}
	require.NoError(t, r.Success("46", "46"))
	require.NoError(t, r.Success("#### $1,250", "1250"))
	require.NoError(t, r.Success("1 + 8 = 9", "9"), "one true equation ending in the gold is the gold")
	require.ErrorContains(t, r.Success("1 + 8 = 10", "10"), "not one number")
	require.ErrorContains(t, r.Success("); 46}``` 24 46 46 46", "46"), "not one number")
	require.ErrorContains(t, r.Success("47", "46"), "contradicts the gold answer 46")
	require.ErrorContains(t, r.Success(" ", "46"), "empty")
	require.NoError(t, r.Success("Paris", "Paris"), "text answers are the grader's")

	require.NoError(t, r.Reasoning("2·3 + 4 = 10", "What is 3 ★ 4?", "10"), "steps may be mostly digits")
	require.ErrorContains(t, r.Reasoning("46 46 46 46", "q", "46"), "repetition")
	require.ErrorContains(t, r.Reasoning("so so so so 30 + 34 = 64", "q", "64"), "repetition")
	require.ErrorContains(t, r.Reasoning("First 30 + 34 = 94", "What is 30 + 34?", "64"), "false arithmetic")
}

// The gate checks a made-up operator's results against the checker a
// task type declared; without one they pass (plain arithmetic cannot read
// them).
func TestDeclaredCheckerContradictions(t *testing.T) {
	t.Parallel()
	glyph := writegate.Rules{Checkers: declaredCheckers(t)}
	// A principle SmolLM2-135M wrote in a glyph run, which the gate let through.
	principle := "3. What is 7 ∘ 11? | gold: 286 (applies when: 3. 7 ∘ 11 is 7 × 11 = 77. 4. 7 ∘ 11 is 7 × 11 = 77. 5. 7 ∘ 11 is)"
	require.NoError(t, writegate.Rules{}.Prose(principle), "without a checker it passes")
	require.ErrorContains(t, glyph.Prose(principle), "contradicts the checker of ring_operator: 7 ∘ 11 is 78, not 286")
	require.NoError(t, glyph.Prose("For a ∘ b multiply the operands and add one: 7 ∘ 11 = 78."))

	wrong := writegate.Correction{Question: "What is 3 ★ 4?", Gold: "10", Specific: true,
		Content: "Double the first operand and add the second to get 10.", Steps: "3 ★ 5 = 12"}
	require.ErrorContains(t, glyph.Correction(wrong), "contradicts the checker of star_operator: 3 ★ 5 is 11, not 12")
	require.NoError(t, writegate.Rules{}.Correction(wrong))
	wrong.Steps = "3 ★ 4 = 2·3 + 4 = 10"
	require.NoError(t, glyph.Correction(wrong))

	require.ErrorContains(t, glyph.Reasoning("2 zorps = 12 blips", "How many blips are 2 zorps?", "14"), "2 zorps is 14, not 12")
	require.NoError(t, glyph.Reasoning("2 zorps = 2 × 7 = 14 blips", "How many blips are 2 zorps?", "14"))

	tests := []struct {
		name, text, want string // want "" when the text passes
	}{
		// A principle SmolLM2-135M wrote (7 ∘ 11 = 78): a wrong gold and a step as the value.
		{"a wrong gold quoted", "3. What is 7 ∘ 11? | gold: 286 (applies when: 3.", "7 ∘ 11 is 78, not 286"},
		{"a step given as the value", "7 ∘ 11 is 7 × 11 = 77. 4.", "7 ∘ 11 is 78, not 77"},
		{"a worked chain to the value", "7 ∘ 11 = 7 × 11 + 1 = 78", ""},
		{"a chain with the value last", "What is 7 ∘ 11? Multiply: 7 × 11 = 77, then add 1 = 78", ""},
		{"no value stated", "For 7 ∘ 11 multiply the operands and add one.", ""},
		{"star", "3 ★ 4 = 11", "3 ★ 4 is 10, not 11"},
		{"star right", "3 ★ 4 is 2·3 + 4 = 10", ""},
		{"tilde right", "Answer 5 ~ 6 = 21.", ""},
		{"tilde wrong", "5 ~ 6 equals 11", "5 ~ 6 is 21, not 11"},
		{"zorps right", "1 zorp is 7 blips, so 3 zorps = 21 blips", ""},
		{"zorps wrong", "3 zorps are 20 blips", "3 zorps is 21, not 20"},
		{"each expression its own segment", "2 ★ 1 = 5 and 2 ∘ 1 = 5", "2 ∘ 1 is 3, not 5"},
		{"plain arithmetic is not a checker's", "7 × 11 = 77", ""},
	}
	for _, tt := range tests {
		err := glyph.Reasoning(tt.text, "q", "")
		if tt.want == "" {
			require.NoError(t, err, tt.name)
			continue
		}
		require.ErrorContains(t, err, tt.want, tt.name)
	}
}

// declaredCheckers are the checkers of testdata/*.json, named by file, as
// a client declares them for its task types.
func declaredCheckers(t *testing.T) []*writegate.CompiledChecker {
	t.Helper()
	files, err := filepath.Glob("testdata/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out []*writegate.CompiledChecker
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		var c evokg.Checker
		require.NoError(t, json.Unmarshal(raw, &c))
		k, err := writegate.CompileChecker(context.Background(), strings.TrimSuffix(filepath.Base(f), ".json"), c, "/checker")
		require.NoError(t, err, f)
		out = append(out, k)
	}
	return out
}

// A checker is refused at the field that is wrong: a pattern that does
// not compile or captures nothing, code that does not parse, fails, runs
// over the sandbox's limits or returns no number, an example the pattern
// does not match, that contradicts the checker or states no value.
func TestCompileCheckerRefusals(t *testing.T) {
	t.Parallel()
	good := evokg.Checker{Pattern: `(\d+)\s*★\s*(\d+)`, Code: "def run(operands):\n    return 2 * int(operands[0]) + int(operands[1])\n", Example: "3 ★ 4 = 10"}
	tests := []struct {
		name    string
		change  func(c *evokg.Checker)
		pointer string
		detail  string
	}{
		{"pattern does not compile", func(c *evokg.Checker) { c.Pattern = `(\d+ ★` }, "/checker/pattern", "does not compile"},
		{"pattern captures nothing", func(c *evokg.Checker) { c.Pattern = `\d+ ★ \d+` }, "/checker/pattern", "capture group"},
		{"pattern matches an empty text", func(c *evokg.Checker) { c.Pattern = `(\d*)` }, "/checker/pattern", "empty text"},
		{"no code", func(c *evokg.Checker) { c.Code = " " }, "/checker/code", "must be 1 to"},
		{"code does not parse", func(c *evokg.Checker) { c.Code = "def run(operands)\n    return 1\n" }, "/checker/code", "syntax"},
		{"code defines no run", func(c *evokg.Checker) { c.Code = "def value(operands):\n    return 1\n" }, "/checker/code", "syntax"},
		{"code fails", func(c *evokg.Checker) { c.Code = "def run(operands):\n    fail(\"no\")\n" }, "/checker/code", "runtime"},
		{"code runs over the limits", func(c *evokg.Checker) { c.Code = "def run(operands):\n    while True:\n        pass\n" }, "/checker/code", "steps"},
		{"code returns text", func(c *evokg.Checker) { c.Code = "def run(operands):\n    return \"ten\"\n" }, "/checker/code", "not a number or None"},
		{"example unmatched", func(c *evokg.Checker) { c.Example = "three star four is ten" }, "/checker/example", "no match of the pattern"},
		{"example contradicts the checker", func(c *evokg.Checker) { c.Example = "3 ★ 4 = 11" }, "/checker/example", "3 ★ 4 is 10, not 11"},
		{"example states no value", func(c *evokg.Checker) { c.Example = "double 3 ★ 4 first" }, "/checker/example", "states no value"},
		{"code cannot tell the example", func(c *evokg.Checker) { c.Code = "def run(operands):\n    return None\n" }, "/checker/example", "states no value"},
	}
	_, err := writegate.CompileChecker(context.Background(), "t", good, "/checker")
	require.NoError(t, err)
	for _, tt := range tests {
		c := good
		tt.change(&c)
		_, err := writegate.CompileChecker(context.Background(), "t", c, "/checker")
		var de *evokg.Error
		require.ErrorAs(t, err, &de, tt.name)
		require.Equal(t, evokg.EINVALID, de.Code, tt.name)
		require.Len(t, de.Fields, 1, tt.name)
		require.Equal(t, tt.pointer, de.Fields[0].Pointer, tt.name)
		require.Contains(t, de.Fields[0].Detail, tt.detail, tt.name)
	}
}

// An item whose gold is not its task type's checker's value for its
// question is refused at its pointer; items the checker cannot read, and
// task types without a checker, pass.
func TestCheckGold(t *testing.T) {
	t.Parallel()
	items := []questions.Item{
		{TaskType: "star_operator", Question: "What is 3 ★ 4?", Answer: "10"},
		{TaskType: "star_operator", Question: "What is 1 ★ 1?", Answer: "4"},
		{TaskType: "star_operator", Question: "Name the operator.", Answer: "star"},
		{TaskType: "zorp_units", Question: "How many blips are 2 zorps?", Answer: "fourteen"},
		{TaskType: "addition", Question: "What is 1 ★ 1?", Answer: "9"},
	}
	err := writegate.CheckGold(context.Background(), declaredCheckers(t), items, func(i int) string { return fmt.Sprintf("/pool/%d", i) })
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, []evokg.FieldError{
		{Pointer: "/pool/1/answer", Detail: `is "4"; the checker of star_operator gives 3`},
		{Pointer: "/pool/3/answer", Detail: `is "fourteen"; the checker of zorp_units gives 14`},
	}, de.Fields)
	require.NoError(t, writegate.CheckGold(context.Background(), nil, items, func(i int) string { return "" }))
}
