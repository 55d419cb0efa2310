package questions

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"

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

// Statements of a glyph rule in a text: an operator applied to two
// numbers, or a number of zorps.
var (
	glyphExpression = regexp.MustCompile(`(-?\d+)\s*([★∘~])\s*(-?\d+)|(\d+)\s*zorps?\b`)
	// glyphClaim is a value stated for the expression before it ("= 78",
	// "is 78", "gold: 78"), unless an operator follows (a step "is 7 × 11").
	glyphClaim = regexp.MustCompile(`(?i)(?:=|:|\bis\b|\bare\b|\bequals\b|\bgives\b|\bmakes\b)\s*\$?(-?\d+(?:\.\d+)?)\s*([-+*/×·★∘~]?)`)
)

// glyphSegment bounds the text after an expression searched for its value.
const glyphSegment = 100

// GlyphContradiction finds in text a glyph rule applied to numbers whose
// stated values (up to the next expression or line, "7 ∘ 11 = 77",
// "What is 7 ∘ 11? gold: 286", "3 zorps are 20 blips") are all other than
// the rule's, and says so. An expression with no stated value, or one
// value right among several (a worked chain "= 77, then add 1 = 78"),
// passes: the check refuses only what contradicts the rule.
func GlyphContradiction(text string) (string, bool) {
	locs := glyphExpression.FindAllStringSubmatchIndex(text, -1)
	for i, loc := range locs {
		want, expr := glyphValue(text, loc)
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		segment := evokg.TruncateRunes(text[loc[1]:end], glyphSegment)
		if line, _, found := strings.Cut(segment, "\n"); found {
			segment = line
		}
		if stated, ok := contradictingClaim(segment, want); ok {
			return fmt.Sprintf("%s is %d, not %s", expr, want, stated), true
		}
	}
	return "", false
}

// glyphValue is the rule's value of the expression at loc and its text.
func glyphValue(text string, loc []int) (int, string) {
	group := func(k int) string { return text[loc[2*k]:loc[2*k+1]] }
	if loc[8] >= 0 { // zorps
		n, _ := strconv.Atoi(group(4))
		return blips(n), group(0)
	}
	a, _ := strconv.Atoi(group(1))
	b, _ := strconv.Atoi(group(3))
	for _, rule := range glyphRules {
		if rule.symbol == group(2) {
			return rule.answer(a, b), group(0)
		}
	}
	panic("glyphExpression matched an operator of no rule: " + group(2))
}

// contradictingClaim returns the first value segment states when none of
// its values is want.
func contradictingClaim(segment string, want int) (string, bool) {
	first := ""
	for _, m := range glyphClaim.FindAllStringSubmatch(segment, -1) {
		if m[2] != "" {
			continue // a step of a chain, not its value
		}
		if x, err := strconv.ParseFloat(m[1], 64); err == nil && x == float64(want) {
			return "", false
		}
		if first == "" {
			first = m[1]
		}
	}
	return first, first != ""
}
