package questions_test

import (
	"context"
	"testing"

	"github.com/evokg/evokg/questions"
)

func BenchmarkGenerate200(b *testing.B) {
	for b.Loop() {
		if _, err := questions.Generate(200, 42); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGradeNumeric(b *testing.B) {
	it := questions.Item{Question: "q", Answer: "1,250"}
	g := questions.Grader{}
	ctx := context.Background()
	for b.Loop() {
		if ok, _ := g.Grade(ctx, it, "#### $1,250"); !ok {
			b.Fatal("not graded correct")
		}
	}
}
