package writegate

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evokg/evokg/questions"
)

var (
	// thousands joins "1,250" into "1250" before numbers are read.
	thousands = regexp.MustCompile(`(\d),(\d{3})\b`)
	number    = regexp.MustCompile(`-?\d+(?:\.\d+)?`)
)

// arithmetic are the characters of plain arithmetic an equation side may hold.
const arithmetic = "0123456789. +-*/×·$"

// allNumbers returns every number in text.
func allNumbers(text string) []float64 {
	var out []float64
	for _, m := range number.FindAllString(thousands.ReplaceAllString(text, "$1$2"), -1) {
		if x, err := strconv.ParseFloat(m, 64); err == nil {
			out = append(out, x)
		}
	}
	return out
}

// falseEquation returns the first equation of plain arithmetic in text
// ("30 + 34 = 94") whose sides differ; chains ("2·3 + 4 = 6 + 4 = 10") are
// checked link by link. Sides it cannot read (a made-up operator, words)
// are left alone.
func falseEquation(text string) (string, bool) {
	parts := strings.Split(thousands.ReplaceAllString(text, "$1$2"), "=")
	for i := 0; i+1 < len(parts); i++ {
		before := strings.TrimRight(parts[i], arithmetic)
		after := strings.TrimLeft(parts[i+1], arithmetic)
		if cutShort(lastRune(before)) || cutShort(firstRune(after)) {
			continue // a side goes on with an operator this cannot read
		}
		left := parts[i][len(before):]
		right := strings.TrimRight(parts[i+1][:len(parts[i+1])-len(after)], ". ")
		l, lOps, lok := questions.Evaluate(left)
		r, rOps, rok := questions.Evaluate(right)
		if lok && rok && lOps+rOps > 0 && !close(l, r) {
			return strings.TrimSpace(left) + " = " + strings.TrimSpace(right), true
		}
	}
	return "", false
}

// cutShort reports whether a side of an equation next to r goes on beyond
// plain arithmetic: an operator symbol it cannot read, a power, a parenthesis.
func cutShort(r rune) bool {
	return unicode.IsSymbol(r) || strings.ContainsRune("()[]{}%", r)
}

// lastRune and firstRune return 0 for an empty string.
func lastRune(s string) rune {
	if r, size := utf8.DecodeLastRuneInString(s); size > 0 {
		return r
	}
	return 0
}

func firstRune(s string) rune {
	if r, size := utf8.DecodeRuneInString(s); size > 0 {
		return r
	}
	return 0
}

// close compares with the rounding a model's arithmetic shows ("≈ 3.33").
func close(a, b float64) bool {
	d := a - b
	return d < 0.01*max(1, abs(a)) && -d < 0.01*max(1, abs(a))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func formatNumber(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
