package api

import (
	"strconv"
)

// pointerAt returns base/i, a JSON pointer into an array.
func pointerAt(base string, i int) string { return base + "/" + strconv.Itoa(i) }
