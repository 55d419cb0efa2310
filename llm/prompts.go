package llm

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"text/template"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/evokg/evokg"
)

// prompt is one task's template and reply schema.
type prompt struct {
	name   string
	tmpl   *template.Template
	raw    json.RawMessage // the schema as sent in format
	schema *jsonschema.Schema
	bounds map[string]any // the schema as a document, for coerce
}

// promptSet holds every prompt by name.
type promptSet map[string]*prompt

var templateFuncs = template.FuncMap{
	"truncate": evokg.TruncateRunes,
	"join":     strings.Join,
	"inc":      func(i int) int { return i + 1 },
	"json": func(v any) (string, error) {
		b, err := json.Marshal(v)
		return string(b), err
	},
}

// loadPrompts parses every NAME.tmpl of fsys and compiles its
// NAME.schema.json; a template without a schema is an error.
func loadPrompts(fsys fs.FS) (promptSet, error) {
	names, err := fs.Glob(fsys, "*.tmpl")
	if err != nil {
		return nil, err
	}
	set := promptSet{}
	for _, file := range names {
		p, err := loadPrompt(fsys, strings.TrimSuffix(path.Base(file), ".tmpl"))
		if err != nil {
			return nil, err
		}
		set[p.name] = p
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("llm: no prompt templates found")
	}
	return set, nil
}

func loadPrompt(fsys fs.FS, name string) (*prompt, error) {
	text, err := fs.ReadFile(fsys, name+".tmpl")
	if err != nil {
		return nil, err
	}
	tmpl, err := template.New(name).Funcs(templateFuncs).Option("missingkey=error").Parse(string(text))
	if err != nil {
		return nil, fmt.Errorf("llm: prompt %s: %w", name, err)
	}
	for _, block := range []string{"system", "user"} {
		if tmpl.Lookup(block) == nil {
			return nil, fmt.Errorf("llm: prompt %s has no %q block", name, block)
		}
	}
	raw, err := fs.ReadFile(fsys, name+".schema.json")
	if err != nil {
		return nil, fmt.Errorf("llm: prompt %s has no schema: %w", name, err)
	}
	schema, err := compileSchema(name, raw)
	if err != nil {
		return nil, err
	}
	var bounds map[string]any
	if err := json.Unmarshal(raw, &bounds); err != nil {
		return nil, fmt.Errorf("llm: schema %s: %w", name, err)
	}
	return &prompt{name: name, tmpl: tmpl, raw: compactJSON(raw), schema: schema, bounds: bounds}, nil
}

func compileSchema(name string, raw []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("llm: schema %s: %w", name, err)
	}
	url := "https://schemas.evokg.dev/llm/" + name + ".schema.json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("llm: schema %s: %w", name, err)
	}
	schema, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("llm: schema %s: %w", name, err)
	}
	return schema, nil
}

func compactJSON(raw []byte) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return raw
	}
	return buf.Bytes()
}

// render executes the system and user blocks with data.
func (p *prompt) render(data any) (system, user string, err error) {
	var sb, ub strings.Builder
	if err := p.tmpl.ExecuteTemplate(&sb, "system", data); err != nil {
		return "", "", fmt.Errorf("llm: rendering %s system prompt: %w", p.name, err)
	}
	if err := p.tmpl.ExecuteTemplate(&ub, "user", data); err != nil {
		return "", "", fmt.Errorf("llm: rendering %s user prompt: %w", p.name, err)
	}
	system = strings.TrimSpace(sb.String())
	if a := agentPreamble(data); a != "" {
		system = a + "\n\n" + system
	}
	return system, strings.TrimSpace(ub.String()), nil
}

// check parses reply as one JSON value, coerces it within the schema's
// bounds and validates it. It returns the coerced reply as JSON and the
// adjustments made.
func (p *prompt) check(reply string) (json.RawMessage, []string, error) {
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(reply))
	if err != nil {
		return nil, nil, fmt.Errorf("reply is not valid JSON: %w", err)
	}
	var fixes []string
	inst = coerce(p.bounds, inst, "", &fixes)
	if err := p.schema.Validate(inst); err != nil {
		return nil, fixes, fmt.Errorf("reply does not match the schema: %w", err)
	}
	out, err := json.Marshal(inst)
	return out, fixes, err
}

// coerce brings a decoded reply within its schema's bounds: numbers are
// clamped to minimum and maximum, strings cut to maxLength runes and arrays
// to maxItems. Grammar-constrained decoding does not enforce numeric
// ranges, and hosted APIs may ignore length caps; what is left (types,
// required fields, minLength, minItems) is validated, and an invalid reply
// is sent back for repair. Each adjustment is described in fixes.
func coerce(schema map[string]any, v any, at string, fixes *[]string) any {
	switch x := v.(type) {
	case json.Number:
		return clampNumber(schema, x, at, fixes)
	case string:
		if n, ok := bound(schema, "maxLength"); ok && utf8.RuneCountInString(x) > int(n) {
			*fixes = append(*fixes, fmt.Sprintf("%s cut to %d characters", pointer(at), int(n)))
			return evokg.TruncateRunes(x, int(n))
		}
	case []any:
		if n, ok := bound(schema, "maxItems"); ok && len(x) > int(n) {
			*fixes = append(*fixes, fmt.Sprintf("%s cut to %d items", pointer(at), int(n)))
			x = x[:int(n)]
		}
		items, _ := schema["items"].(map[string]any)
		for i := range x {
			x[i] = coerce(items, x[i], fmt.Sprintf("%s/%d", at, i), fixes)
		}
		return x
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		for k, val := range x {
			sub, _ := props[k].(map[string]any)
			x[k] = coerce(sub, val, at+"/"+k, fixes)
		}
		return x
	}
	return v
}

func clampNumber(schema map[string]any, x json.Number, at string, fixes *[]string) any {
	f, err := x.Float64()
	if err != nil {
		return x
	}
	lo, hasLo := bound(schema, "minimum")
	hi, hasHi := bound(schema, "maximum")
	clamped := f
	if hasLo && clamped < lo {
		clamped = lo
	}
	if hasHi && clamped > hi {
		clamped = hi
	}
	if clamped == f {
		return x
	}
	*fixes = append(*fixes, fmt.Sprintf("%s clamped from %v to %v", pointer(at), f, clamped))
	return json.Number(strconv.FormatFloat(clamped, 'f', -1, 64))
}

// bound returns a numeric keyword of schema.
func bound(schema map[string]any, key string) (float64, bool) {
	n, ok := schema[key].(float64)
	return n, ok
}

func pointer(at string) string { return cmp.Or(at, "/") }
