package evokg

import "time"

// Skill is a node of the capability subgraph. Mastery, PromptTemplate and
// Strategy are mutable slots: they may change and be rolled back.
type Skill struct {
	ID             string    `json:"id"`
	Namespace      string    `json:"namespace"`
	Name           string    `json:"name"`
	Description    string    `json:"description,omitempty"`
	Mastery        float64   `json:"mastery"`
	PromptTemplate string    `json:"prompt_template,omitempty"`
	Strategy       string    `json:"strategy,omitempty"`
	Status         string    `json:"status"`
	CreatedAt      time.Time `json:"created_at"`
}

// NewSkill describes a skill to create.
type NewSkill struct {
	Name           string
	Description    string
	Mastery        float64
	PromptTemplate string
	Strategy       string
}

// Validate checks a skill to create.
func (s NewSkill) Validate() error {
	var v FieldErrors
	v.Check(s.Name != "", "/name", "is required")
	v.Check(s.Mastery >= 0 && s.Mastery <= 1, "/mastery", "must be in [0, 1]")
	return v.Err()
}

// SkillUpdate changes the mutable slots of a skill; nil fields are kept.
type SkillUpdate struct {
	Mastery        *float64
	PromptTemplate *string
	Strategy       *string
	Status         *string
	Description    *string
}

// Validate checks an update.
func (u SkillUpdate) Validate() error {
	var v FieldErrors
	v.Check(u.Mastery == nil || (*u.Mastery >= 0 && *u.Mastery <= 1), "/mastery", "must be in [0, 1]")
	v.Check(u.Status == nil || *u.Status == SkillActive || *u.Status == SkillSplit, "/status", "must be active or split")
	return v.Err()
}

// Skill statuses.
const (
	SkillActive = "active"
	SkillSplit  = "split" // replaced by finer skills; kept for provenance
)

// TaskType is a node of the task subgraph, also APEX-EM's TaskTopic hub.
// NSeen and NFail are the reward stream's counts as of the task type's last
// curriculum selection, KLast the curriculum step it was last selected at,
// Focus the Navigator's bonus for the next selection.
type TaskType struct {
	ID          string  `json:"id"`
	Namespace   string  `json:"namespace"`
	Name        string  `json:"name"`
	Description string  `json:"description,omitempty"`
	NSeen       int     `json:"n_seen"`
	NFail       int     `json:"n_fail"`
	KLast       int     `json:"k_last"`
	Focus       float64 `json:"focus"`
	// Answer is how the task type's questions are answered (text unless
	// declared).
	Answer AnswerSpec `json:"answer"`
	// Checker is the task type's rule check, when a client declared one.
	Checker   *Checker  `json:"checker,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// TaskTypeScore is a task type with the curriculum score s(t) its next
// evolution selection uses and the reward stream's counts now.
type TaskTypeScore struct {
	TaskType
	Score         float64 `json:"score"`
	RewardsSeen   int64   `json:"rewards_seen"`
	RewardsFailed int64   `json:"rewards_failed"`
	// MemorySwitch is the task type's memory switch, once an evolution run
	// has compared its validation accuracy with and without memory.
	MemorySwitch *MemorySwitch `json:"memory_switch,omitempty"`
}

// SkillSlots is the mutable state of one skill, as captured by a snapshot.
type SkillSlots struct {
	Name           string  `json:"name"`
	Mastery        float64 `json:"mastery"`
	PromptTemplate string  `json:"prompt_template"`
	Strategy       string  `json:"strategy"`
	Status         string  `json:"status"`
}

// Mastery thresholds and ratchet defaults (MAGE §5, Curator).
const (
	DefaultMasteryTheta  = 0.5 // θ: a skill is mastered at or above it
	DefaultRatchetAlpha  = 0.6 // α: weight of a new success rate when it improves
	DefaultRatchetGamma  = 0.1 // γ: fraction of a drop that is applied
	DefaultMaxSkills     = 30
	DefaultMaxPrinciples = 12
)

// Ratchet applies the Curator's asymmetric mastery update:
//
//	m_k = α·e_k + (1−α)·m_{k−1}      if e_k ≥ m_{k−1}
//	m_k = m_{k−1} − γ·(m_{k−1} − e_k) otherwise
func Ratchet(prev, successRate, alpha, gamma float64) float64 {
	if successRate >= prev {
		return alpha*successRate + (1-alpha)*prev
	}
	return prev - gamma*(prev-successRate)
}

// MasteryPoint is a skill's mastery after one evolution iteration.
type MasteryPoint struct {
	Iteration int       `json:"iteration"`
	Mastery   float64   `json:"mastery"`
	At        time.Time `json:"at"`
}

// SkillDetail is a skill with its neighbourhood and mastery history.
type SkillDetail struct {
	Skill
	Prerequisites []string       `json:"prerequisites"`
	TaskTypes     []string       `json:"task_types"`
	History       []MasteryPoint `json:"history"`
}
