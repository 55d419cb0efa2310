package llm

import "sync/atomic"

// Tally counts the chat-call attempts made with a context, by layer, so a
// unit of work (one answer) can report the calls it made rather than
// assume them. A tally with a parent also counts into the parent. The zero
// value is ready; a nil *Tally counts nothing. Safe for concurrent use.
type Tally struct {
	parent           *Tally
	teacher, learner atomic.Int64
}

// NewTally returns a tally that also counts into parent (which may be nil).
func NewTally(parent *Tally) *Tally { return &Tally{parent: parent} }

func (t *Tally) count(l Layer) {
	if t == nil {
		return
	}
	switch l {
	case LayerTeacher:
		t.teacher.Add(1)
	case LayerLearner:
		t.learner.Add(1)
	}
	t.parent.count(l)
}

// Teacher returns the teacher-layer calls counted.
func (t *Tally) Teacher() int { return int(t.teacher.Load()) }

// Learner returns the learner-layer calls counted.
func (t *Tally) Learner() int { return int(t.learner.Load()) }
