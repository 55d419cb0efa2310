package cascade

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/world"
)

// EnvironmentHeading opens component E in the learner's memory block.
const EnvironmentHeading = "Environment facts (from exploration; entity: relation targets):"

// WorldBlock is component E for one question: the G_env facts it served.
type WorldBlock struct {
	Facts    []graph.WorldFact `json:"facts"`
	Rendered string            `json:"rendered"`
}

// Environment adds component E to pack when it is on and taskType is an
// environment task type: the G_env relations the Explorer wrote, those
// near the entities the question names first (the goal's object and
// target, the start room), then the rest of the map, at most WorldFacts
// relations and WorldChars characters (and never more than the pack's
// budget), one line per entity. They are written last in the pack, their
// room kept before its memories are rendered, so the pack stays within its
// budget. It adds nothing when G_env holds nothing for the namespace, or
// when not one fact fits.
func (b *Builder) Environment(ctx context.Context, ns, taskType, question string, pack *retrieval.Pack) (*WorldBlock, error) {
	if !b.cfg.Components.Environment || !world.IsTaskType(taskType) {
		return nil, nil
	}
	facts, err := b.graph.WorldFacts(ctx, ns, questionNames(question), b.cfg.WorldFacts)
	if err != nil || len(facts) == 0 {
		return nil, err
	}
	blk := &WorldBlock{Facts: facts, Rendered: RenderFacts(facts, min(b.cfg.WorldChars, pack.Budget()))}
	if !strings.Contains(blk.Rendered, "\n") {
		return nil, nil // the heading alone: no fact fits
	}
	pack.Facts = blk.Rendered
	pack.Render()
	return blk, nil
}

// maxQuestionNames bounds the names a question seeds the traversal with.
const maxQuestionNames = 200

// questionNames are the question's words and pairs of words, lower case:
// the names of G_env entities it may mention.
func questionNames(question string) []string {
	words := strings.FieldsFunc(strings.ToLower(question), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	var out []string
	for i, w := range words {
		out = append(out, w)
		if i > 0 {
			out = append(out, words[i-1]+" "+w)
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	return out[:min(len(out), maxQuestionNames)]
}

// RenderFacts writes one line per entity, in the order the facts rank
// them: "- rope: in chest" or "- cellar: door_to attic, hall; in house",
// whole lines within chars.
func RenderFacts(facts []graph.WorldFact, chars int) string {
	type relation struct {
		name    string
		targets []string
	}
	var order []string
	grouped := map[string][]relation{}
	for _, f := range facts {
		rels := grouped[f.From]
		if rels == nil {
			order = append(order, f.From)
		}
		name := strings.ReplaceAll(f.Relation, " ", "_")
		i := slices.IndexFunc(rels, func(r relation) bool { return r.name == name })
		if i < 0 {
			rels, i = append(rels, relation{name: name}), len(rels)
		}
		rels[i].targets = append(rels[i].targets, f.To)
		grouped[f.From] = rels
	}
	var b strings.Builder
	b.WriteString(EnvironmentHeading)
	used := utf8.RuneCountInString(EnvironmentHeading)
	for _, from := range order {
		parts := make([]string, len(grouped[from]))
		for i, r := range grouped[from] {
			parts[i] = r.name + " " + strings.Join(r.targets, ", ")
		}
		line := fmt.Sprintf("\n- %s: %s", from, strings.Join(parts, "; "))
		if used += utf8.RuneCountInString(line); used > chars {
			break
		}
		b.WriteString(line)
	}
	return b.String()
}
