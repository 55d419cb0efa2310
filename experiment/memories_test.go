package experiment

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// A client's memory that asks a validation or test question is refused
// before anything is posted, with the pointer of each.
func TestPostedMemoriesMustNotAskHeldOutQuestions(t *testing.T) {
	pl := questions.Pool{
		Train:      []questions.Item{{ID: "a", Question: "What is 1 ★ 2?", Split: questions.SplitTrain}},
		Validation: []questions.Item{{ID: "b", Question: "What is 3 ★ 4?", Split: questions.SplitValidation}},
		Test:       []questions.Item{{ID: "c", Question: "What is 5 ★ 6?", Split: questions.SplitTest}},
	}
	memories := []evokg.ExperienceInput{
		{ExperienceFields: evokg.ExperienceFields{Question: "What is 1 ★ 2?"}},
		{ExperienceFields: evokg.ExperienceFields{Question: "what is 3 ★ 4? "}},
		{ExperienceFields: evokg.ExperienceFields{Question: "What is 5 ★ 6?"}},
	}
	err := postMemories(context.Background(), Deps{}, "ns", memories, pl)
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, evokg.EINVALID, de.Code)
	require.Equal(t, []evokg.FieldError{
		{Pointer: "/memories/1/question", Detail: "is a question of the validation split"},
		{Pointer: "/memories/2/question", Detail: "is a question of the test split"},
	}, de.Fields)
}
