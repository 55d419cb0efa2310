package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// heldOutItem is a validation or test item of one seed's pool.
type heldOutItem struct {
	seed     uint64
	item     questions.Item
	question string // normalized
	twinKey  string
}

// CheckMemories refuses the memories that carry a validation or test item
// of any seed's pool: its question in any text field, or a twin of it
// (questions.TwinKey): a memory of its task type whose question and
// answer have the item's key, or whose text holds every number of the
// item's question and its gold (questions.TwinIn). pointer(i) locates
// memory i in the error; each refusal names the item and its seed.
func (c Config) CheckMemories(pointer func(i int) string) error {
	if len(c.Memories) == 0 {
		return nil
	}
	var held []heldOutItem
	for seed := uint64(1); seed <= uint64(c.Seeds); seed++ {
		pl, err := c.params(seed).BuildPool()
		if err != nil {
			return err
		}
		for _, it := range slices.Concat(pl.Validation, pl.Test) {
			held = append(held, heldOutItem{seed: seed, item: it, question: questions.Normalize(it.Question), twinKey: questions.TwinKey(it)})
		}
	}
	var errs []evokg.FieldError
	for i, m := range c.Memories {
		if detail, found := carriesHeldOut(m, held); found {
			errs = append(errs, evokg.FieldError{Pointer: pointer(i), Detail: detail})
		}
	}
	if len(errs) > 0 {
		return evokg.Invalid(errs...)
	}
	return nil
}

// carriesHeldOut says which held-out item memory m carries, if any.
func carriesHeldOut(m evokg.ExperienceInput, held []heldOutItem) (string, bool) {
	text := strings.Join(texts(m.ExperienceFields), "\n")
	normalized := questions.Normalize(text)
	own := questions.TwinKey(questions.Item{Question: m.Question, Answer: m.Answer, TaskType: m.TaskType})
	for _, h := range held {
		where := fmt.Sprintf("the %s item %s (seed %d)", h.item.Split, h.item.ID, h.seed)
		switch {
		case containsQuestion(normalized, h.question):
			return "carries the question of " + where, true
		case own != "" && own == h.twinKey:
			return "asks a twin of " + where + ": the same task type, numbers and answer", true
		case questions.TwinIn(m.TaskType, text, h.item):
			return "holds a twin of " + where + ": its task type, every number of its question and its answer", true
		}
	}
	return "", false
}

// texts returns every text of an experience, whatever field carries it.
func texts(f evokg.ExperienceFields) []string {
	raw, err := json.Marshal(f)
	if err != nil {
		return nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// containsQuestion reports whether text holds question as a whole: not
// inside a longer word or number ("what is 3 + 4" is not in "what is 3 + 45").
func containsQuestion(text, question string) bool {
	for from := 0; ; {
		i := strings.Index(text[from:], question)
		if i < 0 {
			return false
		}
		start, end := from+i, from+i+len(question)
		if !joined(text[:start], question) && !joined(question, text[end:]) {
			return true
		}
		from = start + 1
	}
}

// joined reports whether a and b, written one after the other, run one
// word or number across their boundary.
func joined(a, b string) bool {
	last, _ := utf8.DecodeLastRuneInString(a)
	first, _ := utf8.DecodeRuneInString(b)
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	return word(last) && word(first)
}

// postMemories posts memories into ns as a client would.
func postMemories(ctx context.Context, d Deps, ns string, memories []evokg.ExperienceInput) error {
	for i, m := range memories {
		if _, err := d.Memory.IngestEmbedded(ctx, ns, m, fmt.Sprintf("experiment-memory-%d", i)); err != nil {
			return fmt.Errorf("memory %d: %w", i, err)
		}
	}
	return nil
}
