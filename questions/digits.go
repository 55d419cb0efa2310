package questions

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	evokg "github.com/evokg/evokg"
)

// Digits is the name of the built-in pool of one-step questions on small
// numbers: the easiest pool, on which even a 135M-parameter learner answers
// some questions right without memory, so that memory's effect can be told
// from its absence (on arith and glyph such a learner answers none). What
// memory can teach here is mostly the answer's form: one number, not the
// equation or a sentence around it.
const Digits = "digits"

// Task types of the digits pool.
const (
	AddDigits      = "add_digits"      // a + b, 1 ≤ a, b ≤ 9
	SubtractDigits = "subtract_digits" // a − b, 1 ≤ b ≤ a ≤ 9
	LargerNumber   = "larger_number"   // the larger of two numbers of 10..99
)

// digitsRule lists every question of one task type with its gold answer.
type digitsRule struct {
	taskType  string
	questions func() [][2]string
}

var digitsRules = []digitsRule{
	{AddDigits, func() [][2]string {
		return pairs(1, 9, func(a, b int) bool { return true }, "What is %d + %d?", func(a, b int) int { return a + b })
	}},
	{SubtractDigits, func() [][2]string {
		return pairs(1, 9, func(a, b int) bool { return b <= a }, "What is %d - %d?", func(a, b int) int { return a - b })
	}},
	{LargerNumber, func() [][2]string {
		return pairs(10, 99, func(a, b int) bool { return a != b }, "Which is larger, %d or %d?", func(a, b int) int { return max(a, b) })
	}},
}

// pairs returns the question and answer of every pair lo ≤ a, b ≤ hi that keep allows.
func pairs(lo, hi int, keep func(a, b int) bool, question string, answer func(a, b int) int) [][2]string {
	var out [][2]string
	for a := lo; a <= hi; a++ {
		for b := lo; b <= hi; b++ {
			if keep(a, b) {
				out = append(out, [2]string{fmt.Sprintf(question, a, b), strconv.Itoa(answer(a, b))})
			}
		}
	}
	return out
}

// maxDigitsSize is the most questions the digits pool gives with equal
// shares: its smallest task type (subtract_digits) has 45.
const maxDigitsSize = 3 * 45

// GenerateDigits returns size distinct questions of the digits pool,
// cycling through the task types so each gets an equal share. The same
// seed gives the same items.
func GenerateDigits(size int, seed uint64) ([]Item, error) {
	if size < 1 || size > maxDigitsSize {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/size", Detail: fmt.Sprintf("must be within 1..%d", maxDigitsSize)})
	}
	r := rand.New(rand.NewPCG(seed, seed^0x85ebca6b))
	lists := make([][][2]string, len(digitsRules))
	for i, rule := range digitsRules {
		lists[i] = rule.questions()
		r.Shuffle(len(lists[i]), func(x, y int) { lists[i][x], lists[i][y] = lists[i][y], lists[i][x] })
	}
	items := make([]Item, size)
	for i := range items {
		k := i % len(digitsRules)
		qa := lists[k][i/len(digitsRules)]
		items[i] = Item{ID: fmt.Sprintf("%s-%d-%04d", Digits, seed, i), Question: qa[0], Answer: qa[1], TaskType: digitsRules[k].taskType}
	}
	return items, nil
}
