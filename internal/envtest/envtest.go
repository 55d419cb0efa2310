// Package envtest plays the execution model over the built-in environment
// for tests with the fake Ollama server: an Explorer that reads an
// observation's entities and relations off its text, and a learner that
// can act only on what memory shows it.
package envtest

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
)

// NoMemoryAnswer is what Learner answers when its memory shows no recipe:
// a look around, which reaches no goal.
const NoMemoryAnswer = "look"

var (
	roomPattern      = regexp.MustCompile(`You are in the (\w+)\.`)
	doorsPattern     = regexp.MustCompile(`Doors lead to: ([^.]+)\.`)
	containerPattern = regexp.MustCompile(`an? (\w+) \((?:closed|open, holding ([^)]*))\)`)
	seenPattern      = regexp.MustCompile(`You see: ([^.]+)\. You carry`)
	loosePattern     = regexp.MustCompile(`^an? (\w+)$`)
	recipePattern    = regexp.MustCompile(`(?m)^\s*Answer: (.+)$`)
)

// maxListed is the explore schema's maxItems.
const maxListed = 8

// Explorer answers the "explore" task from the observation's text: the
// room, its containers and the objects in them or lying about as
// entities; the doors and where each container and object is as relations.
func Explorer(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "explore" {
		return "", false
	}
	text := v.Prompt
	var obs llm.Observation
	room := roomPattern.FindAllStringSubmatch(text, -1)
	if room == nil {
		return `{"entities":[],"relations":[]}`, true
	}
	here := room[len(room)-1][1] // the room after the action
	obs.Entities = append(obs.Entities, llm.ObservedEntity{Name: here, Type: "room"})
	if d := doorsPattern.FindAllStringSubmatch(text, -1); d != nil {
		for _, to := range strings.Split(d[len(d)-1][1], ", ") {
			obs.Relations = append(obs.Relations, llm.ObservedRelation{From: here, Relation: "door_to", To: to})
		}
	}
	for _, m := range containerPattern.FindAllStringSubmatch(text, -1) {
		obs.Entities = append(obs.Entities, llm.ObservedEntity{Name: m[1], Type: "container"})
		obs.Relations = append(obs.Relations, llm.ObservedRelation{From: m[1], Relation: "in", To: here})
		for _, o := range strings.Split(m[2], ", ") {
			if o != "" && o != "nothing" {
				obs.Entities = append(obs.Entities, llm.ObservedEntity{Name: o, Type: "object"})
				obs.Relations = append(obs.Relations, llm.ObservedRelation{From: o, Relation: "in", To: m[1]})
			}
		}
	}
	if seen := seenPattern.FindAllStringSubmatch(text, -1); seen != nil {
		for _, item := range strings.Split(seen[len(seen)-1][1], ", ") {
			if m := loosePattern.FindStringSubmatch(item); m != nil {
				obs.Entities = append(obs.Entities, llm.ObservedEntity{Name: m[1], Type: "object"})
				obs.Relations = append(obs.Relations, llm.ObservedRelation{From: m[1], Relation: "in", To: here})
			}
		}
	}
	obs.Entities, obs.Relations = obs.Entities[:min(len(obs.Entities), maxListed)], obs.Relations[:min(len(obs.Relations), maxListed)]
	b, _ := json.Marshal(obs)
	return string(b), true
}

// Learner answers the "answer" task with the answer of the first worked
// success its memory block shows (a recipe), else NoMemoryAnswer. It reads
// no failure correction, so only recipes and harvested successes help it.
func Learner(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	answer := NoMemoryAnswer
	block, _, _ := strings.Cut(v.Prompt, "\nQuestion: ")
	if _, successes, ok := strings.Cut(block, successesHeading); ok {
		successes, _, _ = strings.Cut(successes, failuresHeading)
		if m := recipePattern.FindStringSubmatch(successes); m != nil {
			answer = m[1]
		}
	}
	b, _ := json.Marshal(map[string]string{"reasoning": "followed the recipe in memory", "answer": answer})
	return string(b), true
}

// The memory block's section headings (retrieval.Render).
const (
	successesHeading = "Successful examples"
	failuresHeading  = "Failure corrections"
)
