package answer

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// maxExpressionRunes bounds what the calculator parses.
const maxExpressionRunes = 200

// Calculate evaluates an arithmetic expression: decimal numbers (thousands
// separators allowed), + - * / ^ (power, right-associative), unary signs
// and parentheses. It is the built-in tool of the tool_call routing arm:
// deterministic, with no code execution. The result is formatted without
// exponent and with at most 9 decimals.
func Calculate(expr string) (string, error) {
	if expr = strings.TrimSpace(expr); expr == "" || len([]rune(expr)) > maxExpressionRunes {
		return "", errors.New("calculator: empty or too long expression")
	}
	p := &calc{src: []rune(strings.ReplaceAll(expr, ",", ""))}
	v, err := p.sum()
	if err == nil && p.peek() != 0 {
		err = fmt.Errorf("calculator: unexpected %q", string(p.src[p.pos:]))
	}
	if err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
		err = errors.New("calculator: the result is not a finite number")
	}
	if err != nil {
		return "", err
	}
	return strconv.FormatFloat(math.Round(v*1e9)/1e9, 'f', -1, 64), nil
}

// calc is a recursive-descent parser over the expression's runes.
type calc struct {
	src   []rune
	pos   int
	depth int
}

// peek skips spaces and returns the next rune, 0 at the end.
func (c *calc) peek() rune {
	for c.pos < len(c.src) && unicode.IsSpace(c.src[c.pos]) {
		c.pos++
	}
	if c.pos == len(c.src) {
		return 0
	}
	return c.src[c.pos]
}

// sum := product (('+' | '-') product)*
func (c *calc) sum() (float64, error) {
	v, err := c.product()
	for err == nil {
		op := c.peek()
		if op != '+' && op != '-' {
			break
		}
		c.pos++
		var w float64
		if w, err = c.product(); op == '+' {
			v += w
		} else {
			v -= w
		}
	}
	return v, err
}

// product := power (('*' | '/') power)*
func (c *calc) product() (float64, error) {
	v, err := c.power()
	for err == nil {
		op := c.peek()
		if op != '*' && op != '/' && op != '×' && op != '÷' {
			break
		}
		c.pos++
		var w float64
		if w, err = c.power(); err != nil {
			break
		}
		if op == '*' || op == '×' {
			v *= w
		} else if w == 0 {
			err = errors.New("calculator: division by zero")
		} else {
			v /= w
		}
	}
	return v, err
}

// power := unary ('^' power)?
func (c *calc) power() (float64, error) {
	v, err := c.unary()
	if err != nil || c.peek() != '^' {
		return v, err
	}
	c.pos++
	e, err := c.power()
	return math.Pow(v, e), err
}

// unary := ('+' | '-') unary | '(' sum ')' | number
func (c *calc) unary() (float64, error) {
	switch c.peek() {
	case '+', '-':
		neg := c.src[c.pos] == '-'
		c.pos++
		v, err := c.unary()
		if neg {
			v = -v
		}
		return v, err
	case '(':
		return c.group()
	}
	return c.number()
}

func (c *calc) group() (float64, error) {
	if c.depth++; c.depth > 32 {
		return 0, errors.New("calculator: parentheses nested too deep")
	}
	c.pos++
	v, err := c.sum()
	if err == nil && c.peek() != ')' {
		err = errors.New("calculator: missing )")
	}
	c.pos++
	c.depth--
	return v, err
}

func (c *calc) number() (float64, error) {
	start := c.pos
	for c.pos < len(c.src) && (unicode.IsDigit(c.src[c.pos]) || c.src[c.pos] == '.') {
		c.pos++
	}
	if start == c.pos {
		return 0, fmt.Errorf("calculator: expected a number at %q", string(c.src[start:]))
	}
	return strconv.ParseFloat(string(c.src[start:c.pos]), 64)
}
