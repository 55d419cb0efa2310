package hygiene

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
		l, lOps, lok := evaluate(left)
		r, rOps, rok := evaluate(right)
		if lok && rok && lOps+rOps > 0 && !close(l, r) {
			return strings.TrimSpace(left) + " = " + strings.TrimSpace(right), true
		}
	}
	return "", false
}

// cutShort reports whether a side of an equation next to r goes on beyond
// plain arithmetic: a made-up operator (★, ∘, ~), a power, a parenthesis.
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

// evaluate computes a run of numbers joined by + - * / × · (with
// precedence, no parentheses) and counts its operators; ok is false unless
// it is exactly that.
func evaluate(expr string) (value float64, ops int, ok bool) {
	toks, ok := tokens(strings.ReplaceAll(expr, "$", ""))
	if !ok || len(toks)%2 == 0 {
		return 0, 0, false
	}
	sum, term, sign := 0.0, toks[0].value, 1.0
	for i := 1; i < len(toks); i += 2 {
		op, x := toks[i].op, toks[i+1].value
		switch op {
		case '*':
			term *= x
		case '/':
			if x == 0 {
				return 0, 0, false
			}
			term /= x
		default:
			sum += sign * term
			term, sign = x, 1
			if op == '-' {
				sign = -1
			}
		}
	}
	return sum + sign*term, len(toks) / 2, true
}

type token struct {
	op    rune // 0 for a number
	value float64
}

// tokens splits an expression into number, operator, number, …; ok is false
// for anything else (two numbers in a row, a parenthesis, a lone point).
func tokens(expr string) ([]token, bool) {
	var out []token
	fields := strings.TrimSpace(expr)
	for fields != "" {
		wantNumber := len(out)%2 == 0
		if wantNumber {
			m := number.FindStringIndex(fields)
			if m == nil || m[0] != 0 {
				return nil, false
			}
			x, err := strconv.ParseFloat(fields[:m[1]], 64)
			if err != nil {
				return nil, false
			}
			out = append(out, token{value: x})
			fields = strings.TrimSpace(fields[m[1]:])
			continue
		}
		op, size := operator(fields)
		if op == 0 {
			return nil, false
		}
		out = append(out, token{op: op})
		fields = strings.TrimSpace(fields[size:])
	}
	return out, true
}

func operator(s string) (rune, int) {
	for _, o := range []struct {
		text string
		op   rune
	}{{"+", '+'}, {"-", '-'}, {"*", '*'}, {"×", '*'}, {"·", '*'}, {"/", '/'}} {
		if strings.HasPrefix(s, o.text) {
			return o.op, len(o.text)
		}
	}
	return 0, 0
}

func formatNumber(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
