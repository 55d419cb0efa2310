package llm

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/llm/prompts"
)

// promptData holds realistic data for every prompt template, keyed by name.
func promptData() map[string]any {
	exp := evokg.Experience{
		ID: uuid.MustParse("01936b2e-0000-7000-8000-000000000001"),
		ExperienceFields: evokg.ExperienceFields{
			TaskType:       "temporal_count",
			Outcome:        evokg.OutcomeFailure,
			Question:       "How many films did Ridley Scott direct before 2000?",
			Answer:         "12",
			ChainOfThought: "Listed his films and counted those before 2000.",
			Goal:           &evokg.GoalReflection{TaskDescription: "Count films by director before a year", Domain: "film", Constraints: []string{"release year < 2000"}},
			Procedure:      &evokg.ProcedureReflection{Name: "proc:CountFilms:v1", Steps: []string{"resolve director", "list films", "filter by year", "count"}},
			Errors:         []evokg.ErrorRecord{{ErrorClass: "off_by_one", Where: "filter by year", RootCause: "included 2000"}},
			SkillSteps:     []evokg.SkillStep{{Skill: "temporal_filter", Output: "films before 2000: 11"}},
		},
	}
	failures := []string{"Q: films before 1990? answered 7, gold 6: counted 1990 itself"}
	return map[string]any{
		"answer": evokg.AnswerPrompt{Question: "Who directed Alien?", Context: "Alien (1979) is a film by Ridley Scott.",
			MemoryBlock: "Success: Q: Who directed Blade Runner? A: Ridley Scott", SkillPrompt: "Read the passage for credits.", SkillStrategy: "Check the credits first.",
			ToolUses: []evokg.ToolUse{{Round: 1, Tool: "count_films", Input: json.RawMessage(`{"year":1990}`), Output: json.RawMessage(`{"count":6}`)}}},
		"plan_signature": evokg.PlanRequest{TaskType: "temporal_count", Question: exp.Question, Context: "Filmography: Alien (1979)",
			Vocabulary: []string{"entity_resolution", "temporal_filter"}},
		"decompose": evokg.AnswerPrompt{Question: "Who directed Alien?", MemoryBlock: "Success: Ridley Scott", Skills: []string{"film_credits"},
			SkillPrompt: "Read the passage for credits.", SkillStrategy: "Check the credits first."},
		"use_tools": evokg.ToolRoundRequest{AnswerPrompt: evokg.AnswerPrompt{Question: "What is the area of a 12 by 7 rectangle?",
			MemoryBlock: "Failure: multiplied wrongly", SkillPrompt: "Use the tools.", SkillStrategy: "Compute with tools."},
			Tools: []evokg.ToolDef{{Name: "rectangle_area", Description: "Area of a rectangle."}, {Name: "perimeter", Description: "Perimeter."}}},
		"calculator": evokg.AnswerPrompt{Question: "How many films in 3 boxes of 12?", Context: "Each box holds 12 films."},
		"verify_answer": evokg.VerifyRequest{AnswerPrompt: evokg.AnswerPrompt{Question: "Who directed Alien?", MemoryBlock: "Success: Ridley Scott"},
			Draft: evokg.AnswerReply{Answer: "Ridley Scott", Reasoning: "The passage credits him."}},
		"explore": evokg.ExploreRequest{TaskType: "film_facts", Observation: "Alien (1979) was directed by Ridley Scott and produced by Walter Hill."},
		"plan_actions": evokg.ActionPlanRequest{TaskType: "world_place", Task: "Goal: Put the rope in the drawer.\nYou are in the hall. Doors lead to: attic.",
			Facts: "Environment facts (from exploration; entity: relation targets):\n- rope: in attic\n- hall: door_to attic"},
		"evaluate_experience": evokg.EvaluateRequest{Experience: exp, Gold: "11"},
		"extract_signature": evokg.SignatureRequest{TaskType: "temporal_count", Task: exp.Question, Steps: exp.Procedure.Steps,
			Vocabulary: []string{"entity_resolution", "temporal_filter", "aggregation"}},
		"discover_skills": evokg.DiscoverRequest{MaxSkills: 30, Questions: []evokg.SampleQuestion{
			{Question: "How many films did Ridley Scott direct before 2000?", TaskType: "temporal_count"},
			{Question: "Who composed the score of Alien?", TaskType: "single_hop"}}},
		"critique": evokg.CritiqueRequest{Iteration: 3, Results: []evokg.TaskTypeResult{{TaskType: "temporal_count", Correct: 14, Total: 20,
			Examples: []evokg.GradedExample{{Question: exp.Question, Answer: "12", Gold: "11"}, {Question: "Films before 1990?", Answer: "6", Gold: "6", Correct: true}}}}},
		"write_failure_memory": evokg.FailureMemoryRequest{Kind: evokg.FailureTypeStrategy, TaskType: "temporal_count", Question: exp.Question,
			Context: "Filmography: The Duellists (1977), Alien (1979)...", Answer: "12", Gold: "11", Reasoning: exp.ChainOfThought},
		"extract_principles": evokg.PrinciplesRequest{Skill: "temporal_filter", TaskType: "temporal_count", Max: 3,
			Successes: []string{"Filtered release years strictly before 2000"}, Failures: failures, Existing: []string{"Check boundary years"}},
		"author_tool": evokg.ToolRequest{Skill: "temporal_filter", TaskType: "temporal_count", Need: "count dates strictly before a year", Examples: failures,
			FailureMemories: []string{"Count only the years strictly before the bound."}, Successes: []string{"Q: films before 1980? A: 3"},
			Previous: &evokg.ToolAttempt{Code: "def run(input):\n    return {}", Tests: `[{"input":{},"expected":{"count":1}}]`, Validation: "1 ran, 0 passed: output has no count"}},
		"write_agent": evokg.AgentRequest{Skill: "temporal_filter", TaskType: "temporal_count", Tools: []string{"count_before: counts dates before a year"},
			Successes: []string{"Q: films before 1980? | answer: 3 | reasoning: count_before returned 3"}},
		"refine_prompt": evokg.RefinePromptRequest{Skill: "temporal_filter", CurrentPrompt: "Filter by year.", Strategy: "direct", Failures: failures},
		"split_skill": evokg.SplitSkillRequest{Skill: "film_reasoning", Description: "everything about films",
			TaskTypes: []string{"temporal_count", "single_hop"}, Failures: failures},
		"plan_frontier": evokg.FrontierRequest{Iteration: 4, Accuracy: 0.615, Frontier: []evokg.FrontierSkill{
			{Name: "temporal_filter", Mastery: 0.42, Prerequisites: []string{"entity_resolution"}}, {Name: "aggregation", Mastery: 0.3}}},
		"plan_task": evokg.PlanRequest{TaskType: "temporal_count", Question: exp.Question, Vocabulary: []string{"entity_resolution"}},
		"generate_attempt": evokg.AttemptRequest{Question: exp.Question, Context: "Filmography: Alien (1979)", Goal: "A count of films",
			Signature: []string{"entity_resolution", "temporal_filter", "aggregation"}, Entities: []evokg.Entity{{Name: "Ridley Scott", Type: "person"}},
			Positives: []evokg.TaskMemory{{Text: "Question: films before 1990?\nAnswer: 6"}},
			Negatives: []evokg.TaskMemory{{Text: "Question: films before 2010?\nError: off_by_one"}},
			Previous:  []evokg.TaskAttempt{{N: 1, Answer: "12", Feedback: evokg.ValidationFeedback{Outcome: "wrong", RootCause: "counted 2000", FixTarget: "temporal filter"}}},
			Divergent: "Do not answer 12 again."},
		"judge": evokg.JudgeRequest{Question: "When was Alien released?", Answer: "in 1979", Gold: "1979"},
		"disambiguate": struct {
			Kind, Mention string
			Candidates    []string
		}{"Operation", "time_filter", []string{"temporal_filter", "date_filter"}},
	}
}

func TestPromptsRenderAndSchemasCompile(t *testing.T) {
	t.Parallel()
	set, err := loadPrompts(prompts.FS)
	require.NoError(t, err)
	data := promptData()
	require.ElementsMatch(t, slices.Collect(maps.Keys(set)), slices.Collect(maps.Keys(data)), "every template has test data")
	for name, p := range set {
		system, user, err := p.render(data[name])
		require.NoError(t, err, name)
		require.NotEmpty(t, system, name)
		require.NotEmpty(t, user, name)
		require.NotContains(t, system+user, "<no value>", name)

		var schema map[string]any
		require.NoError(t, json.Unmarshal(p.raw, &schema), name)
		require.Equal(t, name, schema["title"], "the schema title names its prompt")
		instance, err := json.Marshal(ollamafake.Instance(schema))
		require.NoError(t, err)
		_, _, err = p.check(string(instance))
		require.NoError(t, err, "the fake's default for %s must validate", name)
		_, _, err = p.check(`{"unexpected": true}`)
		require.Error(t, err, name)
		requireBounded(t, name, schema, "")
		largest, err := json.Marshal(maxInstance(schema))
		require.NoError(t, err)
		require.LessOrEqual(t, len(largest), replyCap(name),
			"the largest reply %s allows must fit the role's token cap", name)
	}
	_, user, err := set["answer"].render(data["answer"])
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(user, "Question: Who directed Alien?"))
	require.Contains(t, user, "Ridley Scott")
	system, _, err := set["write_failure_memory"].render(data["write_failure_memory"])
	require.NoError(t, err)
	require.Contains(t, system, "type_strategy")
}

// requireBounded fails unless every string of a schema has a maxLength,
// every array a maxItems and every free-form object a maxProperties: a
// small model repeats itself until a bound stops it.
func requireBounded(t *testing.T, name string, schema map[string]any, at string) {
	t.Helper()
	switch schema["type"] {
	case "string":
		require.Contains(t, schema, "maxLength", "%s %s", name, at)
	case "array":
		require.Contains(t, schema, "maxItems", "%s %s", name, at)
		requireBounded(t, name, schema["items"].(map[string]any), at+"/items")
	case "object":
		props, ok := schema["properties"].(map[string]any)
		if !ok {
			require.Contains(t, schema, "maxProperties", "%s %s", name, at)
		}
		for k, sub := range props {
			requireBounded(t, name, sub.(map[string]any), at+"/"+k)
		}
	}
}

// maxReplyChars bounds the largest reply a schema allows, compact, so that
// it fits the default token caps (2048 for the teacher, 768 for the learner
// model) with room for a model's whitespace: the learner's (true) and the
// others'.
var maxReplyChars = map[bool]int{true: 700, false: 3000}

// learnerTasks are the learner's prompts, under the learner model's cap.
var learnerTasks = map[string]bool{"answer": true, "plan_signature": true, "decompose": true, "calculator": true, "verify_answer": true, "use_tools": true,
	"plan_task": true, "generate_attempt": true, "plan_actions": true}

// codeReplyChars is the cap of a PRGII attempt, whose answer may be code:
// the whole learner cap of 768 tokens at about 2.8 characters a token.
const codeReplyChars = 2200

func replyCap(name string) int {
	if name == "generate_attempt" {
		return codeReplyChars
	}
	return maxReplyChars[learnerTasks[name]]
}

// maxInstance is the largest instance of a schema: every string at its
// maxLength, every array at its maxItems, every property present.
func maxInstance(schema map[string]any) any {
	switch schema["type"] {
	case "string":
		return strings.Repeat("x", int(schema["maxLength"].(float64)))
	case "array":
		n := int(schema["maxItems"].(float64))
		out := make([]any, n)
		for i := range out {
			out[i] = maxInstance(schema["items"].(map[string]any))
		}
		return out
	case "object":
		out := map[string]any{}
		props, _ := schema["properties"].(map[string]any)
		for k, sub := range props {
			out[k] = maxInstance(sub.(map[string]any))
		}
		return out
	case "number", "integer":
		return 0.25
	}
	return true
}

// Out-of-range numbers are clamped, over-long strings and arrays cut; what
// no coercion can fix stays invalid.
func TestCheckCoercesWithinBounds(t *testing.T) {
	t.Parallel()
	set, err := loadPrompts(prompts.FS)
	require.NoError(t, err)
	long := strings.Repeat("é", 300)
	var items []string
	for i := range 20 {
		items = append(items, fmt.Sprintf(`{"task_type":"t%d","score":%d,"notes":"%s"}`, i, i%3*3-1, long))
	}
	fixed, fixes, err := set["critique"].check(`{"task_types":[` + strings.Join(items, ",") + `]}`)
	require.NoError(t, err)
	var r struct {
		TaskTypes []struct {
			Score float64
			Notes string
		} `json:"task_types"`
	}
	require.NoError(t, json.Unmarshal(fixed, &r))
	require.Len(t, r.TaskTypes, 10)
	require.Equal(t, 0.0, r.TaskTypes[0].Score, "-1 clamped to the minimum")
	require.Equal(t, 1.0, r.TaskTypes[1].Score, "2 clamped to the maximum")
	require.Equal(t, 100, utf8.RuneCountInString(r.TaskTypes[0].Notes))
	require.Contains(t, fixes, "/task_types cut to 10 items")
	require.Contains(t, fixes, "/task_types/1/score clamped from 2 to 1")

	_, _, err = set["answer"].check(`{"reasoning":"none","answer":""}`)
	require.ErrorContains(t, err, "/answer", "an empty answer is invalid")
	fixed, _, err = set["plan_frontier"].check(`{"focus":[{"skill":"s","priority":0,"reason":"r"}],"notes":""}`)
	require.NoError(t, err)
	require.JSONEq(t, `{"focus":[{"skill":"s","priority":1,"reason":"r"}],"notes":""}`, string(fixed))
}

func TestEveryTemplateHasASchema(t *testing.T) {
	t.Parallel()
	tmpls, err := fs.Glob(prompts.FS, "*.tmpl")
	require.NoError(t, err)
	schemas, err := fs.Glob(prompts.FS, "*.schema.json")
	require.NoError(t, err)
	require.Len(t, schemas, len(tmpls))
	for _, f := range tmpls {
		require.Contains(t, schemas, strings.TrimSuffix(f, ".tmpl")+".schema.json")
	}
}

func TestCleanReply(t *testing.T) {
	t.Parallel()
	require.Equal(t, `{"a":1}`, cleanReply("<think>\nplan\n</think>\n```json\n{\"a\":1}\n```"))
	require.Equal(t, `{"a":1}`, cleanReply("```\n{\"a\":1}\n```"))
	require.Equal(t, `{"a":1}`, cleanReply(`{"a":1}`))
}
