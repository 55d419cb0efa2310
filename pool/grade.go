package pool

import (
	"context"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Judge decides whether a free-text answer matches the gold answer; the
// Critic (guidance model) implements it.
type Judge func(ctx context.Context, question, gold, answer string) (bool, error)

// Grader grades answers: numerically when the gold answer is a number,
// by normalized text otherwise, and through Judge (when set) for free text
// that does not match exactly.
type Grader struct {
	Judge Judge
	// Tolerance is the relative tolerance of a numeric match. Default 1e-6.
	Tolerance float64
}

// Grade reports whether answer is correct for it.
func (g Grader) Grade(ctx context.Context, it Item, answer string) (bool, error) {
	if gold, ok := ParseNumber(it.Answer); ok {
		got, ok := FinalNumber(answer)
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
	return 1e-6
}

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

// FinalNumber extracts the answer number from a model reply: the number
// after a "####" or "answer:" marker when there is one, else the last number.
func FinalNumber(reply string) (float64, bool) {
	lower := strings.ToLower(reply)
	for _, marker := range []string{"####", "final answer", "answer:"} {
		if i := strings.LastIndex(lower, marker); i >= 0 {
			if f, ok := firstNumber(reply[i+len(marker):]); ok {
				return f, true
			}
		}
	}
	all := numberPattern.FindAllString(reply, -1)
	if len(all) == 0 {
		return 0, false
	}
	return ParseNumber(all[len(all)-1])
}

func firstNumber(s string) (float64, bool) {
	m := numberPattern.FindString(s)
	if m == "" {
		return 0, false
	}
	return ParseNumber(m)
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
