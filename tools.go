package evokg

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

// Mem2Evolve's asset memory: tools are Starlark code run in the sandbox
// (package sandbox), validated by their tests, versioned by name, recruited
// by the similarity of their descriptions and invoked by the learner.

// ToolTest is one test of a tool: the output expected for an input.
type ToolTest struct {
	Input    json.RawMessage `json:"input"`
	Expected json.RawMessage `json:"expected"`
}

// ToolSpec is what a client or the teacher model writes to create a tool.
// Code defines `def run(input):` returning a JSON-compatible value.
type ToolSpec struct {
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"input_schema,omitempty"`
	OutputSchema json.RawMessage `json:"output_schema,omitempty"`
	Code         string          `json:"code"`
	Tests        []ToolTest      `json:"tests"`
	// Skill, when set, draws (skill)-[:HAS_TOOL]->(tool).
	Skill string `json:"skill,omitempty"`
	// CreatedFrom draws (tool)-[:CREATED_FROM]->(experience) for each id.
	CreatedFrom []uuid.UUID `json:"created_from,omitempty"`
}

// ToolTestResult is what one test of a tool did in the sandbox.
type ToolTestResult struct {
	Input    json.RawMessage `json:"input"`
	Expected json.RawMessage `json:"expected"`
	Output   json.RawMessage `json:"output,omitempty"`
	Passed   bool            `json:"passed"`
	Error    string          `json:"error,omitempty"`
}

// ToolValidation is the validation record of a tool version: what ran,
// passed and failed, and why it is not validated when it is not.
type ToolValidation struct {
	Ran     int              `json:"ran"`
	Passed  int              `json:"passed"`
	Failed  int              `json:"failed"`
	Results []ToolTestResult `json:"results"`
	Reason  string           `json:"reason,omitempty"`
	At      time.Time        `json:"at"`
}

// Tool is one stored version of a tool. Validated is true only if every
// test passed in the sandbox.
type Tool struct {
	ToolSpec
	ID         uuid.UUID      `json:"id"`
	Version    int            `json:"version"`
	Validated  bool           `json:"validated"`
	Validation ToolValidation `json:"validation"`
	CreatedAt  time.Time      `json:"created_at"`
	// State is active, or retired when its calls kept failing: a retired
	// tool is kept and shown but never recruited, until it is restored.
	State ToolState `json:"state"`
	// Stats is how the learner's calls of the tool (every version) fared.
	Stats ToolStats `json:"stats"`
}

// ToolState says whether a tool is recruited.
type ToolState string

// Tool states.
const (
	ToolActive  ToolState = "active"
	ToolRetired ToolState = "retired"
)

// ToolStats counts the learner's calls of a tool. A call is completed when
// it returned a value without error; an error when the tool refused it or
// failed (Limited of them stopped by a sandbox limit). GradedRight and
// GradedWrong count the calls of answers later graded (an evolution run's
// grading or a client's feedback). Judged and JudgedFailed are the
// retirement rule's counts since the tool was last restored: every error,
// and every completed call once its answer is graded (failed when wrong).
type ToolStats struct {
	Calls         int64      `json:"calls"`
	Completed     int64      `json:"completed"`
	Errors        int64      `json:"errors"`
	Limited       int64      `json:"limited"`
	GradedRight   int64      `json:"graded_right"`
	GradedWrong   int64      `json:"graded_wrong"`
	Judged        int64      `json:"judged"`
	JudgedFailed  int64      `json:"judged_failed"`
	LastCalledAt  *time.Time `json:"last_called_at,omitempty"`
	RetiredAt     *time.Time `json:"retired_at,omitempty"`
	RetiredReason string     `json:"retired_reason,omitempty"`
	RestoredAt    *time.Time `json:"restored_at,omitempty"`
}

// ToolCallResult is how one call of a tool ended.
type ToolCallResult string

// Tool call results.
const (
	ToolCallCompleted ToolCallResult = "completed" // returned a value without error
	ToolCallError     ToolCallResult = "error"     // refused or failed
	ToolCallLimited   ToolCallResult = "limited"   // stopped by a sandbox limit (an error too)
)

// ToolScores keeps score of the learner's tool calls (the asset service).
type ToolScores interface {
	// RecordToolCall counts one call of tool name as it ended.
	RecordToolCall(ctx context.Context, ns, name string, result ToolCallResult) error
	// GradeToolCalls counts the calls of an answer graded right or not,
	// and retires the tools the rule retires; it returns their names.
	GradeToolCalls(ctx context.Context, ns string, calls []ToolUse, right bool) ([]string, error)
	// RestoreTool puts a retired tool back into recruitment.
	RestoreTool(ctx context.Context, ns, name string) (Tool, error)
}

// Tools is the tool half of the asset memory.
type Tools interface {
	// CreateTool validates spec in the sandbox and stores it as the next
	// version of its name, validated or not (the record says why).
	CreateTool(ctx context.Context, ns string, spec ToolSpec) (Tool, error)
	// Tool returns the latest version of a tool, or ENOTFOUND.
	Tool(ctx context.Context, ns, name string) (Tool, error)
	// ListTools returns the latest version of every tool of ns by name.
	ListTools(ctx context.Context, ns string) ([]Tool, error)
	// RecruitTools returns up to k validated tools whose descriptions are
	// at least the recruitment threshold similar to query, best first.
	RecruitTools(ctx context.Context, ns, query string, k int) ([]Tool, error)
	// InvokeTool runs the latest version of a tool on input if it is
	// validated: its output, or an error naming the limit that stopped it
	// or the schema violated.
	InvokeTool(ctx context.Context, ns, name string, input json.RawMessage) (json.RawMessage, error)
}

// ExpertAgentSpec is what a client writes to create an expert agent: a
// role, its system prompt and the names of the tools it can use.
type ExpertAgentSpec struct {
	Role         string   `json:"role"`
	SystemPrompt string   `json:"system_prompt"`
	Tools        []string `json:"tools"`
	// TaskType, when set, is the task type the agent serves: it is
	// recruited only for that task type's questions.
	TaskType string `json:"task_type,omitempty"`
}

// ExpertAgent is one stored version of an expert agent. ToolIDs are the
// tool versions it CAN_USE: the latest of each named tool at its creation.
// Validated is true when all of those versions were validated and, for an
// agent evolution created, its trial on training items passed (Trial);
// only a validated agent is recruited.
type ExpertAgent struct {
	ExpertAgentSpec
	ID        uuid.UUID   `json:"id"`
	Version   int         `json:"version"`
	ToolIDs   []uuid.UUID `json:"tool_ids"`
	Validated bool        `json:"validated"`
	Trial     *AgentTrial `json:"trial,omitempty"`
	CreatedAt time.Time   `json:"created_at"`
}

// ExpertAgents is the expert-agent half of the asset memory.
type ExpertAgents interface {
	// CreateAgent stores spec as the next version of its role.
	CreateAgent(ctx context.Context, ns string, spec ExpertAgentSpec) (ExpertAgent, error)
	// ListAgents returns the latest version of every agent of ns by role.
	ListAgents(ctx context.Context, ns string) ([]ExpertAgent, error)
	// RecruitAgents returns up to k agents whose tools are all validated
	// and whose role and prompt are at least the recruitment threshold
	// similar to query, best first.
	RecruitAgents(ctx context.Context, ns, query string, k int) ([]ExpertAgent, error)
}

// ToolVersion summarises one version of a tool in ToolDetail.
type ToolVersion struct {
	ID         uuid.UUID      `json:"id"`
	Version    int            `json:"version"`
	Validated  bool           `json:"validated"`
	Validation ToolValidation `json:"validation"`
	CreatedAt  time.Time      `json:"created_at"`
}

// ToolDetail is the latest version of a tool with every version's
// validation record, newest first.
type ToolDetail struct {
	Tool
	Versions []ToolVersion `json:"versions"`
}

// ToolInvocation is the body of a tool invocation.
type ToolInvocation struct {
	Input json.RawMessage `json:"input"`
}

// ToolOutput is what an invoked tool returned.
type ToolOutput struct {
	Tool   string          `json:"tool"`
	Output json.RawMessage `json:"output"`
}

// DefaultRecruitK is how many assets a recruitment returns unless asked.
const DefaultRecruitK = 5
