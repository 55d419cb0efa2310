package questions_test

import (
	"regexp"
	"strconv"
	"testing"
)

var intPattern = regexp.MustCompile(`\d+`)

func numbers(t *testing.T, s string) []int {
	t.Helper()
	var out []int
	for _, m := range intPattern.FindAllString(s, -1) {
		out = append(out, mustAtoi(t, m))
	}
	return out
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not an integer: %v", s, err)
	}
	return n
}
