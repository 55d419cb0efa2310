package evolution

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"regexp"
	"strconv"
	"sync/atomic"

	evokg "github.com/evokg/evokg"
)

// noisyTeacher makes a share of the teacher's corrections and principles
// wrong on purpose, for the teacher-noise ablation (Params.TeacherNoise,
// `evokg experiment --teacher-noise`): every number in a chosen text moves
// by 1 to 9, except the gold answer of the item a correction corrects. That
// is the teacher a write gate cannot catch: it states the right answer of
// the item it was shown, with a wrong method ("here it gives 17, by a×b + 4")
// that misleads the learner everywhere else. (A correction whose stated
// answer is wrong, "30 + 34 = 94", the gate refuses: writegate.) Which texts
// are chosen, and by how much, is fixed by the seed and the question or
// skill, so a run is repeatable. Corrupted counts the texts it changed.
type noisyTeacher struct {
	evokg.Teacher
	share     float64
	seed      string
	corrupted atomic.Int64
}

var number = regexp.MustCompile(`\d+`)

// pick returns whether the text keyed by key is corrupted, and the shift.
func (n *noisyTeacher) pick(key string) (bool, int) {
	h := sha256.Sum256([]byte(n.seed + "/" + key))
	u := float64(binary.BigEndian.Uint64(h[:8])>>11) / float64(1<<53)
	return u < n.share, 1 + int(h[8])%9
}

// shift moves every number of text but keep by by.
func shift(text, keep string, by int) string {
	return number.ReplaceAllStringFunc(text, func(s string) string {
		v, err := strconv.Atoi(s)
		if err != nil || s == keep {
			return s
		}
		return strconv.Itoa(v + by)
	})
}

func (n *noisyTeacher) WriteFailureMemory(ctx context.Context, req evokg.FailureMemoryRequest) (evokg.FailureMemory, error) {
	fm, err := n.Teacher.WriteFailureMemory(ctx, req)
	ok, by := n.pick(fmt.Sprintf("correction/%s/%s", req.Kind, req.Question))
	if err != nil || !ok {
		return fm, err
	}
	n.corrupted.Add(1)
	fm.Content = shift(fm.Content, req.Gold, by)
	fm.Expression = shift(fm.Expression, req.Gold, by)
	for i, s := range fm.Steps {
		fm.Steps[i] = shift(s, req.Gold, by)
	}
	return fm, nil
}

func (n *noisyTeacher) ExtractPrinciples(ctx context.Context, req evokg.PrinciplesRequest) ([]evokg.PrincipleSpec, error) {
	specs, err := n.Teacher.ExtractPrinciples(ctx, req)
	for i := range specs {
		if ok, by := n.pick(fmt.Sprintf("principle/%s/%d/%d", req.Skill, len(req.Existing), i)); err == nil && ok {
			n.corrupted.Add(1)
			specs[i].Text = shift(specs[i].Text, "", by)
		}
	}
	return specs, err
}
