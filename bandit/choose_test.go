package bandit

import "testing"

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
