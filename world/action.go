package world

import (
	"strings"
	"unicode"
)

// Action is one parsed action: a verb, its object and, for put, the
// container.
type Action struct {
	Verb   string
	Object string
	Target string
}

// String is the action in the grammar's canonical form.
func (a Action) String() string {
	switch {
	case a.Verb == "put":
		return "put " + a.Object + " in " + a.Target
	case a.Object == "":
		return a.Verb
	}
	return a.Verb + " " + a.Object
}

// maxActions bounds what ParseActions reads of one answer.
const maxActions = 200

// ParseActions reads an action sequence: actions separated by ";" or new
// lines, in any case, with list markers ("1.", "-") and articles ignored
// ("Take the apple", "put apple into the box"). What is not an action is
// kept as an unknown action, which costs a step when played.
func ParseActions(text string) []Action {
	parts := strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == '\n' })
	var out []Action
	for _, p := range parts {
		if words := actionWords(p); len(words) > 0 && len(out) < maxActions {
			out = append(out, parseAction(words))
		}
	}
	return out
}

// actionWords lower-cases p and drops list markers, punctuation and articles.
func actionWords(p string) []string {
	fields := strings.FieldsFunc(strings.ToLower(p), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	var out []string
	for _, f := range fields {
		if f == "the" || f == "a" || f == "an" || (len(out) == 0 && strings.Trim(f, "0123456789") == "") {
			continue
		}
		out = append(out, f)
	}
	return out
}

func parseAction(w []string) Action {
	switch {
	case w[0] == "look" && len(w) == 1:
		return Action{Verb: "look"}
	case w[0] == "go" && len(w) == 3 && w[1] == "to":
		return Action{Verb: "go", Object: w[2]}
	case w[0] == "put" && len(w) == 4 && (w[2] == "in" || w[2] == "into"):
		return Action{Verb: "put", Object: w[1], Target: w[3]}
	case len(w) == 2 && (w[0] == "go" || w[0] == "open" || w[0] == "take" || w[0] == "craft"):
		return Action{Verb: w[0], Object: w[1]}
	}
	return Action{Verb: strings.Join(w, " ")}
}

// operations name the verbs in structural signatures.
var operations = map[string]string{
	"go": "move_to_room", "open": "open_container", "take": "take_object",
	"put": "put_in_container", "craft": "craft_item", "look": "look",
}

// Operation names the action's verb in structural signatures.
func (a Action) Operation() string {
	if op, ok := operations[a.Verb]; ok {
		return op
	}
	return "unknown_action"
}

// Signature is the procedural signature of an action sequence: the
// operation of each action, repeats in a row folded into one.
func Signature(actions []Action) []string {
	var out []string
	for _, a := range actions {
		if op := a.Operation(); len(out) == 0 || out[len(out)-1] != op {
			out = append(out, op)
		}
	}
	return out
}

// Join writes actions as one answer, separated by "; ".
func Join(actions []Action) string {
	s := make([]string, len(actions))
	for i, a := range actions {
		s[i] = a.String()
	}
	return strings.Join(s, "; ")
}
