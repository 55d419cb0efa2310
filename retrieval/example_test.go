package retrieval_test

import (
	"fmt"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/retrieval"
)

func ExamplePack_Render() {
	pack := &retrieval.Pack{
		Successes:  []retrieval.Item{{ID: evokg.NewID(), Text: "Question: 12 × 3?\nAnswer: 36"}},
		Failures:   []retrieval.Item{{ID: evokg.NewID(), FailureKind: evokg.FailureTypeStrategy, Text: "Multiply before adding."}},
		Principles: []retrieval.Item{{ID: evokg.NewID(), Text: "Check the units of the answer."}},
		CharBudget: 4000,
	}
	pack.Render()
	fmt.Println(pack.Rendered)
	fmt.Println(len(pack.Shown), "memories shown")
	// Output:
	// Successful examples (follow these approaches):
	// 1. Question: 12 × 3?
	//    Answer: 36
	//
	// Failure corrections (avoid these mistakes):
	// 1. [type strategy] Multiply before adding.
	//
	// Principles:
	// - Check the units of the answer.
	// 3 memories shown
}

func ExampleConfig_Allocate() {
	cfg := retrieval.Config{}.WithDefaults()
	fmt.Println(cfg.Allocate(retrieval.ModeMAGE, "a short context"))
	cfg.ExtendedShortText = true
	fmt.Println(cfg.Allocate(retrieval.ModeMAGE, "a short context"))
	// Output:
	// {2 1}
	// {2 2}
}
