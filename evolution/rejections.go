package evolution

import (
	"sync"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/writegate"
)

// maxRejectionsListed bounds the rejections listed per iteration (all are counted).
const maxRejectionsListed = 50

// rejections collects what the write gate kept out of memory during an
// iteration; safe for concurrent use.
type rejections struct {
	mu    sync.Mutex
	list  []evokg.Rejection
	count int
}

// add records a rejection of kind for item when err is not nil, and
// reports whether it was one.
func (rj *rejections) add(kind, item string, err error) bool {
	if err == nil {
		return false
	}
	rj.mu.Lock()
	defer rj.mu.Unlock()
	rj.count++
	if len(rj.list) < maxRejectionsListed {
		rj.list = append(rj.list, evokg.Rejection{Kind: kind, Item: item, Reason: evokg.TruncateRunes(err.Error(), 300)})
	}
	return true
}

// take moves the collected rejections into m and starts afresh.
func (rj *rejections) take(m *Metrics) {
	rj.mu.Lock()
	defer rj.mu.Unlock()
	m.Rejected, m.Rejections = rj.count, rj.list
	rj.list, rj.count = nil, 0
}

// gateSuccess checks a harvested answer: ok is false when the gate keeps
// it out; a chain of thought that fails alone is left out of the memory
// (cot is then empty) and recorded.
func (r *runner) gateSuccess(a graded) (cot string, ok bool) {
	if r.rejected.add(writegate.KindSuccess, a.Item.ID, r.gate.Success(a.Answer, a.Item.Answer)) {
		return "", false
	}
	cot = evokg.TruncateRunes(a.Reasoning, maxChainRunes)
	if cot != "" && r.rejected.add(writegate.KindReasoning, a.Item.ID, r.gate.Reasoning(cot, a.Item.Question, a.Item.Answer)) {
		cot = ""
	}
	return cot, true
}

// gateCorrection checks a failure correction against the item's gold answer.
func (r *runner) gateCorrection(a graded, kind evokg.FailureKind, content, steps string) bool {
	err := r.gate.Correction(writegate.Correction{Question: a.Item.Question, Gold: a.Item.Answer, Content: content, Steps: steps,
		Specific: kind == evokg.FailureSpecific})
	if r.rejected.add(writegate.KindCorrection, string(kind)+" "+a.Item.ID, err) {
		return false
	}
	r.passed(content, steps)
	return true
}

// gateProse checks a principle, prompt or strategy written for skill.
func (r *runner) gateProse(kind, skill string, texts ...string) bool {
	for _, t := range texts {
		if t != "" && r.rejected.add(kind, skill, r.gate.Prose(t)) {
			return false
		}
	}
	r.passed(texts...)
	return true
}

// passed counts, under teacher noise, the texts of one memory that passed
// the gate (and are then committed) when the noisy teacher changed one.
func (r *runner) passed(texts ...string) {
	if n := r.noise(); n != nil {
		n.commit(texts...)
	}
}

// gateNote checks the Critic's note on a task type: the note, or "" when
// the gate refuses it. It is committed with the success memories of the
// type (successEvaluation).
func (r *runner) gateNote(taskType, note string) string {
	if note == "" || r.rejected.add(writegate.KindCritic, taskType, r.gate.Prose(note)) {
		return ""
	}
	return note
}
