package evokg

import (
	"encoding/json"

	"github.com/google/uuid"
)

// RetrieveRequest asks for the memories relevant to a question.
type RetrieveRequest struct {
	Question  string   `json:"question"`
	TaskType  string   `json:"task_type"`
	Context   string   `json:"context,omitempty"`
	Signature []string `json:"signature,omitempty"`
	Mode      string   `json:"mode,omitempty"`     // "mage" or "apex"; default the configured one
	Strategy  string   `json:"strategy,omitempty"` // force a search-bandit arm
	// Embedding is the client's own embedding of the question; it must have
	// the index dimension. Without it the question is embedded.
	Embedding []float32 `json:"embedding,omitempty"`
}

// RetrievedMemory is one memory of a pack with its composite score.
type RetrievedMemory struct {
	ExperienceID uuid.UUID          `json:"experience_id"`
	Outcome      Outcome            `json:"outcome"`
	TaskType     string             `json:"task_type"`
	Score        float64            `json:"score"`
	Components   map[string]float64 `json:"components,omitempty"`
	Text         string             `json:"text"`
	// State is the memory's state: active, as every memory a pack serves.
	State MemoryState `json:"state"`
	// Utility is the memory's evidence of helping and its score u; the
	// utility component is u − 0.5.
	Utility Utility `json:"utility"`
}

// RetrieveResponse is a memory pack as the learner reads it at /answer:
// with what /answer adds to a pack (the cascade's components on the
// cascade arm, environment facts) and under the learner profile /answer
// applies. ID names the retrieval for a later reward
// (RetrievalFeedbackResponse).
type RetrieveResponse struct {
	ID uuid.UUID `json:"id"`
	// Memories are the pack's memories Prompt holds, with their scores;
	// MemoryIDs are every memory Prompt holds, a cascade recipe or
	// principle among them.
	Memories  []RetrievedMemory `json:"memories"`
	MemoryIDs []uuid.UUID       `json:"memory_ids"`
	Prompt    string            `json:"prompt"`
	Strategy  string            `json:"strategy"`
	// Profile is the learner profile applied (nil when none was: see
	// DiffersNotPresented).
	Profile *LearnerProfile `json:"profile,omitempty"`
	// Differs names what /answer would show otherwise for this request
	// (Differs… constants); empty when it would show the same.
	Differs []string `json:"differs_from_answer"`
}

// What /answer may show otherwise than /retrieve (RetrieveResponse.Differs).
const (
	// DiffersNotPresented: no learner layer presents the pack (no profile
	// applied, no cascade component added).
	DiffersNotPresented = "not_presented"
	// DiffersMemorySwitchOff: the task type's memory switch is off, so
	// /answer shows no memory.
	DiffersMemorySwitchOff = "memory_switch_off"
	// DiffersPlannedSignature: the strategy matches structure and the
	// request has no signature; /answer's learner plans one first, which
	// may match other memories.
	DiffersPlannedSignature = "planned_signature"
	// DiffersPreliminaryBlock: the profile gives memory as turns; on the
	// decompose, verify_then_answer and tool_call routing arms /answer's
	// preliminary call also reads the block (Prompt and MemoryIDs are the
	// turns').
	DiffersPreliminaryBlock = "preliminary_block"
)

// AnswerRequest asks the learner to answer with memory.
type AnswerRequest struct {
	Question string `json:"question"`
	TaskType string `json:"task_type"`
	Context  string `json:"context,omitempty"`
	Skill    string `json:"skill,omitempty"`
	// Mode is the memory pack's allocation, "mage" or "apex"; default the
	// configured one.
	Mode string `json:"mode,omitempty"`
	// Signature is the question's procedural signature; without it the
	// learner plans its own for the structural search arms.
	Signature []string `json:"signature,omitempty"`
	// Memory false answers without memory (no memory pack, no evolved
	// skill prompt): the memory-off baseline. Default true.
	Memory *bool `json:"memory,omitempty"`
	// Routing false answers with the default strategies instead of the
	// bandits' arms. Default true.
	Routing *bool `json:"routing,omitempty"`
	// SearchArm forces the search arm (retrieval strategy) instead of the
	// search bandit's choice, as RetrieveRequest.Strategy does; a later
	// reward still reaches it.
	SearchArm string `json:"search_arm,omitempty"`
	// Agent false answers without an expert agent even when one is
	// recruited for the question. Default true.
	Agent *bool `json:"agent,omitempty"`
}

// PulledArm names the arm a bandit pulled: the search bandit's per task
// type, the routing bandit's per skill.
type PulledArm struct {
	Bandit string `json:"bandit"` // "search" or "routing"
	Key    string `json:"key"`    // task type or skill
	Arm    string `json:"arm"`
}

// AnswerResponse is the learner's answer with the arms and memories that
// produced it and the model calls it took (never a teacher call).
type AnswerResponse struct {
	ID     uuid.UUID `json:"id"`
	Answer string    `json:"answer"`
	// Expression is the computation the learner wrote in expression mode;
	// Answer is its value.
	Expression string `json:"expression,omitempty"`
	// AnswerMode is the mode the question was answered in: the task type's
	// declaration, text when it declares none.
	AnswerMode AnswerMode `json:"answer_mode"`
	// Profile is the learner profile the learner was given memory under.
	Profile   LearnerProfile `json:"profile"`
	Arms      []PulledArm    `json:"arms"`
	MemoryIDs []uuid.UUID    `json:"memory_ids"`
	// Memories are the utility of the memories of MemoryIDs, in their
	// order, read after the answer was recorded.
	Memories []Utility `json:"memories"`
	// MemorySwitchOff is set when the task type's memory switch is off, so
	// the learner answered without memory.
	MemorySwitchOff bool `json:"memory_switch_off"`
	// ToolCalls are the validated tools the learner called (the tool_call
	// routing arm), in order, with what each returned.
	ToolCalls []ToolUse `json:"tool_calls,omitempty"`
	// Agent is the expert agent recruited for the question: its system
	// prompt led the learner's and only its tools were offered.
	Agent        *AgentRef `json:"agent,omitempty"`
	LearnerCalls int       `json:"learner_calls"`
	TeacherCalls int       `json:"teacher_calls"`
}

// ToolUse is one tool call the learner made while answering: the round of
// its ReAct loop, the tool, its input and its output, or why it failed (a
// schema the input violated, the sandbox limit that stopped it).
type ToolUse struct {
	Round int `json:"round"`
	// CallID is the model's id of the call, when it gave one.
	CallID string          `json:"call_id,omitempty"`
	Tool   string          `json:"tool"`
	Input  json.RawMessage `json:"input"`
	Output json.RawMessage `json:"output,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// ResultText is what the call returned as the model is shown it: the
// output, or the error.
func (u ToolUse) ResultText() string {
	if u.Error != "" {
		return "error: " + u.Error
	}
	return string(u.Output)
}

// FeedbackRequest gives the reward for an answer, in [0, 1].
type FeedbackRequest struct {
	Reward  float64 `json:"reward"`
	Comment string  `json:"comment,omitempty"`
}

// FeedbackResponse confirms a reward; a second one for the same answer is ECONFLICT.
type FeedbackResponse struct {
	AnswerID uuid.UUID   `json:"answer_id"`
	Reward   float64     `json:"reward"`
	Updated  []PulledArm `json:"updated"`
	// Quarantined are the memories the answer showed that this reward's
	// live evidence took out of service.
	Quarantined []uuid.UUID `json:"quarantined,omitempty"`
}

// RetrievalFeedbackResponse confirms the reward of a retrieval, applied to
// the search arm that built its pack; a second one for the same retrieval is
// ECONFLICT.
type RetrievalFeedbackResponse struct {
	RetrievalID uuid.UUID   `json:"retrieval_id"`
	Reward      float64     `json:"reward"`
	Updated     []PulledArm `json:"updated"`
}
