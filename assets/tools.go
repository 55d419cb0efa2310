package assets

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/sandbox"
	"github.com/evokg/evokg/vector"
)

// namePattern is a tool name: usable as a function name by model tool calls.
var namePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// CreateTool validates spec's tests in the sandbox and stores it as the next
// version of its name, validated only if every test passed; the validation
// record says what ran, passed, failed and why.
func (s *Service) CreateTool(ctx context.Context, ns string, spec evokg.ToolSpec) (evokg.Tool, error) {
	schemas, err := s.checkToolSpec(ctx, ns, &spec)
	if err != nil {
		return evokg.Tool{}, err
	}
	if err := s.projectPending(ctx, ns); err != nil {
		return evokg.Tool{}, err
	}
	validation, err := s.validate(ctx, spec, schemas)
	if err != nil {
		return evokg.Tool{}, err
	}
	embedding, err := s.embed(ctx, toolText(spec))
	if err != nil {
		return evokg.Tool{}, err
	}
	tool := evokg.Tool{ToolSpec: spec, ID: evokg.NewID(), Validated: validation.Failed == 0 && validation.Ran > 0, Validation: validation}
	if err := s.storeTool(ctx, ns, &tool, embedding); err != nil {
		return evokg.Tool{}, err
	}
	if err := s.projectTool(ctx, ns, tool); err != nil {
		return tool, err
	}
	return s.withStats(ctx, ns, tool)
}

// withStats gives a just-written version its tool's state and statistics.
func (s *Service) withStats(ctx context.Context, ns string, t evokg.Tool) (evokg.Tool, error) {
	latest, err := s.Tool(ctx, ns, t.Name)
	if err != nil {
		return t, err
	}
	t.State, t.Stats = latest.State, latest.Stats
	return t, nil
}

// toolText is what a tool's embedding is computed from.
func toolText(spec evokg.ToolSpec) string { return spec.Name + ": " + spec.Description }

func (s *Service) checkToolSpec(ctx context.Context, ns string, spec *evokg.ToolSpec) (toolSchemas, error) {
	var v evokg.FieldErrors
	v.Check(namePattern.MatchString(spec.Name), "/name", "must be 1 to 64 lower-case letters, digits or '_', starting with a letter")
	v.Check(spec.Description != "", "/description", "is required")
	v.Check(utf8.RuneCountInString(spec.Description) <= MaxDescriptionRunes, "/description", fmt.Sprintf("must be at most %d characters", MaxDescriptionRunes))
	v.Check(spec.Code != "", "/code", "is required")
	v.Check(len(spec.Code) <= MaxCodeBytes, "/code", fmt.Sprintf("must be at most %d bytes", MaxCodeBytes))
	v.Check(len(spec.InputSchema) <= MaxSchemaBytes, "/input_schema", fmt.Sprintf("must be at most %d bytes", MaxSchemaBytes))
	v.Check(len(spec.OutputSchema) <= MaxSchemaBytes, "/output_schema", fmt.Sprintf("must be at most %d bytes", MaxSchemaBytes))
	v.Check(len(spec.Tests) <= MaxTests, "/tests", fmt.Sprintf("must hold at most %d tests", MaxTests))
	for i, t := range spec.Tests {
		checkTestValue(&v, fmt.Sprintf("/tests/%d/input", i), t.Input)
		checkTestValue(&v, fmt.Sprintf("/tests/%d/expected", i), t.Expected)
	}
	schemas, err := compileSchemas(spec.InputSchema, spec.OutputSchema)
	if err != nil {
		v.Check(false, "/"+schemaField(err), "is not a usable JSON schema: "+err.Error())
	}
	if err := v.Err(); err != nil {
		return toolSchemas{}, err
	}
	return schemas, s.checkProvenance(ctx, ns, spec)
}

func checkTestValue(v *evokg.FieldErrors, pointer string, raw json.RawMessage) {
	v.Check(len(raw) > 0 && json.Valid(raw), pointer, "is required JSON")
	v.Check(len(raw) <= MaxTestBytes, pointer, fmt.Sprintf("must be at most %d bytes", MaxTestBytes))
}

func schemaField(err error) string {
	if msg := err.Error(); len(msg) > 6 && msg[:6] == "output" {
		return "output_schema"
	}
	return "input_schema"
}

// checkProvenance checks that the skill and the experiences exist.
func (s *Service) checkProvenance(ctx context.Context, ns string, spec *evokg.ToolSpec) error {
	if spec.Skill != "" {
		if _, err := s.graph.GetSkill(ctx, ns, spec.Skill); evokg.ErrorCode(err) == evokg.ENOTFOUND {
			return notFound("/skill", "no skill "+spec.Skill+" in this namespace")
		} else if err != nil {
			return err
		}
	}
	if len(spec.CreatedFrom) == 0 {
		return nil
	}
	var known int
	if err := s.pool.QueryRow(ctx, queries.Get("experiences_known"), ns, spec.CreatedFrom).Scan(&known); err != nil {
		return postgres.Translate(err, "checking the tool's experiences")
	}
	if known != len(uniqueIDs(spec.CreatedFrom)) {
		return notFound("/created_from", "names experiences that are not in this namespace")
	}
	return nil
}

// notFound is an ENOTFOUND error naming the field that refers to nothing.
func notFound(pointer, detail string) error {
	return &evokg.Error{Code: evokg.ENOTFOUND, Message: detail, Fields: []evokg.FieldError{{Pointer: pointer, Detail: detail}}}
}

func uniqueIDs(ids []uuid.UUID) map[uuid.UUID]bool {
	set := map[uuid.UUID]bool{}
	for _, id := range ids {
		set[id] = true
	}
	return set
}

// storeTool writes the tool version and its embedding in one transaction,
// unprojected, and sets its version and creation time. A validated version
// restores its name when it was retired.
func (s *Service) storeTool(ctx context.Context, ns string, t *evokg.Tool, embedding []float32) error {
	tests, _ := json.Marshal(nonNilTests(t.Tests))
	validation, _ := json.Marshal(t.Validation)
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockName(ctx, tx, ns, vector.AssetTool, t.Name); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, queries.Get("insert_tool"), t.ID, ns, t.Name, t.Description, nullJSON(t.InputSchema),
			nullJSON(t.OutputSchema), t.Code, tests, t.Validated, validation, t.Skill, nonNilIDs(t.CreatedFrom)).
			Scan(&t.Version, &t.CreatedAt)
		if err != nil {
			return postgres.Translate(err, "storing the tool")
		}
		if t.Validated {
			if _, err := tx.Exec(ctx, queries.Get("restore_tool"), ns, t.Name); err != nil {
				return postgres.Translate(err, "restoring the tool")
			}
		}
		return s.vectors.ReplaceAssetTx(ctx, tx, vector.Asset{Namespace: ns, ID: t.ID, Kind: vector.AssetTool,
			Name: t.Name, Description: t.Description, Validated: t.Validated}, embedding)
	})
}

// lockName holds the name's lock until tx ends: versions are max + 1.
func lockName(ctx context.Context, tx pgx.Tx, ns, kind, name string) error {
	if _, err := tx.Exec(ctx, queries.Get("lock_asset_name"), ns, kind, name); err != nil {
		return postgres.Translate(err, "locking the asset name")
	}
	return nil
}

// Tool returns the latest version of a tool, or ENOTFOUND.
func (s *Service) Tool(ctx context.Context, ns, name string) (evokg.Tool, error) {
	tools, err := s.queryTools(ctx, "tool_latest", ns, name)
	if err != nil {
		return evokg.Tool{}, err
	}
	if len(tools) == 0 {
		return evokg.Tool{}, evokg.Errorf(evokg.ENOTFOUND, "tool %s not found", name)
	}
	return tools[0], nil
}

// ToolVersions returns every version of a tool, newest first, or ENOTFOUND.
func (s *Service) ToolVersions(ctx context.Context, ns, name string) ([]evokg.Tool, error) {
	tools, err := s.queryTools(ctx, "tool_versions", ns, name)
	if err == nil && len(tools) == 0 {
		err = evokg.Errorf(evokg.ENOTFOUND, "tool %s not found", name)
	}
	return tools, err
}

// ListTools returns the latest version of every tool of ns, by name.
func (s *Service) ListTools(ctx context.Context, ns string) ([]evokg.Tool, error) {
	return s.queryTools(ctx, "tool_list", ns)
}

// RecruitTools returns up to k validated, unretired tools (latest
// versions) whose descriptions are at least the recruitment threshold
// similar to query, best first.
func (s *Service) RecruitTools(ctx context.Context, ns, query string, k int) ([]evokg.Tool, error) {
	retired, err := s.retiredTools(ctx, ns)
	if err != nil {
		return nil, err
	}
	hits, err := s.recruit(ctx, ns, vector.AssetTool, query, recruitDepth(k, len(retired)))
	if err != nil {
		return nil, err
	}
	hits = slices.DeleteFunc(hits, func(h vector.AssetHit) bool { return retired[h.Name] })
	if len(hits) > k {
		hits = hits[:k]
	}
	if len(hits) == 0 {
		return nil, nil
	}
	tools, err := s.queryTools(ctx, "tools_by_id", ns, hitIDs(hits))
	if err != nil {
		return nil, err
	}
	byID := map[uuid.UUID]evokg.Tool{}
	for _, t := range tools {
		byID[t.ID] = t
	}
	out := make([]evokg.Tool, 0, len(hits))
	for _, h := range hits {
		if t, ok := byID[h.ID]; ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// recruitDepth is how many hits to ask for so that k remain once the
// retired tools are left out (a k out of range is refused as it is).
func recruitDepth(k, retired int) int {
	if k < 1 || k > vector.MaxK {
		return k
	}
	return min(k+retired, vector.MaxK)
}

func (s *Service) recruit(ctx context.Context, ns, kind, query string, k int) ([]vector.AssetHit, error) {
	if query == "" {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/query", Detail: "is required"})
	}
	embedding, err := s.embed(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.vectors.RecruitAssets(ctx, ns, kind, embedding, s.cfg.RecruitThreshold, k)
}

func hitIDs(hits []vector.AssetHit) []uuid.UUID {
	ids := make([]uuid.UUID, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return ids
}

// InvokeTool runs the latest version of a tool on input: its output, or an
// ECONFLICT error when that version is not validated, an ELIMIT error
// naming the limit that stopped it, an EINVALID error naming the input
// schema violated, or an ETOOL error naming the output schema violated or
// why the code failed.
func (s *Service) InvokeTool(ctx context.Context, ns, name string, input json.RawMessage) (json.RawMessage, error) {
	tool, err := s.Tool(ctx, ns, name)
	if err != nil {
		return nil, err
	}
	if !tool.Validated {
		return nil, evokg.Errorf(evokg.ECONFLICT, "%s version %d is not validated (%s): only a validated tool runs",
			name, tool.Version, tool.Validation.Reason)
	}
	schemas, err := compileSchemas(tool.InputSchema, tool.OutputSchema)
	if err != nil {
		return nil, fmt.Errorf("tool %s: stored schema: %w", name, err)
	}
	if why := violation(schemas.input, input); why != "" {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/input", Detail: "violates the input schema of " + name + ": " + why})
	}
	output, err := sandbox.RunJSON(ctx, tool.Code, input, s.cfg.Limits)
	if err != nil {
		return nil, invocationError(name, err)
	}
	if why := violation(schemas.output, output); why != "" {
		return nil, &evokg.Error{Code: evokg.ETOOL, Message: "the output of " + name + " violates its output schema: " + why}
	}
	return output, nil
}

// invocationError names the limit or the reason a sandbox run failed.
func invocationError(name string, err error) error {
	e, ok := sandbox.AsError(err)
	switch {
	case !ok:
		return err
	case e.IsLimit():
		return &evokg.Error{Code: evokg.ELIMIT, Message: fmt.Sprintf("the %s limit stopped %s: %s", e.Kind, name, e.Message), Err: err}
	case e.Kind == sandbox.ReasonInput:
		return evokg.Invalid(evokg.FieldError{Pointer: "/input", Detail: e.Message})
	}
	return &evokg.Error{Code: evokg.ETOOL, Message: fmt.Sprintf("%s failed (%s): %s", name, e.Kind, e.Message), Err: err}
}

var errNoTests = errors.New("no tests: a tool is validated only by passing tests")
