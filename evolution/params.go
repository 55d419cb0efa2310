package evolution

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/memswitch"
	"github.com/evokg/evokg/questions"
)

// Params configures a run. Every zero field takes the documented default
// (MAGE §5).
type Params struct {
	// Namespace is the namespace the run evolves (set by Service.Start).
	Namespace string             `json:"namespace"`
	Pool      questions.PoolSpec `json:"pool"`
	// Iterations is N. Default 20.
	Iterations int `json:"iterations,omitempty"`
	// Lambda (λ, default 0.3) and TopM (M, default 3) drive the curriculum.
	Lambda float64 `json:"lambda,omitempty"`
	TopM   int     `json:"top_m,omitempty"`
	// FocusBonus bounds the curriculum bonus the Navigator's plan gives
	// the task types of its skills: FocusBonus/priority. Default 3 (as
	// much as three failures); Theorem 2's bound then holds with
	// n_max + FocusBonus.
	FocusBonus float64 `json:"focus_bonus,omitempty"`
	// RatchetAlpha (α=0.6), RatchetGamma (γ=0.1) and Theta (θ=0.5): Curator.
	RatchetAlpha float64 `json:"ratchet_alpha,omitempty"`
	RatchetGamma float64 `json:"ratchet_gamma,omitempty"`
	Theta        float64 `json:"theta,omitempty"`
	// Delta (δ=0.03) and Catastrophic (0.05): the Delta-Guard.
	Delta        float64 `json:"delta,omitempty"`
	Catastrophic float64 `json:"catastrophic,omitempty"`
	// MaxFailuresPerType bounds the failed items per selected task type and
	// iteration the failure analyst writes a specific memory for. Default 5.
	MaxFailuresPerType int `json:"max_failures_per_type,omitempty"`
	// RefreshEvery is the memory refresh interval in iterations. Default 5.
	RefreshEvery int `json:"refresh_every,omitempty"`
	// DiscoverySample is how many pool questions Phase 0 shows SkillDiscovery. Default 24.
	DiscoverySample int `json:"discovery_sample,omitempty"`
	// MaxSkills caps the skills Phase 0 asks for. Default 30.
	MaxSkills int `json:"max_skills,omitempty"`
	// PruneThreshold is the confidence under which abstracted patterns are pruned. Default 0.3.
	PruneThreshold float64 `json:"prune_threshold,omitempty"`
	// Concurrency is how many learner calls run at once. Default 4.
	Concurrency int `json:"concurrency,omitempty"`
	// DisableBandits answers with the semantic strategy and direct CoT instead of sampling arms.
	DisableBandits bool `json:"disable_bandits,omitempty"`
	// MemorySwitchDelta is δ of the per-task-type memory switch. Default
	// memswitch.DefaultDelta (0.05).
	MemorySwitchDelta float64 `json:"memory_switch_delta,omitempty"`
	// ProbationItems is how many validation items of its task type
	// probation answers with a probationary memory. Default 4.
	ProbationItems int `json:"probation_items,omitempty"`
	// ProbationCalls caps the learner calls probation makes in one
	// iteration; memories beyond it wait for the next. Default 120.
	ProbationCalls int `json:"probation_calls,omitempty"`
	// TeacherNoise is the share of the texts the teacher writes made wrong
	// on purpose (each operation stated replaced by another, every result
	// recomputed with it): the wrong-teacher ablation. Default 0.
	TeacherNoise float64 `json:"teacher_noise,omitempty"`
	// CalibrationItems is how many validation items calibration answers
	// with each candidate learner profile at the start of every iteration
	// (package profile); 0 calibrates nothing and keeps the stored profile.
	CalibrationItems int `json:"calibration_items,omitempty"`
}

// Defaults.
const (
	DefaultIterations      = 20
	DefaultPoolSize        = 200
	DefaultValidation      = 0.2
	DefaultTest            = 0.2
	DefaultLambda          = 0.3
	DefaultTopM            = 3
	DefaultFocusBonus      = 3.0
	DefaultMaxFailures     = 5
	DefaultRefreshEvery    = 5
	DefaultDiscoverySample = 24
	DefaultPruneThreshold  = 0.3
	DefaultConcurrency     = 4
	DefaultProbationItems  = 4
	DefaultProbationCalls  = 120
	MaxIterations          = 500
	MaxPoolSize            = 20_000
)

// WithDefaults returns p with zero fields set to their defaults.
func (p Params) WithDefaults() Params {
	p.Pool = poolWithDefaults(p.Pool)
	p.Iterations = cmp.Or(p.Iterations, DefaultIterations)
	p.Lambda = cmp.Or(p.Lambda, DefaultLambda)
	p.TopM = cmp.Or(p.TopM, DefaultTopM)
	p.FocusBonus = cmp.Or(p.FocusBonus, DefaultFocusBonus)
	p.RatchetAlpha = cmp.Or(p.RatchetAlpha, evokg.DefaultRatchetAlpha)
	p.RatchetGamma = cmp.Or(p.RatchetGamma, evokg.DefaultRatchetGamma)
	p.Theta = cmp.Or(p.Theta, evokg.DefaultMasteryTheta)
	p.Delta = cmp.Or(p.Delta, DefaultDelta)
	p.Catastrophic = cmp.Or(p.Catastrophic, DefaultCatastrophic)
	p.MaxFailuresPerType = cmp.Or(p.MaxFailuresPerType, DefaultMaxFailures)
	p.RefreshEvery = cmp.Or(p.RefreshEvery, DefaultRefreshEvery)
	p.DiscoverySample = cmp.Or(p.DiscoverySample, DefaultDiscoverySample)
	p.MaxSkills = cmp.Or(p.MaxSkills, evokg.DefaultMaxSkills)
	p.PruneThreshold = cmp.Or(p.PruneThreshold, DefaultPruneThreshold)
	p.Concurrency = cmp.Or(p.Concurrency, DefaultConcurrency)
	p.MemorySwitchDelta = cmp.Or(p.MemorySwitchDelta, memswitch.DefaultDelta)
	p.ProbationItems = cmp.Or(p.ProbationItems, DefaultProbationItems)
	p.ProbationCalls = cmp.Or(p.ProbationCalls, DefaultProbationCalls)
	return p
}

// poolWithDefaults fills a run pool's zero fields.
func poolWithDefaults(s questions.PoolSpec) questions.PoolSpec {
	s.Name = questions.PoolName(s.Name)
	if s.Name == "" {
		s.Name = questions.Arith
		if len(s.Items) > 0 {
			s.Name = "inline"
		}
	}
	if s.Size == 0 && questions.IsBuiltin(s.Name) {
		s.Size = DefaultPoolSize
	}
	if s.Seed == 0 {
		s.Seed = 1
	}
	// A size above what the pool supplies takes the whole pool (the run's
	// parameters show the size used).
	if supply := questions.SupplyAt(s.Name, s.Seed); supply > 0 && s.Size > supply && s.Size <= MaxPoolSize {
		s.Size = supply
	}
	s.Validation = cmp.Or(s.Validation, DefaultValidation)
	s.Test = cmp.Or(s.Test, DefaultTest)
	return s
}

// Validate reports every invalid parameter by JSON pointer (EINVALID).
func (p Params) Validate() error {
	var v evokg.FieldErrors
	v.Check(evokg.ValidNamespace(p.Namespace), "/namespace", "not a valid namespace")
	v.Check(questions.IsBuiltin(p.Pool.Name) || p.Pool.Name == "inline", "/pool/name", `must be "arith", "digits", "glyph", "world" or "inline"`)
	v.Check(!questions.IsBuiltin(p.Pool.Name) || (p.Pool.Size >= 2 && p.Pool.Size <= MaxPoolSize), "/pool/size", fmt.Sprintf("must be within 2..%d", MaxPoolSize))
	v.Check(p.Pool.Name != "inline" || (len(p.Pool.Items) >= 2 && len(p.Pool.Items) <= MaxPoolSize), "/pool/items", fmt.Sprintf("needs 2..%d items", MaxPoolSize))
	v.Check(p.Pool.Validation > 0 && p.Pool.Validation < 1, "/pool/validation", "must be within (0, 1)")
	v.Check(p.Pool.Test > 0 && p.Pool.Test < 1, "/pool/test", "must be within (0, 1)")
	v.Check(p.Pool.Validation+p.Pool.Test < 1, "/pool/test", "validation + test must leave items to train on (sum below 1)")
	v.Check(p.Iterations >= 1 && p.Iterations <= MaxIterations, "/iterations", fmt.Sprintf("must be within 1..%d", MaxIterations))
	v.Check(p.Lambda > 0, "/lambda", "must be positive")
	v.Check(p.TopM >= 1, "/top_m", "must be at least 1")
	v.Check(p.FocusBonus > 0, "/focus_bonus", "must be positive")
	v.Check(p.RatchetGamma > 0 && p.RatchetGamma < p.RatchetAlpha && p.RatchetAlpha < 1, "/ratchet_alpha", "need 0 < γ < α < 1")
	v.Check(p.Theta > 0 && p.Theta < 1, "/theta", "must be within (0, 1)")
	v.Check(p.Delta > 0 && p.Catastrophic >= p.Delta && p.Catastrophic < 1, "/catastrophic", "need 0 < δ ≤ catastrophic < 1")
	v.Check(p.MaxFailuresPerType >= 1, "/max_failures_per_type", "must be at least 1")
	v.Check(p.RefreshEvery >= 1, "/refresh_every", "must be at least 1")
	v.Check(p.Concurrency >= 1 && p.Concurrency <= 64, "/concurrency", "must be within 1..64")
	v.Check(p.MemorySwitchDelta > 0 && p.MemorySwitchDelta < 1, "/memory_switch_delta", "must be within (0, 1)")
	v.Check(p.ProbationItems >= 1 && p.ProbationItems <= 50, "/probation_items", "must be within 1..50")
	v.Check(p.ProbationCalls >= 1 && p.ProbationCalls <= 10_000, "/probation_calls", "must be within 1..10000")
	v.Check(p.CalibrationItems >= 0 && p.CalibrationItems <= 200, "/calibration_items", "must be within 0..200")
	v.Check(p.Pool.AnswerMode == "" || (p.Pool.AnswerMode != evokg.AnswerChoice && slices.Contains(evokg.AnswerModes, p.Pool.AnswerMode)),
		"/pool/answer_mode", "must be text, number or expression")
	v.Check(p.TeacherNoise >= 0 && p.TeacherNoise <= 1, "/teacher_noise", "must be within [0, 1]")
	for _, t := range slices.Sorted(maps.Keys(p.Pool.Checkers)) {
		v.Check(t != "", "/pool/checkers", "names a task type")
		v.Merge(p.Pool.Checkers[t].Validate("/pool/checkers/" + t))
	}
	return v.Err()
}

// BuildPool materializes the pool of p: generated or inline, split into
// train, validation and test.
func (p Params) BuildPool() (questions.Pool, error) { return p.Pool.Build() }
