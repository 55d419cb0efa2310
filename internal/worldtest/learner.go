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
	procedurePattern = regexp.MustCompile(`(?m)^\s*Procedure \S+, [^:]+: (.+)$`)
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

// Planner answers the Explorer's "plan_actions" task: it reads the goal
// and the start off the task and plans over the facts the prompt lists,
// walking to what the goal names, opening what is closed and gathering
// what a craft needs. Where the facts do not show a way it answers
// NoMemoryAnswer.
func Planner(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "plan_actions" {
		return "", false
	}
	facts := readFacts(v.Prompt)
	start := roomPattern.FindStringSubmatch(v.Prompt)
	if facts == nil || start == nil {
		return reply("no facts", NoMemoryAnswer), true
	}
	roles, ok := bindRoles(v.Prompt)
	if !ok {
		return reply("no goal", NoMemoryAnswer), true
	}
	p := &planner{facts: facts, room: start[1], opened: map[string]bool{}, carried: map[string]bool{}}
	for _, step := range goalSteps(roles) {
		if !p.do(bind(step, roles)) {
			return reply("the facts show no way", NoMemoryAnswer), true
		}
	}
	return reply("planned over the observed facts", strings.Join(p.actions, "; ")), true
}

// goalSteps are the steps a goal asks for, with roles.
func goalSteps(roles map[string]string) []string {
	switch {
	case roles["container"] != "":
		return []string{"take <object>", "put <object> in <container>"}
	case roles["room"] != "":
		return []string{"take <object>", "go <room>"}
	}
	return []string{"craft <item>"}
}

func bind(step string, roles map[string]string) string {
	for role, entity := range roles {
		step = strings.ReplaceAll(step, "<"+role+">", entity)
	}
	return step
}

func reply(reasoning, answer string) string {
	b, _ := json.Marshal(map[string]string{"reasoning": reasoning, "answer": answer})
	return string(b)
}

// instantiate binds the first procedure of block to question's goal and
// plays its steps that name a role over block's environment facts from
// question's start room; the steps without a role are the recipe's own
// episode's walk, which it leaves out.
func instantiate(block, question string) (string, bool) {
	proc := procedurePattern.FindStringSubmatch(block)
	facts := readFacts(block)
	start := roomPattern.FindStringSubmatch(question)
	if proc == nil || facts == nil || start == nil {
		return "", false
	}
	roles, ok := bindRoles(question)
	if !ok {
		return "", false
	}
	p := &planner{facts: facts, room: start[1], opened: map[string]bool{}, carried: map[string]bool{}}
	for _, step := range strings.Split(proc[1], "; ") {
		if !strings.Contains(step, "<") {
			continue
		}
		if !p.do(bind(step, roles)) {
			return "", false
		}
	}
	return strings.Join(p.actions, "; "), len(p.actions) > 0
}

// bindRoles names the goal's entities by the procedures' roles.
func bindRoles(question string) (map[string]string, bool) {
	if m := placePattern.FindStringSubmatch(question); m != nil {
		return map[string]string{"object": m[1], "container": m[2]}, true
	}
	if m := fetchPattern.FindStringSubmatch(question); m != nil {
		return map[string]string{"object": m[1], "room": m[2]}, true
	}
	if m := craftGoalPattern.FindStringSubmatch(question); m != nil {
		return map[string]string{"item": m[1]}, true
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

// planner plays steps over the facts.
type planner struct {
	facts   *facts
	room    string
	opened  map[string]bool
	carried map[string]bool
	actions []string
}

var (
	takeStep  = regexp.MustCompile(`^take (\w+)$`)
	putStep   = regexp.MustCompile(`^put (\w+) in (\w+)$`)
	craftStep = regexp.MustCompile(`^craft (\w+)$`)
	goStep    = regexp.MustCompile(`^go (\w+)$`)
	openStep  = regexp.MustCompile(`^open (\w+)$`)
)

// do plays one step, walking and opening what the facts say it needs; it
// reports false for a step the facts do not place.
func (p *planner) do(step string) bool {
	if m := takeStep.FindStringSubmatch(step); m != nil {
		return p.fetch(m[1])
	}
	if m := putStep.FindStringSubmatch(step); m != nil {
		if !p.goTo(p.facts.roomOf(m[2])) {
			return false
		}
		p.openIfClosed(m[2])
		p.act("put "+m[1]+" in "+m[2], m[1], false)
		return true
	}
	if m := craftStep.FindStringSubmatch(step); m != nil {
		needs := p.facts.rel[m[1]]["needs"]
		for _, n := range needs {
			if !p.carried[n] && !p.fetch(n) {
				return false
			}
		}
		for _, n := range needs {
			p.carried[n] = false
		}
		p.act("craft "+m[1], m[1], true)
		return len(needs) > 0
	}
	if m := goStep.FindStringSubmatch(step); m != nil {
		return p.goTo(m[1])
	}
	return openStep.MatchString(step) // opening is planned where it is needed
}

// fetch walks to where x is, opens its container if it is closed and takes it.
func (p *planner) fetch(x string) bool {
	if !p.goTo(p.facts.roomOf(x)) {
		return false
	}
	if holder := p.facts.where(x); !p.facts.isRoom(holder) {
		p.openIfClosed(holder)
	}
	p.act("take "+x, x, true)
	return true
}

func (p *planner) act(action, object string, carried bool) {
	p.actions = append(p.actions, action)
	p.carried[object] = carried
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
