// Package worldtest plays the learner model over the built-in environment
// for tests with the fake Ollama server: an Explorer that reads an
// observation's entities and relations off its text, and a learner that
// can act only on what its prompt shows it.
package worldtest

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm/ollamafake"
)

// NoMemoryAnswer is what Learner answers when its prompt shows no way to
// the goal: a look around, which reaches no goal.
const NoMemoryAnswer = "look"

var (
	roomPattern      = regexp.MustCompile(`You are in the (\w+)\.`)
	doorsPattern     = regexp.MustCompile(`Doors lead to: ([^.]+)\.`)
	containerPattern = regexp.MustCompile(`an? (\w+) \((closed|open, holding ([^)]*))\)`)
	seenPattern      = regexp.MustCompile(`You see: ([^.]+)\. You carry`)
	loosePattern     = regexp.MustCompile(`^an? (\w+)$`)
	craftPattern     = regexp.MustCompile(`To craft an? (\w+) you must carry the (\w+) and the (\w+)\.`)
)

// The explore schema's maxItems.
const (
	maxEntities  = 10
	maxRelations = 12
)

// Explorer answers the "explore" task from the observation's text: the
// room, its containers and the objects in them or lying about as
// entities; the doors, where each container and object is, which
// containers are closed and what a refused craft needs as relations.
func Explorer(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "explore" {
		return "", false
	}
	text := v.Prompt
	var obs evokg.ExploreReply
	entity := func(name, kind string) {
		obs.Entities = append(obs.Entities, evokg.ObservedEntity{Name: name, Type: kind})
	}
	relate := func(from, rel, to string) {
		obs.Relations = append(obs.Relations, evokg.ObservedRelation{From: from, Relation: rel, To: to})
	}
	if m := craftPattern.FindStringSubmatch(text); m != nil {
		entity(m[1], "item")
		relate(m[1], "needs", m[2])
		relate(m[1], "needs", m[3])
	}
	room := roomPattern.FindAllStringSubmatch(text, -1)
	if room == nil {
		return marshal(obs), true
	}
	here := room[len(room)-1][1] // the room after the action
	entity(here, "room")
	if d := doorsPattern.FindAllStringSubmatch(text, -1); d != nil {
		for _, to := range strings.Split(d[len(d)-1][1], ", ") {
			relate(here, "door_to", to)
		}
	}
	for _, m := range containerPattern.FindAllStringSubmatch(text, -1) {
		entity(m[1], "container")
		relate(m[1], "in", here)
		if m[2] == "closed" {
			relate(m[1], "is", "closed")
		}
		for _, o := range strings.Split(m[3], ", ") {
			if o != "" && o != "nothing" {
				entity(o, "object")
				relate(o, "in", m[1])
			}
		}
	}
	if seen := seenPattern.FindAllStringSubmatch(text, -1); seen != nil {
		for _, item := range strings.Split(seen[len(seen)-1][1], ", ") {
			if m := loosePattern.FindStringSubmatch(item); m != nil {
				entity(m[1], "object")
				relate(m[1], "in", here)
			}
		}
	}
	return marshal(obs), true
}

func marshal(obs evokg.ExploreReply) string {
	obs.Entities, obs.Relations = obs.Entities[:min(len(obs.Entities), maxEntities)], obs.Relations[:min(len(obs.Relations), maxRelations)]
	if obs.Entities == nil {
		obs.Entities = []evokg.ObservedEntity{}
	}
	if obs.Relations == nil {
		obs.Relations = []evokg.ObservedRelation{}
	}
	b, _ := json.Marshal(obs)
	return string(b)
}
