package questions

import (
	"fmt"
	"math"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/world"
)

// World is the name of the built-in world pool: episodes of the household
// worlds of package world, each world in one split only, so that no
// validation or test episode is played in a world that training visited.
// The question is the episode's prompt and the gold answer its goal: an
// answer is graded by playing it in the episode, so any action sequence
// that reaches the goal is right. No plan is given: the pool holds nothing
// an oracle over the world's state (world.Solve) wrote.
const World = "world"

// formerWorld is the world pool's name in the previous release; a request
// that names it gets the world pool. Remove it in the release after.
const formerWorld = "env"

// maxWorldSize bounds the world pool's size.
const maxWorldSize = 20_000

// defaultWorldShares are the split shares of GenerateWorld: those of an
// evolution run's defaults.
var defaultWorldShares = Fractions{Validation: 0.2, Test: 0.2}

// GenerateWorld is GenerateWorldSplits with validation and test shares of
// 0.2 each.
func GenerateWorld(size int, seed uint64) ([]Item, error) {
	return GenerateWorldSplits(size, seed, defaultWorldShares)
}

// GenerateWorldSplits returns size distinct episodes as items, each named
// with its split: as many validation and test items as Split would give f
// of size groups, the rest train. Every split draws its episodes from its
// own worlds (WorldSeed), the first world's until they run out, then the
// next; in each world the task types (world_craft, world_fetch,
// world_place) take turns. The same size, seed and shares give the same
// items.
func GenerateWorldSplits(size int, seed uint64, f Fractions) ([]Item, error) {
	if size < 1 || size > maxWorldSize {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/size", Detail: fmt.Sprintf("must be within 1..%d", maxWorldSize)})
	}
	if errs := f.Validate("/splits"); len(errs) > 0 {
		return nil, evokg.Invalid(errs...)
	}
	counts := map[string]int{}
	for _, split := range spread(size, f) {
		counts[split]++
	}
	seen := map[string]bool{}
	var items []Item
	for k, split := range Splits {
		for j := 0; counts[split] > 0; j++ {
			for _, ep := range world.Episodes(WorldSeed(seed, k, j), math.MaxInt, World) {
				if counts[split] == 0 {
					break
				}
				if seen[Normalize(ep.Prompt())] {
					continue
				}
				it := Item{ID: ep.ID, Question: ep.Prompt(), Answer: ep.Goal.Text(), TaskType: ep.TaskType(), Split: split, Episode: &ep}
				seen[Normalize(it.Question)], counts[split] = true, counts[split]-1
				items = append(items, it)
			}
		}
	}
	return items, nil
}

// WorldSeed is the seed of the j-th world of the k-th split (Splits) of
// the world pool of seed: seed itself for the first training world, and
// for seeds below 2³² never a world of another split or pool seed.
func WorldSeed(seed uint64, k, j int) uint64 { return seed + uint64(3*j+k)<<32 }
