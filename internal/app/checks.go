package app

import (
	"context"
	"strings"

	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/llm"
)

// Checks are the readiness checks: the two databases are critical; the
// model server only degrades the service, and /readyz says when it is the
// scripted fake.
func (a *App) Checks() map[string]api.Check {
	return map[string]api.Check{
		"postgres": {Critical: true, Run: func(ctx context.Context) api.CheckResult { return result(a.Pool.Ping(ctx)) }},
		"neo4j":    {Critical: true, Run: a.checkNeo4j},
		"ollama":   {Critical: false, Run: a.checkModels},
	}
}

func result(err error) api.CheckResult {
	if err != nil {
		return api.CheckResult{Status: "down", Detail: err.Error()}
	}
	return api.CheckResult{Status: "up"}
}

func (a *App) checkModels(ctx context.Context) api.CheckResult {
	info, err := a.Models.Server(ctx)
	if err != nil {
		return api.CheckResult{Status: "down", Detail: err.Error()}
	}
	res := api.CheckResult{Status: "up", Fake: info.Scripted, Info: map[string]any{"url": info.URL, "version": info.Version}}
	if info.Scripted {
		res.Detail = "a scripted fake model server is in use: answers are canned, not model output"
	}
	statuses, err := a.Models.Check(ctx)
	if err == nil {
		err = llm.MissingModels(statuses)
	}
	if err != nil {
		res.Status, res.Detail = "degraded", strings.TrimSpace(res.Detail+"; "+err.Error())
	}
	res.Info["models"] = statuses
	return res
}

// ReportModelServer logs which model server is in use, warning when it is
// the scripted fake (a person must have chosen it: the platform never falls
// back to it) or cannot be reached.
func (a *App) ReportModelServer(ctx context.Context) {
	info, err := a.Models.Server(ctx)
	switch {
	case err != nil:
		a.logger.WarnContext(ctx, "the model server is not reachable; model calls will fail until it is", "error", err)
	case info.Scripted:
		a.logger.WarnContext(ctx, "the model server is a SCRIPTED FAKE: replies are canned, not model output",
			"url", info.URL, "version", info.Version)
	default:
		a.logger.InfoContext(ctx, "model server", "url", info.URL, "version", info.Version)
	}
}
