package worldtest

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/llm/ollamafake"
)

var (
	placePattern     = regexp.MustCompile(`Goal: Put the (\w+) in the (\w+)\.`)
	fetchPattern     = regexp.MustCompile(`Goal: Bring the (\w+) to the (\w+)\.`)
	craftGoalPattern = regexp.MustCompile(`Goal: Craft an? (\w+) and carry it\.`)
	procedurePattern = regexp.MustCompile(`(?m)^\s*Procedure \S+, for any start and goal: (.+)$`)
	answerPattern    = regexp.MustCompile(`(?m)^\s*Answer: (.+)$`)
	factPattern      = regexp.MustCompile(`^- ([^:]+): (.+)$`)
)

// The memory block's section headings (retrieval.Render).
const (
	successesHeading = "Successful examples"
	failuresHeading  = "Failure corrections"
)

// Learner answers the "answer" task with what its prompt shows, in this
// order: the first generalised procedure of its memory instantiated for
// its own goal and start over the environment facts of the prompt (the
// cascade's component E); else the answer of the first worked success
// (a recipe of another episode, copied); else NoMemoryAnswer. It reads no
// failure correction and knows nothing of the world but what the prompt
// says.
func Learner(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	cut := strings.LastIndex(v.Prompt, "\nQuestion: ")
	if cut < 0 {
		return reply("no question", NoMemoryAnswer), true
	}
	block, question := v.Prompt[:cut], v.Prompt[cut:]
	if plan, ok := instantiate(block, question); ok {
		return reply("instantiated the procedure in memory over the environment facts", plan), true
	}
	if _, successes, ok := strings.Cut(block, successesHeading); ok {
		successes, _, _ = strings.Cut(successes, failuresHeading)
		if m := answerPattern.FindStringSubmatch(successes); m != nil {
			return reply("followed the recipe in memory", m[1]), true
		}
	}
	return reply("nothing in memory shows a way", NoMemoryAnswer), true
}

func reply(reasoning, answer string) string {
	b, _ := json.Marshal(map[string]string{"reasoning": reasoning, "answer": answer})
	return string(b)
}

// instantiate binds the first procedure of block to question's goal and
// plays it over block's environment facts from question's start room.
func instantiate(block, question string) (string, bool) {
	proc := procedurePattern.FindStringSubmatch(block)
	facts := readFacts(block)
	start := roomPattern.FindStringSubmatch(question)
	if proc == nil || facts == nil || start == nil {
		return "", false
	}
	roles, ok := bindRoles(question, facts)
	if !ok {
		return "", false
	}
	p := &planner{facts: facts, room: start[1], opened: map[string]bool{}}
	for _, step := range strings.Split(proc[1], "; ") {
		for role, entity := range roles {
			step = strings.ReplaceAll(step, "<"+role+">", entity)
		}
		if !p.do(step) {
			return "", false
		}
	}
	return strings.Join(p.actions, "; "), len(p.actions) > 0
}

// bindRoles names the goal's entities by the procedures' roles; a craft's
// ingredients come from the facts.
func bindRoles(question string, f *facts) (map[string]string, bool) {
	if m := placePattern.FindStringSubmatch(question); m != nil {
		return map[string]string{"object": m[1], "container": m[2]}, true
	}
	if m := fetchPattern.FindStringSubmatch(question); m != nil {
		return map[string]string{"object": m[1], "room": m[2]}, true
	}
	if m := craftGoalPattern.FindStringSubmatch(question); m != nil && len(f.rel[m[1]]["needs"]) == 2 {
		needs := f.rel[m[1]]["needs"]
		return map[string]string{"item": m[1], "ingredient 1": needs[0], "ingredient 2": needs[1]}, true
	}
	return nil, false
}

// facts are the environment facts of a prompt: entity → relation → targets.
type facts struct {
	rel map[string]map[string][]string
}

// readFacts reads the lines under the environment heading.
func readFacts(block string) *facts {
	_, section, ok := strings.Cut(block, cascade.EnvironmentHeading)
	if !ok {
		return nil
	}
	f := &facts{rel: map[string]map[string][]string{}}
	for _, line := range strings.Split(section, "\n") {
		m := factPattern.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		for _, part := range strings.Split(m[2], "; ") {
			name, targets, _ := strings.Cut(part, " ")
			if f.rel[m[1]] == nil {
				f.rel[m[1]] = map[string][]string{}
			}
			f.rel[m[1]][name] = append(f.rel[m[1]][name], strings.Split(targets, ", ")...)
		}
	}
	return f
}

func (f *facts) isRoom(x string) bool { return len(f.rel[x]["door_to"]) > 0 }

func (f *facts) where(x string) string {
	if in := f.rel[x]["in"]; len(in) > 0 {
		return in[0]
	}
	return ""
}

// roomOf follows "in" from x to a room.
func (f *facts) roomOf(x string) string {
	for hops := 0; x != "" && hops < 4; hops++ {
		if f.isRoom(x) {
			return x
		}
		x = f.where(x)
	}
	return ""
}

// path is the rooms after from on a shortest way to to over the doors,
// and whether there is one.
func (f *facts) path(from, to string) ([]string, bool) {
	prev := map[string]string{from: ""}
	for queue := []string{from}; len(queue) > 0; queue = queue[1:] {
		at := queue[0]
		if at == to {
			var out []string
			for ; at != from; at = prev[at] {
				out = append([]string{at}, out...)
			}
			return out, true
		}
		for _, n := range f.rel[at]["door_to"] {
			if _, seen := prev[n]; !seen {
				prev[n] = at
				queue = append(queue, n)
			}
		}
	}
	return nil, false
}

// planner plays a procedure's bound steps over the facts.
type planner struct {
	facts   *facts
	room    string
	opened  map[string]bool
	actions []string
}

var (
	goToHolderStep = regexp.MustCompile(`^go to the room that holds (.+)$`)
	openHolderStep = regexp.MustCompile(`^open the container that holds (.+) if it is closed$`)
	openStep       = regexp.MustCompile(`^open (.+) if it is closed$`)
	goToStep       = regexp.MustCompile(`^go to (.+)$`)
	plainStep      = regexp.MustCompile(`^(take|put|craft) .+$`)
)

// do plays one step; it reports false for a step it cannot place.
func (p *planner) do(step string) bool {
	if m := goToHolderStep.FindStringSubmatch(step); m != nil {
		return p.goTo(p.facts.roomOf(m[1]))
	}
	if m := openHolderStep.FindStringSubmatch(step); m != nil {
		p.openIfClosed(p.facts.where(m[1]))
		return true
	}
	if m := openStep.FindStringSubmatch(step); m != nil {
		p.openIfClosed(m[1])
		return true
	}
	if m := goToStep.FindStringSubmatch(step); m != nil {
		return p.goTo(m[1])
	}
	if plainStep.MatchString(step) {
		p.actions = append(p.actions, step)
		return true
	}
	return false
}

func (p *planner) goTo(room string) bool {
	path, ok := p.facts.path(p.room, room)
	if room == "" || !ok {
		return false
	}
	for _, r := range path {
		p.actions = append(p.actions, "go "+r)
	}
	p.room = room
	return true
}

func (p *planner) openIfClosed(c string) {
	if c == "" || p.opened[c] || !slices.Contains(p.facts.rel[c]["is"], "closed") {
		return
	}
	p.opened[c] = true
	p.actions = append(p.actions, "open "+c)
}
