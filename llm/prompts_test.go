package llm

import (
	"encoding/json"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/llm/prompts"
)

// promptData holds realistic data for every prompt template, keyed by name.
func promptData() map[string]any {
	exp := evokg.Experience{
		ID: uuid.MustParse("01936b2e-0000-7000-8000-000000000001"), TaskType: "temporal_count",
		Outcome: evokg.OutcomeFailure, Question: "How many films did Ridley Scott direct before 2000?",
		Answer: "12", ChainOfThought: "Listed his films and counted those before 2000.",
		Goal:       &evokg.GoalReflection{TaskDescription: "Count films by director before a year", Domain: "film", Constraints: []string{"release year < 2000"}},
		Procedure:  &evokg.ProcedureReflection{Name: "proc:CountFilms:v1", Steps: []string{"resolve director", "list films", "filter by year", "count"}},
		Errors:     []evokg.ErrorRecord{{ErrorClass: "off_by_one", Where: "filter by year", RootCause: "included 2000"}},
		SkillSteps: []evokg.SkillStep{{Skill: "temporal_filter", Output: "films before 2000: 11"}},
	}
	failures := []string{"Q: films before 1990? answered 7, gold 6: counted 1990 itself"}
	return map[string]any{
		"answer": AnswerRequest{Question: "Who directed Alien?", Context: "Alien (1979) is a film by Ridley Scott.",
			MemoryBlock: "Success: Q: Who directed Blade Runner? A: Ridley Scott", SkillPrompt: "Read the passage for credits.", Strategy: "chain_of_thought"},
		"explore":             ExploreRequest{TaskType: "film_facts", Observation: "Alien (1979) was directed by Ridley Scott and produced by Walter Hill."},
		"evaluate_experience": EvaluateRequest{Experience: exp, Gold: "11"},
		"extract_signature": SignatureRequest{TaskType: "temporal_count", Task: exp.Question, Steps: exp.Procedure.Steps,
			Vocabulary: []string{"entity_resolution", "temporal_filter", "aggregation"}},
		"discover_skills": DiscoverRequest{MaxSkills: 30, Questions: []SampleQuestion{
			{Question: "How many films did Ridley Scott direct before 2000?", TaskType: "temporal_count"},
			{Question: "Who composed the score of Alien?", TaskType: "single_hop"}}},
		"critique": CritiqueRequest{Iteration: 3, Results: []TaskTypeResult{{TaskType: "temporal_count", Correct: 14, Total: 20,
			Examples: []GradedExample{{Question: exp.Question, Answer: "12", Gold: "11"}, {Question: "Films before 1990?", Answer: "6", Gold: "6", Correct: true}}}}},
		"write_failure_memory": FailureMemoryRequest{Kind: evokg.FailureTypeStrategy, TaskType: "temporal_count", Question: exp.Question,
			Context: "Filmography: The Duellists (1977), Alien (1979)...", Answer: "12", Gold: "11", Reasoning: exp.ChainOfThought},
		"extract_principles": PrinciplesRequest{Skill: "temporal_filter", TaskType: "temporal_count", Max: 3,
			Successes: []string{"Filtered release years strictly before 2000"}, Failures: failures, Existing: []string{"Check boundary years"}},
		"author_tool":   ToolRequest{Skill: "temporal_filter", TaskType: "temporal_count", Need: "count dates strictly before a year", Examples: failures},
		"refine_prompt": RefinePromptRequest{Skill: "temporal_filter", CurrentPrompt: "Filter by year.", Strategy: "direct", Failures: failures},
		"split_skill": SplitSkillRequest{Skill: "film_reasoning", Description: "everything about films",
			TaskTypes: []string{"temporal_count", "single_hop"}, Failures: failures},
		"plan_frontier": FrontierRequest{Iteration: 4, Accuracy: 0.615, Frontier: []FrontierSkill{
			{Name: "temporal_filter", Mastery: 0.42, Prerequisites: []string{"entity_resolution"}}, {Name: "aggregation", Mastery: 0.3}}},
		"judge": JudgeRequest{Question: "When was Alien released?", Answer: "in 1979", Gold: "1979"},
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
		require.NoError(t, p.validate(string(instance)), "the fake's default for %s must validate", name)
		require.Error(t, p.validate(`{"unexpected": true}`), name)
	}
	_, user, err := set["answer"].render(data["answer"])
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(user, "Question: Who directed Alien?"))
	require.Contains(t, user, "Ridley Scott")
	system, _, err := set["write_failure_memory"].render(data["write_failure_memory"])
	require.NoError(t, err)
	require.Contains(t, system, "type_strategy")
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
