package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"github.com/bytedance/sonic"
	jsonv2 "github.com/go-json-experiment/json"
	jsonv1 "github.com/go-json-experiment/json/v1"

	"github.com/evokg/evokg"
)

// writeJSON writes v as application/json with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	writeJSONType(w, status, "application/json", v)
}

// responseJSON encodes responses as encoding/json does, except that an
// empty list or map is [] or {}, never null, whichever service built it.
var responseJSON = jsonv2.JoinOptions(jsonv1.DefaultOptionsV1(),
	jsonv2.FormatNilSliceAsNull(false), jsonv2.FormatNilMapAsNull(false))

func writeJSONType(w http.ResponseWriter, status int, contentType string, v any) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = jsonv2.MarshalWrite(w, v, responseJSON)
	_, _ = w.Write([]byte("\n"))
}

// decodeJSON decodes exactly one JSON value from r's body into dst,
// rejecting unknown fields and trailing data. Errors are domain errors.
func decodeJSON(r *http.Request, dst any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err != nil {
			return decodeError(err)
		}
		return badRequest("", "the body must hold exactly one JSON value")
	}
	return nil
}

// strictJSON and lenientJSON are the sonic decoders that stand in for
// encoding/json where embeddings make decoding a hot path. Both read as
// encoding/json does: invalid UTF-8 replaced, strings copied, numbers in an
// interface as float64, anything after the value refused. strictJSON
// refuses unknown fields, as a json.Decoder with DisallowUnknownFields;
// lenientJSON accepts them, as json.Unmarshal.
var (
	strictJSON  = sonic.Config{DisallowUnknownFields: true, CopyString: true, ValidateString: true}.Froze()
	lenientJSON = sonic.Config{CopyString: true, ValidateString: true}.Froze()
)

// decodeIngestJSON is decodeJSON for ingest bodies, with sonic: an
// embedding's floats are most of an ingest body, and sonic reads them
// several times faster (BenchmarkDecodeIngestBody). A body sonic refuses is
// decoded again by decodeJSON, so its error is the one decodeJSON gives.
func decodeIngestJSON(r *http.Request, dst any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return decodeError(err)
	}
	if strictJSON.Unmarshal(body, dst) == nil {
		return nil
	}
	reflect.ValueOf(dst).Elem().SetZero()
	r.Body = io.NopCloser(bytes.NewReader(body))
	return decodeJSON(r, dst)
}

// decodeError translates an encoding/json error into a domain error with a
// JSON pointer where one is known.
func decodeError(err error) error {
	var (
		maxErr    *http.MaxBytesError
		syntaxErr *json.SyntaxError
		typeErr   *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &maxErr):
		return evokg.Errorf(evokg.ETOOLARGE, "the body is larger than %d bytes", maxErr.Limit)
	case errors.Is(err, io.EOF):
		return badRequest("", "the body is empty; a JSON value is required")
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("", "the body is not valid JSON")
	case errors.As(err, &typeErr):
		return badRequest(fieldPointer(typeErr.Field), fmt.Sprintf("must be of JSON type %s", jsonKind(typeErr.Type.Kind().String())))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return badRequest("/"+name, "unknown field")
	}
	return badRequest("", "the body could not be decoded")
}

// badRequest is a malformed-request error (400) naming a field.
func badRequest(pointer, detail string) error {
	return &evokg.Error{Code: codeBadRequest, Message: "the request body is malformed",
		Fields: []evokg.FieldError{{Pointer: pointer, Detail: detail}}}
}

// fieldPointer turns encoding/json's dotted field path into a JSON pointer.
func fieldPointer(field string) string {
	if field == "" {
		return ""
	}
	return "/" + strings.ReplaceAll(field, ".", "/")
}

func jsonKind(goKind string) string {
	switch {
	case strings.HasPrefix(goKind, "int"), strings.HasPrefix(goKind, "uint"), strings.HasPrefix(goKind, "float"):
		return "number"
	case goKind == "slice", goKind == "array":
		return "array"
	case goKind == "map", goKind == "struct":
		return "object"
	case goKind == "bool":
		return "boolean"
	}
	return "string"
}

// list wraps a collection so that responses stay extensible.
type list[T any] struct {
	Items []T `json:"items"`
}

func listOf[T any](items []T) list[T] {
	if items == nil {
		items = []T{}
	}
	return list[T]{Items: items}
}

// respond writes v with status, or err as a problem.
func respond[T any](s *server, w http.ResponseWriter, r *http.Request, status int, v T, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, status, v)
}

func isNDJSON(contentType string) bool {
	mt, _, _ := mime.ParseMediaType(contentType)
	return mt == "application/x-ndjson" || mt == "application/jsonl" || mt == "application/ndjson"
}

// prefixFields prefixes the pointers of err's fields with at.
func prefixFields(err error, at string) error {
	if e, ok := err.(*evokg.Error); ok {
		for i := range e.Fields {
			e.Fields[i].Pointer = at + e.Fields[i].Pointer
		}
	}
	return err
}
