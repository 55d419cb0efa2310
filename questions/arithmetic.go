package questions

import (
	"regexp"
	"strconv"
	"strings"
)

// plainNumber is a number of an arithmetic expression: no separator, no unit.
var plainNumber = regexp.MustCompile(`-?\d+(?:\.\d+)?`)

// Evaluate computes a run of numbers joined by + - * / × · (with
// precedence, no parentheses) and counts its operators; ok is false unless
// it is exactly that.
func Evaluate(expr string) (value float64, ops int, ok bool) {
	toks, ok := tokens(expr)
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
// Dollar signs are dropped ("$12 - $5").
func tokens(expr string) ([]token, bool) {
	var out []token
	fields := strings.TrimSpace(strings.ReplaceAll(expr, "$", ""))
	for fields != "" {
		wantNumber := len(out)%2 == 0
		if wantNumber {
			m := plainNumber.FindStringIndex(fields)
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

// operationNames are the operation names of a signature an expression gives.
var operationNames = map[rune]string{'*': "multiply", '/': "divide", '+': "add", '-': "subtract"}

// Operations returns the operations of an expression Evaluate reads, in the
// order they are computed ("2*21+4" → multiply, add; "4+2*21" → multiply,
// add): the procedural signature of a worked example, for the memories a
// client posts with an expression and no signature. ok is false for
// anything Evaluate cannot read and for a lone number.
func Operations(expr string) (ops []string, ok bool) {
	toks, ok := tokens(expr)
	if !ok || len(toks) < 3 || len(toks)%2 == 0 {
		return nil, false
	}
	var pending rune // an addition or subtraction waits for the term after it
	for _, t := range toks {
		switch t.op {
		case 0:
		case '*', '/':
			ops = append(ops, operationNames[t.op])
		default:
			if pending != 0 {
				ops = append(ops, operationNames[pending])
			}
			pending = t.op
		}
	}
	if pending != 0 {
		ops = append(ops, operationNames[pending])
	}
	return ops, true
}
