package retrieval_test

import (
	"fmt"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/retrieval"
)

func ExampleRender() {
	successes := []retrieval.Item{{Text: "Question: 12 × 3?\nAnswer: 36"}}
	failures := []retrieval.Item{{FailureKind: evokg.FailureTypeStrategy, Text: "Multiply before adding."}}
	principles := []retrieval.Item{{Text: "Check the units of the answer."}}
	fmt.Println(retrieval.Render(successes, failures, principles, 4000))
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
