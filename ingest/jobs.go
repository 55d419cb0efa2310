package ingest

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
)

// Queues of the ingest jobs: model calls and graph writes do not wait for
// each other.
const (
	QueueEvaluate = "ingest_evaluate"
	QueueProject  = "ingest_project"
)

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
