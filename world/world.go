// Package world is a built-in deterministic text world: a small
// household generated from a seed (rooms joined by doors, containers that
// open, objects lying about or stored, and a recipe book for crafting).
// An Episode is a goal in that world from a start room with a step budget;
// a Session executes actions (go, open, take, put, craft, look), answers
// each with a text observation and checks the goal. The same seed always
// gives the same world and the same episodes, so an answer (an action
// sequence) is graded by running it.
package world

import (
	"maps"
	"math/rand/v2"
	"slices"
)

// The world's vocabulary; a seed picks which of each it holds.
var (
	roomNames      = []string{"kitchen", "hall", "bedroom", "garden", "cellar", "study", "attic"}
	containerNames = []string{"fridge", "drawer", "chest", "box", "cupboard", "basket"}
	objectNames    = []string{"apple", "key", "rope", "stick", "stone", "cloth", "bottle", "candle"}
	recipeBook     = []struct {
		product     string
		ingredients [2]string
	}{
		{"torch", [2]string{"stick", "cloth"}},
		{"hammer", [2]string{"stick", "stone"}},
		{"lamp", [2]string{"bottle", "candle"}},
		{"ladder", [2]string{"rope", "stick"}},
	}
)

// Sizes of a generated world.
const (
	worldRooms      = 5
	worldContainers = 4
	worldObjects    = 6
	worldCrafts     = 2
)

// World is a generated household in its initial state.
type World struct {
	Seed       uint64
	Rooms      []string             // sorted
	Doors      map[string][]string  // room → the rooms a door leads to, sorted
	Containers map[string]string    // container → its room
	Closed     map[string]bool      // containers closed at the start
	Objects    map[string]string    // object → the room or container it starts in
	Crafts     map[string][2]string // product → its two ingredients
}

// NewWorld generates the world of seed.
func NewWorld(seed uint64) *World {
	r := rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d))
	w := &World{Seed: seed, Doors: map[string][]string{}, Containers: map[string]string{},
		Closed: map[string]bool{}, Objects: map[string]string{}, Crafts: map[string][2]string{}}
	w.Rooms = pickN(r, roomNames, worldRooms)
	w.connect(r)
	for _, c := range pickN(r, containerNames, worldContainers) {
		w.Containers[c] = w.Rooms[r.IntN(len(w.Rooms))]
		w.Closed[c] = r.IntN(2) == 0
	}
	w.placeObjects(r)
	return w
}

// connect joins the rooms by a random spanning tree plus one extra door.
func (w *World) connect(r *rand.Rand) {
	order := slices.Clone(w.Rooms)
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for i := 1; i < len(order); i++ {
		w.addDoor(order[i], order[r.IntN(i)])
	}
	w.addDoor(order[0], order[len(order)-1])
}

func (w *World) addDoor(a, b string) {
	if a == b || slices.Contains(w.Doors[a], b) {
		return
	}
	w.Doors[a] = insertSorted(w.Doors[a], b)
	w.Doors[b] = insertSorted(w.Doors[b], a)
}

// placeObjects picks the crafts first so that their ingredients exist,
// then fills the objects up and puts each in a room or a container.
func (w *World) placeObjects(r *rand.Rand) {
	var objects []string
	for _, i := range r.Perm(len(recipeBook))[:worldCrafts] {
		c := recipeBook[i]
		w.Crafts[c.product] = c.ingredients
		for _, o := range c.ingredients {
			if !slices.Contains(objects, o) {
				objects = append(objects, o)
			}
		}
	}
	for _, o := range pickN(r, objectNames, len(objectNames)) {
		if len(objects) < worldObjects && !slices.Contains(objects, o) {
			objects = append(objects, o)
		}
	}
	slices.Sort(objects)
	containers := slices.Sorted(maps.Keys(w.Containers))
	for _, o := range objects {
		if r.IntN(3) == 0 {
			w.Objects[o] = w.Rooms[r.IntN(len(w.Rooms))]
			continue
		}
		w.Objects[o] = containers[r.IntN(len(containers))]
	}
}

// RoomOf returns the room a place (a room or a container) is in.
func (w *World) RoomOf(place string) string {
	if room, ok := w.Containers[place]; ok {
		return room
	}
	return place
}

// ObjectNames returns the world's objects, sorted.
func (w *World) ObjectNames() []string { return slices.Sorted(maps.Keys(w.Objects)) }

// ContainerNames returns the world's containers, sorted.
func (w *World) ContainerNames() []string { return slices.Sorted(maps.Keys(w.Containers)) }

// path returns the rooms after from on a shortest way to to (none when
// from is to).
func (w *World) path(from, to string) []string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 && queue[0] != to {
		at := queue[0]
		queue = queue[1:]
		for _, n := range w.Doors[at] {
			if _, seen := prev[n]; !seen {
				prev[n] = at
				queue = append(queue, n)
			}
		}
	}
	var out []string
	for at := to; at != from; at = prev[at] {
		out = append([]string{at}, out...)
	}
	return out
}

func pickN(r *rand.Rand, names []string, n int) []string {
	out := make([]string, n)
	for i, j := range r.Perm(len(names))[:n] {
		out[i] = names[j]
	}
	slices.Sort(out)
	return out
}

func insertSorted(xs []string, x string) []string {
	i, _ := slices.BinarySearch(xs, x)
	return slices.Insert(xs, i, x)
}
