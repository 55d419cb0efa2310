package api_test

import (
	"context"
	"encoding/json"
	"io"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// fakes implements every feature port of the API for the contract and auth
// tests: these are the API's own ports, not databases. Calls counts every
// call so that tests can assert a refused request never reached a service.
type fakes struct {
	calls atomic.Int64
	// err, when set, is returned by every call.
	err error
	// block makes every call wait for its context to end.
	block bool
	// panics makes every call panic.
	panics bool
}

var fixedTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func (f *fakes) enter(ctx context.Context) error {
	f.calls.Add(1)
	if f.panics {
		panic("fake service bug")
	}
	if f.block {
		<-ctx.Done()
		return ctx.Err()
	}
	return f.err
}

func (f *fakes) Ingest(ctx context.Context, ns string, in evokg.ExperienceInput, key string) (evokg.IngestReceipt, error) {
	return evokg.IngestReceipt{ID: evokg.NewID(), Status: evokg.StatusQueued, Replayed: key == "seen"}, f.enter(ctx)
}

func (f *fakes) IngestBatch(ctx context.Context, ns string, in []evokg.ExperienceInput, _ string) ([]evokg.IngestReceipt, error) {
	out := make([]evokg.IngestReceipt, len(in))
	for i := range out {
		out[i] = evokg.IngestReceipt{ID: evokg.NewID(), Status: evokg.StatusQueued}
	}
	return out, f.enter(ctx)
}

func storedExperience(ns string, id uuid.UUID) evokg.StoredExperience {
	return evokg.StoredExperience{
		Experience: evokg.Experience{
			ID:        id,
			Namespace: ns,
			Version:   1,
			CreatedAt: fixedTime,
			ExperienceFields: evokg.ExperienceFields{
				TaskType:  "arithmetic",
				Outcome:   evokg.OutcomeSuccess,
				Question:  "2+2?",
				Answer:    "4",
				Signature: []string{"parse", "add"},
			},
		},
		Status: evokg.StatusCommitted, UpdatedAt: fixedTime,
	}
}

func (f *fakes) Get(ctx context.Context, ns string, id uuid.UUID) (*evokg.StoredExperience, error) {
	e := storedExperience(ns, id)
	return &e, f.enter(ctx)
}

func (f *fakes) List(ctx context.Context, ns string, _ evokg.ExperienceFilter) (evokg.ExperiencePage, error) {
	return evokg.ExperiencePage{Items: []evokg.StoredExperience{storedExperience(ns, evokg.NewID())}, NextCursor: "next"}, f.enter(ctx)
}

func (f *fakes) Delete(ctx context.Context, ns string, id uuid.UUID) error {
	return f.enter(ctx)
}

// retrievals is the RetrievalService of fakes (its Feedback differs from the AnswerService's).
type retrievals struct{ *fakes }

func (f retrievals) Retrieve(ctx context.Context, ns string, req evokg.RetrieveRequest) (evokg.RetrieveResponse, error) {
	id := evokg.NewID()
	return evokg.RetrieveResponse{ID: evokg.NewID(), Memories: []evokg.RetrievedMemory{{ExperienceID: id, Outcome: evokg.OutcomeSuccess,
		TaskType: req.TaskType, Score: 0.8, Components: map[string]float64{"semantic": 0.9, "utility": 0}, Text: "2+2=4",
		State: evokg.MemoryActive, Utility: utilityOf(id, evokg.MemoryActive, "")}},
		MemoryIDs: []uuid.UUID{id}, Prompt: "Successes:\n2+2=4", Strategy: "semantic", Profile: &evokg.DefaultProfile,
		Differs: []string{}}, f.enter(ctx)
}

func (f retrievals) Feedback(ctx context.Context, ns string, id uuid.UUID, req evokg.FeedbackRequest) (evokg.RetrievalFeedbackResponse, error) {
	return evokg.RetrievalFeedbackResponse{RetrievalID: id, Reward: req.Reward,
		Updated: []evokg.PulledArm{{Bandit: "search", Key: "arithmetic", Arm: "semantic"}}}, f.enter(ctx)
}

func (f *fakes) Answer(ctx context.Context, ns string, req evokg.AnswerRequest) (evokg.AnswerResponse, error) {
	id := evokg.NewID()
	return evokg.AnswerResponse{ID: evokg.NewID(), Answer: "4", Expression: "2+2", AnswerMode: evokg.AnswerExpression, Profile: evokg.DefaultProfile, Arms: []evokg.PulledArm{{Bandit: "search", Key: req.TaskType, Arm: "semantic"}},
		MemoryIDs: []uuid.UUID{id}, Memories: []evokg.Utility{utilityOf(id, evokg.MemoryActive, "")}, LearnerCalls: 1}, f.enter(ctx)
}

func (f *fakes) Feedback(ctx context.Context, ns string, id uuid.UUID, req evokg.FeedbackRequest) (evokg.FeedbackResponse, error) {
	return evokg.FeedbackResponse{AnswerID: id, Reward: req.Reward, Updated: []evokg.PulledArm{{Bandit: "search", Key: "arithmetic", Arm: "semantic"}},
		Quarantined: []uuid.UUID{evokg.NewID()}}, f.enter(ctx)
}

func utilityOf(id uuid.UUID, state evokg.MemoryState, reason string) evokg.Utility {
	at := fixedTime
	return evokg.Utility{ID: id, TaskType: "arithmetic", State: state, Reason: reason, ShownRight: 3, ShownWrong: 1,
		Helped: 1, Score: evokg.UtilityScore(3, 1, 1, 0), UpdatedAt: &at}
}

// utilities is the UtilityService of fakes (its Get and List differ from the ExperienceService's).
type utilities struct{ *fakes }

func (f utilities) Get(ctx context.Context, ns string, id uuid.UUID) (evokg.Utility, error) {
	return utilityOf(id, evokg.MemoryActive, ""), f.enter(ctx)
}

func (f utilities) List(ctx context.Context, ns string, q evokg.UtilityFilter) (evokg.UtilityPage, error) {
	return evokg.UtilityPage{Items: []evokg.Utility{utilityOf(evokg.NewID(), q.State, "written on probation")}, NextCursor: "AZC1oAAAcACAAAAAAAAAAQ"}, f.enter(ctx)
}

func (f utilities) Quarantine(ctx context.Context, ns string, id uuid.UUID, reason string) (evokg.Utility, error) {
	return utilityOf(id, evokg.MemoryQuarantined, "quarantined by a client: "+reason), f.enter(ctx)
}

func (f utilities) Restore(ctx context.Context, ns string, id uuid.UUID, reason string) (evokg.Utility, error) {
	return utilityOf(id, evokg.MemoryActive, "restored by a client: "+reason), f.enter(ctx)
}

func skill(ns string) evokg.Skill {
	return evokg.Skill{ID: "s1", Namespace: ns, Name: "addition", Mastery: 0.4, Status: evokg.SkillActive, CreatedAt: fixedTime}
}

func (f *fakes) ListSkills(ctx context.Context, ns string) ([]evokg.Skill, error) {
	return []evokg.Skill{skill(ns)}, f.enter(ctx)
}

func (f *fakes) Frontier(ctx context.Context, ns string) ([]evokg.Skill, error) {
	return []evokg.Skill{skill(ns)}, f.enter(ctx)
}

func (f *fakes) GetSkill(ctx context.Context, ns, name string) (evokg.SkillDetail, error) {
	return evokg.SkillDetail{Skill: skill(ns), Prerequisites: []string{}, TaskTypes: []string{"arithmetic"},
		History: []evokg.MasteryPoint{{Iteration: 1, Mastery: 0.4, At: fixedTime}}}, f.enter(ctx)
}

func (f *fakes) ListTaskTypes(ctx context.Context, ns string) ([]evokg.TaskTypeScore, error) {
	return []evokg.TaskTypeScore{{TaskType: evokg.TaskType{ID: "t1", Namespace: ns, Name: "arithmetic", NSeen: 10, NFail: 3, KLast: 2,
		Answer: evokg.AnswerSpec{Mode: evokg.AnswerNumber}, CreatedAt: fixedTime}, Score: 3.6}}, f.enter(ctx)
}

func run(ns string, id uuid.UUID) evokg.EvolutionRun {
	return evokg.EvolutionRun{ID: id, Namespace: ns, Status: "running", Iterations: 20, Iteration: 1, CreatedAt: fixedTime, UpdatedAt: fixedTime,
		Metrics: []evokg.IterationMetrics{{Iteration: 1, Accuracy: 0.5, Flips: 2, LearnerCalls: 200, TeacherCalls: 12, WallMS: 1200}}}
}

func (f *fakes) StartRun(ctx context.Context, ns string, _ uuid.UUID, req evokg.EvolutionRunRequest) (evokg.EvolutionRun, error) {
	return run(ns, evokg.NewID()), f.enter(ctx)
}

func (f *fakes) ListRuns(ctx context.Context, ns string) ([]evokg.EvolutionRun, error) {
	return []evokg.EvolutionRun{run(ns, evokg.NewID())}, f.enter(ctx)
}

func (f *fakes) GetRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EvolutionRun, error) {
	return run(ns, id), f.enter(ctx)
}

func (f *fakes) CancelRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EvolutionRun, error) {
	r := run(ns, id)
	r.Status = "cancelled"
	return r, f.enter(ctx)
}

func (f *fakes) Neighbors(ctx context.Context, ns string, seeds []uuid.UUID, _ int) ([]evokg.Neighbor, error) {
	return []evokg.Neighbor{{ExperienceID: evokg.NewID(), SeedID: seeds[0], TaskType: "arithmetic", Outcome: evokg.OutcomeFailure, Hops: 1}}, f.enter(ctx)
}

func (f *fakes) SignatureMatches(ctx context.Context, ns, _ string, sig []string, _ float64, _ int) ([]evokg.SignatureMatch, error) {
	return []evokg.SignatureMatch{{ExperienceID: evokg.NewID(), TaskType: "arithmetic", Outcome: evokg.OutcomeSuccess, Signature: sig, Similarity: 1}}, f.enter(ctx)
}

func (f *fakes) Usage(ctx context.Context, ns string, _ *uuid.UUID) (evokg.Usage, error) {
	return evokg.Usage{Rows: []evokg.UsageRow{{Role: "learner", Model: "llama3.1:8b", Calls: 3, PromptTokens: 300, CompletionTokens: 30}}, LearnerCalls: 3}, f.enter(ctx)
}

func (f *fakes) Posteriors(ctx context.Context, ns string) ([]evokg.BanditState, error) {
	return []evokg.BanditState{{Bandit: "search", Key: "arithmetic", Arms: []evokg.BanditArm{{Arm: "semantic", Alpha: 3, Beta: 2, Pulls: 3, Mean: 0.6}}}}, f.enter(ctx)
}

func (f *fakes) PrunePatterns(ctx context.Context, ns string, _ float64, _ bool) ([]uuid.UUID, error) {
	return []uuid.UUID{evokg.NewID()}, f.enter(ctx)
}

func (f *fakes) Reindex(ctx context.Context, opts evokg.ReindexOptions) (evokg.ReindexReport, error) {
	return evokg.ReindexReport{DryRun: opts.DryRun, Checked: 34, Rebuilt: []evokg.IndexRebuild{{Index: "success_index_p3_embedding_idx",
		Table: "success_index_p3", BytesBefore: 161 << 20, ExpectedBytes: 16384}}}, f.enter(ctx)
}

func tool(name string) evokg.Tool {
	return evokg.Tool{ToolSpec: evokg.ToolSpec{Name: name, Description: "adds", Code: "def run(input):\n    return 1\n",
		Tests: []evokg.ToolTest{}}, ID: uuid.Nil, Version: 1, Validation: evokg.ToolValidation{Results: []evokg.ToolTestResult{}, At: fixedTime},
		CreatedAt: fixedTime, State: evokg.ToolActive}
}

func (f *fakes) RecordToolCall(ctx context.Context, ns, name string, result evokg.ToolCallResult) error {
	return f.enter(ctx)
}

func (f *fakes) GradeToolCalls(ctx context.Context, ns string, calls []evokg.ToolUse, right bool) ([]string, error) {
	return nil, f.enter(ctx)
}

func (f *fakes) RestoreTool(ctx context.Context, ns, name string) (evokg.Tool, error) {
	return tool(name), f.enter(ctx)
}

func (f *fakes) CreateTool(ctx context.Context, ns string, spec evokg.ToolSpec) (evokg.Tool, error) {
	return tool(spec.Name), f.enter(ctx)
}

func (f *fakes) Tool(ctx context.Context, ns, name string) (evokg.Tool, error) {
	return tool(name), f.enter(ctx)
}

func (f *fakes) ToolVersions(ctx context.Context, ns, name string) ([]evokg.Tool, error) {
	return []evokg.Tool{tool(name)}, f.enter(ctx)
}

func (f *fakes) ListTools(ctx context.Context, ns string) ([]evokg.Tool, error) {
	return []evokg.Tool{tool("add")}, f.enter(ctx)
}

func (f *fakes) RecruitTools(ctx context.Context, ns, query string, k int) ([]evokg.Tool, error) {
	return []evokg.Tool{tool("add")}, f.enter(ctx)
}

func (f *fakes) InvokeTool(ctx context.Context, ns, name string, input json.RawMessage) (json.RawMessage, error) {
	return json.RawMessage(`1`), f.enter(ctx)
}

func agent(spec evokg.ExpertAgentSpec) evokg.ExpertAgent {
	return evokg.ExpertAgent{ExpertAgentSpec: spec, Version: 1, ToolIDs: []uuid.UUID{}, CreatedAt: fixedTime}
}

func (f *fakes) CreateAgent(ctx context.Context, ns string, spec evokg.ExpertAgentSpec) (evokg.ExpertAgent, error) {
	return agent(spec), f.enter(ctx)
}

func (f *fakes) ListAgents(ctx context.Context, ns string) ([]evokg.ExpertAgent, error) {
	return []evokg.ExpertAgent{agent(evokg.ExpertAgentSpec{Role: "accountant", SystemPrompt: "You add.", Tools: []string{}})}, f.enter(ctx)
}

func (f *fakes) RecruitAgents(ctx context.Context, ns, query string, k int) ([]evokg.ExpertAgent, error) {
	return f.ListAgents(ctx, ns)
}

func task(ns string, id uuid.UUID) evokg.Task {
	return evokg.Task{ID: id, Namespace: ns, Status: evokg.TaskSolved, Question: "6 rows of 7?", TaskType: "arithmetic",
		ValidatorKind: evokg.ValidatorNormalized, MaxIterations: 10, Answer: "42", CreatedAt: fixedTime, UpdatedAt: fixedTime,
		Plan: &evokg.TaskPlan{Signature: []string{"multiply"}, Entities: []evokg.Entity{{Name: "rows", Type: "quantity"}}, Goal: "a number"},
		Attempts: []evokg.TaskAttempt{
			{N: 1, Answer: "41", Feedback: evokg.ValidationFeedback{Outcome: evokg.OutcomeWrong, RootCause: "off", FixTarget: "computation"}, CreatedAt: fixedTime},
			{N: 2, Answer: "42", Feedback: evokg.ValidationFeedback{Passed: true, Outcome: evokg.OutcomePass}, CreatedAt: fixedTime}},
		Committed: []evokg.TaskCommit{{ExperienceID: id, Attempt: 2, Outcome: evokg.OutcomeSuccess, Q: 0.995,
			Gate: &evokg.GateDecision{Q: 0.995, Threshold: evokg.QualityGate, Status: evokg.EvalSuccessful}}}}
}

func (f *fakes) StartTask(ctx context.Context, ns string, _ uuid.UUID, req evokg.TaskRequest) (evokg.Task, error) {
	return task(ns, evokg.NewID()), f.enter(ctx)
}

func (f *fakes) GetTask(ctx context.Context, ns string, id uuid.UUID) (evokg.Task, error) {
	return task(ns, id), f.enter(ctx)
}

func (f *fakes) ListTasks(ctx context.Context, ns string) ([]evokg.Task, error) {
	return []evokg.Task{task(ns, evokg.NewID())}, f.enter(ctx)
}

func epochRun(ns string, id uuid.UUID) evokg.EpochRun {
	m := evokg.EpochMetrics{Epoch: 1, Tasks: 2, Solved: 1, SR: 0.5, CSR: 0.5, MeanIterations: 1.5, FirstAttemptShare: 0.5,
		TaskIDs: []uuid.UUID{id, id}}
	return evokg.EpochRun{ID: id, Namespace: ns, Status: "succeeded", Pool: evokg.PoolGenerator{Name: "digits", Size: 3, Seed: 1},
		Epochs: 1, Epoch: 2, Frozen: true, Test: 0.2, HeldOut: 0.2, Metrics: []evokg.EpochMetrics{m},
		FrozenResult: &evokg.EpochMetrics{Epoch: 2, Tasks: 1, Frozen: true, TaskIDs: []uuid.UUID{id}}, CreatedAt: fixedTime, UpdatedAt: fixedTime}
}

func (f *fakes) StartEpochRun(ctx context.Context, ns string, _ uuid.UUID, req evokg.EpochRunRequest, idemKey string) (evokg.EpochRun, error) {
	return epochRun(ns, evokg.NewID()), f.enter(ctx)
}

func (f *fakes) GetEpochRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EpochRun, error) {
	return epochRun(ns, id), f.enter(ctx)
}

func (f *fakes) ListEpochRuns(ctx context.Context, ns string) ([]evokg.EpochRun, error) {
	return []evokg.EpochRun{epochRun(ns, evokg.NewID())}, f.enter(ctx)
}

func (f *fakes) CancelEpochRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EpochRun, error) {
	return epochRun(ns, id), f.enter(ctx)
}

func (f *fakes) Declare(ctx context.Context, ns, name string, d evokg.TaskTypeDeclaration) (evokg.TaskType, error) {
	return evokg.TaskType{ID: "t1", Namespace: ns, Name: name, Description: d.Description, Answer: d.Answer.OrText(), Checker: d.Checker, CreatedAt: fixedTime}, f.enter(ctx)
}

// profiles is the LearnerProfileService of fakes (its Get and Put differ from the ExperienceService's).
type profiles struct{ *fakes }

const fakeLearner = "qwen3:8b"

func (f profiles) LearnerModel() string { return fakeLearner }

func (f profiles) Get(ctx context.Context, ns, model string) (evokg.StoredProfile, error) {
	return evokg.StoredProfile{Namespace: ns, Model: model, Profile: evokg.LearnerProfile{Render: evokg.RenderTurns, Memories: 4}, UpdatedAt: fixedTime}, f.enter(ctx)
}

func (f profiles) Profile(ctx context.Context, ns, model string) (evokg.LearnerProfile, error) {
	sp, err := f.Get(ctx, ns, model)
	return sp.Profile, err
}

func (f profiles) Put(ctx context.Context, sp evokg.StoredProfile) (evokg.StoredProfile, error) {
	sp.UpdatedAt = fixedTime
	return sp, f.enter(ctx)
}

func (f profiles) Calibrate(ctx context.Context, ns string, req evokg.CalibrationRequest) (evokg.StoredProfile, error) {
	cal := &evokg.Calibration{At: fixedTime, LearnerCalls: len(req.Items)}
	for _, it := range req.Items {
		cal.Items = append(cal.Items, it.ID)
	}
	p := evokg.DefaultProfile
	cal.Scores = []evokg.ProfileScore{{Profile: p, Correct: 1, Items: len(req.Items), Accuracy: 1 / float64(len(req.Items))}}
	return evokg.StoredProfile{Namespace: ns, Model: fakeLearner, Profile: p, Calibration: cal, UpdatedAt: fixedTime}, f.enter(ctx)
}

func (f *fakes) Export(ctx context.Context, ns string, w io.Writer) (evokg.TransferCounts, error) {
	if err := f.enter(ctx); err != nil {
		return evokg.TransferCounts{}, err
	}
	_, err := io.WriteString(w, `{"kind":"header"}`+"\n"+`{"kind":"end"}`+"\n")
	return evokg.TransferCounts{}, err
}

func (f *fakes) Import(ctx context.Context, ns string, r io.Reader) (evokg.TransferCounts, error) {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return evokg.TransferCounts{}, err
	}
	return evokg.TransferCounts{Rows: map[string]int64{"experiences": 1}, Nodes: 1}, f.enter(ctx)
}
