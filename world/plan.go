package world

import "fmt"

// planner writes action sequences against a world it knows, tracking the
// room and the containers it opened.
type planner struct {
	w       *World
	room    string
	closed  map[string]bool
	actions []Action
}

func newPlanner(ep Episode) *planner {
	w := NewWorld(ep.World)
	p := &planner{w: w, room: ep.Start, closed: map[string]bool{}}
	for c, closed := range w.Closed {
		p.closed[c] = closed
	}
	return p
}

func (p *planner) do(verb, object, target string) {
	p.actions = append(p.actions, Action{Verb: verb, Object: object, Target: target})
}

func (p *planner) goTo(room string) {
	for _, next := range p.w.path(p.room, room) {
		p.do("go", next, "")
	}
	p.room = room
}

func (p *planner) openIfClosed(c string) {
	if p.closed[c] {
		p.do("open", c, "")
		p.closed[c] = false
	}
}

// fetch walks to an object where it starts and takes it.
func (p *planner) fetch(o string) {
	loc := p.w.Objects[o]
	p.goTo(p.w.RoomOf(loc))
	if _, isContainer := p.w.Containers[loc]; isContainer {
		p.openIfClosed(loc)
	}
	p.do("take", o, "")
}

// Solve returns a shortest-walk plan that reaches ep's goal from its
// start, planned over the world's own state: an oracle, for tests only.
// Nothing a run or an experiment does calls it.
func Solve(ep Episode) ([]Action, error) {
	p := newPlanner(ep)
	g := ep.Goal
	switch g.Kind {
	case KindPlace:
		p.fetch(g.Object)
		p.goTo(p.w.Containers[g.Target])
		p.openIfClosed(g.Target)
		p.do("put", g.Object, g.Target)
	case KindFetch:
		p.fetch(g.Object)
		p.goTo(g.Target)
	case KindCraft:
		ing := p.w.Crafts[g.Object]
		p.fetch(ing[0])
		p.fetch(ing[1])
		p.do("craft", g.Object, "")
	default:
		return nil, fmt.Errorf("env: unknown goal kind %q", g.Kind)
	}
	return p.actions, nil
}

// Tour returns the actions that visit every room from ep's start (depth
// first, walking back through the doors it came by) and open every closed
// container on the way, so that every part of the world is observed once;
// then it tries each craft of the world's recipe book with empty hands,
// whose refusal names what the item needs.
func Tour(ep Episode) []Action {
	p := newPlanner(ep)
	seen := map[string]bool{}
	var visit func(room string)
	visit = func(room string) {
		seen[room] = true
		for _, c := range p.w.ContainerNames() {
			if p.w.Containers[c] == room {
				p.openIfClosed(c)
			}
		}
		for _, next := range p.w.Doors[room] {
			if !seen[next] {
				p.do("go", next, "")
				visit(next)
				p.do("go", room, "")
			}
		}
	}
	visit(ep.Start)
	for _, product := range sortedKeys(p.w.Crafts) {
		p.do("craft", product, "")
	}
	return p.actions
}
