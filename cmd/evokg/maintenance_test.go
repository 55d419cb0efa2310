package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

func TestPrintReindex(t *testing.T) {
	var out strings.Builder
	require.NoError(t, printReindex(&out, evokg.ReindexReport{Checked: 34, ReclaimedBytes: 606208, DurationMS: 412,
		Rebuilt: []evokg.IndexRebuild{{Index: "success_index_p14_embedding_idx", Table: "success_index_p14",
			BytesBefore: 622592, ExpectedBytes: 16384, BytesAfter: 16384, DurationMS: 404}}}))
	require.Contains(t, out.String(), "success_index_p14_embedding_idx")
	require.Contains(t, out.String(), "0.59 MiB")
	require.Contains(t, out.String(), "checked 34 vector indexes, rebuilt 1, reclaimed 0.58 MiB in 0.41 s")

	out.Reset()
	require.NoError(t, printReindex(&out, evokg.ReindexReport{DryRun: true, Checked: 34, Remaining: []string{"x"},
		Rebuilt: []evokg.IndexRebuild{{Index: "success_index_p14_embedding_idx", BytesBefore: 622592}}}))
	require.Contains(t, out.String(), "would rebuild (dry run) 1")
	require.Contains(t, out.String(), "left for the next run: x")
}
