package app

import (
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/tasks"
)

// APIDeps adapts the services to the API's ports.
func (a *App) APIDeps() api.Deps {
	return api.Deps{
		Keys:        access.NewKeyStore(a.Pool, a.logger),
		Namespaces:  access.NewNamespaceStore(a.Pool),
		Experiences: a.tracing.Experiences(a.Ingest),
		Utility:     a.Utility,
		Retriever:   a.tracing.Retrievals(retrieval.NewService(a.Retriever, a.Bandits).WithPresenter(a.Answer)),
		Answerer:    a.tracing.Answers(answer.NewOnline(a.Answer, a.Graph).WithUtility(a.Utility)),
		Skills:      evolution.NewSkills(a.Graph, a.Pool),
		TaskTypes:   a.Engine,
		Declarer:    a.Graph,
		Profiles:    profile.NewService(a.Profiles, a.Answer),
		Evolution:   a.Evolution,
		Tasks:       tasks.NewService(a.Tasks).WithBounds(a.Config.Bounds),
		EpochRuns:   tasks.NewService(a.Tasks).WithBounds(a.Config.Bounds),
		Graph:       a.Graph,
		Usage:       a.Recorder,
		Bandits:     a.Bandits,
		Maintenance: a.Maintenance,
		Assets:      a.Assets,
		Transfer:    a.Transfer,
		RateCounts:  postgres.NewRateCounts(a.Pool),
		Checks:      a.Checks(),
		Registerer:  a.Registry,
		Gatherer:    a.Registry,
	}
}
