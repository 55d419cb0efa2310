package llm

import (
	"context"
	"strings"
)

// Execution is the execution layer (Learner, Explorer). It holds only the
// execution model's configuration: nothing reachable from it can call a
// guidance model.
type Execution struct {
	ep endpoint
}

// Model returns the execution model name.
func (x *Execution) Model() string { return x.ep.cfg.Model }

// AnswerRequest is one question for the learner with the memory retrieved
// for it.
type AnswerRequest struct {
	Question    string
	Context     string // the question's context passage, may be empty
	MemoryBlock string // rendered retrieval block (successes, failure corrections, principles)
	SkillPrompt string // the skill's prompt template, may be empty
	Strategy    string // the reasoning strategy picked by the routing bandit, may be empty
	// Temperature overrides the execution model's temperature (0 by
	// default; training uses 0.3).
	Temperature *float64
}

// AnswerReply is the learner's answer.
type AnswerReply struct {
	Answer    string `json:"answer"`
	Reasoning string `json:"reasoning"`
}

// Answer asks the execution model to answer req.Question.
func (x *Execution) Answer(ctx context.Context, req AnswerRequest) (AnswerReply, error) {
	temp := x.ep.cfg.Temperature
	if req.Temperature != nil {
		temp = *req.Temperature
	}
	var reply AnswerReply
	if err := structured(ctx, x.ep, RoleLearner, "answer", req, temp, &reply); err != nil {
		return AnswerReply{}, err
	}
	reply.Answer = strings.TrimSpace(reply.Answer)
	return reply, nil
}

// ExploreRequest asks the explorer to observe an environment: which
// entities and relations a passage or tool output shows.
type ExploreRequest struct {
	TaskType    string
	Observation string
}

// Observation is what the explorer extracted.
type Observation struct {
	Entities  []ObservedEntity   `json:"entities"`
	Relations []ObservedRelation `json:"relations"`
}

// ObservedEntity is one entity met by the explorer.
type ObservedEntity struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// ObservedRelation is one relation between observed entities.
type ObservedRelation struct {
	From     string `json:"from"`
	Relation string `json:"relation"`
	To       string `json:"to"`
}

// Explore asks the execution model to list the entities and relations of an
// observation (the environment subgraph's input).
// Only its tests call it until issue 20 (MAGE's Explorer) wires it.
func (x *Execution) Explore(ctx context.Context, req ExploreRequest) (Observation, error) {
	var obs Observation
	err := structured(ctx, x.ep, RoleExplorer, "explore", req, x.ep.cfg.Temperature, &obs)
	return obs, err
}
