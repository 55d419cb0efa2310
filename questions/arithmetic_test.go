package questions_test

import (
	"slices"
	"testing"

	"github.com/evokg/evokg/questions"
)

func TestOperationsInTheOrderTheyAreComputed(t *testing.T) {
	for _, c := range []struct {
		expr string
		want []string
	}{
		{"2*21+4", []string{"multiply", "add"}},
		{"4 + 2 × 21", []string{"multiply", "add"}},
		{"21*4+1", []string{"multiply", "add"}},
		{"30 - 4 + 2", []string{"subtract", "add"}},
		{"6/3*2 - 1·5", []string{"divide", "multiply", "multiply", "subtract"}},
		{"$12 - $5", []string{"subtract"}},
		{"7/0", []string{"divide"}},
	} {
		got, ok := questions.Operations(c.expr)
		if !ok || !slices.Equal(got, c.want) {
			t.Errorf("Operations(%q) = %v, %v; want %v", c.expr, got, ok, c.want)
		}
	}
	for _, expr := range []string{"", "46", "2 ★ 4", "(2+3)*4", "2 + ", "two plus 3"} {
		if got, ok := questions.Operations(expr); ok {
			t.Errorf("Operations(%q) = %v; want refused", expr, got)
		}
	}
}
