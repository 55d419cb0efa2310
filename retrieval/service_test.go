package retrieval_test

import (
	"fmt"
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/retrieval"
)

// /retrieve reports what its prompt shows: on every strategy, at the
// default budget and at one that cuts memories off, the memories of the
// response and those recorded under its id are exactly the memories whose
// text is in the prompt, and the prompt stays within the budget.
func TestServiceMemoriesAreWhatThePromptShows(t *testing.T) {
	t.Parallel()
	b := setup(t)
	g := openGraph(t)
	marks := map[string]uuid.UUID{}
	add := func(m expOpts, derivedFrom ...uuid.UUID) *evokg.Experience {
		mark := fmt.Sprintf("MEM-%02d", len(marks)+1)
		if m.Question != "" {
			m.Question = mark + " " + m.Question
		} else {
			m.Content = mark + " " + m.Content
		}
		exp := b.Insert(t, m)
		exp.DerivedFrom = derivedFrom
		require.NoError(t, g.ProjectExperience(t.Context(), exp, nil))
		marks[mark] = exp.ID
		return exp
	}
	sig := []string{"read_quantities", "multiply"}
	first := add(expOpts{Question: "How many pears in 6 crates of 9? Six crates of nine pears each make fifty-four.", Vec: tilt(0, 1, 0.9)})
	add(expOpts{Question: "How many eggs in 4 boxes of 6? Four boxes of six eggs each make twenty-four.", Vec: tilt(0, 2, 0.8)})
	add(expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Question: "How many cups on 5 trays of 8?",
		Content: "multiply the trays by the cups per tray", Vec: tilt(0, 3, 0.85)})
	add(expOpts{Question: "Total legs of 8 spiders?", Signature: sig, Vec: tilt(0, 4, 0.1)})
	add(expOpts{Question: "Seats in 12 rows of 7?", Vec: tilt(0, 5, -0.2)}, first.ID)
	add(expOpts{Outcome: evokg.OutcomePrinciple, Content: "equal groups call for a product", Vec: tilt(0, 6, 0.7)})
	add(expOpts{TaskType: "geometry", Question: "Area of 7 tiles?", Signature: sig, Vec: unit(0)})

	bandits, err := bandit.New(b.Pool, bandit.Config{}, testenv.Logger(t))
	require.NoError(t, err)
	pattern := regexp.MustCompile(`MEM-\d{2}\b`)
	for _, budget := range []int{retrieval.DefaultCharBudget, 150} {
		svc := retrieval.NewService(retrieval.New(retrieval.Config{CharBudget: budget}, b.Store, g, nil, testenv.Logger(t)), bandits)
		for _, strategy := range retrieval.Strategies {
			name := fmt.Sprintf("%s, budget %d", strategy, budget)
			resp, err := svc.Retrieve(t.Context(), b.NS, evokg.RetrieveRequest{TaskType: "arithmetic", Question: "pears in crates",
				Signature: sig, Strategy: strategy, Embedding: unit(0)})
			require.NoError(t, err, name)
			require.LessOrEqual(t, utf8.RuneCountInString(resp.Prompt), budget, name)
			var shown, served []uuid.UUID
			for _, m := range pattern.FindAllString(resp.Prompt, -1) {
				shown = append(shown, marks[m])
			}
			for _, m := range resp.Memories {
				served = append(served, m.ExperienceID)
			}
			require.NotEmpty(t, shown, name)
			require.Equal(t, shown, served, "%s: the memories, in the prompt's order\n%s", name, resp.Prompt)
			recorded, err := bandits.RewardRetrieval(t.Context(), b.NS, resp.ID, 1)
			require.NoError(t, err, name)
			require.Equal(t, shown, recorded.MemoryIDs, "%s: what the retrieval recorded", name)
			if budget < retrieval.DefaultCharBudget {
				require.Contains(t, resp.Prompt, "…", "%s: a memory is cut, and counts as shown", name)
				require.Len(t, shown, 1, name)
			}
		}
	}
}
