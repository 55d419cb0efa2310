package writegate

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/sandbox"
)

// CompiledChecker is a task type's declared checker (evokg.Checker) ready for the
// gate: its pattern compiled and the values its code gave remembered (the
// sandbox has no clock or randomness, so one set of operands always gets
// the same value). Safe for concurrent use.
type CompiledChecker struct {
	TaskType string
	pattern  *regexp.Regexp
	code     string // the declared code with the batch entry point
	mu       sync.Mutex
	values   map[string]checked
}

// checked is what the code returned for one set of operands: ok is false
// for None (the code cannot tell).
type checked struct {
	value float64
	ok    bool
}

// batchEntry follows the declared code: run takes every set of operands
// at once, so a text costs one sandbox run, not one per expression.
const batchEntry = `

evokg_checker_value = run

def run(input):
    return [evokg_checker_value(operands) for operands in input]
`

// maxBatch bounds the sets of operands of one sandbox run.
const maxBatch = 256

// CompileChecker checks c, naming fields under pointer: its form
// (evokg.Checker.Validate), then its code run in the sandbox on the
// operands of its example's expressions, which must give numbers (or
// None), and the example, which must state the checker's value for an
// expression. A sandbox that cannot run at all is EUNAVAILABLE.
func CompileChecker(ctx context.Context, taskType string, c evokg.Checker, pointer string) (*CompiledChecker, error) {
	if err := c.Validate(pointer); err != nil {
		return nil, err
	}
	k := &CompiledChecker{TaskType: taskType, pattern: regexp.MustCompile(c.Pattern), code: c.Code + batchEntry, values: map[string]checked{}}
	if err := k.evaluate(ctx, claims(c.Example, []*CompiledChecker{k})); err != nil {
		if e, ok := sandbox.AsError(err); ok && e.Kind == sandbox.ReasonSandbox {
			return nil, evokg.Errorf(evokg.EUNAVAILABLE, "the sandbox could not run the checker: %v", err)
		}
		return nil, evokg.Invalid(evokg.FieldError{Pointer: pointer + "/code", Detail: err.Error()})
	}
	found, _ := contradiction(ctx, c.Example, []*CompiledChecker{k})
	if found.expr != "" {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: pointer + "/example", Detail: found.String() + ": the example must state the checker's value"})
	}
	if !k.confirms(c.Example) {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: pointer + "/example", Detail: "states no value the checker gives for an expression it matches"})
	}
	return k, nil
}

// evaluate runs k's code on the operands of k's claims among cs.
func (k *CompiledChecker) evaluate(ctx context.Context, cs []claim) error {
	var operands [][]string
	for _, c := range cs {
		if c.checker == k {
			operands = append(operands, c.operands)
		}
	}
	_, err := k.valuesOf(ctx, operands)
	return err
}

// confirms reports whether text states k's value for one of its
// expressions (the values evaluated already).
func (k *CompiledChecker) confirms(text string) bool {
	for _, c := range claims(text, []*CompiledChecker{k}) {
		if v, ok := k.known(c.operands); ok && v.ok && slices.ContainsFunc(c.stated, func(s string) bool { return states(s, v.value) }) {
			return true
		}
	}
	return false
}

// known is the value k's code gave for operands, if it ran on them.
func (k *CompiledChecker) known(operands []string) (checked, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.values[key(operands)]
	return v, ok
}

// CheckGold refuses the items whose gold answer is not their task type's
// checker's value for the first expression of their question (when the
// pattern matches it and the code can tell): EINVALID naming each at
// pointer(i)+"/answer". The pool is the answer key the grader grades by,
// and a declared checker says what it must be.
func CheckGold(ctx context.Context, checkers []*CompiledChecker, items []questions.Item, pointer func(i int) string) error {
	byType := map[string]*CompiledChecker{}
	for _, k := range checkers {
		byType[k.TaskType] = k
	}
	operands := make([][]string, len(items))
	for _, k := range checkers {
		var batch [][]string
		for i, it := range items {
			if byType[it.TaskType] != k {
				continue
			}
			if m := k.pattern.FindStringSubmatch(it.Question); m != nil {
				operands[i] = m[1:]
				batch = append(batch, m[1:])
			}
		}
		if _, err := k.valuesOf(ctx, batch); err != nil {
			return fmt.Errorf("the checker of %s failed: %w", k.TaskType, err)
		}
	}
	var v evokg.FieldErrors
	for i, it := range items {
		if operands[i] == nil {
			continue
		}
		want, _ := byType[it.TaskType].known(operands[i])
		v.Check(!want.ok || states(it.Answer, want.value), pointer(i)+"/answer",
			fmt.Sprintf("is %q; the checker of %s gives %s", it.Answer, it.TaskType, formatNumber(want.value)))
	}
	return v.Err()
}

// valuesOf returns the code's value for each set of operands, running the
// sets it has not seen yet in batches.
func (k *CompiledChecker) valuesOf(ctx context.Context, operands [][]string) ([]checked, error) {
	var todo [][]string
	queued := map[string]bool{}
	k.mu.Lock()
	for _, o := range operands {
		if _, ok := k.values[key(o)]; !ok && !queued[key(o)] {
			queued[key(o)] = true
			todo = append(todo, o)
		}
	}
	k.mu.Unlock()
	for batch := range slices.Chunk(todo, maxBatch) {
		if err := k.run(ctx, batch); err != nil {
			return nil, err
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	out := make([]checked, len(operands))
	for i, o := range operands {
		out[i] = k.values[key(o)]
	}
	return out, nil
}

func key(operands []string) string { return strings.Join(operands, "\x1f") }

// run runs the code on a batch of operands and remembers the values.
func (k *CompiledChecker) run(ctx context.Context, batch [][]string) error {
	got, err := sandbox.Run(ctx, k.code, batch, sandbox.Limits{})
	if err != nil {
		return err
	}
	list, ok := got.([]any)
	if !ok || len(list) != len(batch) {
		return fmt.Errorf("result: run returned no value per set of operands")
	}
	values := make([]checked, len(batch))
	for i, v := range list {
		switch x := v.(type) {
		case nil:
		case float64:
			values[i] = checked{value: x, ok: true}
		default:
			return fmt.Errorf("result: run(%q) returned %v, not a number or None", batch[i], v)
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	for i, o := range batch {
		k.values[key(o)] = values[i]
	}
	return nil
}

// claim is an expression a checker matched in a text with the values the
// text states for it.
type claim struct {
	checker  *CompiledChecker
	expr     string
	operands []string
	stated   []string
}

// statedValue is a value stated for the expression before it ("= 78",
// "is 78", "gold: 78"), unless an operator follows (a step "is 7 × 11").
var statedValue = regexp.MustCompile(`(?i)(?:=|:|\bis\b|\bare\b|\bequals\b|\bgives\b|\bmakes\b)\s*\$?(-?\d+(?:\.\d+)?)\s*([-*/·^]|\p{Sm}|\p{So})?`)

// claimSegment bounds the text after an expression searched for its values.
const claimSegment = 100

// claims finds the expressions the checkers match in text, leftmost first
// (an expression overlapping an earlier one is not one), each with the
// values stated after it up to the next expression or line.
func claims(text string, checkers []*CompiledChecker) []claim {
	type match struct {
		loc []int
		k   *CompiledChecker
	}
	var all []match
	for _, k := range checkers {
		for _, loc := range k.pattern.FindAllStringSubmatchIndex(text, -1) {
			all = append(all, match{loc, k})
		}
	}
	slices.SortStableFunc(all, func(a, b match) int { return cmp.Compare(a.loc[0], b.loc[0]) })
	var kept []match
	for _, m := range all {
		if len(kept) == 0 || m.loc[0] >= kept[len(kept)-1].loc[1] {
			kept = append(kept, m)
		}
	}
	out := make([]claim, len(kept))
	for i, m := range kept {
		end := len(text)
		if i+1 < len(kept) {
			end = kept[i+1].loc[0]
		}
		segment := evokg.TruncateRunes(text[m.loc[1]:end], claimSegment)
		segment, _, _ = strings.Cut(segment, "\n")
		out[i] = claim{checker: m.k, expr: text[m.loc[0]:m.loc[1]], operands: groups(text, m.loc), stated: statedValues(segment)}
	}
	return out
}

// groups are the capture groups at loc; an unmatched group is "".
func groups(text string, loc []int) []string {
	out := make([]string, 0, len(loc)/2-1)
	for i := 2; i+1 < len(loc); i += 2 {
		if loc[i] < 0 {
			out = append(out, "")
			continue
		}
		out = append(out, text[loc[i]:loc[i+1]])
	}
	return out
}

// statedValues are the values segment states, the steps of a chain ("is
// 7 × 11") left out.
func statedValues(segment string) []string {
	var out []string
	for _, m := range statedValue.FindAllStringSubmatch(segment, -1) {
		if m[2] == "" {
			out = append(out, m[1])
		}
	}
	return out
}

// states reports whether a stated value is x.
func states(stated string, x float64) bool {
	got, ok := questions.ParseNumber(stated)
	return ok && questions.NumbersEqual(x, got, numberTolerance)
}

// finding is a claim that contradicts its checker.
type finding struct {
	taskType, expr, want, stated string
}

func (f finding) String() string { return fmt.Sprintf("%s is %s, not %s", f.expr, f.want, f.stated) }

// contradiction finds the first expression of text whose stated values
// are all other than its checker's value ("7 ∘ 11 = 77", "What is 7 ∘ 11?
// gold: 286"). An expression with no stated value, one the code cannot
// tell, or one right value among several (a worked chain "= 77, then add
// 1 = 78") passes: the check refuses only what contradicts the checker.
func contradiction(ctx context.Context, text string, checkers []*CompiledChecker) (finding, error) {
	cs := slices.DeleteFunc(claims(text, checkers), func(c claim) bool { return len(c.stated) == 0 })
	for _, k := range checkers {
		if err := k.evaluate(ctx, cs); err != nil {
			return finding{}, fmt.Errorf("the checker of %s failed: %w", k.TaskType, err)
		}
	}
	for _, c := range cs {
		v, _ := c.checker.known(c.operands)
		if !v.ok || slices.ContainsFunc(c.stated, func(s string) bool { return states(s, v.value) }) {
			continue
		}
		return finding{taskType: c.checker.TaskType, expr: c.expr, want: formatNumber(v.value), stated: c.stated[0]}, nil
	}
	return finding{}, nil
}
