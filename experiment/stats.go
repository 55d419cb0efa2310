package experiment

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Interval is a confidence interval [Low, High].
type Interval [2]float64

// PairedBootstrap returns the 95% percentile interval of the mean of the
// paired differences diffs (with − without, one per held-out item),
// resampling items with replacement resamples times from a seeded source.
func PairedBootstrap(diffs []float64, resamples int, seed uint64) Interval {
	if len(diffs) == 0 {
		return Interval{}
	}
	r := rand.New(rand.NewPCG(seed, seed^0xb5ad4eceda1ce2a9))
	means := make([]float64, resamples)
	for i := range means {
		sum := 0.0
		for range diffs {
			sum += diffs[r.IntN(len(diffs))]
		}
		means[i] = sum / float64(len(diffs))
	}
	slices.Sort(means)
	return Interval{quantile(means, 0.025), quantile(means, 0.975)}
}

// quantile of sorted xs by linear interpolation.
func quantile(xs []float64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	lo := int(math.Floor(pos))
	hi := min(lo+1, len(xs)-1)
	return xs[lo] + (pos-float64(lo))*(xs[hi]-xs[lo])
}

// McNemar is the exact McNemar test of paired right/wrong outcomes.
type McNemar struct {
	Better int     `json:"better"` // wrong without memory, right with it
	Worse  int     `json:"worse"`  // right without memory, wrong with it
	P      float64 `json:"p_value"`
}

// NewMcNemar computes the exact two-sided p-value of better against worse
// (a binomial test with p = 1/2 over the discordant pairs).
func NewMcNemar(better, worse int) McNemar {
	n, k := better+worse, min(better, worse)
	if n == 0 {
		return McNemar{P: 1}
	}
	tail := 0.0
	for i := 0; i <= k; i++ {
		tail += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return McNemar{Better: better, Worse: worse, P: math.Min(1, 2*tail)}
}

func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}
