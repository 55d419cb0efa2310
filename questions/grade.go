package questions

import (
	"context"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/evokg/evokg/world"
)

// Judge decides whether a free-text answer matches the gold answer; the
// Critic (teacher model) implements it.
type Judge func(ctx context.Context, question, gold, answer string) (bool, error)

// Grader grades the learner's structured answer field: numerically when
// the gold answer is a number (the field must hold exactly one number, see
// AnswerNumber), by normalized text otherwise, and through Judge (when set)
// for free text that does not match exactly.
type Grader struct {
	Judge Judge
	// Tolerance is the relative tolerance of a numeric match. Default 1e-6.
	Tolerance float64
}

// Grade reports whether answer is correct for it. A world episode's
// answer is correct when playing it reaches the goal.
func (g Grader) Grade(ctx context.Context, it Item, answer string) (bool, error) {
	if it.Episode != nil {
		return world.Grade(*it.Episode, answer), nil
	}
	if gold, ok := ParseNumber(it.Answer); ok {
		got, ok := AnswerNumber(answer)
		return ok && NumbersEqual(gold, got, g.tolerance()), nil
	}
	if NormalizeText(answer) == NormalizeText(it.Answer) {
		return true, nil
	}
	if g.Judge == nil {
		return false, nil
	}
	return g.Judge(ctx, it.Question, it.Answer, answer)
}

func (g Grader) tolerance() float64 {
	if g.Tolerance > 0 {
		return g.Tolerance
	}
	return defaultTolerance
}

// defaultTolerance is the relative tolerance of a numeric match.
const defaultTolerance = 1e-6

// NumbersEqual compares with relative tolerance tol (absolute near zero).
func NumbersEqual(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

var numberPattern = regexp.MustCompile(`-?\d[\d,]*(?:\.\d+)?|-?\.\d+`)

// ParseNumber parses s as one number, allowing thousands separators, a
// currency sign, a percent sign and surrounding space.
func ParseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "$"), "%")
	if !numberPattern.MatchString(s) || numberPattern.FindString(s) != s {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return f, err == nil
}

// AnswerNumber reads the learner's answer field as one number: a "####" or
// "answer:" marker, a currency or percent sign and words around the number
// are allowed ("#### 42", "$1,250", "42 apples"), and so is one true
// equation of plain arithmetic ending in the number ("30 + 34 = 64"). A
// field holding no number, more than one otherwise ("46 46 46"), or a false
// equation ("30 + 34 = 94") has none. The last number of free text is never
// taken for the answer: a reply that rambles past its answer is not graded
// correct by accident.
func AnswerNumber(field string) (float64, bool) {
	if x, ok := equationResult(field); ok {
		return x, true
	}
	all := numberPattern.FindAllString(field, -1)
	if len(all) != 1 {
		return 0, false
	}
	return ParseNumber(all[0])
}

// equationResult reads a field that is exactly "expression = number" where
// the expression is plain arithmetic that equals the number.
func equationResult(field string) (float64, bool) {
	left, right, found := strings.Cut(strings.TrimRight(strings.TrimSpace(field), "."), "=")
	if !found || strings.Contains(right, "=") {
		return 0, false
	}
	want, ok := ParseNumber(right)
	if !ok {
		return 0, false
	}
	got, ops, ok := Evaluate(strings.ReplaceAll(left, ",", ""))
	if !ok || ops == 0 || !NumbersEqual(got, want, defaultTolerance) {
		return 0, false
	}
	return want, true
}

var articles = map[string]bool{"a": true, "an": true, "the": true}

// NormalizeText lower-cases s, drops punctuation and articles and collapses
// white space (SQuAD-style normalization).
func NormalizeText(s string) string {
	fields := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsPunct(r)
	})
	out := fields[:0]
	for _, f := range fields {
		if !articles[f] {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}
