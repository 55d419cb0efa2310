package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/go-chi/chi/v5"
	"gopkg.in/yaml.v3"

	"github.com/evokg/evokg"
)

// The document is the validator: every request to an operation is checked
// against that operation in openapi.yaml (parameters, body schema,
// additionalProperties: false, lengths, ranges, enums and the cross-field
// rules the schemas state) and against the text rules (text.go) before its
// handler runs. Handlers and services check only what a schema cannot say,
// such as whether an id exists. So the server rejects exactly what the
// document forbids, for the reason the document gives.

// uuidPattern is the canonical UUID form (any version): what "format: uuid"
// means here, and what uuid.Parse accepts among the forms it knows.
const uuidPattern = `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`

// contract is the document one handler serves and enforces.
type contract struct {
	doc        *openapi3.T
	json, yaml []byte
	schemaOpts []openapi3.SchemaValidationOption
	filterOpts *openapi3filter.Options
}

// newContract loads the embedded document and states in it the limits of
// cfg that differ from the document's own.
func newContract(cfg Config) (*contract, error) {
	doc, err := openapi3.NewLoader().LoadFromData(OpenAPIYAML)
	if err != nil {
		return nil, fmt.Errorf("api: loading openapi.yaml: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("api: openapi.yaml is not valid: %w", err)
	}
	c := &contract{doc: doc, json: openAPIJSON, yaml: OpenAPIYAML}
	c.schemaOpts = []openapi3.SchemaValidationOption{
		openapi3.MultiErrors(), openapi3.VisitAsRequest(),
		openapi3.WithStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(uuidPattern)),
	}
	c.filterOpts = &openapi3filter.Options{
		ExcludeRequestBody: true, MultiError: true, SkipSettingDefaults: true,
		AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, SchemaValidationOptions: c.schemaOpts,
	}
	if err := c.setLimits(cfg); err != nil {
		return nil, err
	}
	return c, nil
}

// setLimits writes the configured embedding dimension and run caps into
// the document and re-renders the served document when that changes it.
func (c *contract) setLimits(cfg Config) error {
	schemas := c.doc.Components.Schemas
	emb, run := schemas["Embedding"], schemas["EvolutionRunRequest"]
	if emb == nil || run == nil {
		return errors.New("api: openapi.yaml lacks the Embedding or EvolutionRunRequest schema")
	}
	props := run.Value.Properties
	changed := setMax(props["iterations"].Value, cfg.MaxRunIterations)
	changed = setMax(props["generator"].Value.Properties["size"].Value, cfg.MaxRunPool) || changed
	changed = setMaxItems(props["pool"].Value, cfg.MaxRunPool) || changed
	if dim := cfg.EmbeddingDim; dim > 0 && emb.Value.MinItems != uint64(dim) {
		emb.Value.Description = strings.Replace(emb.Value.Description,
			fmt.Sprintf("(%d)", emb.Value.MinItems), fmt.Sprintf("(%d)", dim), 1)
		emb.Value.MinItems = uint64(dim)
		setMaxItems(emb.Value, dim)
		changed = true
	}
	changed = setWebhookHosts(schemas, cfg.WebhookHosts) || changed
	if !changed {
		return nil
	}
	var err error
	if c.json, err = json.Marshal(c.doc); err != nil {
		return fmt.Errorf("api: rendering the document: %w", err)
	}
	var tree any
	if err := json.Unmarshal(c.json, &tree); err != nil {
		return err
	}
	c.yaml, err = yaml.Marshal(tree)
	return err
}

// setWebhookHosts states the webhook allow-list: the URL's pattern matches
// only its hosts; without any the webhook validator is not offered.
func setWebhookHosts(schemas openapi3.Schemas, hosts []string) bool {
	spec, target := schemas["ValidatorSpec"].Value, schemas["WebhookURL"].Value
	if len(hosts) > 0 {
		target.Pattern = webhookPattern(hosts)
		return true
	}
	kind := spec.Properties["kind"].Value
	kind.Enum = slices.DeleteFunc(kind.Enum, func(v any) bool { return v == evokg.ValidatorWebhook })
	spec.OneOf = slices.DeleteFunc(spec.OneOf, func(s *openapi3.SchemaRef) bool {
		return slices.Contains(s.Value.Properties["kind"].Value.Enum, any(evokg.ValidatorWebhook))
	})
	delete(spec.Properties, "url")
	return true
}

// webhookPattern matches an http(s) URL on one of hosts: a host without a
// port takes any port, a host:port only that one.
func webhookPattern(hosts []string) string {
	alts := make([]string, len(hosts))
	for i, h := range hosts {
		alts[i] = regexp.QuoteMeta(h)
		if _, _, err := net.SplitHostPort(h); err != nil {
			alts[i] += `(?::[0-9]+)?`
		}
	}
	return `^https?://(?:` + strings.Join(alts, "|") + `)(?:[/?#][!-~]*)?$`
}

// setMax sets s's maximum to n unless n is zero or already its maximum.
func setMax(s *openapi3.Schema, n int) bool {
	if n <= 0 || (s.Max != nil && *s.Max == float64(n)) {
		return false
	}
	m := float64(n)
	s.Max = &m
	return true
}

// setMaxItems sets s's maxItems to n unless n is zero or already its maxItems.
func setMaxItems(s *openapi3.Schema, n int) bool {
	if n <= 0 || (s.MaxItems != nil && *s.MaxItems == uint64(n)) {
		return false
	}
	m := uint64(n)
	s.MaxItems = &m
	return true
}

// allowed lists the methods of the documented path that path matches, the
// one with the fewest parameters when several do (…/experiences/batch
// before …/experiences/{id}): the Allow header of a 405.
func (c *contract) allowed(path string) []string {
	segs := strings.Split(path, "/")
	var best *openapi3.PathItem
	bestParams := -1
	for tmpl, item := range c.doc.Paths.Map() {
		if n, ok := matchTemplate(strings.Split(tmpl, "/"), segs); ok && (best == nil || n < bestParams) {
			best, bestParams = item, n
		}
	}
	if best == nil {
		return nil
	}
	var out []string
	for _, m := range methods {
		if best.GetOperation(m) != nil {
			out = append(out, m)
		}
	}
	return out
}

// matchTemplate matches path segments against a path template's and counts
// the parameters it took.
func matchTemplate(tmpl, segs []string) (int, bool) {
	if len(tmpl) != len(segs) {
		return 0, false
	}
	params := 0
	for i, t := range tmpl {
		switch {
		case strings.HasPrefix(t, "{") && segs[i] != "":
			params++
		case t != segs[i]:
			return 0, false
		}
	}
	return params, true
}

// conform rejects a request that breaks its operation's part of the
// document or the text rules.
func (s *server) conform(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !slices.Contains(s.contract.allowed(r.URL.EscapedPath()), r.Method) {
			// chi routed …/experiences/batch to …/experiences/{id}; the
			// document, like OpenAPI's matching, prefers the literal path.
			s.methodNotAllowed(w, r)
			return
		}
		if err := s.contract.check(r); err != nil {
			s.fail(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// check validates r against the operation chi routed it to. A body is read
// whole (its size is already bounded) and put back for the handler.
func (c *contract) check(r *http.Request) error {
	route, params := c.route(r)
	if route == nil {
		return nil // every route is documented; TestContractRoutesEqualDocument keeps it so
	}
	if err := checkParamText(r, route.Operation, params); err != nil {
		return err
	}
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route, Options: c.filterOpts}
	if err := openapi3filter.ValidateRequest(r.Context(), in); err != nil {
		return contractError(err)
	}
	if route.Operation.RequestBody == nil {
		return nil
	}
	return c.checkBody(r, route.Operation.RequestBody.Value)
}

// route finds r's operation from chi's route pattern, and its path
// parameters, unescaped.
func (c *contract) route(r *http.Request) (*routers.Route, map[string]string) {
	rctx := chi.RouteContext(r.Context())
	if rctx == nil {
		return nil, nil
	}
	path := rctx.RoutePattern()
	if path != "/" {
		path = strings.TrimSuffix(path, "/")
	}
	item := c.doc.Paths.Value(path)
	if item == nil || item.GetOperation(r.Method) == nil {
		return nil, nil
	}
	params := map[string]string{}
	for _, k := range rctx.URLParams.Keys {
		if k != "*" {
			params[k] = urlParam(r, k)
		}
	}
	return &routers.Route{Spec: c.doc, Path: path, PathItem: item, Method: r.Method, Operation: item.GetOperation(r.Method)}, params
}

// urlParam is the path parameter name, unescaped: chi routes on the raw
// path when the client's escaping differs from Go's, and then its
// parameters are still escaped.
func urlParam(r *http.Request, name string) string {
	v := chi.URLParam(r, name)
	if r.URL.RawPath == "" {
		return v
	}
	if u, err := url.PathUnescape(v); err == nil {
		return u
	}
	return v
}

// checkParamText applies the text rules to the path and query parameters
// and to the header parameters the operation declares.
func checkParamText(r *http.Request, op *openapi3.Operation, params map[string]string) error {
	var v evokg.FieldErrors
	for _, name := range slices.Sorted(maps.Keys(params)) {
		detail := textProblem(params[name])
		v.Check(detail == "", "/"+name, detail)
	}
	query := r.URL.Query()
	for _, name := range slices.Sorted(maps.Keys(query)) {
		detail := textProblem(name + strings.Join(query[name], ""))
		v.Check(detail == "", "/"+name, detail)
	}
	for _, p := range op.Parameters {
		if p.Value != nil && p.Value.In == openapi3.ParameterInHeader {
			detail := textProblem(r.Header.Get(p.Value.Name))
			v.Check(detail == "", "/"+p.Value.Name, detail)
		}
	}
	return v.Err()
}

// checkBody validates the body against the operation's schema. An NDJSON
// body is validated as the JSON array of its lines.
func (c *contract) checkBody(r *http.Request, body *openapi3.RequestBody) error {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return decodeError(err)
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "" {
		mt = "application/json"
	}
	if body.Content.Get(mt) == nil && !(isNDJSON(mt) && body.Content.Get("application/x-ndjson") != nil) {
		return evokg.Errorf(codeUnsupportedMediaType, "the body must be application/json, not %s", mt)
	}
	if len(bytes.TrimSpace(raw)) == 0 && !body.Required {
		return nil
	}
	var value any
	if isNDJSON(mt) {
		value, err = ndjsonValues(raw)
	} else {
		value, err = jsonValue(raw)
	}
	if err != nil {
		return err
	}
	if err := body.Content.Get("application/json").Schema.Value.VisitJSON(value, c.schemaOpts...); err != nil {
		return contractError(err)
	}
	return nil
}

// jsonValue checks the text rules of one JSON value and decodes it, with
// sonic: an embedding's 768 numbers made encoding/json a third of a single
// ingest request's check (BenchmarkContractCheckIngestBody). A body sonic
// refuses is decoded again by encoding/json for the error.
func jsonValue(raw []byte) (any, error) {
	if err := checkJSONText(raw); err != nil {
		return nil, err
	}
	var v any
	if lenientJSON.Unmarshal(raw, &v) == nil {
		return v, nil
	}
	v = nil
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, decodeError(err)
	}
	return v, nil
}

// ndjsonValues decodes the non-blank lines of raw, each one JSON value.
func ndjsonValues(raw []byte) (any, error) {
	var out []any
	for line := range bytes.SplitSeq(raw, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		v, err := jsonValue(line)
		if err != nil {
			return nil, prefixFields(err, pointerAt("", len(out)))
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, badRequest("", "the body is empty; one JSON object per line is required")
	}
	return out, nil
}

// contractError turns kin-openapi's validation errors into one problem:
// a 400 when a value has the wrong JSON type or an object an unknown
// member (the body does not have the document's shape), a 422 otherwise,
// with a pointer for each error.
func contractError(err error) error {
	var f fieldCollector
	f.walk(err, "")
	if len(f.fields) == 0 {
		f.fields = f.forms // a broken cross-field rule matters only when every field is valid
	}
	f.fields = unique(f.fields)
	code, msg := evokg.EINVALID, "the request is not valid"
	if f.malformed {
		code, msg = codeBadRequest, "the request body is malformed"
	}
	if len(f.fields) == 0 {
		f.fields = []evokg.FieldError{{Pointer: "", Detail: "does not match the API document"}}
	}
	return &evokg.Error{Code: code, Message: msg, Fields: f.fields, Err: err}
}

type fieldCollector struct {
	fields    []evokg.FieldError
	forms     []evokg.FieldError // anyOf, oneOf and not: the rules across fields
	malformed bool
}

func (f *fieldCollector) add(pointer, detail string) {
	f.fields = append(f.fields, evokg.FieldError{Pointer: pointer, Detail: detail})
}

func (f *fieldCollector) form(pointer, detail string) {
	f.forms = append(f.forms, evokg.FieldError{Pointer: pointer, Detail: detail})
}

func (f *fieldCollector) walk(err error, at string) {
	switch e := err.(type) {
	case openapi3.MultiError:
		for _, x := range e {
			f.walk(x, at)
		}
	case *openapi3filter.RequestError:
		f.requestError(e, at)
	case *openapi3.SchemaError:
		f.schemaError(e, at)
	case *openapi3filter.ParseError:
		f.add(at, "cannot be parsed: "+e.Reason)
	default:
		f.add(at, err.Error())
	}
}

func (f *fieldCollector) requestError(e *openapi3filter.RequestError, at string) {
	if e.Parameter != nil {
		at = "/" + e.Parameter.Name
	}
	switch {
	case errors.Is(e.Err, openapi3filter.ErrInvalidRequired):
		f.add(at, "is required")
	case errors.Is(e.Err, openapi3filter.ErrInvalidEmptyValue):
		f.add(at, "must not be empty")
	case e.Err != nil:
		f.walk(e.Err, at)
	default:
		f.add(at, e.Reason)
	}
}

func (f *fieldCollector) schemaError(e *openapi3.SchemaError, at string) {
	ptr := at + pointerOf(e.JSONPointer())
	switch e.SchemaField {
	case "type":
		f.malformed = true
		f.add(ptr, "must be of JSON type "+strings.Join(e.Schema.Type.Slice(), " or "))
	case "required":
		f.add(ptr, "is required")
	case "properties", "additionalProperties":
		f.unknownMembers(e, ptr)
	case "allOf", "anyOf", "oneOf", "not":
		f.combined(e, ptr)
	default:
		f.add(ptr, e.Reason)
	}
}

// unknownMembers reports each member of the object that its schema does not know.
func (f *fieldCollector) unknownMembers(e *openapi3.SchemaError, ptr string) {
	obj, _ := e.Value.(map[string]any)
	found := false
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if _, known := e.Schema.Properties[k]; !known {
			found, f.malformed = true, true
			f.add(ptr+"/"+escapePointer(k), "unknown field")
		}
	}
	if !found {
		f.add(ptr, e.Reason)
	}
}

// combined reports a broken allOf, anyOf, oneOf or not. kin-openapi checks
// those before the schema's own keywords and stops there, so the schema is
// checked again without them first: a wrong field is the better answer.
func (f *fieldCollector) combined(e *openapi3.SchemaError, ptr string) {
	plain := *e.Schema
	plain.AllOf, plain.AnyOf, plain.OneOf, plain.Not = nil, nil, nil, nil
	if err := plain.VisitJSON(e.Value, openapi3.MultiErrors(), openapi3.VisitAsRequest()); err != nil {
		f.walk(err, ptr)
		return
	}
	switch e.SchemaField {
	case "allOf":
		for _, sub := range e.Schema.AllOf {
			if err := sub.Value.VisitJSON(e.Value, openapi3.MultiErrors(), openapi3.VisitAsRequest()); err != nil {
				f.walk(err, ptr)
			}
		}
	case "anyOf":
		f.form(ptr, "must be one of: "+titles(e.Schema.AnyOf))
	case "oneOf":
		f.form(ptr, "must be exactly one of: "+titles(e.Schema.OneOf))
	case "not":
		f.form(ptr, "must not be "+e.Schema.Not.Value.Description)
	}
}

// titles lists the titles of alternative schemas, which the document
// writes for its readers and for these errors.
func titles(alts openapi3.SchemaRefs) string {
	var out []string
	for _, a := range alts {
		if a.Value != nil && a.Value.Title != "" {
			out = append(out, a.Value.Title)
		}
	}
	return strings.Join(out, " | ")
}

func unique(fields []evokg.FieldError) []evokg.FieldError {
	seen := map[evokg.FieldError]bool{}
	out := fields[:0]
	for _, fe := range fields {
		if !seen[fe] {
			seen[fe] = true
			out = append(out, fe)
		}
	}
	return out
}

func pointerOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteString("/" + escapePointer(t))
	}
	return b.String()
}

func escapePointer(token string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}
