package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"go.starlark.net/starlark"
)

// errOverOutput stops an encoding that passed the output limit.
var errOverOutput = errors.New("over the output limit")

// encodeJSON encodes a result as JSON, stopping as soon as it passes max
// bytes: a small value can expand to an exponential encoding (a list of
// itself repeated), which the output limit must stop before memory or time.
func encodeJSON(v starlark.Value, max int) ([]byte, error) {
	e := encoder{max: max}
	if err := e.value(v); err != nil {
		return nil, err
	}
	return e.buf.Bytes(), nil
}

type encoder struct {
	buf bytes.Buffer
	max int
}

func (e *encoder) write(s string) error {
	if e.buf.Len()+len(s) > e.max {
		return errOverOutput
	}
	e.buf.WriteString(s)
	return nil
}

func (e *encoder) value(v starlark.Value) error {
	switch v := v.(type) {
	case starlark.NoneType:
		return e.write("null")
	case starlark.Bool:
		return e.write(strconv.FormatBool(bool(v)))
	case starlark.Int:
		return e.write(v.String())
	case starlark.Float:
		f := float64(v)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return fmt.Errorf("cannot encode %v as JSON", f)
		}
		return e.write(strconv.FormatFloat(f, 'g', -1, 64))
	case starlark.String:
		return e.str(string(v))
	case starlark.Indexable: // list, tuple
		return e.array(v)
	case *starlark.Dict:
		return e.object(v)
	}
	return fmt.Errorf("cannot encode %s as JSON", v.Type())
}

func (e *encoder) str(s string) error {
	quoted, err := json.Marshal(s)
	if err != nil {
		return err
	}
	return e.write(string(quoted))
}

func (e *encoder) array(v starlark.Indexable) error {
	if err := e.write("["); err != nil {
		return err
	}
	for i := range v.Len() {
		if i > 0 {
			if err := e.write(","); err != nil {
				return err
			}
		}
		if err := e.value(v.Index(i)); err != nil {
			return err
		}
	}
	return e.write("]")
}

func (e *encoder) object(d *starlark.Dict) error {
	if err := e.write("{"); err != nil {
		return err
	}
	for i, item := range d.Items() {
		key, ok := item[0].(starlark.String)
		if !ok {
			return fmt.Errorf("cannot encode a dict key of type %s as JSON", item[0].Type())
		}
		sep := ""
		if i > 0 {
			sep = ","
		}
		if err := e.write(sep); err != nil {
			return err
		}
		if err := e.str(string(key)); err != nil {
			return err
		}
		if err := e.write(":"); err != nil {
			return err
		}
		if err := e.value(item[1]); err != nil {
			return err
		}
	}
	return e.write("}")
}
