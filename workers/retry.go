package workers

import (
	"math/rand/v2"
	"time"

	"github.com/riverqueue/river/rivertype"
)

// Backoff is an exponential retry policy: attempt n waits Base·2^(n−1)
// (±10% jitter), at most Max. It implements river.ClientRetryPolicy.
type Backoff struct {
	Base, Max time.Duration
}

// NextRetry implements river.ClientRetryPolicy.
func (b *Backoff) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(b.delay(len(job.Errors) + 1))
}

func (b *Backoff) delay(attempt int) time.Duration {
	d := b.Base
	for i := 1; i < attempt && d < b.Max; i++ {
		d *= 2
	}
	d = min(d, b.Max)
	jitter := time.Duration(rand.Int64N(int64(d)/5+1)) - d/10
	return d + jitter
}
