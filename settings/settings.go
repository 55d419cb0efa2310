// Package settings reads the defaults a configuration struct declares in
// its fields' tags. A package's Config carries, on each setting, the tags
// the command line is built from (kong's name, env, default and help);
// cmd/evokg embeds the struct, so the flag, its environment variable, its
// default and its help come from that one field. The package's
// WithDefaults fills its zero fields from the same `default` tags through
// Fill, so a default is written once.
//
// Packages never read the environment or flags: only the tags.
package settings

import (
	"encoding"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Fill sets every zero field of the struct cfg points to that has a
// `default` tag to the tag's value, and fills the fields of nested structs
// (embedded or not) the same way. A bool field, and a field tagged
// `zero:"kept"`, is left as it is: its zero is a setting of its own (off,
// none), not "unset". A tag that does not parse as its field's type
// panics: it is a mistake in the declaration, caught by any test that
// calls WithDefaults.
func Fill(cfg any) {
	v := reflect.ValueOf(cfg)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("settings: Fill needs a pointer to a struct, not %T", cfg))
	}
	fill(v.Elem())
}

func fill(v reflect.Value) {
	t := v.Type()
	for i := range t.NumField() {
		f, fv := t.Field(i), v.Field(i)
		if !f.IsExported() {
			continue
		}
		def, ok := f.Tag.Lookup("default")
		if !ok {
			if fv.Kind() == reflect.Struct && !isScalar(fv) {
				fill(fv)
			}
			continue
		}
		if f.Tag.Get("zero") == "kept" || fv.Kind() == reflect.Bool || !fv.IsZero() {
			continue
		}
		if err := set(fv, def); err != nil {
			panic(fmt.Sprintf("settings: %s.%s: default %q: %v", t, f.Name, def, err))
		}
	}
}

// Default returns the default the `default` tag of field name of cfg's
// type declares, for a package's exported Default values.
func Default[T any](cfg any, name string) T {
	t := reflect.TypeOf(cfg)
	f, ok := t.FieldByName(name)
	if !ok {
		panic(fmt.Sprintf("settings: %s has no field %s", t, name))
	}
	v := reflect.New(f.Type).Elem()
	if err := set(v, f.Tag.Get("default")); err != nil {
		panic(fmt.Sprintf("settings: %s.%s: default %q: %v", t, name, f.Tag.Get("default"), err))
	}
	return v.Interface().(T)
}

// A Parser reads a setting of its own type from its command-line
// spelling, for a type whose text form is neither a Go kind's nor its
// encoding.TextUnmarshaler's (which JSON would use too). cmd/evokg gives
// kong the same method.
type Parser interface {
	ParseSetting(s string) error
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	parser          = reflect.TypeFor[Parser]()
)

// isScalar reports whether a struct-typed value is one setting (it parses
// its own text) rather than a group of settings.
func isScalar(v reflect.Value) bool {
	p := reflect.PointerTo(v.Type())
	return p.Implements(parser) || p.Implements(textUnmarshaler)
}

// set parses s into v as kong parses a flag's value: comma-separated
// lists, Go durations, a Parser, and any type with an UnmarshalText
// method.
func set(v reflect.Value, s string) error {
	if reflect.PointerTo(v.Type()).Implements(parser) {
		return v.Addr().Interface().(Parser).ParseSetting(s)
	}
	if reflect.PointerTo(v.Type()).Implements(textUnmarshaler) {
		return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
	}
	if v.Type() == reflect.TypeFor[time.Duration]() {
		d, err := time.ParseDuration(s)
		v.SetInt(int64(d))
		return err
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		v.SetBool(b)
		return err
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, v.Type().Bits())
		v.SetInt(n)
		return err
	case reflect.Float32, reflect.Float64:
		x, err := strconv.ParseFloat(s, v.Type().Bits())
		v.SetFloat(x)
		return err
	case reflect.Slice:
		if s == "" {
			return nil
		}
		parts := strings.Split(s, ",")
		out := reflect.MakeSlice(v.Type(), len(parts), len(parts))
		for i, p := range parts {
			if err := set(out.Index(i), p); err != nil {
				return err
			}
		}
		v.Set(out)
	default:
		return fmt.Errorf("a %s field takes no default", v.Type())
	}
	return nil
}
