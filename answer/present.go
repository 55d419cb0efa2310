package answer

import (
	"context"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/retrieval"
)

var _ retrieval.Presenter = (*Service)(nil)

// Present gives a pack a client retrieved (/retrieve) as an answer to the
// same request gives it to the learner: the cascade's components on the
// cascade arm and environment facts are added, and the learner profile
// stored for the namespace and model is applied. It asks the learner
// nothing, so what an answer would show otherwise is named (Differs).
func (s *Service) Present(ctx context.Context, ns string, req retrieval.Request, pack *retrieval.Pack) (retrieval.Presentation, error) {
	q := Question{TaskType: req.TaskType, Question: req.Question, Context: req.Context, Signature: req.Signature, Mode: req.Mode}
	if err := s.addComponents(ctx, ns, req.TaskType, req.Question, req.Strategy, pack); err != nil {
		return retrieval.Presentation{}, err
	}
	p, err := s.profile(ctx, ns, q)
	if err != nil {
		return retrieval.Presentation{}, err
	}
	pres := present(pack, p)
	out := retrieval.Presentation{Prompt: pres.text(), Shown: pres.shown(false), Profile: p}
	off, err := s.memoryOff(ctx, ns, q)
	if err != nil {
		return retrieval.Presentation{}, err
	}
	if off {
		out.Differs = append(out.Differs, evokg.DiffersMemorySwitchOff)
	}
	if len(req.Signature) == 0 && req.Strategy != bandit.StrategySemantic && req.Strategy != bandit.StrategyLexical {
		out.Differs = append(out.Differs, evokg.DiffersPlannedSignature)
	}
	if pres.turns {
		out.Differs = append(out.Differs, evokg.DiffersPreliminaryBlock)
	}
	return out, nil
}
