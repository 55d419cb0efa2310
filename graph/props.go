package graph

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"
)

// Props are a node's or a relationship's properties. Their JSON keeps
// Neo4j's types through a round trip: a float is always written with a
// decimal point or an exponent (an integer never is), and a temporal or
// byte value is an object with one tagged key ({"$datetime": RFC 3339},
// {"$date": …}, {"$localdatetime": …}, {"$bytes": base64}).
type Props map[string]any

func (r row) props(k string) Props {
	m, _ := r[k].(map[string]any)
	return Props(m)
}

// MarshalJSON writes the properties with their types kept.
func (p Props) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := writeValue(&b, map[string]any(p)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (p *Props) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw map[string]any
	if err := dec.Decode(&raw); err != nil {
		return err
	}
	out := make(Props, len(raw))
	for k, v := range raw {
		val, err := readValue(v)
		if err != nil {
			return fmt.Errorf("property %q: %w", k, err)
		}
		out[k] = val
	}
	*p = out
	return nil
}

const (
	tagDateTime      = "$datetime"
	tagDate          = "$date"
	tagLocalDateTime = "$localdatetime"
	tagBytes         = "$bytes"
	tagFloat         = "$float" // NaN and ±Inf, which JSON cannot hold
)

func writeValue(b *bytes.Buffer, v any) error {
	switch v := v.(type) {
	case float64:
		writeFloat(b, v)
	case time.Time:
		writeTagged(b, tagDateTime, v.Format(time.RFC3339Nano))
	case dbtype.Date:
		writeTagged(b, tagDate, v.Time().Format(time.DateOnly))
	case dbtype.LocalDateTime:
		writeTagged(b, tagLocalDateTime, v.Time().Format("2006-01-02T15:04:05.999999999"))
	case []byte:
		writeTagged(b, tagBytes, base64.StdEncoding.EncodeToString(v))
	case []any:
		return writeList(b, v)
	case map[string]any:
		return writeMap(b, v)
	case nil, bool, string, int64:
		enc, _ := json.Marshal(v)
		b.Write(enc)
	default:
		return fmt.Errorf("graph: a %T property cannot be exported", v)
	}
	return nil
}

func writeFloat(b *bytes.Buffer, f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		writeTagged(b, tagFloat, strconv.FormatFloat(f, 'g', -1, 64))
		return
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	b.WriteString(s)
}

func writeTagged(b *bytes.Buffer, tag, s string) {
	enc, _ := json.Marshal(map[string]string{tag: s})
	b.Write(enc)
}

func writeList(b *bytes.Buffer, list []any) error {
	b.WriteByte('[')
	for i, v := range list {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := writeValue(b, v); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

func writeMap(b *bytes.Buffer, m map[string]any) error {
	b.WriteByte('{')
	for i, k := range slices.Sorted(maps.Keys(m)) { // sorted: the same graph gives the same text
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		b.Write(key)
		b.WriteByte(':')
		if err := writeValue(b, m[k]); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

func readValue(v any) (any, error) {
	switch v := v.(type) {
	case json.Number:
		if strings.ContainsAny(string(v), ".eE") {
			return v.Float64()
		}
		return v.Int64()
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			val, err := readValue(e)
			if err != nil {
				return nil, err
			}
			out[i] = val
		}
		return out, nil
	case map[string]any:
		return readTagged(v)
	}
	return v, nil
}

func readTagged(m map[string]any) (any, error) {
	if len(m) != 1 {
		return nil, fmt.Errorf("a map is not a property value")
	}
	for tag, v := range m {
		s, _ := v.(string)
		switch tag {
		case tagDateTime:
			return time.Parse(time.RFC3339Nano, s)
		case tagDate:
			t, err := time.Parse(time.DateOnly, s)
			return dbtype.Date(t), err
		case tagLocalDateTime:
			t, err := time.Parse("2006-01-02T15:04:05.999999999", s)
			return dbtype.LocalDateTime(t), err
		case tagBytes:
			return base64.StdEncoding.DecodeString(s)
		case tagFloat:
			return strconv.ParseFloat(s, 64)
		}
		return nil, fmt.Errorf("unknown tag %q", tag)
	}
	return nil, nil
}
