package bandit

import (
	"slices"
	"testing"
)

func TestChooseWarmupThenSample(t *testing.T) {
	t.Parallel()
	arms := []ArmState{{Arm: "a", Alpha: 1, Beta: 1}, {Arm: "b", Alpha: 1, Beta: 1}, {Arm: "c", Alpha: 1, Beta: 1}}
	draws := map[float64]float64{}
	sample := func(alpha, _ float64) float64 { return draws[alpha] }
	for i := range 3 * 2 {
		got, warm := choose(arms, 2, sample)
		if !warm || got != i%3 {
			t.Fatalf("pull %d: got arm %d warm=%v, want %d warm", i, got, warm, i%3)
		}
		arms[got].Pulls++
	}
	arms[1].Alpha = 5
	draws[5] = 0.9
	draws[1] = 0.2
	if got, warm := choose(arms, 2, sample); warm || got != 1 {
		t.Fatalf("after warm-up: got arm %d warm=%v, want arm 1 by sampling", got, warm)
	}
}

func TestChooseGroupWarmsUpEverySkillThenSamples(t *testing.T) {
	t.Parallel()
	fresh := func() []ArmState { return []ArmState{{Alpha: 1, Beta: 1}, {Alpha: 1, Beta: 1}} }
	groups := [][]ArmState{fresh(), fresh(), nil} // the third skill has no arms yet
	noDraw := func(float64, float64) float64 { t.Fatal("sampled during warm-up"); return 0 }
	var order []int
	for range 6 {
		g := chooseGroup(groups, 2, true, noDraw)
		order = append(order, g)
		if groups[g] == nil {
			groups[g] = fresh()
		}
		groups[g][0].Pulls++
	}
	if want := []int{0, 1, 2, 0, 1, 2}; !slices.Equal(order, want) {
		t.Fatalf("warm-up order %v, want %v (least pulled first, ties to the first: round-robin)", order, want)
	}
	for _, g := range groups {
		g[1].Pulls++ // every skill has 2 pulls: warm-up over
	}
	groups[2][1].Alpha = 9 // the last skill's second strategy wins the draw
	draw := func(alpha, _ float64) float64 { return alpha / 10 }
	if got := chooseGroup(groups, 2, true, draw); got != 2 {
		t.Fatalf("sampling chose skill %d, want 2", got)
	}
	groups[0][0].Alpha, groups[0][0].Beta = 1, 0.01 // the best mean is the first skill's
	if got := chooseGroup(groups, 2, false, noDraw); got != 0 {
		t.Fatalf("greedy choice %d, want 0", got)
	}
}
