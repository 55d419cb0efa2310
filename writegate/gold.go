package writegate

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/evokg/evokg/questions"
)

// Correction is a failure correction the teacher model wrote for a failed
// pool item.
type Correction struct {
	Question string
	Gold     string // the pool's gold answer, "" when the pool has none
	Content  string // what the correction says (the text a memory pack shows)
	Steps    string // its steps, one per line
	// Specific is a correction of this very question (it must reach the
	// gold answer); a type strategy describes the method and need not.
	Specific bool
}

// Correction checks a failure correction: its content prose, its steps
// not repeating themselves, numbers within range of the question's, no
// false arithmetic, no stated answer other than the gold and, for a
// specific correction, the gold answer reached.
func (r Rules) Correction(c Correction) error {
	r = r.WithDefaults()
	if err := r.words(c.Content); err != nil {
		return err
	}
	if restates(c.Content, c.Question) {
		return errors.New("restates the question")
	}
	text := c.Content + "\n" + c.Steps
	if err := r.repetition(c.Steps); err != nil {
		return fmt.Errorf("steps: %w", err)
	}
	if err := r.numbers(text, r.rangeOf(c.Question+" "+c.Gold)); err != nil {
		return err
	}
	if c.Gold == "" {
		return nil
	}
	if stated, ok := statedAnswer(text, c.Gold); ok {
		return fmt.Errorf("contradicts the gold answer %s: states %s", c.Gold, stated)
	}
	if c.Specific && !mentionsGold(text, c.Gold) {
		return fmt.Errorf("contradicts the gold answer %s: never reaches it", c.Gold)
	}
	return nil
}

// Success checks a success memory's answer against the gold answer: a
// numeric gold needs the answer to be that one number.
func (r Rules) Success(answer, gold string) error {
	if strings.TrimSpace(answer) == "" {
		return errors.New("empty")
	}
	want, numeric := questions.ParseNumber(gold)
	if !numeric {
		return nil // graded by text or by the judge
	}
	got, ok := questions.AnswerNumber(answer)
	if !ok {
		return errors.New("unparseable: the answer is not one number")
	}
	if !questions.NumbersEqual(want, got, numberTolerance) {
		return fmt.Errorf("contradicts the gold answer %s: answers %s", gold, formatNumber(got))
	}
	return nil
}

// Reasoning checks a success memory's chain of thought: not empty, not
// repeating itself, numbers in range, no false arithmetic. Steps such as
// "2·3 + 4 = 10" need no words.
func (r Rules) Reasoning(text, question, gold string) error {
	r = r.WithDefaults()
	if strings.TrimSpace(text) == "" {
		return errors.New("empty")
	}
	if err := r.repetition(text); err != nil {
		return err
	}
	return r.numbers(text, r.rangeOf(question+" "+gold))
}

const numberTolerance = 1e-6

// restatedShare is the share of a correction's words found in its question
// from which the correction only restates it.
const restatedShare = 0.8

// restates reports whether content says (almost) nothing but what question
// says ("What is 7 - 5?", "Anne is 4 years older than Ravi. In 2 years, she
// will be 36."): restatedShare of its words or more are the question's.
func restates(content, question string) bool {
	asked := map[string]bool{}
	for _, w := range strings.Fields(questions.NormalizeText(question)) {
		asked[w] = true
	}
	words := strings.Fields(questions.NormalizeText(content))
	found := 0
	for _, w := range words {
		if asked[w] {
			found++
		}
	}
	return len(words) > 0 && float64(found) >= restatedShare*float64(len(words))
}

// rangeOf is the bound on the numbers of a text written about context.
func (r Rules) rangeOf(context string) float64 {
	largest := 1.0
	for _, x := range allNumbers(context) {
		largest = max(largest, math.Abs(x))
	}
	return max(r.RangeFactor*largest, r.RangeFactor)
}

// answerMarker finds a stated final answer: "the answer is 94",
// "answer: 94", "#### 94", "result is 94".
var answerMarker = regexp.MustCompile(`(?i)(?:answer\s*(?:is|:|=)|result\s*(?:is|:|=)|####)\s*\$?(-?\d[\d,]*(?:\.\d+)?)`)

// statedAnswer returns an answer text states that differs from a numeric
// gold answer.
func statedAnswer(text, gold string) (string, bool) {
	want, ok := questions.ParseNumber(gold)
	if !ok {
		return "", false
	}
	for _, m := range answerMarker.FindAllStringSubmatch(text, -1) {
		if got, ok := questions.ParseNumber(m[1]); ok && !questions.NumbersEqual(want, got, numberTolerance) {
			return m[0], true
		}
	}
	return "", false
}

// mentionsGold reports whether text reaches the gold answer: the number
// for a numeric gold, the normalized words otherwise.
func mentionsGold(text, gold string) bool {
	want, ok := questions.ParseNumber(gold)
	if !ok {
		return strings.Contains(questions.NormalizeText(text), questions.NormalizeText(gold))
	}
	for _, x := range allNumbers(text) {
		if questions.NumbersEqual(want, x, numberTolerance) {
			return true
		}
	}
	return false
}
