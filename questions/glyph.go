package questions

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	evokg "github.com/evokg/evokg"
)

// Glyph is the name of the built-in pool of made-up rules: operators and a
// unit that exist in no model's weights, so a learner can only get them
// right from what memory shows it (success memories and failure
// corrections of the same rule). The questions never state the rule.
const Glyph = "glyph"

// Task types of the glyph pool, one rule each.
const (
	StarOp    = "star_operator"  // a ★ b = 2a + b
	RingOp    = "ring_operator"  // a ∘ b = a·b + 1
	TildeOp   = "tilde_operator" // a ~ b = a + b + 10
	ZorpUnits = "zorp_units"     // 1 zorp = 7 blips
)

// glyphOperand bounds the operands (1..glyphOperand), so each rule has
// glyphOperand² distinct questions.
const glyphOperand = 20

// maxGlyphSize is the most distinct questions the glyph pool has.
const maxGlyphSize = 4 * glyphOperand * glyphOperand

type glyphRule struct {
	taskType string
	symbol   string // the operator; "" for zorp_units, which has one operand
	question func(a, b int) string
	answer   func(a, b int) int
}

// operatorQuestion asks for a symbol b.
func operatorQuestion(symbol string) func(a, b int) string {
	return func(a, b int) string { return fmt.Sprintf("What is %d %s %d?", a, symbol, b) }
}

var glyphRules = []glyphRule{
	{StarOp, "★", operatorQuestion("★"), func(a, b int) int { return 2*a + b }},
	{RingOp, "∘", operatorQuestion("∘"), func(a, b int) int { return a*b + 1 }},
	{TildeOp, "~", operatorQuestion("~"), func(a, b int) int { return a + b + 10 }},
	{ZorpUnits, "", func(a, b int) string {
		return fmt.Sprintf("How many blips are %d zorps?", zorps(a, b))
	}, func(a, b int) int { return blips(zorps(a, b)) }},
}

// zorps is the one operand of zorp_units, 1..glyphOperand².
func zorps(a, b int) int { return a*glyphOperand + b - glyphOperand }

// blips converts zorps: 1 zorp = 7 blips.
func blips(zorps int) int { return 7 * zorps }

// GenerateGlyph returns size distinct questions over the glyph rules,
// cycling through the task types so each gets an equal share (as far as
// its rule has questions). The same seed gives the same items.
func GenerateGlyph(size int, seed uint64) ([]Item, error) {
	if size < 1 || size > maxGlyphSize {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/size", Detail: fmt.Sprintf("must be within 1..%d", maxGlyphSize)})
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b9))
	orders := make([][]int, len(glyphRules))
	for i := range orders {
		orders[i] = r.Perm(glyphOperand * glyphOperand)
	}
	items := make([]Item, 0, size)
	for i := 0; len(items) < size; i++ {
		rule, k := glyphRules[i%len(glyphRules)], i/len(glyphRules)
		a, b := orders[i%len(glyphRules)][k]/glyphOperand+1, orders[i%len(glyphRules)][k]%glyphOperand+1
		items = append(items, Item{ID: fmt.Sprintf("%s-%d-%04d", Glyph, seed, i), Question: rule.question(a, b),
			Answer: strconv.Itoa(rule.answer(a, b)), TaskType: rule.taskType})
	}
	return items, nil
}
