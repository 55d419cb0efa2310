package evolution

import (
	"context"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/explorer"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/utility"
	"github.com/evokg/evokg/world"
)

// Memory appends memories durably (*ingest.Service, pre-evaluated path),
// each retrievable when the call returns.
type Memory interface {
	IngestEmbedded(ctx context.Context, ns string, req evokg.ExperienceInput, idemKey string) (evokg.IngestReceipt, error)
	// PrunePatterns deletes abstracted patterns below threshold from both stores.
	PrunePatterns(ctx context.Context, ns string, threshold float64, dryRun bool) ([]uuid.UUID, error)
}

// Graph is the part of the EvoKG graph (*graph.Graph) the loop reads and
// writes: skills and their mutable slots, task types, the frontier.
type Graph interface {
	CreateSkill(ctx context.Context, ns string, s evokg.NewSkill) (evokg.Skill, error)
	ListSkills(ctx context.Context, ns string) ([]evokg.Skill, error)
	UpdateSkill(ctx context.Context, ns, name string, u evokg.SkillUpdate) (evokg.Skill, error)
	SetMastery(ctx context.Context, ns, name string, mastery float64) error
	AddPrerequisite(ctx context.Context, ns, pre, skill string) error
	AddComposition(ctx context.Context, ns, part, whole string) error
	Prerequisites(ctx context.Context, ns, skill string) ([]string, error)
	// SkillParts lists the skills that compose into skill, transitively.
	SkillParts(ctx context.Context, ns, skill string) ([]string, error)
	LinkSkillToTask(ctx context.Context, ns, skill, taskType string) error
	UpsertTaskType(ctx context.Context, ns, name, description string) (evokg.TaskType, error)
	DeclareTaskType(ctx context.Context, ns, name, description string, spec evokg.AnswerSpec) (evokg.TaskType, error)
	DeclareChecker(ctx context.Context, ns, name string, c *evokg.Checker) (evokg.TaskType, error)
	GetTaskType(ctx context.Context, ns, name string) (evokg.TaskType, error)
	ListTaskTypes(ctx context.Context, ns string) ([]evokg.TaskType, error)
	RecordCurriculum(ctx context.Context, ns, taskType string, kLast, seen, failed int) (evokg.TaskType, error)
	SetFocus(ctx context.Context, ns string, focus map[string]float64) error
	TaskTypeSkills(ctx context.Context, ns, taskType string) ([]evokg.Skill, error)
	SkillTaskTypes(ctx context.Context, ns, skill string) ([]string, error)
	Frontier(ctx context.Context, ns string, theta float64) ([]evokg.Skill, error)
	SnapshotSlots(ctx context.Context, ns string) ([]evokg.SkillSlots, error)
	RestoreSlots(ctx context.Context, ns string, slots []evokg.SkillSlots) error
	Principles(ctx context.Context, ns, skill string) ([]evokg.Experience, error)
	// GetExperience returns an experience's projection, or ENOTFOUND.
	GetExperience(ctx context.Context, ns string, id uuid.UUID) (evokg.Experience, error)
	// AttachTool draws (skill)-[:HAS_TOOL]->(tool): a recruited tool.
	AttachTool(ctx context.Context, ns, skill string, tool uuid.UUID) error
}

// ProbationQueue is probation's queue of memories, its decisions on them
// and the live evidence of validation answers (*utility.Store).
type ProbationQueue interface {
	Probationary(ctx context.Context, ns string, taskTypes []string) ([]utility.Pending, error)
	Decide(ctx context.Context, ns string, vs ...utility.StateDecision) error
	Credit(ctx context.Context, ns string, ids []uuid.UUID, right bool) ([]uuid.UUID, error)
}

// Refresher is implemented by retrievers that cache memory packs; the loop
// refreshes them every RefreshEvery iterations.
type Refresher interface {
	Refresh(ctx context.Context, ns string) error
}

// Cascade adds the cascade components to a memory pack (*cascade.Builder).
type Cascade interface {
	Apply(ctx context.Context, ns, taskType string, pack *retrieval.Pack) (*cascade.Block, error)
	Environment(ctx context.Context, ns, taskType, question string, pack *retrieval.Pack) (*cascade.WorldBlock, error)
}

// Explorer is MAGE's Explorer over the built-in environment
// (*explorer.Explorer): Tour writes what the model reads off an episode's
// world into G_env, Harvest has the model plan the episode's goal over
// G_env and ingests the plan as an action recipe when the environment
// grades it a success.
type Explorer interface {
	Tour(ctx context.Context, ns string, ep world.Episode, key string) (explorer.Result, error)
	Harvest(ctx context.Context, ns string, ep world.Episode, key string) (explorer.Result, error)
}
