package evolution

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// noisyTeacher makes a share of the texts the teacher writes wrong on
// purpose, for the teacher-noise ablation (Params.TeacherNoise, `evokg
// experiment --teacher-noise`): failure corrections, principles, prompt
// refinements and the strategies of split skills, agents' system prompts
// and the Critic's notes (tool code is validated by running it, and is
// left alone). A chosen text states a wrong rule consistently (wrongRule):
// every operation it states is replaced by another and every result it
// states is recomputed with the wrong operation ("3 + 5 = 8" becomes
// "3 × 5 = 15"), so no arithmetic check can see it; a correction whose
// recomputed result is no longer the gold answer the write gate refuses,
// one that states only the method it keeps. Which texts are chosen, and
// the wrong rule, are fixed by the seed and the question, skill or task
// type, so a run is repeatable. Written counts the texts it changed,
// committed those of them that passed the write gate into memory (the
// runner reports them: commit).
type noisyTeacher struct {
	evokg.Teacher
	share     float64
	seed      string
	written   atomic.Int64
	committed atomic.Int64
	mu        sync.Mutex
	changed   map[string]bool // the texts it changed, by textKey
}

// pick returns whether the texts keyed by key are corrupted, and their
// wrong rule.
func (n *noisyTeacher) pick(key string) (bool, wrongRule) {
	h := sha256.Sum256([]byte(n.seed + "/" + key))
	u := float64(binary.BigEndian.Uint64(h[:8])>>11) / float64(1<<53)
	return u < n.share, newWrongRule(h[8])
}

// corrupt applies w to texts, one memory's, records the texts it changed
// and counts the memory written corrupted when it changed one.
func (n *noisyTeacher) corrupt(w wrongRule, texts ...*string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.changed == nil {
		n.changed = map[string]bool{}
	}
	in := make([]string, len(texts))
	for i, t := range texts {
		in[i] = *t
	}
	hit := false
	for i, out := range w.apply(in...) {
		if out != in[i] {
			*texts[i], hit = out, true
			n.changed[textKey(out)] = true
		}
	}
	if hit {
		n.written.Add(1)
	}
}

// commit counts one committed text when one of texts (or of their lines)
// is one the teacher changed.
func (n *noisyTeacher) commit(texts ...string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, t := range texts {
		for _, s := range append([]string{t}, strings.Split(t, "\n")...) {
			if n.changed[textKey(s)] {
				n.committed.Add(1)
				return
			}
		}
	}
}

// textKey is a text as the gate may see it: an agent's prompt reaches the
// gate with its tool names spoken (spokenNames).
func textKey(s string) string { return strings.TrimSpace(strings.ReplaceAll(s, "_", " ")) }

func (n *noisyTeacher) WriteFailureMemory(ctx context.Context, req evokg.FailureMemoryRequest) (evokg.FailureMemory, error) {
	fm, err := n.Teacher.WriteFailureMemory(ctx, req)
	ok, w := n.pick(fmt.Sprintf("correction/%s/%s", req.Kind, req.Question))
	if err != nil || !ok {
		return fm, err
	}
	var texts []*string // the steps compute what the content states
	for i := range fm.Steps {
		texts = append(texts, &fm.Steps[i])
	}
	n.corrupt(w, append(texts, &fm.Content, &fm.Expression)...)
	return fm, nil
}

func (n *noisyTeacher) ExtractPrinciples(ctx context.Context, req evokg.PrinciplesRequest) ([]evokg.PrincipleSpec, error) {
	specs, err := n.Teacher.ExtractPrinciples(ctx, req)
	for i := range specs {
		if ok, w := n.pick(fmt.Sprintf("principle/%s/%d/%d", req.Skill, len(req.Existing), i)); err == nil && ok {
			n.corrupt(w, &specs[i].Text, &specs[i].AppliesWhen)
		}
	}
	return specs, err
}

func (n *noisyTeacher) RefinePrompt(ctx context.Context, req evokg.RefinePromptRequest) (evokg.PromptRefinement, error) {
	ref, err := n.Teacher.RefinePrompt(ctx, req)
	if ok, w := n.pick("prompt/" + req.Skill + "/" + req.CurrentPrompt); err == nil && ok {
		n.corrupt(w, &ref.Prompt, &ref.Strategy)
	}
	return ref, err
}

func (n *noisyTeacher) SplitSkill(ctx context.Context, req evokg.SplitSkillRequest) (evokg.SplitSkillReply, error) {
	split, err := n.Teacher.SplitSkill(ctx, req)
	for i := range split.Skills {
		if ok, w := n.pick("split/" + req.Skill + "/" + split.Skills[i].Name); err == nil && ok {
			n.corrupt(w, &split.Skills[i].Strategy)
		}
	}
	return split, err
}

func (n *noisyTeacher) WriteAgent(ctx context.Context, req evokg.AgentRequest) (evokg.AgentSpec, error) {
	spec, err := n.Teacher.WriteAgent(ctx, req)
	if ok, w := n.pick("agent/" + req.Skill + "/" + req.TaskType); err == nil && ok {
		n.corrupt(w, &spec.SystemPrompt)
	}
	return spec, err
}

func (n *noisyTeacher) Critique(ctx context.Context, req evokg.CritiqueRequest) ([]evokg.TaskTypeCritique, error) {
	scores, err := n.Teacher.Critique(ctx, req)
	for i := range scores {
		if ok, w := n.pick(fmt.Sprintf("critic/%d/%s", req.Iteration, scores[i].TaskType)); err == nil && ok {
			n.corrupt(w, &scores[i].Notes)
		}
	}
	return scores, err
}

// operation is an arithmetic operation a text states.
type operation int

const (
	opAdd operation = iota
	opSub
	opMul
	opDiv
)

// symbols are the operation symbols a text may write; a rewritten
// equation writes opSymbol.
var (
	symbols  = map[rune]operation{'+': opAdd, '-': opSub, '−': opSub, '*': opMul, '×': opMul, '·': opMul, '/': opDiv, '÷': opDiv}
	opSymbol = [...]string{opAdd: "+", opSub: "-", opMul: "×", opDiv: "/"}
)

// opWords are the words that name each operation, in the same forms
// (verb, third person, -ing, past, conjunction, noun, plural, -tion) so
// one replaces another; "" is a form the operation has not.
var opWords = [...][]string{
	opAdd: {"add", "adds", "adding", "added", "plus", "sum", "sums", "addition"},
	opSub: {"subtract", "subtracts", "subtracting", "subtracted", "minus", "difference", "differences", "subtraction"},
	opMul: {"multiply", "multiplies", "multiplying", "multiplied", "times", "product", "products", "multiplication"},
	opDiv: {"divide", "divides", "dividing", "divided", "", "quotient", "quotients", "division"},
}

// wordForm finds an operation word's operation and form.
var wordForm = func() map[string][2]int {
	out := map[string][2]int{}
	for op, words := range opWords {
		for form, w := range words {
			if w != "" {
				out[w] = [2]int{op, form}
			}
		}
	}
	return out
}()

var (
	num         = `\d+(?:\.\d+)?`
	sym         = `\s*[-+−*×·/÷]\s*`
	link        = num + `(?:` + sym + num + `)*`
	computation = regexp.MustCompile(num + `(?:` + sym + num + `)+(?:\s*=\s*-?` + link + `)*`)
	symbol      = regexp.MustCompile(sym)
	number      = regexp.MustCompile(num)
	word        = regexp.MustCompile(`\pL+`)
)

// wrongRule maps each operation to the wrong one a corrupted text states
// instead. No operation becomes a division, whose results a text could
// not state exactly.
type wrongRule [4]operation

// newWrongRule is the wrong rule h picks.
func newWrongRule(h byte) wrongRule {
	var w wrongRule
	for op := opAdd; op <= opDiv; op++ {
		var others []operation
		for _, t := range []operation{opAdd, opSub, opMul} {
			if t != op {
				others = append(others, t)
			}
		}
		w[op] = others[int(h)%len(others)]
	}
	return w
}

// apply states w in texts, one memory's (their results shared, in
// order): each computation ("12 × 3", "12 × 3 = 36", a chain "2·3 + 4 =
// 6 + 4 = 10") is written with w's operations and a result it states
// recomputed with them (a chain keeps its first link and result); a
// number that was a rewritten result becomes the new result everywhere,
// an operand included ("36 + 4 = 40" after "12 × 3 = 36"), and every
// operation word names w's operation. A text stating no operation is
// returned as it is.
func (w wrongRule) apply(texts ...string) []string {
	results := map[string]string{}
	spans := make([][][]int, len(texts))
	rewritten := make([][]string, len(texts))
	for i, t := range texts {
		spans[i] = computation.FindAllStringIndex(t, -1)
		for _, sp := range spans[i] {
			rewritten[i] = append(rewritten[i], w.computation(t[sp[0]:sp[1]], results))
		}
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		var b strings.Builder
		at := 0
		for j, sp := range spans[i] {
			b.WriteString(renumber(t[at:sp[0]], results))
			b.WriteString(rewritten[i][j])
			at = sp[1]
		}
		b.WriteString(renumber(t[at:], results))
		out[i] = word.ReplaceAllStringFunc(b.String(), w.word)
	}
	return out
}

// word is an operation word as w names it.
func (w wrongRule) word(s string) string {
	f, ok := wordForm[strings.ToLower(s)]
	if !ok {
		return s
	}
	return sameCase(s, opWords[w[f[0]]][f[1]])
}

// computation rewrites one computation with w's operations, its operands
// renumbered by results; the result it states is recomputed, and recorded
// in results.
func (w wrongRule) computation(c string, results map[string]string) string {
	links := strings.Split(c, "=")
	var b strings.Builder
	start := 0
	for _, m := range symbol.FindAllStringIndex(links[0], -1) {
		b.WriteString(renumber(strings.TrimSpace(links[0][start:m[0]]), results))
		op := symbols[[]rune(strings.TrimSpace(links[0][m[0]:m[1]]))[0]]
		b.WriteString(" " + opSymbol[w[op]] + " ")
		start = m[1]
	}
	b.WriteString(renumber(strings.TrimSpace(links[0][start:]), results))
	left := b.String()
	if len(links) == 1 {
		return left
	}
	v, _, ok := questions.Evaluate(left)
	if !ok {
		return c
	}
	result := formatValue(v)
	if last := strings.TrimSpace(links[len(links)-1]); number.FindString(last) == last {
		results[last] = result
	}
	return left + " = " + result
}

// renumber replaces each number of s that is a key of results.
func renumber(s string, results map[string]string) string {
	return number.ReplaceAllStringFunc(s, func(x string) string {
		if r, ok := results[x]; ok {
			return r
		}
		return x
	})
}

// formatValue writes v as a text states a result: whole, or to at most
// four decimals.
func formatValue(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64)
}

// sameCase is to written with the capital of like's first letter.
func sameCase(like, to string) string {
	if r := []rune(like); len(r) > 0 && unicode.IsUpper(r[0]) && to != "" {
		t := []rune(to)
		t[0] = unicode.ToUpper(t[0])
		return string(t)
	}
	return to
}
