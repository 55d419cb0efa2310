package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"text/template"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/evokg/evokg"
)

// prompt is one task's template and reply schema.
type prompt struct {
	name   string
	tmpl   *template.Template
	raw    json.RawMessage // the schema as sent in format
	schema *jsonschema.Schema
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
	return &prompt{name: name, tmpl: tmpl, raw: compactJSON(raw), schema: schema}, nil
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
	return strings.TrimSpace(sb.String()), strings.TrimSpace(ub.String()), nil
}

// validate checks that reply is one JSON value matching the schema.
func (p *prompt) validate(reply string) error {
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(reply))
	if err != nil {
		return fmt.Errorf("reply is not valid JSON: %w", err)
	}
	if err := p.schema.Validate(inst); err != nil {
		return fmt.Errorf("reply does not match the schema: %w", err)
	}
	return nil
}
