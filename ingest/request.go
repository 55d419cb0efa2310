package ingest

import (
	"encoding/hex"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// Field limits enforced by Validate (runes unless said otherwise).
const (
	MaxTaskTypeRunes  = 200
	MaxTextRunes      = 64 << 10 // question, answer, context, content, feedback
	MaxListItems      = 256      // steps, evidence, errors, patches, entities, derived_from
	MaxSignatureItems = 64
	MaxNameRunes      = 200 // skill, operation, entity names
)

// Validate checks a request and reports every invalid field by JSON pointer
// (/question, /evaluation/correct, /signature/2 ...). The chain of thought is
// not limited here: the service cuts it to its rune cap.
func Validate(req evokg.ExperienceInput) error {
	var v evokg.FieldErrors
	validateCore(&v, &req)
	validateTexts(&v, &req)
	validateEvaluation(&v, req.Evaluation)
	validateLists(&v, &req)
	validateEmbedding(&v, req.Embedding)
	return v.Err()
}

func validateCore(v *evokg.FieldErrors, r *evokg.ExperienceInput) {
	v.Check(r.TaskType != "", "/task_type", "is required")
	v.Check(utf8.RuneCountInString(r.TaskType) <= MaxTaskTypeRunes, "/task_type", "is longer than 200 characters")
	v.Check(r.Outcome == "" || r.Outcome.Valid(), "/outcome", "must be one of principle, failure_memory, success_memory, retrieval_recipe, abstracted_pattern")
	v.Check(r.Evaluation == nil || r.Outcome != "", "/outcome", "is required with an evaluation")
	v.Check(r.FailureKind == "" || r.FailureKind == evokg.FailureSpecific || r.FailureKind == evokg.FailureTypeStrategy,
		"/failure_kind", "must be specific or type_strategy")
	v.Check(r.FailureKind == "" || r.Outcome == "" || r.Outcome == evokg.OutcomeFailure,
		"/failure_kind", "is only allowed on failure memories")
	v.Check(utf8.RuneCountInString(r.Skill) <= MaxNameRunes, "/skill", "is longer than 200 characters")
	v.Check(r.Confidence >= 0 && r.Confidence <= 1, "/confidence", "must be within [0, 1]")
	v.Check(r.Supersedes == nil || *r.Supersedes != uuid.Nil, "/supersedes", "must not be the nil UUID")
	switch {
	case r.Outcome == evokg.OutcomePrinciple || r.Outcome == evokg.OutcomeRecipe || r.Outcome == evokg.OutcomePattern:
		v.Check(r.Content != "", "/content", "is required for principles, retrieval recipes and abstracted patterns")
	case !r.PreEvaluated():
		v.Check(r.Question != "" || (r.Goal != nil && r.Goal.TaskDescription != ""),
			"/question", "is required (or /goal/task_description) for the platform to evaluate the experience")
	}
}

func validateTexts(v *evokg.FieldErrors, r *evokg.ExperienceInput) {
	for _, f := range []struct{ ptr, s string }{
		{"/question", r.Question}, {"/answer", r.Answer}, {"/context", r.Context}, {"/content", r.Content},
	} {
		v.Check(utf8.ValidString(f.s), f.ptr, "is not valid UTF-8")
		v.Check(utf8.RuneCountInString(f.s) <= MaxTextRunes, f.ptr, "is longer than 65536 characters")
	}
	v.Check(utf8.ValidString(r.ChainOfThought), "/chain_of_thought", "is not valid UTF-8")
	v.Check(utf8.ValidString(r.Expression), "/expression", "is not valid UTF-8")
	v.Check(utf8.RuneCountInString(r.Expression) <= evokg.MaxExpressionRunes, "/expression", "is longer than 200 characters")
	if r.Goal != nil {
		v.Check(utf8.RuneCountInString(r.Goal.TaskDescription) <= MaxTextRunes, "/goal/task_description", "is longer than 65536 characters")
	}
	if r.Procedure != nil {
		v.Check(r.Procedure.Name != "", "/procedure/name", "is required")
	}
}

func validateEvaluation(v *evokg.FieldErrors, e *evokg.Evaluation) {
	if e == nil {
		return
	}
	unit := func(x float64) bool { return x >= 0 && x <= 1 }
	v.Check(unit(e.Correct), "/evaluation/correct", "must be within [0, 1]")
	v.Check(unit(e.Efficient), "/evaluation/efficient", "must be within [0, 1]")
	v.Check(unit(e.Complete), "/evaluation/complete", "must be within [0, 1]")
	v.Check(utf8.RuneCountInString(e.TeacherFeedback) <= MaxTextRunes, "/evaluation/teacher_feedback", "is longer than 65536 characters")
	v.Check(utf8.RuneCountInString(e.CriticNote) <= MaxTextRunes, "/evaluation/critic_note", "is longer than 65536 characters")
}

func validateLists(v *evokg.FieldErrors, r *evokg.ExperienceInput) {
	validateSignature(v, r.Signature)
	listLen(v, "/skill_steps", len(r.SkillSteps))
	for i, s := range r.SkillSteps {
		v.Check(s.Skill != "", ptr("/skill_steps", i, "skill"), "is required")
	}
	listLen(v, "/entities", len(r.Entities))
	for i, e := range r.Entities {
		v.Check(e.Name != "" && utf8.RuneCountInString(e.Name) <= MaxNameRunes, ptr("/entities", i, "name"), "is required, at most 200 characters")
	}
	validateEvidence(v, r.Evidence)
	listLen(v, "/errors", len(r.Errors))
	for i, e := range r.Errors {
		v.Check(e.ErrorClass != "", ptr("/errors", i, "error_class"), "is required")
		v.Check(e.RootCauseConfidence >= 0 && e.RootCauseConfidence <= 1, ptr("/errors", i, "root_cause_confidence"), "must be within [0, 1]")
	}
	listLen(v, "/patches", len(r.Patches))
	for i, p := range r.Patches {
		v.Check(p.Patch != "", ptr("/patches", i, "patch"), "is required")
	}
	listLen(v, "/derived_from", len(r.DerivedFrom))
	for i, id := range r.DerivedFrom {
		v.Check(id != uuid.Nil, ptr("/derived_from", i, ""), "must not be the nil UUID")
	}
}

func validateSignature(v *evokg.FieldErrors, sig []string) {
	v.Check(len(sig) <= MaxSignatureItems, "/signature", "has more than 64 operations")
	for i, op := range sig {
		v.Check(op != "" && utf8.RuneCountInString(op) <= MaxNameRunes, ptr("/signature", i, ""), "must be a non-empty operation name of at most 200 characters")
	}
}

func validateEvidence(v *evokg.FieldErrors, ev []evokg.Evidence) {
	listLen(v, "/evidence", len(ev))
	for i, e := range ev {
		v.Check(e.Kind != "", ptr("/evidence", i, "kind"), "is required")
		v.Check(e.Locator != "", ptr("/evidence", i, "locator"), "is required")
		v.Check(e.SHA256 == "" || isSHA256(e.SHA256), ptr("/evidence", i, "sha256"), "must be 64 hexadecimal digits")
		v.Check(e.Trust >= 0 && e.Trust <= 1, ptr("/evidence", i, "trust"), "must be within [0, 1]")
	}
}

func validateEmbedding(v *evokg.FieldErrors, emb []float32) {
	for i, x := range emb {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			v.Check(false, ptr("/embedding", i, ""), "must be a finite number")
			return
		}
	}
	detail := evokg.EmbeddingProblem(emb)
	v.Check(detail == "", "/embedding", detail)
}

func listLen(v *evokg.FieldErrors, pointer string, n int) {
	v.Check(n <= MaxListItems, pointer, "has more than 256 items")
}

func isSHA256(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == 32
}

func ptr(list string, i int, field string) string {
	p := list + "/" + strconv.Itoa(i)
	if field != "" {
		p += "/" + field
	}
	return p
}
