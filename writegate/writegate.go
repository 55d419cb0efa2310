// Package writegate is the write gate for what the teacher model writes into
// memory. A weak or wrong teacher writes success memories, failure
// corrections, principles, prompt refinements and Critic notes that make a
// learner worse:
// degenerate text (empty, repetitive, symbols instead of words, numbers out
// of any range), false arithmetic, corrections that contradict the gold
// answer the pool knows, statements a task type's declared checker
// (CompiledChecker) contradicts. The gate checks each text before it is committed
// and says why it refuses one. It decides only what enters memory, never
// what leaves it: committed memories stay append-only.
package writegate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode"
)

// Kinds of text the gate checks.
const (
	KindSuccess    = "success_memory"
	KindReasoning  = "success_reasoning" // the chain of thought of a success memory
	KindCorrection = "failure_correction"
	KindPrinciple  = "principle"
	KindPrompt     = "prompt_refinement"
	KindCritic     = "critic_note" // the Critic's note on a task type
)

// Rules bound what passes the gate; zero fields take their defaults.
type Rules struct {
	// MinLetters is the fewest letters prose must have. Default 3.
	MinLetters int
	// MinLetterShare is the least share of letters among the non-space
	// characters of prose (code fences, braces and digit soup fall
	// below). Default 0.3.
	MinLetterShare float64
	// MaxWordRun is the most times one word may repeat in a row. Default 2.
	MaxWordRun int
	// MinDistinctShare is the least share of distinct words in a text of
	// at least repetitionWords words. Default 0.3.
	MinDistinctShare float64
	// MaxMagnitude bounds the numbers of a text with no question to
	// compare with (principles, prompts). Default 1e6.
	MaxMagnitude float64
	// RangeFactor bounds the numbers of a correction: at most RangeFactor
	// times the largest number of its question and gold. Default 1000.
	RangeFactor float64
	// Checkers are the checkers the task types of the run declared: a
	// text that states a value for an expression one matches, none of them
	// the checker's, is refused.
	Checkers []*CompiledChecker
}

// Defaults of Rules.
const (
	DefaultMinLetters       = 3
	DefaultMinLetterShare   = 0.3
	DefaultMaxWordRun       = 2
	DefaultMinDistinctShare = 0.3
	DefaultMaxMagnitude     = 1e6
	DefaultRangeFactor      = 1000
)

// repetitionWords is the length from which the distinct-word share is checked.
const repetitionWords = 12

// WithDefaults returns r with zero fields set to their defaults.
func (r Rules) WithDefaults() Rules {
	r.MinLetters = cmp.Or(r.MinLetters, DefaultMinLetters)
	r.MinLetterShare = cmp.Or(r.MinLetterShare, DefaultMinLetterShare)
	r.MaxWordRun = cmp.Or(r.MaxWordRun, DefaultMaxWordRun)
	r.MinDistinctShare = cmp.Or(r.MinDistinctShare, DefaultMinDistinctShare)
	r.MaxMagnitude = cmp.Or(r.MaxMagnitude, DefaultMaxMagnitude)
	r.RangeFactor = cmp.Or(r.RangeFactor, DefaultRangeFactor)
	return r
}

// Prose checks a principle, a prompt or a strategy: words, not symbols,
// not repeating itself, numbers within MaxMagnitude, no false arithmetic.
func (r Rules) Prose(text string) error {
	r = r.WithDefaults()
	if err := r.words(text); err != nil {
		return err
	}
	return r.numbers(text, r.MaxMagnitude)
}

// words is the degenerate-text check of prose: words, not symbols, no
// identifiers, not repeating itself.
func (r Rules) words(text string) error {
	if strings.TrimSpace(text) == "" {
		return errors.New("empty")
	}
	letters, visible := 0, 0
	for _, c := range text {
		if unicode.IsLetter(c) {
			letters++
		}
		if !unicode.IsSpace(c) {
			visible++
		}
	}
	if letters < r.MinLetters {
		return fmt.Errorf("unparseable: %d letters", letters)
	}
	if share := float64(letters) / float64(visible); share < r.MinLetterShare {
		return fmt.Errorf("unparseable: only %.0f%% of its characters are letters", 100*share)
	}
	if id := identifier.FindString(text); id != "" {
		return fmt.Errorf("echoes an identifier: %q", id)
	}
	return r.repetition(text)
}

// identifier is a snake_case name: a task type, skill or schema field the
// teacher copied from its prompt ("tilde_operator", "1. solve_ring_operator
// (mastery 0.00)", "a type_strategy failure memory") instead of writing
// what the learner should do.
var identifier = regexp.MustCompile(`\b[\pL\d]+(?:_[\pL\d]+)+\b`)

// repetition rejects a word repeated in a row, a text of few distinct
// words, and a short pattern repeated over and over ("1.1.1.1").
func (r Rules) repetition(text string) error {
	words := strings.FieldsFunc(strings.ToLower(text), func(c rune) bool {
		return unicode.IsSpace(c) || (unicode.IsPunct(c) && c != '.' && c != '-')
	})
	run := 1
	for i := 1; i < len(words); i++ {
		if words[i] != words[i-1] {
			run = 1
			continue
		}
		if run++; run > r.MaxWordRun {
			return fmt.Errorf("repetition: %q %d times in a row", words[i], run)
		}
	}
	if len(words) >= repetitionWords {
		distinct := map[string]bool{}
		for _, w := range words {
			distinct[w] = true
		}
		if share := float64(len(distinct)) / float64(len(words)); share < r.MinDistinctShare {
			return fmt.Errorf("repetition: %d distinct words of %d", len(distinct), len(words))
		}
	}
	if p, n := repeatedPattern(text); n > 0 {
		return fmt.Errorf("repetition: %q %d times in a row", p, n)
	}
	return nil
}

// Pattern repetition: a pattern of up to maxPeriod characters repeated
// minRepeats times or more, over at least minRepeatChars characters.
const (
	maxPeriod      = 24
	minRepeats     = 4
	minRepeatChars = 16
)

// repeatedPattern finds a short pattern repeated in a row in text (spaces
// ignored) and returns it with its count, or n = 0.
func repeatedPattern(text string) (string, int) {
	s := []rune(strings.Join(strings.Fields(text), ""))
	for p := 1; p <= maxPeriod; p++ {
		run := 0 // characters equal to the one p before
		for i := p; i < len(s); i++ {
			if s[i] != s[i-p] {
				run = 0
				continue
			}
			run++
			if total := run + p; total >= minRepeatChars && total/p >= minRepeats && !allDigits(s[i-p+1:i+1]) {
				return string(s[i-p+1 : i+1]), total / p
			}
		}
	}
	return "", 0
}

// allDigits keeps long numbers ("1000000", "2222") from counting as a
// repeated pattern; the magnitude check bounds them.
func allDigits(rs []rune) bool {
	for _, c := range rs {
		if !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}

// numbers checks that every number is within bound and every equation of
// plain arithmetic in text holds.
func (r Rules) numbers(text string, bound float64) error {
	for _, x := range allNumbers(text) {
		if math.Abs(x) > bound {
			return fmt.Errorf("out of range: %s exceeds %s", formatNumber(x), formatNumber(bound))
		}
	}
	if eq, ok := falseEquation(text); ok {
		return fmt.Errorf("false arithmetic: %s", eq)
	}
	if len(r.Checkers) == 0 {
		return nil
	}
	found, err := contradiction(context.Background(), text, r.Checkers)
	if err != nil {
		return err
	}
	if found.expr != "" {
		return fmt.Errorf("contradicts the checker of %s: %s", found.taskType, found)
	}
	return nil
}
