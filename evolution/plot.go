package evolution

import (
	"fmt"
	"image/color"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	evokg "github.com/evokg/evokg"
)

// Plot formats.
const (
	FormatSVG = "svg"
	FormatPNG = "png"
)

// Plot draws accuracy (pool and held-out, rollbacks marked) and memory
// growth (success, failure, principles) per iteration, one panel above the
// other, and writes it to w as SVG or PNG.
func Plot(metrics []Metrics, w io.Writer, format string) error {
	if format != FormatSVG && format != FormatPNG {
		return evokg.Errorf(evokg.EINVALID, "plot format %q: use svg or png", format)
	}
	if len(metrics) == 0 {
		return evokg.Errorf(evokg.EINVALID, "no iterations to plot")
	}
	acc, err := accuracyPlot(metrics)
	if err != nil {
		return err
	}
	mem, err := memoryPlot(metrics)
	if err != nil {
		return err
	}
	const width, height = 8 * vg.Inch, 8 * vg.Inch
	var canvas vg.CanvasWriterTo
	if format == FormatSVG {
		canvas = vgsvg.New(width, height)
	} else {
		canvas = vgimg.PngCanvas{Canvas: vgimg.New(width, height)}
	}
	dc := draw.New(canvas)
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 6,
		PadTop: vg.Millimeter * 4, PadBottom: vg.Millimeter * 4, PadLeft: vg.Millimeter * 4, PadRight: vg.Millimeter * 4}
	acc.Draw(tiles.At(dc, 0, 0))
	mem.Draw(tiles.At(dc, 0, 1))
	_, err = canvas.WriteTo(w)
	return err
}

func series(metrics []Metrics, y func(Metrics) float64) plotter.XYs {
	out := make(plotter.XYs, len(metrics))
	for i, m := range metrics {
		out[i] = plotter.XY{X: float64(m.Iteration), Y: y(m)}
	}
	return out
}

var palette = []color.Color{
	color.RGBA{R: 31, G: 119, B: 180, A: 255},
	color.RGBA{R: 255, G: 127, B: 14, A: 255},
	color.RGBA{R: 44, G: 160, B: 44, A: 255},
	color.RGBA{R: 214, G: 39, B: 40, A: 255},
}

func addLine(p *plot.Plot, name string, xys plotter.XYs, c color.Color) error {
	l, pts, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	l.Color, pts.Color = c, c
	l.Width = vg.Points(1.5)
	p.Add(l, pts)
	p.Legend.Add(name, l, pts)
	return nil
}

func accuracyPlot(metrics []Metrics) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Accuracy per iteration"
	p.X.Label.Text, p.Y.Label.Text = "iteration", "accuracy"
	p.Y.Min, p.Y.Max = 0, 1
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	if err := addLine(p, "train", series(metrics, func(m Metrics) float64 { return m.Accuracy }), palette[0]); err != nil {
		return nil, err
	}
	if err := addLine(p, "validation", series(metrics, func(m Metrics) float64 { return m.Validation.Accuracy }), palette[2]); err != nil {
		return nil, err
	}
	if err := addLine(p, "test", series(metrics, func(m Metrics) float64 { return m.Test.Accuracy }), palette[1]); err != nil {
		return nil, err
	}
	return p, addRollbacks(p, metrics)
}

func addRollbacks(p *plot.Plot, metrics []Metrics) error {
	var xys plotter.XYs
	for _, m := range metrics {
		if m.Rollback {
			xys = append(xys, plotter.XY{X: float64(m.Iteration), Y: m.Accuracy})
		}
	}
	if len(xys) == 0 {
		return nil
	}
	s, err := plotter.NewScatter(xys)
	if err != nil {
		return err
	}
	s.Color, s.Shape, s.Radius = palette[3], draw.CrossGlyph{}, vg.Points(5)
	p.Add(s)
	p.Legend.Add(fmt.Sprintf("rollback (%d)", len(xys)), s)
	return nil
}

func memoryPlot(metrics []Metrics) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Memory growth"
	p.X.Label.Text, p.Y.Label.Text = "iteration", "memories"
	p.Y.Min = 0
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	lines := []struct {
		name string
		y    func(Metrics) float64
	}{
		{"success memories", func(m Metrics) float64 { return float64(m.Memories.Success) }},
		{"failure memories", func(m Metrics) float64 { return float64(m.Memories.Failure) }},
		{"principles", func(m Metrics) float64 { return float64(m.Memories.Principles) }},
	}
	for i, l := range lines {
		if err := addLine(p, l.name, series(metrics, l.y), palette[i]); err != nil {
			return nil, err
		}
	}
	return p, nil
}
