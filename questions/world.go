package questions

import (
	"fmt"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/world"
)

// World is the name of the built-in world pool: episodes of the
// household world of the pool's seed (package world). The question is the
// episode's prompt, the gold answer one plan that reaches the goal, and an
// answer is graded by playing it in the episode, so any action sequence
// that reaches the goal is right.
const World = "world"

// formerWorld is the world pool's name in the previous release; a request
// that names it gets the world pool. Remove it in the release after.
const formerWorld = "env"

// GenerateWorld returns size distinct episodes of the world of seed as
// items, the task types (world_craft, world_fetch, world_place) taking turns
// while each has episodes left. The same seed gives the same items.
func GenerateWorld(size int, seed uint64) ([]Item, error) {
	eps := world.Episodes(seed, size, World)
	if size < 1 || len(eps) < size {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/size", Detail: fmt.Sprintf("must be within 1..%d (the episodes of the world of seed %d)", len(eps), seed)})
	}
	items := make([]Item, len(eps))
	for i, ep := range eps {
		plan, err := world.Solve(ep)
		if err != nil {
			return nil, err
		}
		items[i] = Item{ID: ep.ID, Question: ep.Prompt(), Answer: world.Join(plan), TaskType: ep.TaskType(), Episode: &eps[i]}
	}
	return items, nil
}
