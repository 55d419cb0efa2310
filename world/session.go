package world

import (
	"fmt"
	"slices"
	"strings"
)

// carried is the location of an object the agent carries.
const carried = "@carried"

// Session is an episode being played: the world's state, the steps taken
// and whether the goal holds.
type Session struct {
	ep      Episode
	w       *World
	room    string
	at      map[string]string // object → room, container or carried
	closed  map[string]bool
	steps   int
	reached bool
}

// NewSession starts ep in its world's initial state.
func NewSession(ep Episode) *Session {
	w := NewWorld(ep.World)
	s := &Session{ep: ep, w: w, room: ep.Start, at: map[string]string{}, closed: map[string]bool{}}
	for o, loc := range w.Objects {
		s.at[o] = loc
	}
	for c, closed := range w.Closed {
		s.closed[c] = closed
	}
	return s
}

// Steps is how many actions the session has executed.
func (s *Session) Steps() int { return s.steps }

// Reached reports whether the goal held after some action.
func (s *Session) Reached() bool { return s.reached }

// Over reports whether the goal was reached or the step budget spent.
func (s *Session) Over() bool { return s.reached || s.steps >= s.ep.budget() }

// Do executes one action and returns its observation. Actions after the
// session is over change nothing.
func (s *Session) Do(a Action) string {
	if s.Over() {
		return "The episode is over."
	}
	s.steps++
	msg := s.apply(a)
	s.reached = s.goalHolds()
	return msg + "\n" + s.Look()
}

func (s *Session) apply(a Action) string {
	switch a.Verb {
	case "look":
		return "You look around."
	case "go":
		return s.goTo(a.Object)
	case "open":
		return s.open(a.Object)
	case "take":
		return s.take(a.Object)
	case "put":
		return s.put(a.Object, a.Target)
	case "craft":
		return s.craft(a.Object)
	}
	return fmt.Sprintf("Nothing happens: %q is not an action (%s).", a.String(), Grammar)
}

func (s *Session) goTo(room string) string {
	if !slices.Contains(s.w.Doors[s.room], room) {
		return fmt.Sprintf("No door leads from the %s to %q.", s.room, room)
	}
	s.room = room
	return fmt.Sprintf("You go to the %s.", room)
}

func (s *Session) open(c string) string {
	switch {
	case s.w.Containers[c] != s.room:
		return fmt.Sprintf("There is no %s here.", c)
	case !s.closed[c]:
		return fmt.Sprintf("The %s is already open.", c)
	}
	s.closed[c] = false
	return fmt.Sprintf("You open the %s. %s", c, s.contents(c))
}

func (s *Session) take(o string) string {
	if !s.reachable(o) {
		return fmt.Sprintf("There is no %s within reach.", o)
	}
	s.at[o] = carried
	return fmt.Sprintf("You take the %s.", o)
}

func (s *Session) reachable(o string) bool {
	loc, ok := s.at[o]
	if !ok || loc == carried {
		return false
	}
	return loc == s.room || (s.w.Containers[loc] == s.room && !s.closed[loc])
}

func (s *Session) put(o, c string) string {
	switch {
	case s.at[o] != carried:
		return fmt.Sprintf("You do not carry %s %s.", article(o), o)
	case s.w.Containers[c] != s.room:
		return fmt.Sprintf("There is no %s here.", c)
	case s.closed[c]:
		return fmt.Sprintf("The %s is closed.", c)
	}
	s.at[o] = c
	return fmt.Sprintf("You put the %s in the %s.", o, c)
}

func (s *Session) craft(p string) string {
	ing, ok := s.w.Crafts[p]
	if !ok {
		return fmt.Sprintf("Nothing here can be crafted into %s %s.", article(p), p)
	}
	if s.at[ing[0]] != carried || s.at[ing[1]] != carried {
		return fmt.Sprintf("To craft %s %s you must carry the %s and the %s.", article(p), p, ing[0], ing[1])
	}
	delete(s.at, ing[0])
	delete(s.at, ing[1])
	s.at[p] = carried
	return fmt.Sprintf("You craft %s %s from the %s and the %s.", article(p), p, ing[0], ing[1])
}

func (s *Session) goalHolds() bool {
	g := s.ep.Goal
	switch g.Kind {
	case KindPlace:
		return s.at[g.Object] == g.Target
	case KindFetch:
		return s.at[g.Object] == carried && s.room == g.Target
	case KindCraft:
		return s.at[g.Object] == carried
	}
	return false
}

// Look describes the room the agent is in: exits, containers (with what
// the open ones hold), loose objects and what the agent carries.
func (s *Session) Look() string {
	var seen []string
	for _, c := range s.w.ContainerNames() {
		if s.w.Containers[c] != s.room {
			continue
		}
		if s.closed[c] {
			seen = append(seen, fmt.Sprintf("%s %s (closed)", article(c), c))
			continue
		}
		seen = append(seen, fmt.Sprintf("%s %s (open, holding %s)", article(c), c, list(s.objectsAt(c))))
	}
	for _, o := range s.objectsAt(s.room) {
		seen = append(seen, article(o)+" "+o)
	}
	return fmt.Sprintf("You are in the %s. Doors lead to: %s. You see: %s. You carry: %s.",
		s.room, strings.Join(s.w.Doors[s.room], ", "), list(seen), list(s.objectsAt(carried)))
}

func (s *Session) contents(c string) string {
	return fmt.Sprintf("It holds %s.", list(s.objectsAt(c)))
}

// objectsAt lists the objects at loc, sorted.
func (s *Session) objectsAt(loc string) []string {
	var out []string
	for o, at := range s.at {
		if at == loc {
			out = append(out, o)
		}
	}
	slices.Sort(out)
	return out
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "nothing"
	}
	return strings.Join(xs, ", ")
}

// Result is an action sequence executed in an episode.
type Result struct {
	Success bool   `json:"success"`
	Steps   int    `json:"steps"`
	Trace   []Step `json:"trace"`
}

// Step is one executed action and what it showed.
type Step struct {
	Action      string `json:"action"`
	Observation string `json:"observation"`
}

// Run plays actions in a fresh session of ep until the goal holds or the
// budget is spent.
func Run(ep Episode, actions []Action) Result {
	s := NewSession(ep)
	var res Result
	for _, a := range actions {
		if s.Over() {
			break
		}
		res.Trace = append(res.Trace, Step{Action: a.String(), Observation: s.Do(a)})
	}
	res.Success, res.Steps = s.Reached(), s.Steps()
	return res
}

// PlayedSignature is the signature of the actions of answer that ep
// executes: up to the one after which the goal holds or the budget ends.
func PlayedSignature(ep Episode, answer string) []string {
	actions := ParseActions(answer)
	return Signature(actions[:Run(ep, actions).Steps])
}

// PlayedProcedure is the procedure with roles (Generalise) of the actions
// of answer that ep executes, up to the one after which the goal holds.
func PlayedProcedure(ep Episode, answer string) Procedure {
	actions := ParseActions(answer)
	return Generalise(ep, actions[:Run(ep, actions).Steps])
}

// Grade parses answer as an action sequence and reports whether playing
// it reaches ep's goal.
func Grade(ep Episode, answer string) bool { return Run(ep, ParseActions(answer)).Success }
