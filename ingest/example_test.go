package ingest_test

import (
	"errors"
	"fmt"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
)

func ExampleValidate() {
	err := ingest.Validate(evokg.ExperienceInput{
		ExperienceFields: evokg.ExperienceFields{
			Outcome:    evokg.OutcomeSuccess,
			Question:   "What is 2+2?",
			Evaluation: &evokg.Evaluation{Correct: 1.2, Efficient: 1, Complete: 1},
		},
	})
	var e *evokg.Error
	if !errors.As(err, &e) {
		return
	}
	for _, f := range e.Fields {
		fmt.Println(f.Pointer, f.Detail)
	}
	// Output:
	// /task_type is required
	// /evaluation/correct must be within [0, 1]
}
