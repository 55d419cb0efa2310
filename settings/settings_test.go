package settings

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type pair struct{ A, B string }

func (p *pair) UnmarshalText(b []byte) error {
	p.A, p.B, _ = strings.Cut(string(b), "/")
	return nil
}

// list reads its own spelling, "a+b".
type list []string

func (l *list) ParseSetting(s string) error {
	*l = strings.Split(s, "+")
	return nil
}

type inner struct {
	N int `default:"7"`
}

type config struct {
	Name   string        `default:"x"`
	Count  int32         `default:"20"`
	Share  float64       `default:"0.6"`
	Wait   time.Duration `default:"250ms"`
	Lag    time.Duration `default:"1s" zero:"kept"`
	On     bool          `default:"true"`
	Hosts  []string      `default:"a,b"`
	Pair   pair          `default:"l/r"`
	List   list          `default:"x+y"`
	Inner  inner
	Plain  int
	Loaded int `default:"3"`
}

func TestFillSetsZeroFieldsFromTheirTags(t *testing.T) {
	c := config{Loaded: 9}
	Fill(&c)
	require.Equal(t, config{Name: "x", Count: 20, Share: 0.6, Wait: 250 * time.Millisecond,
		Hosts: []string{"a", "b"}, Pair: pair{"l", "r"}, List: list{"x", "y"}, Inner: inner{N: 7}, Loaded: 9}, c,
		"a set field, a bool and a field whose zero is kept stay as they are")
}

func TestDefaultReadsOneTag(t *testing.T) {
	require.Equal(t, time.Second, Default[time.Duration](config{}, "Lag"))
	require.Equal(t, 0.6, Default[float64](config{}, "Share"))
	require.True(t, Default[bool](config{}, "On"))
}

func TestAMalformedDefaultPanics(t *testing.T) {
	type bad struct {
		N int `default:"many"`
	}
	require.Panics(t, func() { Fill(&bad{}) })
}
