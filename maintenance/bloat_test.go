package maintenance

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The estimate matches sizes measured on pgvector 0.8 (m = 16) after a
// fresh build at dimension 768: 2 elements per page after a metapage.
func TestExpectedBytesMatchesFreshBuilds(t *testing.T) {
	for _, c := range []struct {
		rows  int64
		dim   int
		bytes int64
	}{
		{0, 768, 16384},
		{3, 768, 24576},
		{20, 768, 90112},
		{2000, 768, 8200192},
	} {
		require.Equal(t, c.bytes, expectedBytes(c.rows, c.dim), "%d rows of %d dimensions", c.rows, c.dim)
	}
	require.Less(t, expectedBytes(2000, 64), expectedBytes(2000, 768), "smaller vectors pack more per page")
}

func TestBloated(t *testing.T) {
	s := &Service{cfg: Config{}.WithDefaults()}
	for _, c := range []struct {
		name    string
		ix      vectorIndex
		bloated bool
	}{
		{"purged: 161 MB, no rows", vectorIndex{bytes: 161 << 20, dim: 768}, true},
		{"fresh build", vectorIndex{bytes: 8200192, liveRows: 2000, dim: 768}, false},
		{"half its rows deleted", vectorIndex{bytes: 8200192, liveRows: 1000, dim: 768}, false},
		{"three quarters deleted", vectorIndex{bytes: 8200192, liveRows: 500, dim: 768}, true},
		{"small: less than 1 MiB to gain", vectorIndex{bytes: 512 << 10, dim: 768}, false},
		{"not a vector with a dimension", vectorIndex{bytes: 161 << 20, dim: -1}, false},
	} {
		require.Equal(t, c.bloated, s.bloated(c.ix), c.name)
	}
}
