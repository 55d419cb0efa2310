package evokg

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// AnswerMode is the form of a task type's answers: what the learner is asked
// to reply, decoded under the matching JSON schema.
type AnswerMode string

// Answer modes.
const (
	// AnswerText is a free-text answer (the default).
	AnswerText AnswerMode = "text"
	// AnswerNumber is a JSON number.
	AnswerNumber AnswerMode = "number"
	// AnswerChoice is exactly one of the task type's choices.
	AnswerChoice AnswerMode = "choice"
	// AnswerExpression is an arithmetic expression the built-in calculator
	// evaluates: the learner writes the computation, the tool computes it,
	// and the value is the answer.
	AnswerExpression AnswerMode = "expression"
)

// AnswerModes lists every answer mode.
var AnswerModes = []AnswerMode{AnswerText, AnswerNumber, AnswerChoice, AnswerExpression}

// Bounds of an answer: a choice set, and an expression-mode answer's
// computation.
const (
	MaxExpressionRunes = 200
	MaxChoices         = 50
	MaxChoiceRunes     = 200
)

// AnswerSpec is how a task type's questions are answered: the mode and, for
// AnswerChoice, the set to choose from.
type AnswerSpec struct {
	Mode    AnswerMode `json:"mode"`
	Choices []string   `json:"choices,omitempty"`
}

// OrText returns s, or the text mode when s declares none.
func (s AnswerSpec) OrText() AnswerSpec {
	if s.Mode == "" {
		return AnswerSpec{Mode: AnswerText}
	}
	return s
}

// Validate checks s, naming fields under pointer.
func (s AnswerSpec) Validate(pointer string) error {
	var v FieldErrors
	v.Check(slices.Contains(AnswerModes, s.Mode), pointer+"/mode", "must be one of "+joinModes())
	if s.Mode != AnswerChoice {
		v.Check(len(s.Choices) == 0, pointer+"/choices", "is only allowed with mode choice")
		return v.Err()
	}
	v.Check(len(s.Choices) >= 2 && len(s.Choices) <= MaxChoices, pointer+"/choices", fmt.Sprintf("must hold 2 to %d choices", MaxChoices))
	seen := map[string]bool{}
	for i, c := range s.Choices {
		at := fmt.Sprintf("%s/choices/%d", pointer, i)
		v.Check(strings.TrimSpace(c) != "" && utf8.RuneCountInString(c) <= MaxChoiceRunes, at, fmt.Sprintf("must be 1 to %d characters", MaxChoiceRunes))
		v.Check(!seen[c], at, "repeats an earlier choice")
		seen[c] = true
	}
	return v.Err()
}

func joinModes() string {
	s := make([]string, len(AnswerModes))
	for i, m := range AnswerModes {
		s[i] = string(m)
	}
	return strings.Join(s, ", ")
}

// Renderings: how a learner is given its memories.
const (
	// RenderBlock writes the memories as one block inside the user message.
	RenderBlock = "block"
	// RenderTurns gives each worked success or correction as a user/assistant
	// pair before the question (few-shot), and the principles and other
	// notes in the system message.
	RenderTurns = "turns"
)

// Renderings lists the renderings.
var Renderings = []string{RenderBlock, RenderTurns}

// Bounds of a learner profile.
const (
	MaxProfileMemories  = 20
	MaxProfileItemChars = 4000
)

// LearnerProfile is how one learner model is given memory and asked to
// answer: the rendering, how many memories at most and how long each, and
// whether the reply reasons before its answer. Calibration chooses it per
// namespace and model by measurement on validation items.
type LearnerProfile struct {
	Render string `json:"render"`
	// Memories is the most memories shown (successes and corrections
	// first); 0 shows what the pack holds.
	Memories int `json:"memories"`
	// ItemChars cuts each memory's text; 0 keeps the pack's own length.
	ItemChars int `json:"item_chars"`
	// Reasoning asks for brief reasoning before the answer.
	Reasoning bool `json:"reasoning"`
}

// DefaultProfile is the profile of a learner that was never calibrated:
// the memory block, every memory the pack holds, reasoning first.
var DefaultProfile = LearnerProfile{Render: RenderBlock, Reasoning: true}

// Name is a short label of p, as reports show it ("block/all/reason").
func (p LearnerProfile) Name() string {
	n := "all"
	if p.Memories > 0 {
		n = fmt.Sprint(p.Memories)
	}
	r := "direct"
	if p.Reasoning {
		r = "reason"
	}
	s := p.Render + "/" + n + "/" + r
	if p.ItemChars > 0 {
		s += fmt.Sprintf("/%dc", p.ItemChars)
	}
	return s
}

// Validate checks p, naming fields under pointer.
func (p LearnerProfile) Validate(pointer string) error {
	var v FieldErrors
	v.Check(slices.Contains(Renderings, p.Render), pointer+"/render", "must be block or turns")
	v.Check(p.Memories >= 0 && p.Memories <= MaxProfileMemories, pointer+"/memories", fmt.Sprintf("must be within 0..%d", MaxProfileMemories))
	v.Check(p.ItemChars == 0 || (p.ItemChars >= 80 && p.ItemChars <= MaxProfileItemChars), pointer+"/item_chars",
		fmt.Sprintf("must be 0 or within 80..%d", MaxProfileItemChars))
	return v.Err()
}

// ProfileScore is one candidate profile's figures in a calibration.
type ProfileScore struct {
	Profile  LearnerProfile `json:"profile"`
	Correct  int            `json:"correct"`
	Items    int            `json:"items"`
	Accuracy float64        `json:"accuracy"`
	// Invalid counts the items the learner gave no valid reply to under
	// this profile, even after repairs, or none in time (counted wrong).
	Invalid int `json:"invalid"`
}

// Calibration is the record of the measurement that chose a profile: the
// validation items answered (ids), each candidate's score, the learner
// calls it made and when.
type Calibration struct {
	Items        []string       `json:"items"`
	Scores       []ProfileScore `json:"scores"`
	LearnerCalls int            `json:"learner_calls"`
	At           time.Time      `json:"at"`
}

// StoredProfile is the profile in force for a namespace's learner model,
// with the calibration that chose it (nil when set by hand).
type StoredProfile struct {
	Namespace   string         `json:"namespace"`
	Model       string         `json:"model"`
	Profile     LearnerProfile `json:"profile"`
	Calibration *Calibration   `json:"calibration,omitempty"`
	UpdatedAt   time.Time      `json:"updated_at"`
}

// ProfileService reads and writes learner profiles (package profile).
type ProfileService interface {
	// Profile returns the profile for ns and model, DefaultProfile when
	// none was stored.
	Profile(ctx context.Context, ns, model string) (LearnerProfile, error)
	Get(ctx context.Context, ns, model string) (StoredProfile, error)
	Put(ctx context.Context, sp StoredProfile) (StoredProfile, error)
}

// Bounds of a calibration a client asks for.
const (
	MaxCalibrationItems      = 200
	MaxCalibrationCandidates = 8
)

// CalibrationItem is one validation item of a client's calibration: a
// question of a task type with its gold answer.
type CalibrationItem struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	// Answer is the gold answer: a number is compared numerically, any
	// other answer as normalized text.
	Answer   string `json:"answer"`
	TaskType string `json:"task_type"`
	Context  string `json:"context,omitempty"`
}

// CalibrationRequest asks for a calibration of the learner profile on the
// client's validation items, comparing Candidates (the built-in candidates
// when empty).
type CalibrationRequest struct {
	Items      []CalibrationItem `json:"items"`
	Candidates []LearnerProfile  `json:"candidates,omitempty"`
}

// Validate checks r: 1 to MaxCalibrationItems items, each with an id, a
// question, a gold answer and a task type, and, when candidates are given,
// 1 to MaxCalibrationCandidates valid ones.
func (r CalibrationRequest) Validate() error {
	var v FieldErrors
	v.Check(len(r.Items) >= 1 && len(r.Items) <= MaxCalibrationItems, "/items", fmt.Sprintf("must hold 1 to %d items", MaxCalibrationItems))
	v.Check(r.Candidates == nil || (len(r.Candidates) >= 1 && len(r.Candidates) <= MaxCalibrationCandidates), "/candidates",
		fmt.Sprintf("must hold 1 to %d candidates", MaxCalibrationCandidates))
	for i, it := range r.Items {
		at := fmt.Sprintf("/items/%d", i)
		v.Check(it.ID != "", at+"/id", "is required")
		v.Check(it.Question != "", at+"/question", "is required")
		v.Check(it.Answer != "", at+"/answer", "is required")
		v.Check(it.TaskType != "", at+"/task_type", "is required")
	}
	for i, p := range r.Candidates {
		var e *Error
		if errors.As(p.Validate(fmt.Sprintf("/candidates/%d", i)), &e) {
			v.fields = append(v.fields, e.Fields...)
		}
	}
	return v.Err()
}
