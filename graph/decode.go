package graph

import (
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// row is one record's columns by name, with typed accessors that return the
// zero value for a missing or null column.
type row map[string]any

func rowOf(rec *neo4j.Record) row { return row(rec.AsMap()) }

func (r row) str(k string) string {
	s, _ := r[k].(string)
	return s
}

func (r row) f64(k string) float64 {
	switch v := r[k].(type) {
	case float64:
		return v
	case int64:
		return float64(v)
	}
	return 0
}

func (r row) i64(k string) int64 {
	switch v := r[k].(type) {
	case int64:
		return v
	case float64:
		return int64(v)
	}
	return 0
}

func (r row) boolean(k string) bool {
	b, _ := r[k].(bool)
	return b
}

func (r row) time(k string) time.Time {
	switch v := r[k].(type) {
	case time.Time:
		return v.UTC()
	case neo4j.LocalDateTime:
		return time.Time(v).UTC()
	}
	return time.Time{}
}

func (r row) uuid(k string) uuid.UUID {
	id, _ := uuid.Parse(r.str(k))
	return id
}

func (r row) strs(k string) []string { return anyStrings(r[k]) }

// anyStrings returns the strings of a decoded list value.
func anyStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func (r row) rows(k string) []row {
	list, _ := r[k].([]any)
	out := make([]row, 0, len(list))
	for _, v := range list {
		if m, ok := v.(map[string]any); ok {
			out = append(out, row(m))
		}
	}
	return out
}

func uuidStrings(ids []uuid.UUID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out
}

// sub returns the map column k (a node projection such as s {.*}).
func (r row) sub(k string) row {
	m, _ := r[k].(map[string]any)
	return row(m)
}
