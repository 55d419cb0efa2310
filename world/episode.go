package world

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Goal kinds, one task type each.
const (
	KindPlace = "place" // put an object in a container
	KindFetch = "fetch" // carry an object into a room
	KindCraft = "craft" // craft an item and carry it
)

// Task types of the world's episodes.
const (
	TaskPlace = taskTypePrefix + KindPlace
	TaskFetch = taskTypePrefix + KindFetch
	TaskCraft = taskTypePrefix + KindCraft
)

// DefaultMaxSteps is an episode's step budget unless it sets one.
const DefaultMaxSteps = 24

// Goal is what an episode asks for.
type Goal struct {
	Kind   string `json:"kind"`
	Object string `json:"object"`           // the object to place or fetch, the item to craft
	Target string `json:"target,omitempty"` // the container (place) or the room (fetch)
}

// Text is the goal as the learner reads it.
func (g Goal) Text() string {
	switch g.Kind {
	case KindPlace:
		return fmt.Sprintf("Put the %s in the %s.", g.Object, g.Target)
	case KindFetch:
		return fmt.Sprintf("Bring the %s to the %s.", g.Object, g.Target)
	}
	return fmt.Sprintf("Craft %s %s and carry it.", article(g.Object), g.Object)
}

// Episode is one goal in the world of a seed, from a start room.
type Episode struct {
	ID       string `json:"id"`
	World    uint64 `json:"world"` // the world's seed
	Start    string `json:"start"` // the start room
	Goal     Goal   `json:"goal"`
	MaxSteps int    `json:"max_steps,omitempty"` // default DefaultMaxSteps
}

// TaskType is the episode's task type.
func (ep Episode) TaskType() string { return taskTypePrefix + ep.Goal.Kind }

func (ep Episode) budget() int {
	if ep.MaxSteps > 0 {
		return ep.MaxSteps
	}
	return DefaultMaxSteps
}

// Prompt is the episode as the learner is asked it: the goal, the first
// observation and the action grammar.
func (ep Episode) Prompt() string {
	s := NewSession(ep)
	return fmt.Sprintf("Goal: %s\n%s\nReply with the actions to take in order, separated by \";\" (%s), at most %d actions.",
		ep.Goal.Text(), s.Look(), Grammar, ep.budget())
}

// Grammar lists the actions a session understands.
const Grammar = "go <room>, open <container>, take <object>, put <object> in <container>, craft <item>, look"

// Episodes returns up to n distinct episodes of the world of seed (all of
// them when n exceeds their number), the task types taking turns while
// each has episodes left, in an order fixed by the seed. IDs are
// "<prefix>-<seed>-<index>".
func Episodes(seed uint64, n int, prefix string) []Episode {
	w := NewWorld(seed)
	r := rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc909))
	byKind := [][]Episode{candidates(w, KindCraft), candidates(w, KindFetch), candidates(w, KindPlace)}
	for _, eps := range byKind {
		r.Shuffle(len(eps), func(i, j int) { eps[i], eps[j] = eps[j], eps[i] })
	}
	var out []Episode
	for j, added := 0, true; added && len(out) < n; j++ {
		added = false
		for _, eps := range byKind {
			if j < len(eps) && len(out) < n {
				ep := eps[j]
				ep.ID = fmt.Sprintf("%s-%d-%04d", prefix, seed, len(out))
				out, added = append(out, ep), true
			}
		}
	}
	return out
}

// candidates lists every episode of a kind whose goal does not hold at
// the start, from every room.
func candidates(w *World, kind string) []Episode {
	var goals []Goal
	switch kind {
	case KindPlace:
		for _, o := range w.ObjectNames() {
			for _, c := range w.ContainerNames() {
				if w.Objects[o] != c {
					goals = append(goals, Goal{Kind: kind, Object: o, Target: c})
				}
			}
		}
	case KindFetch:
		for _, o := range w.ObjectNames() {
			for _, room := range w.Rooms {
				goals = append(goals, Goal{Kind: kind, Object: o, Target: room})
			}
		}
	case KindCraft:
		for _, p := range sortedKeys(w.Crafts) {
			goals = append(goals, Goal{Kind: kind, Object: p})
		}
	}
	var out []Episode
	for _, g := range goals {
		for _, room := range w.Rooms {
			out = append(out, Episode{World: w.Seed, Start: room, Goal: g})
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func article(noun string) string {
	if strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an"
	}
	return "a"
}
