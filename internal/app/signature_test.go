package app_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/internal/app"
)

// A worked example a client posts with an expression and no signature is
// stored with the expression's operations as its signature, so a plan of
// the same procedure finds it through the structural channel at /retrieve;
// its twin posted without the expression has no signature and is not found
// by structure, and neither is an example of another procedure.
func TestPostedExpressionGivesTheSignature(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeWorker, evolution.Limits{})
	withExpr := e.remember(t, "What is 21 ★ 4?", "46", `,"expression":"2*21+4"`)
	twin := e.remember(t, "What is 23 ★ 7?", "53", "")
	other := e.remember(t, "What is 25 ★ 2?", "49", `,"expression":"25*2-1"`)
	given := e.remember(t, "What is 27 ★ 3?", "57", `,"expression":"2*27+3","signature":["double","add"]`)

	signature := func(id uuid.UUID) []string {
		var got evokg.Experience
		e.do(t, http.MethodGet, "/experiences/"+id.String(), "", http.StatusOK, &got)
		return got.Signature
	}
	require.Equal(t, []string{"multiply", "add"}, signature(withExpr))
	require.Empty(t, signature(twin))
	require.Equal(t, []string{"multiply", "subtract"}, signature(other))
	require.Equal(t, []string{"double", "add"}, signature(given), "a signature the client sends is kept")

	var pack evokg.RetrieveResponse
	e.do(t, http.MethodPost, "/retrieve", `{"question":"What is 29 ★ 5?","task_type":"glyph","strategy":"semantic_structural",
		"signature":["Multiply","Add"]}`, http.StatusOK, &pack)
	structural := map[uuid.UUID]float64{}
	for _, m := range pack.Memories {
		structural[m.ExperienceID] = m.Components["structural"]
	}
	require.Contains(t, structural, withExpr, "the plan's procedure reaches the pack")
	require.Equal(t, 1.0, structural[withExpr])
	require.Contains(t, pack.Prompt, "21 ★ 4")
	require.Zero(t, structural[twin], "no expression, no signature, no structural match")
	require.Zero(t, structural[other], "another procedure: LCS 1 of 2 is below the threshold")
}
