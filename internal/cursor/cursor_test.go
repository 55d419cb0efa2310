package cursor

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

func TestRoundTrip(t *testing.T) {
	id := uuid.MustParse("0190b5a0-0000-7000-8000-000000000001")
	c := Encode(id)
	require.Len(t, c, 22)
	got, err := Decode(c)
	require.NoError(t, err)
	require.Equal(t, id, got)
	first, err := Decode("")
	require.NoError(t, err)
	require.Equal(t, uuid.Nil, first)
	_, err = Decode("not a cursor!")
	require.Error(t, err)
	_, err = Decode("AAAA")
	require.Error(t, err, "too short for a UUID")
}
