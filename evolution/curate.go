package evolution

import (
	"context"
	"slices"

	evokg "github.com/evokg/evokg"
)

// maxCritiqueExamples bounds the graded examples shown to the Critic per type.
const maxCritiqueExamples = 3

// critic asks the Critic for structured per-task-type scores and notes.
// They act on what this iteration writes: a task type's score is the
// efficiency η and completeness κ of the success memories harvested from it
// (so their quality q = 0.9·c + 0.05·η + 0.05·κ ranks them in retrieval),
// and its notes go to the failure analyst writing its failure memories and,
// stored with the success memories, to the learner that is shown them. A
// note the write gate refuses goes to neither; the score stands.
func (r *runner) critic(ctx context.Context, k int, ev *evaluation) error {
	r.critique, r.noteStored = nil, map[string]bool{}
	if r.deps.Mechanisms.NoCritic {
		return nil
	}
	req := evokg.CritiqueRequest{Iteration: k}
	byType := ev.byType()
	for _, t := range sortedKeys(byType) {
		res := evokg.TaskTypeResult{TaskType: t, Total: len(byType[t])}
		for _, a := range byType[t] {
			if a.Correct {
				res.Correct++
			} else if len(res.Examples) < maxCritiqueExamples {
				res.Examples = append(res.Examples, evokg.GradedExample{Question: a.Item.Question, Answer: a.Answer, Gold: a.Item.Answer})
			}
		}
		req.Results = append(req.Results, res)
	}
	r.calls.teacher.Add(1)
	scores, err := r.deps.Teacher.Critique(ctx, req)
	if err != nil {
		return err
	}
	r.critique = make(map[string]evokg.TaskTypeCritique, len(scores))
	for _, s := range scores {
		if byType[s.TaskType] != nil {
			s.Score = clamp01(s.Score)
			s.Notes = r.gateNote(s.TaskType, s.Notes)
			r.critique[s.TaskType] = s
		}
	}
	return nil
}

// successEvaluation is the evaluation of a success memory harvested from
// a task type: graded correct, η and κ the Critic's score of the type, and
// its notes on the type, which retrieval shows the learner with the memory.
func (r *runner) successEvaluation(taskType string) *evokg.Evaluation {
	feedback := "graded correct against the gold answer"
	c, ok := r.critique[taskType]
	if !ok {
		return &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1, TeacherFeedback: feedback}
	}
	if c.Notes != "" {
		feedback += "; critic: " + c.Notes
		if !r.noteStored[taskType] {
			r.noteStored[taskType] = true
			r.passed(c.Notes)
		}
	}
	return &evokg.Evaluation{Correct: 1, Efficient: c.Score, Complete: c.Score, TeacherFeedback: feedback, CriticNote: c.Notes}
}

// successRates returns e_k per skill: the accuracy over the pool items
// the skill answered.
func successRates(ev *evaluation) map[string]float64 {
	out := map[string]float64{}
	for s, c := range tally(ev, nil) {
		out[s] = accuracy(c[0], c[1])
	}
	return out
}

// tally counts (correct, total) pool answers per answering skill, only
// those of skills in keep when keep is not nil.
func tally(ev *evaluation, keep []string) map[string][2]int {
	out := map[string][2]int{}
	for _, a := range ev.pool {
		if a.Skill == "" || (keep != nil && !slices.Contains(keep, a.Skill)) {
			continue
		}
		c := out[a.Skill]
		c[1]++
		if a.Correct {
			c[0]++
		}
		out[a.Skill] = c
	}
	return out
}

// partsRate is e_k of a split skill: the accuracy over the answers of its
// parts, so its mastery (which its dependants' place on the frontier
// reads) keeps following what it covers.
func (r *runner) partsRate(ctx context.Context, skill string, ev *evaluation) (float64, bool, error) {
	parts, err := r.deps.Graph.SkillParts(ctx, r.ns, skill)
	if err != nil || len(parts) == 0 {
		return 0, false, err
	}
	correct, total := 0, 0
	for _, c := range tally(ev, parts) {
		correct, total = correct+c[0], total+c[1]
	}
	return accuracy(correct, total), total > 0, nil
}

// curate is the Curator: the asymmetric mastery ratchet for every skill
// that answered this iteration (a split skill through its parts), then
// pruning of low-confidence patterns.
func (r *runner) curate(ctx context.Context, ev *evaluation) error {
	skills, err := r.deps.Graph.ListSkills(ctx, r.ns)
	if err != nil {
		return err
	}
	rates := successRates(ev)
	for _, s := range skills {
		e, ok := rates[s.Name]
		if s.Status == evokg.SkillSplit {
			if e, ok, err = r.partsRate(ctx, s.Name, ev); err != nil {
				return err
			}
		}
		if !ok {
			continue
		}
		m := clamp01(evokg.Ratchet(s.Mastery, e, r.p.RatchetAlpha, r.p.RatchetGamma))
		if err := r.deps.Graph.SetMastery(ctx, r.ns, s.Name, m); err != nil {
			return err
		}
	}
	_, err = r.deps.Memory.PrunePatterns(ctx, r.ns, r.p.PruneThreshold, false)
	return err
}

func clamp01(x float64) float64 { return min(1, max(0, x)) }

// curriculum selects the top-M task types of the pool by s(t), read from
// the namespace's curriculum state (the same score the task-types resource
// shows), and records the selection in the graph.
func (r *runner) curriculum(ctx context.Context, ev *evaluation) ([]string, error) {
	states, step, err := r.curriculumStates(ctx, r.ns)
	if err != nil {
		return nil, err
	}
	observed := ev.byType()
	states = slices.DeleteFunc(states, func(s TaskState) bool { return observed[s.Name] == nil })
	selected := SelectCurriculum(states, step, r.p.Lambda, r.p.TopM)
	for i, s := range states {
		if slices.Contains(selected, s.Name) {
			states[i].KLast = step
		}
		if _, err := r.deps.Graph.RecordCurriculum(ctx, r.ns, s.Name, states[i].KLast, s.NSeen, s.NFail); err != nil {
			return nil, err
		}
	}
	return selected, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
