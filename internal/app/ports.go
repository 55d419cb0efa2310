package app

import (
	"context"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/retrieval"
)

// APIDeps adapts the services to the API's ports.
func (a *App) APIDeps() api.Deps {
	return api.Deps{
		Keys:        api.NewKeyStore(a.Pool, a.logger),
		Namespaces:  api.NewNamespaceStore(a.Pool),
		Experiences: a.Ingest,
		Retriever:   retrievePort{a},
		Answerer:    answerPort{a},
		Skills:      evolution.NewSkills(a.Graph, a.Pool),
		TaskTypes:   a.Engine,
		Evolution:   a.Evolution,
		Graph:       a.Graph,
		Usage:       a.Recorder,
		Bandits:     a.Bandits,
		Maintenance: a.Maintenance,
		Checks:      a.Checks(),
		Registerer:  a.Registry,
		Gatherer:    a.Registry,
	}
}

type retrievePort struct{ *App }

func (p retrievePort) Retrieve(ctx context.Context, ns string, req api.RetrieveRequest) (api.RetrieveResponse, error) {
	strategy := req.Strategy
	if strategy == "" {
		best, err := p.Bandits.Best(ctx, ns, bandit.Search, req.TaskType)
		if err != nil {
			return api.RetrieveResponse{}, err
		}
		strategy = best
	}
	pack, err := p.App.Retriever.Retrieve(ctx, retrieval.Request{Namespace: ns, TaskType: req.TaskType, Question: req.Question,
		Context: req.Context, Signature: req.Signature, Strategy: strategy, Mode: req.Mode, Embedding: req.Embedding})
	if err != nil {
		return api.RetrieveResponse{}, err
	}
	return api.RetrieveResponse{Memories: memories(pack), Prompt: pack.Rendered, Strategy: pack.Strategy}, nil
}

func memories(p *retrieval.Pack) []api.RetrievedMemory {
	var out []api.RetrievedMemory
	for _, group := range [][]retrieval.Item{p.Successes, p.Failures, p.Principles, p.Structural, p.Neighbors} {
		for _, it := range group {
			out = append(out, api.RetrievedMemory{ExperienceID: it.ID, Outcome: it.Outcome, TaskType: it.TaskType,
				Score: it.Score, Text: it.Text, Components: map[string]float64{
					"semantic": it.Parts.Semantic, "structural": it.Parts.Structural, "proximity": it.Parts.Proximity,
					"quality": it.Parts.Quality, "recency": it.Parts.Recency}})
		}
	}
	return out
}

type answerPort struct{ *App }

func (p answerPort) Answer(ctx context.Context, ns string, req api.AnswerRequest) (api.AnswerResponse, error) {
	q := answer.Question{TaskType: req.TaskType, Question: req.Question, Context: req.Context, Explore: true}
	if req.Skill != "" {
		skill, err := p.Graph.GetSkill(ctx, ns, req.Skill)
		if err != nil {
			return api.AnswerResponse{}, err
		}
		q.Skill = &skill
	}
	reply, err := p.App.Answer.Answer(ctx, ns, q)
	if err != nil {
		return api.AnswerResponse{}, err
	}
	id := evokg.NewID()
	if err := p.App.Answer.Record(ctx, ns, id, q, reply, nil, nil); err != nil {
		return api.AnswerResponse{}, err
	}
	return api.AnswerResponse{ID: id, Answer: reply.Answer, Arms: arms(req.TaskType, reply), MemoryIDs: reply.MemoryIDs,
		LearnerCalls: 1, GuidanceCalls: 0}, nil
}

func (p answerPort) Feedback(ctx context.Context, ns string, id uuid.UUID, req api.FeedbackRequest) (api.FeedbackResponse, error) {
	res, err := p.App.Answer.Feedback(ctx, ns, id, req.Reward)
	if err != nil {
		return api.FeedbackResponse{}, err
	}
	a := res.Answer
	updated := arms(a.TaskType, answer.Reply{Skill: a.Skill, SearchArm: a.SearchArm, RoutingArm: a.RoutingArm})
	return api.FeedbackResponse{AnswerID: id, Reward: req.Reward, Updated: updated}, nil
}

func arms(taskType string, r answer.Reply) []api.BanditArm {
	var out []api.BanditArm
	if r.SearchArm != "" {
		out = append(out, api.BanditArm{Bandit: string(bandit.Search), Key: taskType, Arm: r.SearchArm})
	}
	if r.RoutingArm != "" {
		out = append(out, api.BanditArm{Bandit: string(bandit.Routing), Key: r.Skill, Arm: r.RoutingArm})
	}
	return out
}
