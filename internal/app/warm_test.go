package app_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/app"
)

// While the Neo4j warm-up runs, /readyz's critical neo4j check says
// "warming" (503); once it has ended, up.
func TestReadinessWaitsForTheGraphWarmUp(t *testing.T) {
	e := open(t, app.ModeAPI, evolution.Limits{})
	neo4jCheck := e.app.Checks()["neo4j"]
	require.Equal(t, api.CheckUp, neo4jCheck.Run(e.ctx).Status, "no warm-up started")

	ctx, cancel := context.WithCancel(e.ctx)
	e.app.StartGraphWarmUp(ctx, graph.WarmOptions{Rounds: 100000}) // far more rounds than the check below takes
	res := neo4jCheck.Run(e.ctx)
	require.Equal(t, api.CheckWarming, res.Status)
	require.NotEmpty(t, res.Detail)
	cancel()
	e.app.WaitGraphWarmUp()
	require.Equal(t, api.CheckUp, neo4jCheck.Run(e.ctx).Status)
}
