// Package cascade adds MAGE's cascade retrieval components (v20) to a
// memory pack, each switchable:
//
//   - A, prerequisite principles: the principles of the prerequisite skills
//     of the skills that serve the task type;
//   - B, action recipes: the steps of the last successful memories of the
//     task type (3 by default);
//   - C, planning DAG: the skill lattice of the task type rendered as
//     ordered steps, deepest prerequisites first;
//   - D, curriculum-aware retrieval: memories of frontier skills (whose
//     prerequisites are mastered but which are not) are boosted in the pack;
//   - E, environment facts: for an episode of the built-in environment, the
//     G_env relations the Explorer wrote (where things are, which doors join
//     the rooms, what is closed, what crafting needs), added to the pack of
//     every search arm (Environment), not only the cascade arm's.
package cascade

import (
	"cmp"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/retrieval"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// Components switches the four components on and off.
type Components struct {
	Principles bool `json:"principles"` // A
	Recipes    bool `json:"recipes"`    // B
	Plan       bool `json:"plan"`       // C
	Boost      bool `json:"boost"`      // D
	// Environment is E: G_env facts in an environment episode's pack.
	Environment bool `json:"environment"`
}

// Config configures a Builder.
type Config struct {
	Components Components
	// Recipes is how many recent successes B shows. Default 3.
	Recipes int
	// MaxPrinciples bounds A. Default 6.
	MaxPrinciples int
	// Boost multiplies the score of frontier-skill memories by 1+Boost. Default 0.5.
	Boost float64
	// Theta is the mastery threshold of the frontier. Default evokg.DefaultMasteryTheta.
	Theta float64
	// RecipeStepRunes caps one recipe step. Default 300.
	RecipeStepRunes int
	// WorldFacts bounds the G_env relations E reads. Default DefaultWorldFacts.
	WorldFacts int
	// WorldChars bounds E's rendered text, in characters. Default DefaultWorldChars.
	WorldChars int
}

// Bounds of component E: a toured world of the built-in environment has
// about 30 relations, rendered in about 600 characters.
const (
	DefaultWorldFacts = 60
	DefaultWorldChars = 1500
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.Recipes = cmp.Or(c.Recipes, 3)
	c.MaxPrinciples = cmp.Or(c.MaxPrinciples, 6)
	if c.Boost == 0 {
		c.Boost = 0.5
	}
	if c.Theta == 0 {
		c.Theta = evokg.DefaultMasteryTheta
	}
	c.RecipeStepRunes = cmp.Or(c.RecipeStepRunes, 300)
	c.WorldFacts = cmp.Or(c.WorldFacts, DefaultWorldFacts)
	c.WorldChars = cmp.Or(c.WorldChars, DefaultWorldChars)
	return c
}

func (c Config) validate() error {
	switch {
	case c.Recipes < 1 || c.MaxPrinciples < 1:
		return errors.New("cascade: recipes and principles must be at least 1")
	case c.WorldFacts < 1 || c.WorldChars < 1:
		return errors.New("cascade: environment facts and characters must be at least 1")
	case c.Boost < 0:
		return fmt.Errorf("cascade: boost %g < 0", c.Boost)
	case c.Theta <= 0 || c.Theta >= 1:
		return fmt.Errorf("cascade: theta %g outside (0, 1)", c.Theta)
	}
	return nil
}

// Graph is the part of *graph.Graph the cascade reads.
type Graph interface {
	Cascade(ctx context.Context, ns, taskType string) ([]graph.CascadeSkill, error)
	Frontier(ctx context.Context, ns string, theta float64) ([]evokg.Skill, error)
	WorldFacts(ctx context.Context, ns string, names []string, limit int) ([]graph.WorldFact, error)
}

// Builder builds cascade blocks. It is safe for concurrent use.
type Builder struct {
	cfg   Config
	graph Graph
	pool  *pgxpool.Pool
}

// New returns a Builder reading the graph and the experiences in pool.
func New(cfg Config, g Graph, pool *pgxpool.Pool) (*Builder, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return &Builder{cfg: cfg, graph: g, pool: pool}, nil
}

// Principle is a principle of a prerequisite skill (A).
type Principle struct {
	ID    uuid.UUID `json:"id"`
	Skill string    `json:"skill"`
	Text  string    `json:"text"`
}

// Recipe is the action recipe of a recent success (B).
type Recipe struct {
	ID       uuid.UUID `json:"id"`
	Question string    `json:"question"`
	Steps    []string  `json:"steps"`
}

// PlanStep is one step of the planning DAG (C).
type PlanStep struct {
	Order   int     `json:"order"`
	Skill   string  `json:"skill"`
	Mastery float64 `json:"mastery"`
	Depth   int     `json:"depth"`
}

// Block is the cascade's contribution to one question's pack.
type Block struct {
	Principles []Principle `json:"principles,omitempty"`
	Recipes    []Recipe    `json:"recipes,omitempty"`
	Plan       []PlanStep  `json:"plan,omitempty"`
	Boosted    []uuid.UUID `json:"boosted,omitempty"` // pack items lifted by D
	Rendered   string      `json:"rendered"`
}

// Build returns components A–C for taskType.
func (b *Builder) Build(ctx context.Context, ns, taskType string) (*Block, error) {
	blk := &Block{}
	c := b.cfg.Components
	if c.Principles || c.Plan {
		lattice, err := b.graph.Cascade(ctx, ns, taskType)
		if err != nil {
			return nil, err
		}
		if lattice, err = b.servedOnly(ctx, ns, lattice); err != nil {
			return nil, err
		}
		if c.Principles {
			blk.Principles = prerequisitePrinciples(lattice, b.cfg.MaxPrinciples)
		}
		if c.Plan {
			blk.Plan = planSteps(lattice)
		}
	}
	if c.Recipes {
		recipes, err := b.recipes(ctx, ns, taskType)
		if err != nil {
			return nil, err
		}
		blk.Recipes = recipes
	}
	blk.Rendered = render(blk)
	return blk, nil
}

// servedOnly drops from the lattice the principles that are not served
// (probationary or quarantined): the graph holds every principle, Postgres
// says which are served.
func (b *Builder) servedOnly(ctx context.Context, ns string, lattice []graph.CascadeSkill) ([]graph.CascadeSkill, error) {
	var ids []uuid.UUID
	for _, s := range lattice {
		for _, p := range s.Principles {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) == 0 {
		return lattice, nil
	}
	rows, err := b.pool.Query(ctx, queries.Get("unserved"), ns, ids)
	if err != nil {
		return nil, postgres.Translate(err, "reading memory states")
	}
	unserved, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, postgres.Translate(err, "reading memory states")
	}
	for i := range lattice {
		lattice[i].Principles = slices.DeleteFunc(slices.Clone(lattice[i].Principles), func(p evokg.Experience) bool {
			return slices.Contains(unserved, p.ID)
		})
	}
	return lattice, nil
}

// prerequisitePrinciples returns the principles of skills below the serving
// ones (depth ≥ 1), nearest prerequisites first.
func prerequisitePrinciples(lattice []graph.CascadeSkill, limit int) []Principle {
	sorted := slices.Clone(lattice)
	slices.SortStableFunc(sorted, func(a, b graph.CascadeSkill) int { return cmp.Compare(a.Depth, b.Depth) })
	var out []Principle
	for _, s := range sorted {
		if s.Depth == 0 {
			continue
		}
		for _, p := range s.Principles {
			if len(out) == limit {
				return out
			}
			out = append(out, Principle{ID: p.ID, Skill: s.Skill.Name, Text: p.Content})
		}
	}
	return out
}

// planSteps orders the lattice deepest prerequisites first (a topological
// order: a prerequisite is always deeper than what it enables).
func planSteps(lattice []graph.CascadeSkill) []PlanStep {
	sorted := slices.Clone(lattice)
	slices.SortStableFunc(sorted, func(a, b graph.CascadeSkill) int {
		if c := cmp.Compare(b.Depth, a.Depth); c != 0 {
			return c
		}
		return cmp.Compare(a.Skill.Name, b.Skill.Name)
	})
	out := make([]PlanStep, len(sorted))
	for i, s := range sorted {
		out[i] = PlanStep{Order: i + 1, Skill: s.Skill.Name, Mastery: s.Skill.Mastery, Depth: s.Depth}
	}
	return out
}

func (b *Builder) recipes(ctx context.Context, ns, taskType string) ([]Recipe, error) {
	rows, err := b.pool.Query(ctx, queries.Get("recent_successes"), ns, taskType, b.cfg.Recipes)
	if err != nil {
		return nil, postgres.Translate(err, "reading recent successes")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Recipe, error) {
		var raw []byte
		if err := r.Scan(&raw); err != nil {
			return Recipe{}, err
		}
		var exp evokg.Experience
		if err := json.Unmarshal(raw, &exp); err != nil {
			return Recipe{}, err
		}
		return Recipe{ID: exp.ID, Question: exp.Question, Steps: recipeSteps(&exp, b.cfg.RecipeStepRunes)}, nil
	})
	return out, postgres.Translate(err, "reading recent successes")
}

// recipeSteps are a success's actions: its procedure steps, else its skill
// steps, else its chain of thought line by line.
func recipeSteps(exp *evokg.Experience, stepRunes int) []string {
	var steps []string
	switch {
	case exp.Procedure != nil && len(exp.Procedure.Steps) > 0:
		steps = slices.Clone(exp.Procedure.Steps)
	case len(exp.SkillSteps) > 0:
		for _, s := range exp.SkillSteps {
			steps = append(steps, s.Skill+": "+s.Output)
		}
	default:
		for _, line := range strings.Split(exp.ChainOfThought, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				steps = append(steps, line)
			}
		}
	}
	for i := range steps {
		steps[i] = evokg.TruncateRunes(steps[i], stepRunes)
	}
	return steps
}

// Headings of components A–C in the learner's memory block.
const (
	PlanHeading       = "Plan (skills in order):"
	PrinciplesHeading = "Prerequisite principles:"
	RecipesHeading    = "Recent successful recipes:"
)

// sections are the block's components as sections of a memory block: the
// plan's steps (no memory), then the principles and the recipes, each
// entry carrying the id of the memory it shows.
func (blk *Block) sections() []retrieval.Section {
	plan := retrieval.Section{Title: PlanHeading}
	for _, s := range blk.Plan {
		plan.Entries = append(plan.Entries, retrieval.Entry{Text: fmt.Sprintf("%d. %s (mastery %.2f)", s.Order, s.Skill, s.Mastery)})
	}
	principles := retrieval.Section{Title: PrinciplesHeading}
	for _, p := range blk.Principles {
		principles.Entries = append(principles.Entries, retrieval.Entry{ID: p.ID, Text: fmt.Sprintf("- [%s] %s", p.Skill, p.Text)})
	}
	recipes := retrieval.Section{Title: RecipesHeading}
	for i, r := range blk.Recipes {
		var b strings.Builder
		fmt.Fprintf(&b, "%d. %s", i+1, evokg.TruncateRunes(r.Question, 200))
		for _, s := range r.Steps {
			fmt.Fprintf(&b, "\n   - %s", s)
		}
		recipes.Entries = append(recipes.Entries, retrieval.Entry{ID: r.ID, Text: b.String()})
	}
	return []retrieval.Section{plan, principles, recipes}
}

// render is the block on its own, unbounded; in a pack it is rendered
// within the pack's budget.
func render(blk *Block) string {
	text, _ := retrieval.Render(blk.sections(), math.MaxInt)
	return text
}

// Apply adds the cascade to pack for taskType: D re-ranks the pack's
// successes and failures (frontier-skill memories' scores × (1+Boost)),
// the A–C block is added after the pack's items and the pack is
// re-rendered within its own character budget, so that its Shown lists
// the block's principles and recipes the learner sees as well.
func (b *Builder) Apply(ctx context.Context, ns, taskType string, pack *retrieval.Pack) (*Block, error) {
	blk, err := b.Build(ctx, ns, taskType)
	if err != nil {
		return nil, err
	}
	// A pack never holds a memory twice: a recent success already in it as
	// an exemplar is not repeated as a recipe, nor a principle it holds;
	// nor does it show one its request left out.
	left := func(id uuid.UUID) bool { return pack.Holds(id) || slices.Contains(pack.Excluded, id) }
	blk.Recipes = slices.DeleteFunc(blk.Recipes, func(r Recipe) bool { return left(r.ID) })
	blk.Principles = slices.DeleteFunc(blk.Principles, func(p Principle) bool { return left(p.ID) })
	blk.Rendered = render(blk)
	if b.cfg.Components.Boost {
		if blk.Boosted, err = b.boost(ctx, ns, pack); err != nil {
			return nil, err
		}
	}
	pack.Sections = append(pack.Sections, blk.sections()...)
	pack.Render()
	return blk, nil
}

// boost lifts the pack items that belong to frontier skills.
func (b *Builder) boost(ctx context.Context, ns string, pack *retrieval.Pack) ([]uuid.UUID, error) {
	frontier, err := b.graph.Frontier(ctx, ns, b.cfg.Theta)
	if err != nil || len(frontier) == 0 {
		return nil, err
	}
	skills, err := b.skillsOf(ctx, ns, append(slices.Clone(pack.Successes), pack.Failures...))
	if err != nil {
		return nil, err
	}
	onFrontier := map[string]bool{}
	for _, s := range frontier {
		onFrontier[s.Name] = true
	}
	var boosted []uuid.UUID
	lift := func(items []retrieval.Item) {
		for i := range items {
			if onFrontier[skills[items[i].ID]] {
				items[i].Score *= 1 + b.cfg.Boost
				boosted = append(boosted, items[i].ID)
			}
		}
		slices.SortStableFunc(items, func(a, b retrieval.Item) int { return cmp.Compare(b.Score, a.Score) })
	}
	lift(pack.Successes)
	lift(pack.Failures)
	return boosted, nil
}

func (b *Builder) skillsOf(ctx context.Context, ns string, items []retrieval.Item) (map[uuid.UUID]string, error) {
	ids := make([]uuid.UUID, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	rows, err := b.pool.Query(ctx, queries.Get("experience_skills"), ns, ids)
	if err != nil {
		return nil, postgres.Translate(err, "reading memory skills")
	}
	defer rows.Close()
	out := map[uuid.UUID]string{}
	for rows.Next() {
		var id uuid.UUID
		var skill string
		if err := rows.Scan(&id, &skill); err != nil {
			return nil, postgres.Translate(err, "reading memory skills")
		}
		out[id] = skill
	}
	return out, postgres.Translate(rows.Err(), "reading memory skills")
}
