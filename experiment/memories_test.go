package experiment

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// A client's memory that carries a validation or test item of any seed, in
// any text field, or a twin of one (the same task type, numbers and gold)
// is refused before anything is posted, with its pointer and the item.
func TestPostedMemoriesMustNotCarryHeldOutItems(t *testing.T) {
	c := Config{Pool: questions.Digits, Size: 60, Seeds: 2, Namespace: "x"}.WithDefaults()
	pl, err := c.params(2).BuildPool()
	require.NoError(t, err)
	var test, twin questions.Item // a test question, an add_digits one with two operands
	test = pl.Test[0]
	for _, it := range pl.Validation {
		if n := questions.Numbers(it.Question); it.TaskType == questions.AddDigits && n[0] != n[1] {
			twin = it
			break
		}
	}
	require.NotEmpty(t, twin.ID)
	var a, b int
	_, err = fmt.Sscanf(twin.Question, "What is %d + %d?", &a, &b)
	require.NoError(t, err)
	memory := func(f evokg.ExperienceFields) evokg.ExperienceInput {
		return evokg.ExperienceInput{ExperienceFields: f}
	}
	c.Memories = []evokg.ExperienceInput{
		memory(evokg.ExperienceFields{TaskType: questions.AddDigits, Question: "What is 31 + 4?", Answer: "35"}),
		memory(evokg.ExperienceFields{TaskType: "general", Content: "Remember:  " + strings.ToUpper(test.Question) + " is asked often."}),
		memory(evokg.ExperienceFields{TaskType: questions.AddDigits, Question: fmt.Sprintf("What is %d + %d?", b, a), Answer: twin.Answer}),
		memory(evokg.ExperienceFields{TaskType: questions.AddDigits, Question: "What is 31 + 4?", Answer: "35",
			SkillSteps: []evokg.SkillStep{{Skill: "add", Output: fmt.Sprintf("%d plus %d makes %s", b, a, twin.Answer)}}}),
		memory(evokg.ExperienceFields{TaskType: "general", Content: fmt.Sprintf("%d plus %d makes %s", b, a, twin.Answer)}),
	}
	err = c.CheckMemories(func(i int) string { return fmt.Sprintf("/lines/%d", i+1) })
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, evokg.EINVALID, de.Code)
	where := func(it questions.Item) string { return fmt.Sprintf("the %s item %s (seed 2)", it.Split, it.ID) }
	require.Equal(t, []evokg.FieldError{
		{Pointer: "/lines/2", Detail: "carries the question of " + where(test)},
		{Pointer: "/lines/3", Detail: "asks a twin of " + where(twin) + ": the same task type, numbers and answer"},
		{Pointer: "/lines/4", Detail: "holds a twin of " + where(twin) + ": its task type, every number of its question and its answer"},
	}, de.Fields)
}

// The worked examples of docs/experiment (operands above the glyph pool's)
// carry no held-out item of any glyph pool an experiment builds.
func TestWorkedExamplesAreAccepted(t *testing.T) {
	f, err := os.Open("../docs/experiment/glyph-worked-examples.jsonl")
	require.NoError(t, err)
	defer f.Close()
	var memories []evokg.ExperienceInput
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m evokg.ExperienceInput
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m))
		memories = append(memories, m)
	}
	require.Len(t, memories, 12)
	for _, size := range []int{40, 200, 1600} {
		c := Config{Pool: questions.Glyph, Size: size, Seeds: 5, Namespace: "x", Memories: memories}.WithDefaults()
		require.NoError(t, c.CheckMemories(func(i int) string { return fmt.Sprint(i) }), "size %d", size)
	}
}

func TestContainsQuestion(t *testing.T) {
	require.True(t, containsQuestion("q: what is 3 + 4 then", "what is 3 + 4"))
	require.False(t, containsQuestion("q: what is 3 + 45", "what is 3 + 4"))
	require.False(t, containsQuestion("so what is 3 + 4", "hat is 3 + 4"))
	require.True(t, containsQuestion("what is 3 + 45; what is 3 + 4.", "what is 3 + 4"))
}
