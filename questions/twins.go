package questions

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Twins are answer-equivalent items: the same task type, the same numbers
// written in the question (as a multiset, so in any order) and the same
// gold answer. Items that differ only in names or in the order of their
// numbers ("3 + 5", "5 + 3") are twins; a memory of one answers the other.

// Numbers returns the numbers text writes (digits with an optional
// decimal part, signs and separators aside) in canonical form, sorted:
// the multiset the twin key compares.
func Numbers(text string) []string {
	var out []string
	for _, n := range plainNumber.FindAllString(text, -1) {
		out = append(out, canonicalNumber(strings.TrimPrefix(n, "-")))
	}
	slices.Sort(out)
	return out
}

// canonicalNumber writes equal numbers alike ("4", "4.0" and "04" as "4").
func canonicalNumber(s string) string {
	if x, err := strconv.ParseFloat(s, 64); err == nil {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return s
}

// canonicalAnswer is a gold answer as twins compare it: a number in
// canonical form, any other text normalized.
func canonicalAnswer(answer string) string {
	a := Normalize(answer)
	if _, err := strconv.ParseFloat(a, 64); err == nil {
		return canonicalNumber(a)
	}
	return a
}

// TwinKey is the key items share when they are twins: task type, the
// question's numbers, the gold answer and what the answer is given in
// (the item's context, an episode's world and start). It is "" for a question that
// writes no number, whose twins are only the same normalized question.
func TwinKey(it Item) string {
	nums := Numbers(it.Question)
	if len(nums) == 0 {
		return ""
	}
	key := it.TaskType + "\x00" + strings.Join(nums, " ") + "\x00" + canonicalAnswer(it.Answer) + "\x00" + Normalize(it.Context)
	if ep := it.Episode; ep != nil {
		key += fmt.Sprintf("\x00%d %s", ep.World, ep.Start) // the answer is played in the episode's world
	}
	return key
}

// groupTwins returns the groups of items that are the same question or
// twins, directly or through other items, as item indices: each group in
// index order, the groups in the order of their first item.
func groupTwins(items []Item) [][]int {
	parent := make([]int, len(items))
	for i := range parent {
		parent[i] = i
	}
	var root func(i int) int
	root = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	first := map[string]int{}
	join := func(key string, i int) {
		if j, ok := first[key]; ok {
			a, b := root(i), root(j)
			parent[max(a, b)] = min(a, b)
			return
		}
		first[key] = i
	}
	for i, it := range items {
		join("q\x00"+Normalize(it.Question), i)
		if key := TwinKey(it); key != "" {
			join("t\x00"+key, i)
		}
	}
	index := map[int]int{}
	var groups [][]int
	for i := range items {
		r := root(i)
		g, ok := index[r]
		if !ok {
			g = len(groups)
			index[r] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// TwinCounts returns, for each item, how many items of another split are
// its twins or ask its normalized question: 0 for every item of a pool
// Split puts together.
func TwinCounts(items []Item) []int {
	holders := map[string][]int{} // key → the items that have it
	keys := make([][]string, len(items))
	for i, it := range items {
		keys[i] = []string{"q\x00" + Normalize(it.Question)}
		if key := TwinKey(it); key != "" {
			keys[i] = append(keys[i], "t\x00"+key)
		}
		for _, k := range keys[i] {
			holders[k] = append(holders[k], i)
		}
	}
	out := make([]int, len(items))
	for i, it := range items {
		twins := map[int]bool{}
		for _, k := range keys[i] {
			for _, j := range holders[k] {
				if items[j].Split != it.Split {
					twins[j] = true
				}
			}
		}
		out[i] = len(twins)
	}
	return out
}

// TwinIn reports whether text, of the task type taskType, holds a twin of
// it: every number its question writes (two or more, counted with their
// repeats) and its gold answer besides. A question of one number is left
// to TwinKey: one number and an answer meet in a text by chance too often
// ("1 zorp = 7 blips" states a rule, not an item).
func TwinIn(taskType, text string, it Item) bool {
	want := Numbers(it.Question)
	if taskType != it.TaskType || len(want) < 2 {
		return false
	}
	gold := canonicalAnswer(it.Answer)
	if _, err := strconv.ParseFloat(gold, 64); err == nil {
		want = append(want, canonicalNumber(strings.TrimPrefix(gold, "-")))
	} else if !strings.Contains(Normalize(text), gold) {
		return false
	}
	have := map[string]int{}
	for _, n := range Numbers(text) {
		have[n]++
	}
	for _, n := range want {
		if have[n]--; have[n] < 0 {
			return false
		}
	}
	return true
}
