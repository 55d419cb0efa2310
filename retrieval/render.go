package retrieval

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/evokg/evokg"
)

// minPartial is the smallest remainder (in characters) worth filling with a
// cut item; below it rendering stops.
const minPartial = 80

// Render writes a pack as a prompt block: successes first, then failure
// corrections, then principles, within budget characters (runes). Items are
// written whole while they fit; the first that does not is cut with "…" if
// enough room is left, and rendering stops there. The output depends only
// on the items, so equal packs render equally.
func Render(successes, failures, principles []Item, budget int) string {
	r := renderer{budget: budget}
	r.section("Successful examples (follow these approaches):", successes, func(i int, it Item) string {
		return fmt.Sprintf("%d. %s", i+1, indent(it.Text))
	})
	r.section("Failure corrections (avoid these mistakes):", failures, func(i int, it Item) string {
		tag := "specific"
		if it.FailureKind == evokg.FailureTypeStrategy {
			tag = "type strategy"
		}
		return fmt.Sprintf("%d. [%s] %s", i+1, tag, indent(it.Text))
	})
	r.section("Principles:", principles, func(_ int, it Item) string {
		return "- " + indent(it.Text)
	})
	return strings.TrimRight(r.b.String(), "\n")
}

type renderer struct {
	b       strings.Builder
	used    int
	budget  int
	stopped bool
}

func (r *renderer) section(title string, items []Item, format func(int, Item) string) {
	if len(items) == 0 || r.stopped {
		return
	}
	head := title + "\n"
	if r.used > 0 {
		head = "\n" + head
	}
	if !r.fits(head) {
		r.stopped = true
		return
	}
	r.write(head)
	for i, it := range items {
		if !r.entry(format(i, it) + "\n") {
			return
		}
	}
}

// entry writes one item, whole or cut; it reports false once the budget is spent.
func (r *renderer) entry(s string) bool {
	if r.fits(s) {
		r.write(s)
		return true
	}
	r.stopped = true
	left := r.budget - r.used - 2 // room for "…\n"
	if left >= minPartial {
		r.write(strings.TrimRight(evokg.TruncateRunes(s, left), " \n") + "…\n")
	}
	return false
}

func (r *renderer) fits(s string) bool { return r.used+utf8.RuneCountInString(s) <= r.budget }

func (r *renderer) write(s string) {
	r.b.WriteString(s)
	r.used += utf8.RuneCountInString(s)
}

// indent aligns continuation lines of a multi-line item under its first line.
func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n   ") }
