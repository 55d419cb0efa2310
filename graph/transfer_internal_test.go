package graph

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestTransferCoversEveryLabelAndType: an import can create every label a
// namespace holds (SchemaVersion belongs to no namespace) and every
// relationship type, each with a statement scoped by $namespace.
func TestTransferCoversEveryLabelAndType(t *testing.T) {
	t.Parallel()
	for _, l := range Labels {
		if l == "SchemaVersion" {
			continue
		}
		_, created := transferQueries["create_"+l]
		_, added := transferQueries["label_"+l]
		require.True(t, created != added, "label %s needs exactly one of create_%s and label_%s", l, l, l)
		require.Equal(t, created, slices.Contains(primaryLabels, l))
		require.Equal(t, added, slices.Contains(secondaryLabels, l))
	}
	for _, typ := range RelationshipTypes {
		require.Contains(t, transferQueries, "edge_"+typ)
	}
	for name, stmt := range transferQueries {
		require.Contains(t, stmt, "$namespace", name)
		require.NotContains(t, stmt, "$(", name)
	}
	require.Len(t, transferQueries, 2+len(primaryLabels)+len(secondaryLabels)+len(RelationshipTypes), "no statement is left unused")
}

// TestPropsKeepTheirTypes: a float with no fraction stays a float, an
// integer an integer, and temporal and byte values come back as they were.
func TestPropsKeepTheirTypes(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 7, 3, 4, 5, 123456789, time.FixedZone("", 3600))
	in := Props{"mastery": 1.0, "n_seen": int64(3), "name": "add", "ok": true, "nothing": nil,
		"created_at": at, "embedding": []any{0.5, 1.0, -2.0}, "steps": []any{"a", "b"}, "code": []byte{0, 1, 2}}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	require.True(t, strings.Contains(string(b), `"mastery":1.0`), string(b))
	var out Props
	require.NoError(t, json.Unmarshal(b, &out))
	require.Equal(t, in["mastery"], out["mastery"])
	require.Equal(t, in["n_seen"], out["n_seen"])
	require.Equal(t, in["embedding"], out["embedding"])
	require.True(t, at.Equal(out["created_at"].(time.Time)))
	require.Equal(t, in["code"], out["code"])
	require.Equal(t, in["steps"], out["steps"])
	require.Nil(t, out["nothing"])
	require.Equal(t, true, out["ok"])

	_, err = json.Marshal(Props{"bad": struct{}{}})
	require.Error(t, err, "an unknown type is refused, never written wrong")
}
