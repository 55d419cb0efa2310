package questions

import (
	"fmt"
	"slices"
	"strings"

	evokg "github.com/evokg/evokg"
)

// builtins generate the built-in pools by name.
var builtins = map[string]func(size int, seed uint64) ([]Item, error){
	Arith:  Generate,
	Glyph:  GenerateGlyph,
	Digits: GenerateDigits,
	World:  GenerateWorld,
}

// Builtins are the names of the built-in pools, sorted.
var Builtins = builtinNames()

func builtinNames() []string {
	out := make([]string, 0, len(builtins))
	for name := range builtins {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// IsBuiltin reports whether name is a built-in pool.
func IsBuiltin(name string) bool { return builtins[PoolName(name)] != nil }

// PoolName is the current name of the pool a request names: the name
// itself, or the world pool for its former name.
func PoolName(name string) string {
	if name == formerWorld {
		return World
	}
	return name
}

// GenerateBuiltin generates size items of the built-in pool name.
func GenerateBuiltin(name string, size int, seed uint64) ([]Item, error) {
	if gen := builtins[PoolName(name)]; gen != nil {
		return gen(size, seed)
	}
	return nil, evokg.Invalid(evokg.FieldError{Pointer: "/pool/name",
		Detail: fmt.Sprintf("%q is not a built-in pool (%s)", name, strings.Join(Builtins, ", "))})
}

// Supply is the most items the built-in pool name generates, 0 when its
// generator sets no bound of its own (arith).
func Supply(name string) int {
	switch PoolName(name) {
	case Digits:
		return maxDigitsSize
	case Glyph:
		return maxGlyphSize
	case World:
		return maxWorldSize
	}
	return 0
}

// SupplyAt is the most items the built-in pool name generates with seed:
// Supply, whatever the seed; 0 when unbounded.
func SupplyAt(name string, _ uint64) int { return Supply(name) }
