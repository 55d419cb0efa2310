package experiment

import (
	"fmt"
	"image/color"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	evokg "github.com/evokg/evokg"
)

// Plot draws, averaged over the seeds, the held-out accuracy with memory
// and without it per iteration, then after the last iteration (the final
// evaluation, at x = iterations + 1), with the training-split accuracy,
// and writes it to w as SVG.
func Plot(r *Report, w io.Writer) error {
	if len(r.PerSeed) == 0 {
		return evokg.Errorf(evokg.EINVALID, "no seed finished: nothing to plot")
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s pool: test accuracy, mean of %d seeds (Δ %+.3f, 95%% CI [%.3f, %.3f])",
		r.Pool, r.Seeds, r.Delta, r.CI95[0], r.CI95[1])
	p.X.Label.Text = fmt.Sprintf("iteration (%d: after the last one)", r.Iterations+1)
	p.Y.Label.Text = "accuracy"
	p.Y.Min, p.Y.Max = 0, 1
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	lines := []struct {
		name  string
		y     func(Point) float64
		final func(SeedResult) float64
		color color.Color
	}{
		{"test with memory", func(p Point) float64 { return p.Test }, func(s SeedResult) float64 { return s.WithMemory.Accuracy }, color.RGBA{R: 31, G: 119, B: 180, A: 255}},
		{"test without memory", func(p Point) float64 { return p.TestWithoutMemory }, func(s SeedResult) float64 { return s.WithoutMemory.Accuracy }, color.RGBA{R: 255, G: 127, B: 14, A: 255}},
		{"validation with memory (switch ignored)", func(p Point) float64 { return p.Validation }, nil, color.RGBA{R: 148, G: 103, B: 189, A: 255}},
		{"training split (with memory)", func(p Point) float64 { return p.Accuracy }, nil, color.RGBA{R: 44, G: 160, B: 44, A: 255}},
	}
	for _, l := range lines {
		if err := addMean(p, l.name, meanCurve(r, l.y, l.final), l.color); err != nil {
			return err
		}
	}
	c := vgsvg.New(9*vg.Inch, 5*vg.Inch)
	p.Draw(draw.New(c))
	_, err := c.WriteTo(w)
	return err
}

// meanCurve averages y over the seeds per iteration, and final (when set)
// at iterations + 1.
func meanCurve(r *Report, y func(Point) float64, final func(SeedResult) float64) plotter.XYs {
	var xys plotter.XYs
	for k := 1; k <= r.Iterations; k++ {
		sum, n := 0.0, 0
		for _, s := range r.PerSeed {
			if k <= len(s.Curve) {
				sum, n = sum+y(s.Curve[k-1]), n+1
			}
		}
		if n > 0 {
			xys = append(xys, plotter.XY{X: float64(k), Y: sum / float64(n)})
		}
	}
	if final != nil {
		sum := 0.0
		for _, s := range r.PerSeed {
			sum += final(s)
		}
		xys = append(xys, plotter.XY{X: float64(r.Iterations + 1), Y: sum / float64(len(r.PerSeed))})
	}
	return xys
}

func addMean(p *plot.Plot, name string, xys plotter.XYs, c color.Color) error {
	l, pts, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	l.Color, pts.Color, l.Width = c, c, vg.Points(1.5)
	p.Add(l, pts)
	p.Legend.Add(name, l, pts)
	return nil
}
