package pool

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
	question func(a, b int) string
	answer   func(a, b int) int
	binary   bool // zorp_units has one operand
}

var glyphRules = []glyphRule{
	{StarOp, func(a, b int) string { return fmt.Sprintf("What is %d ★ %d?", a, b) }, func(a, b int) int { return 2*a + b }, true},
	{RingOp, func(a, b int) string { return fmt.Sprintf("What is %d ∘ %d?", a, b) }, func(a, b int) int { return a*b + 1 }, true},
	{TildeOp, func(a, b int) string { return fmt.Sprintf("What is %d ~ %d?", a, b) }, func(a, b int) int { return a + b + 10 }, true},
	{ZorpUnits, func(a, b int) string {
		return fmt.Sprintf("How many blips are %d zorps?", a*glyphOperand+b-glyphOperand)
	},
		func(a, b int) int { return 7 * (a*glyphOperand + b - glyphOperand) }, false},
}

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

// GlyphTaskTypes lists the glyph pool's task types.
func GlyphTaskTypes() []string {
	out := make([]string, len(glyphRules))
	for i, g := range glyphRules {
		out[i] = g.taskType
	}
	return out
}
