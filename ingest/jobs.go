package ingest

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
)

// Queues of the ingest jobs: model calls and graph writes do not wait for
// each other.
const (
	QueueEvaluate = "ingest_evaluate"
	QueueProject  = "ingest_project"
)

// EvaluateArgs asks the evaluation worker to grade an experience with the
// teacher model. At most one such job exists per experience.
type EvaluateArgs struct {
	Namespace    string       `json:"namespace"`
	ExperienceID uuid.UUID    `json:"experience_id" river:"unique"`
	Embedding    PackedVector `json:"embedding,omitempty"` // the client's, if it sent one
}

// Kind implements river.JobArgs.
func (EvaluateArgs) Kind() string { return "evokg_ingest_evaluate" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (EvaluateArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEvaluate, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// EmbedArgs asks the embedding worker to embed the pre-evaluated
// experiences of one request that came without an embedding, then queue
// them for projection. It runs on the evaluation queue, with the other
// model calls.
type EmbedArgs struct {
	Namespace     string      `json:"namespace"`
	ExperienceIDs []uuid.UUID `json:"experience_ids"`
}

// Kind implements river.JobArgs.
func (EmbedArgs) Kind() string { return "evokg_ingest_embed" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (EmbedArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueEvaluate} }

// ProjectArgs asks the projection worker to write the committed
// experiences of one request (a single experience, a group of single
// requests committed together, a batch, an embedding job's experiences or
// an import chunk) into Neo4j: one job per accepted request, not per
// experience. The worker reads the embeddings from the
// index: the job stays small.
type ProjectArgs struct {
	Namespace     string      `json:"namespace"`
	ExperienceIDs []uuid.UUID `json:"experience_ids" river:"unique"`
	// EnqueuedAtUnixMicro lets the worker report projection lag.
	EnqueuedAtUnixMicro int64 `json:"enqueued_at_us,omitempty"`
}

// Kind implements river.JobArgs.
func (ProjectArgs) Kind() string { return "evokg_ingest_project" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (ProjectArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueProject, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// MaxProjectJobIDs bounds the experiences one projection job carries; a
// larger request or import chunk gets several jobs.
const MaxProjectJobIDs = 200

// projectJobs splits the ids of namespace ns into projection jobs.
func (s *Service) projectJobs(ns string, ids []uuid.UUID) []river.InsertManyParams {
	enqueued := evokg.Now().UnixMicro()
	var jobs []river.InsertManyParams
	for len(ids) > 0 {
		n := min(len(ids), MaxProjectJobIDs)
		args := ProjectArgs{Namespace: ns, ExperienceIDs: ids[:n:n], EnqueuedAtUnixMicro: enqueued}
		jobs = append(jobs, river.InsertManyParams{Args: args, InsertOpts: s.insertOpts(args)})
		ids = ids[n:]
	}
	return jobs
}

// PackedVector is an embedding that travels in job arguments as base64 of
// little-endian float32 values: a quarter of the size of a JSON array.
type PackedVector []float32

// MarshalJSON implements json.Marshaler.
func (v PackedVector) MarshalJSON() ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	buf := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(x))
	}
	return json.Marshal(base64.StdEncoding.EncodeToString(buf))
}

// UnmarshalJSON implements json.Unmarshaler.
func (v *PackedVector) UnmarshalJSON(b []byte) error {
	var s *string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if s == nil {
		*v = nil
		return nil
	}
	buf, err := base64.StdEncoding.DecodeString(*s)
	if err != nil || len(buf)%4 != 0 {
		return fmt.Errorf("ingest: bad packed vector")
	}
	out := make(PackedVector, len(buf)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(buf[4*i:]))
	}
	*v = out
	return nil
}
