package retrieval

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// minPartial is the smallest remainder (in characters) worth filling with a
// cut item; below it rendering stops.
const minPartial = 80

// Headings of a pack's own sections, in the order they are rendered.
const (
	HeadingSuccesses = "Successful examples (follow these approaches):"
	HeadingCritic    = "Reviewer's notes on these examples:"
	HeadingFailures  = "Failure corrections (avoid these mistakes):"
	HeadingPrinciple = "Principles:"
	HeadingStructure = "Related procedures (structurally similar):"
	HeadingNeighbors = "Related memories (graph):"
)

// Section is one titled list of a memory block: a list of the pack's own
// items, or one another component adds (the cascade's plan, principles and
// recipes).
type Section struct {
	Title   string  `json:"title"`
	Entries []Entry `json:"entries"`
}

// Entry is one entry of a section as it is written: a memory (ID) or a line
// that is none (a plan step, uuid.Nil).
type Entry struct {
	ID   uuid.UUID `json:"id"`
	Text string    `json:"text"`
}

// Render writes sections as a prompt block within budget characters (runes),
// in order, and returns it with the ids of the memories it wrote, each
// once. Entries
// are written whole while they fit; the first that does not is cut with "…"
// if enough room is left (a cut memory was shown), and rendering stops
// there (a memory not written at all was not). The output depends only on
// the sections, so equal packs render equally.
func Render(sections []Section, budget int) (string, []uuid.UUID) {
	r := renderer{budget: budget}
	for _, s := range sections {
		r.section(s)
	}
	return strings.TrimRight(r.b.String(), "\n"), r.shown
}

// Render renders the pack into Rendered within its character budget: its
// successes, failure corrections and principles (docs/concepts/answering.md), then what
// the structural and graph channels found beyond them, then the Sections
// other components added, and the environment facts last, whose room is
// kept first. Shown lists the memories written, and is what the pack
// reports as used.
func (p *Pack) Render() {
	budget, facts := p.Budget(), p.Facts
	if utf8.RuneCountInString(facts) > budget {
		facts = ""
	}
	room := budget
	if facts != "" {
		room -= utf8.RuneCountInString(facts) + len("\n\n")
	}
	text, shown := Render(append(p.sections(), p.Sections...), room)
	if facts != "" {
		text = strings.TrimLeft(text+"\n\n"+facts, "\n")
	}
	p.Rendered, p.Shown = text, orEmptyIDs(shown)
}

// Budget is the pack's character budget: CharBudget, or DefaultCharBudget
// for a pack built without one.
func (p *Pack) Budget() int { return cmp.Or(p.CharBudget, DefaultCharBudget) }

// sections lists the pack's own items as sections, in rendering order.
func (p *Pack) sections() []Section {
	numbered := func(i int, it Item) string { return fmt.Sprintf("%d. %s", i+1, indent(it.Text)) }
	correction := func(i int, it Item) string {
		return fmt.Sprintf("%d. [%s] %s", i+1, failureTag(it), indent(it.Text))
	}
	related := func(i int, it Item) string {
		tag := "success"
		if it.Outcome == evokg.OutcomeFailure {
			tag = "correction, " + failureTag(it)
		}
		return fmt.Sprintf("%d. [%s] %s", i+1, tag, indent(it.Text))
	}
	return []Section{
		itemSection(HeadingSuccesses, p.Successes, numbered),
		CriticSection(slices.Concat(p.Successes, p.Structural, p.Neighbors)),
		itemSection(HeadingFailures, p.Failures, correction),
		itemSection(HeadingPrinciple, p.Principles, func(_ int, it Item) string { return "- " + indent(it.Text) }),
		itemSection(HeadingStructure, p.Structural, related),
		itemSection(HeadingNeighbors, p.Neighbors, related),
	}
}

// CriticSection lists, once each, the Critic's notes on the task types of
// the successes among items, within the pack's budget. A note is no memory
// of its own (its entry has no ID): writing it counts no memory as shown;
// the memories that carry it count when their own text is written.
func CriticSection(items []Item) Section {
	s := Section{Title: HeadingCritic}
	var seen []string
	for _, it := range items {
		if it.CriticNote == "" || slices.Contains(seen, it.CriticNote) {
			continue
		}
		seen = append(seen, it.CriticNote)
		s.Entries = append(s.Entries, Entry{Text: "- " + indent(it.CriticNote)})
	}
	return s
}

func failureTag(it Item) string {
	if it.FailureKind == evokg.FailureTypeStrategy {
		return "type strategy"
	}
	return "specific"
}

func itemSection(title string, items []Item, format func(int, Item) string) Section {
	s := Section{Title: title, Entries: make([]Entry, len(items))}
	for i, it := range items {
		s.Entries[i] = Entry{ID: it.ID, Text: format(i, it)}
	}
	return s
}

type renderer struct {
	b       strings.Builder
	used    int
	budget  int
	stopped bool
	shown   []uuid.UUID
}

func (r *renderer) section(s Section) {
	if len(s.Entries) == 0 || r.stopped {
		return
	}
	head := s.Title + "\n"
	if r.used > 0 {
		head = "\n" + head
	}
	if !r.fits(head+s.Entries[0].Text+"\n") && r.budget-r.used-utf8.RuneCountInString(head)-2 < minPartial {
		r.stopped = true // not even a cut first entry fits: no heading alone
		return
	}
	r.write(head)
	for _, e := range s.Entries {
		if !r.entry(e) {
			return
		}
	}
}

// entry writes one entry, whole or cut, and records the memory it shows; it
// reports false once the budget is spent.
func (r *renderer) entry(e Entry) bool {
	s := e.Text + "\n"
	if r.fits(s) {
		r.write(s)
		r.show(e.ID)
		return true
	}
	r.stopped = true
	left := r.budget - r.used - 2 // room for "…\n"
	if left >= minPartial {
		r.write(strings.TrimRight(evokg.TruncateRunes(s, left), " \n") + "…\n")
		r.show(e.ID)
	}
	return false
}

func (r *renderer) show(id uuid.UUID) {
	if id != uuid.Nil && !slices.Contains(r.shown, id) {
		r.shown = append(r.shown, id)
	}
}

func (r *renderer) fits(s string) bool { return r.used+utf8.RuneCountInString(s) <= r.budget }

func (r *renderer) write(s string) {
	r.b.WriteString(s)
	r.used += utf8.RuneCountInString(s)
}

// indent aligns continuation lines of a multi-line item under its first line.
func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n   ") }

func orEmptyIDs(ids []uuid.UUID) []uuid.UUID {
	if ids == nil {
		return []uuid.UUID{}
	}
	return ids
}
