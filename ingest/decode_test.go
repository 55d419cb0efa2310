package ingest

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

// decodeLine reads every line as encoding/json's strict decoder reads it:
// the same experience from the lines it accepts, a refusal for the lines it
// refuses, and a refusal for anything after the object.
func TestDecodeLineReadsAsEncodingJSON(t *testing.T) {
	full := `{"task_type":"arith","outcome":"success_memory","skill":"add","question":"2+2?","answer":"4",` +
		`"chain_of_thought":"two and two","skill_steps":[{"skill":"add","output":"4"}],"context":"c","content":"",` +
		`"evaluation":{"correct":0.9,"efficient":0.5,"complete":1},"goal":{"task_description":"add","constraints":["small"]},"signature":["op:add"],` +
		`"entities":[{"name":"two","type":"number"}],"derived_from":["6f0d2a47-8a51-4c36-9a43-1d3f5b8e2c10"],` +
		`"supersedes":"6f0d2a47-8a51-4c36-9a43-1d3f5b8e2c11","embedding":[0.125,-1e-7,3.4028235e38,0,1]}`
	accepted := []string{
		full,
		`{"TASK_TYPE":"arith","Question":"case-insensitive keys, as encoding/json"}`,
		"{\"task_type\":\"bad \xff byte\"}",
		`{"task_type":"lone \ud800 surrogate","answer":"\u0000"}`,
		`{"task_type":"dup","task_type":"last wins"}`,
		`{"task_type":"nulls","evaluation":null,"embedding":null,"signature":null}`,
		`  {"task_type":"spaces"}  ` + "\r",
		`{}`,
	}
	for _, line := range accepted {
		var want, got evokg.ExperienceInput
		require.NoError(t, strictDecode([]byte(line), &want), line)
		require.NoError(t, decodeLine([]byte(line), &got), line)
		require.Equal(t, want, got, line)
	}
	require.Len(t, mustDecode(t, full).Embedding, 5)
	var fast evokg.ExperienceInput
	require.NoError(t, strictJSON.Unmarshal([]byte(full), &fast), "a valid line takes the fast decoder")

	refused := map[string]string{
		`{"task_type":"x","bogus":1}`:           `json: unknown field "bogus"`,
		`{"task_type":7}`:                       "cannot unmarshal number into Go struct field",
		`{"task_type":"x","embedding":[1,"a"]}`: "cannot unmarshal string into Go struct field",
		`{"task_type":"x","embedding":[1e39]}`:  "cannot unmarshal number 1e39",
		`{"task_type":"x"`:                      "unexpected EOF",
		`[]`:                                    "cannot unmarshal array",
		`{"task_type":"x"} {"task_type":"y"}`:   "has more than one JSON value",
		`{"task_type":"x"} trailing`:            "has more than one JSON value",
		`{"supersedes":"not-a-uuid"}`:           "invalid UUID",
	}
	for line, msg := range refused {
		var got evokg.ExperienceInput
		err := decodeLine([]byte(line), &got)
		require.Error(t, err, line)
		require.Contains(t, err.Error(), msg, line)
	}
}

func strictDecode(line []byte, v *evokg.ExperienceInput) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func mustDecode(t *testing.T, line string) evokg.ExperienceInput {
	var v evokg.ExperienceInput
	require.NoError(t, decodeLine([]byte(line), &v))
	return v
}
