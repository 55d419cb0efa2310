package world

import (
	"fmt"
	"strings"
)

// Procedure is an action recipe generalised over its episode: its steps
// name the goal's entities by role (<object>, <container>, <room>, <item>,
// <ingredient 1>, <ingredient 2>) and the places by what they hold, so that
// another start and goal of the kind instantiates it with what is known of
// the world (which room holds what, which doors join the rooms).
type Procedure struct {
	Name  string            `json:"name"`  // proc:<task type>:v1
	Roles map[string]string `json:"roles"` // role → the entity it stood for in the recipe's episode
	Steps []string          `json:"steps"`
}

// Role steps; a role is written <name>.
const (
	stepGoToHolder   = "go to the room that holds %s"
	stepOpenHolder   = "open the container that holds %s if it is closed"
	stepOpenIfClosed = "open %s if it is closed"
	stepTake         = "take %s"
	stepPut          = "put %s in %s"
	stepCraft        = "craft %s"
	stepGoTo         = "go to %s"
)

// Generalise writes plan, a plan that reaches ep's goal, as a procedure
// with roles: each take becomes "go to the room that holds X; open the
// container that holds X if it is closed; take X", each put "go to the
// room that holds C; open C if it is closed; put X in C", a craft stays,
// and a fetch ends with "go to <room>". The walks and the opening of
// containers are regenerated rather than copied, since another episode
// starts elsewhere and may find another container closed.
func Generalise(ep Episode, plan []Action) Procedure {
	roles := goalRoles(ep)
	byEntity := map[string]string{}
	for role, entity := range roles {
		byEntity[entity] = "<" + role + ">"
	}
	name := func(entity string) string {
		if r, ok := byEntity[entity]; ok {
			return r
		}
		return entity
	}
	pr := Procedure{Name: "proc:" + ep.TaskType() + ":v1", Roles: roles}
	add := func(format string, args ...any) { pr.Steps = append(pr.Steps, fmt.Sprintf(format, args...)) }
	for _, a := range plan {
		switch a.Verb {
		case "take":
			x := name(a.Object)
			add(stepGoToHolder, x)
			add(stepOpenHolder, x)
			add(stepTake, x)
		case "put":
			x, c := name(a.Object), name(a.Target)
			add(stepGoToHolder, c)
			add(stepOpenIfClosed, c)
			add(stepPut, x, c)
		case "craft":
			add(stepCraft, name(a.Object))
		}
	}
	if ep.Goal.Kind == KindFetch {
		add(stepGoTo, name(ep.Goal.Target))
	}
	return pr
}

// goalRoles names the entities of ep's goal by role.
func goalRoles(ep Episode) map[string]string {
	g := ep.Goal
	switch g.Kind {
	case KindPlace:
		return map[string]string{"object": g.Object, "container": g.Target}
	case KindFetch:
		return map[string]string{"object": g.Object, "room": g.Target}
	}
	roles := map[string]string{"item": g.Object}
	if ing, ok := NewWorld(ep.World).Crafts[g.Object]; ok {
		roles["ingredient 1"], roles["ingredient 2"] = ing[0], ing[1]
	}
	return roles
}

// procedureLead opens a procedure's text.
const procedureLead = "Procedure %s, for any start and goal: "

// Text is the procedure as one line the learner reads: its steps separated
// by "; ", then how the recipe's episode bound the roles.
func (p Procedure) Text() string {
	bound := make([]string, 0, len(p.Roles))
	for _, role := range sortedKeys(p.Roles) {
		bound = append(bound, fmt.Sprintf("<%s> = %s", role, p.Roles[role]))
	}
	return fmt.Sprintf(procedureLead, p.Name) + strings.Join(p.Steps, "; ") +
		"\nRoles in this recipe: " + strings.Join(bound, ", ") + "; bind them to the goal's entities and find the places in the environment facts."
}

// IsTaskType reports whether taskType is one of the world's, under its
// current or its former prefix (the previous release's namespaces hold
// env_ task types; drop formerTaskTypePrefix in the release after).
func IsTaskType(taskType string) bool {
	return strings.HasPrefix(taskType, taskTypePrefix) || strings.HasPrefix(taskType, formerTaskTypePrefix)
}

const (
	taskTypePrefix       = "world_"
	formerTaskTypePrefix = "env_"
)
