package postgres_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/postgres"
)

func TestCursorRoundTrip(t *testing.T) {
	t.Parallel()
	id := uuid.MustParse("0190b5a0-0000-7000-8000-000000000001")
	c := postgres.EncodeCursor(id)
	require.Len(t, c, 22)
	got, err := postgres.DecodeCursor(c)
	require.NoError(t, err)
	require.Equal(t, id, got)
	first, err := postgres.DecodeCursor("")
	require.NoError(t, err)
	require.Equal(t, uuid.Nil, first)
	_, err = postgres.DecodeCursor("not a cursor!")
	require.Error(t, err)
	_, err = postgres.DecodeCursor("AAAA")
	require.Error(t, err, "too short for a UUID")
}
