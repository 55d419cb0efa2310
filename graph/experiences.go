package graph

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// ProjectExperience writes an experience into the graph: the node with
// :Experience and its class label, MEMBER_OF its task type, its signature of
// resolved operations (USES_OPERATION by position, FOLLOWED_BY counted once),
// USES_ENTITY, DERIVED_FROM, SUPERSEDES, SIMILAR_TO (cosine above the
// threshold) and STRUCTURALLY_SIMILAR_TO (LCS similarity at or above the
// threshold). It is idempotent: a retry with the same record changes
// nothing. A different record under the id of a protected memory fails with
// EPROTECTED; a different class under an existing id with ECONFLICT. It is
// ProjectExperiences with a batch of one.
func (g *Graph) ProjectExperience(ctx context.Context, exp *evokg.Experience, similar []evokg.SimilarExperience) error {
	if exp == nil {
		return evokg.Errorf(evokg.EINVALID, "no experience to project")
	}
	return g.ProjectExperiences(ctx, []*evokg.Experience{exp}, map[uuid.UUID][]evokg.SimilarExperience{exp.ID: similar})
}

func validateExperience(exp *evokg.Experience) error {
	var v evokg.FieldErrors
	v.Check(exp.ID != uuid.Nil, "/id", "is required")
	v.Check(evokg.ValidNamespace(exp.Namespace), "/namespace", "is not a valid namespace")
	v.Check(exp.Outcome.Valid(), "/outcome", "must be one of the five memory classes")
	v.Check(exp.TaskType != "", "/task_type", "is required")
	return v.Err()
}

func recordDigest(exp *evokg.Experience) (string, error) {
	b, err := json.Marshal(exp)
	if err != nil {
		return "", fmt.Errorf("graph: encoding experience %s: %w", exp.ID, err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

func experienceProps(exp *evokg.Experience, ops []resolved) map[string]any {
	sig := make([]string, len(ops))
	for i, o := range ops {
		sig[i] = o.Name
	}
	p := map[string]any{
		"task_type": exp.TaskType, "outcome": string(exp.Outcome), "failure_kind": string(exp.FailureKind),
		"skill": exp.Skill, "question": exp.Question, "answer": exp.Answer, "content": exp.Content,
		"signature": sig, "quality": exp.Quality(), "confidence": exp.Confidence, "version": exp.Version,
	}
	if exp.Goal != nil {
		p["task_description"] = exp.Goal.TaskDescription
	}
	if exp.Evaluation != nil {
		p["status"] = exp.Evaluation.Status
	}
	return p
}

func createdAt(exp *evokg.Experience) string {
	t := exp.CreatedAt
	if t.IsZero() {
		t = evokg.Now()
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// SignatureMatches returns the served experiences (state active, as
// mirrored by SetUtility; a memory not served never takes a match's place)
// whose signature has sim_σ ≥ threshold with sig, best first, at most
// limit. Within a task type,
// candidates sharing operations are found in Cypher among its newest
// Config.StructuralWindow experiences and the exact LCS is computed here.
// An empty taskType matches every task type among the namespace's newest
// Config.StructuralWindow experiences, ranked the same way in memory (see
// signatureWindows). Operation names are normalized, not
// resolved by embedding (use ResolveOperations first for free-text mentions).
func (g *Graph) SignatureMatches(ctx context.Context, ns, taskType string, sig []string, threshold float64, limit int) ([]evokg.SignatureMatch, error) {
	if threshold <= 0 || threshold > 1 || limit <= 0 {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/threshold", Detail: "threshold must be in (0, 1] and limit positive"})
	}
	norm := make([]string, len(sig))
	for i, s := range sig {
		norm[i] = evokg.NormalizeOperation(s)
	}
	if taskType == "" {
		return g.crossTypeMatches(ctx, ns, norm, threshold, limit)
	}
	all, err := readTx(ctx, g, "signature matches", func(ctx context.Context, tx neo4j.ManagedTransaction) ([]evokg.SignatureMatch, error) {
		return g.signatureMatches(ctx, tx, ns, taskType, norm, threshold, max(g.cfg.CandidateLimit, limit))
	})
	if len(all) > limit {
		all = all[:limit]
	}
	return all, err
}

func (g *Graph) signatureMatches(ctx context.Context, tx neo4j.ManagedTransaction, ns, taskType string, sig []string, threshold float64, limit int) ([]evokg.SignatureMatch, error) {
	if len(sig) == 0 {
		return nil, nil
	}
	recs, err := run(ctx, tx, "experience_signature_candidates_in_task_type", params(ns, "ops", sig, "task_type", taskType, "window", g.cfg.StructuralWindow,
		"length", len(sig), "threshold", threshold, "limit", limit+1))
	if err != nil {
		return nil, err
	}
	var out []evokg.SignatureMatch
	for _, r := range rowOf(recs[0]).rows("candidates") {
		cand := r.strs("signature")
		if s := evokg.SignatureSimilarity(sig, cand); s >= threshold {
			out = append(out, evokg.SignatureMatch{ExperienceID: r.uuid("id"), TaskType: r.str("task_type"),
				Outcome: evokg.Outcome(r.str("outcome")), Signature: cand, Similarity: s})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Similarity > out[j].Similarity })
	return out, nil
}

// GetExperience returns the projection of one experience, or ENOTFOUND:
// the fields the node holds (the full record lives in Postgres).
func (g *Graph) GetExperience(ctx context.Context, ns string, id uuid.UUID) (evokg.Experience, error) {
	recs, err := g.readOne(ctx, "experience_get", params(ns, "id", id.String()))
	if err != nil {
		return evokg.Experience{}, err
	}
	if len(recs) == 0 {
		return evokg.Experience{}, evokg.Errorf(evokg.ENOTFOUND, "experience %s not found", id)
	}
	return experienceFrom(rowOf(recs[0]).sub("experience")), nil
}

// ListExperiences returns up to limit experiences (100 when limit ≤ 0),
// oldest first; empty taskType or outcome match all.
func (g *Graph) ListExperiences(ctx context.Context, ns, taskType string, outcome evokg.Outcome, limit int) ([]evokg.Experience, error) {
	if limit <= 0 {
		limit = 100
	}
	recs, err := g.readOne(ctx, "experience_list", params(ns, "task_type", taskType, "outcome", string(outcome), "limit", limit))
	if err != nil {
		return nil, err
	}
	return experiencesFrom(recs, "experience"), nil
}

// PrunePatterns is prune_low_confidence: it deletes the abstracted patterns
// whose confidence is below threshold, and nothing else, and returns how
// many it deleted.
func (g *Graph) PrunePatterns(ctx context.Context, ns string, threshold float64) (int64, error) {
	recs, err := g.deleteExperiences(ctx, "experience_prune_patterns", params(ns, "threshold", threshold))
	if err != nil || len(recs) == 0 {
		return 0, err
	}
	n := rowOf(recs[0]).i64("deleted")
	g.logger.InfoContext(ctx, "abstracted patterns pruned", "namespace", ns, "threshold", threshold, "deleted", n)
	return n, nil
}

// RecountMemories recomputes the per-class memory counters of every task
// type of a namespace from the experiences (MemoryCounts reads them).
func (g *Graph) RecountMemories(ctx context.Context, ns string) error {
	_, err := g.writeOne(ctx, "task_type_recount", params(ns))
	return err
}

// MemoryCount is the number of memories of one class for one task type.
type MemoryCount struct {
	TaskType string        `json:"task_type"`
	Outcome  evokg.Outcome `json:"outcome"`
	Count    int64         `json:"count"`
}

// MemoryCounts returns memory counts per task type and class.
func (g *Graph) MemoryCounts(ctx context.Context, ns string) ([]MemoryCount, error) {
	recs, err := g.readOne(ctx, "memory_counts", params(ns))
	if err != nil {
		return nil, err
	}
	list := rowOf(recs[0]).rows("counts")
	out := make([]MemoryCount, len(list))
	for i, r := range list {
		out[i] = MemoryCount{TaskType: r.str("task_type"), Outcome: evokg.Outcome(r.str("outcome")), Count: r.i64("n")}
	}
	return out, nil
}

// experienceFrom reads the fields an experience node holds.
func experienceFrom(r row) evokg.Experience {
	return evokg.Experience{
		ID: r.uuid("id"), Namespace: r.str("namespace"),
		ExperienceFields: evokg.ExperienceFields{TaskType: r.str("task_type"), Outcome: evokg.Outcome(r.str("outcome")),
			FailureKind: evokg.FailureKind(r.str("failure_kind")), Skill: r.str("skill"),
			Question: r.str("question"), Answer: r.str("answer"), Content: r.str("content"),
			Signature: r.strs("signature"), Confidence: r.f64("confidence")},
		Version: int(r.i64("version")), CreatedAt: r.time("created_at"),
	}
}

func experiencesFrom(recs []*neo4j.Record, key string) []evokg.Experience {
	out := make([]evokg.Experience, len(recs))
	for i, rec := range recs {
		out[i] = experienceFrom(rowOf(rec).sub(key))
	}
	return out
}

// embeddingParam sends null rather than an empty list for a missing embedding.
func embeddingParam(v []float64) any {
	if len(v) == 0 {
		return nil
	}
	return v
}
