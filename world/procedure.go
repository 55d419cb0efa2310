package world

import (
	"fmt"
	"strings"
)

// Procedure is an action recipe generalised over its episode: its steps
// are the recipe's actions with the goal's entities named by the role they
// play in the goal (<object>, <container>, <room>, <item>); every other
// name stays as the recipe's episode had it. Nothing of the world's rules
// is added: another start and goal of the kind binds the roles and finds
// the rest in what is known of the world.
type Procedure struct {
	Name  string            `json:"name"`  // proc:<task type>:v1
	Roles map[string]string `json:"roles"` // role → the entity it stood for in the recipe's episode
	Steps []string          `json:"steps"`
}

// Generalise writes plan, a plan that reached ep's goal, as a procedure
// with roles: each action in its canonical form, with every word that is
// one of the goal's entities replaced by its role.
func Generalise(ep Episode, plan []Action) Procedure {
	roles := goalRoles(ep.Goal)
	byEntity := map[string]string{}
	for role, entity := range roles {
		byEntity[entity] = "<" + role + ">"
	}
	pr := Procedure{Name: "proc:" + ep.TaskType() + ":v1", Roles: roles}
	for _, a := range plan {
		words := strings.Fields(a.String())
		for i, w := range words {
			if r, ok := byEntity[w]; ok {
				words[i] = r
			}
		}
		pr.Steps = append(pr.Steps, strings.Join(words, " "))
	}
	return pr
}

// goalRoles names the entities of goal by the role they play in it.
func goalRoles(g Goal) map[string]string {
	switch g.Kind {
	case KindPlace:
		return map[string]string{"object": g.Object, "container": g.Target}
	case KindFetch:
		return map[string]string{"object": g.Object, "room": g.Target}
	}
	return map[string]string{"item": g.Object}
}

// procedureLead opens a procedure's text.
const procedureLead = "Procedure %s, the recipe's actions with the goal's entities as roles: "

// Text is the procedure as one line the learner reads: its steps separated
// by "; ", then how the recipe's episode bound the roles.
func (p Procedure) Text() string {
	bound := make([]string, 0, len(p.Roles))
	for _, role := range sortedKeys(p.Roles) {
		bound = append(bound, fmt.Sprintf("<%s> = %s", role, p.Roles[role]))
	}
	return fmt.Sprintf(procedureLead, p.Name) + strings.Join(p.Steps, "; ") +
		"\nRoles in this recipe: " + strings.Join(bound, ", ") + "; bind them to the goal's entities; the other names are the recipe's own episode's."
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
