package api

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/evokg/evokg"
)

// The text rules hold for every string a request carries: the strings and
// member names of a JSON body, path and query parameters and the
// Idempotency-Key header. Text is valid UTF-8 (a JSON escape of an unpaired
// surrogate is not) without NUL (U+0000), which neither Postgres nor the
// agents reading memories can use. A body nests at most maxDepth levels.
// Lengths are per field, in the OpenAPI document. Both are checked by
// conform, before any handler runs, so a request breaking them stores
// nothing.

// maxDepth bounds the nesting of a JSON body (objects and arrays).
const maxDepth = 32

// textProblem is the detail for a string breaking the text rules, or "".
func textProblem(s string) string {
	switch {
	case !utf8.ValidString(s):
		return "is not valid UTF-8 text"
	case strings.IndexByte(s, 0) >= 0:
		return "contains a NUL character (U+0000), which is not allowed in text"
	}
	return ""
}

// checkJSONText reads data as exactly one JSON value and checks the text
// rules. Malformed JSON is a 400; a string breaking the rules or too deep a
// nesting is a 422 naming the value.
func checkJSONText(data []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	values := 0
	for {
		tok, err := dec.ReadToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return jsonTextError(err)
		}
		if values > 0 {
			return badRequest("", "the body must hold exactly one JSON value")
		}
		if err := checkToken(dec, tok); err != nil {
			return err
		}
		if dec.StackDepth() == 0 {
			values++
		}
	}
	if values == 0 {
		return badRequest("", "the body is empty; a JSON value is required")
	}
	return nil
}

// checkToken applies the text rules to one token read by dec.
func checkToken(dec *jsontext.Decoder, tok jsontext.Token) error {
	switch tok.Kind() {
	case '"':
		if detail := textProblem(tok.String()); detail != "" {
			ptr := dec.StackPointer()
			if isMemberName(dec) {
				return invalidText(string(ptr.Parent()), "a member name "+detail)
			}
			return invalidText(string(ptr), detail)
		}
	case '{', '[':
		if dec.StackDepth() > maxDepth {
			return invalidText(string(dec.StackPointer()), fmt.Sprintf("nests deeper than %d levels", maxDepth))
		}
	}
	return nil
}

// isMemberName reports whether the token just read is an object member name.
func isMemberName(dec *jsontext.Decoder) bool {
	kind, n := dec.StackIndex(dec.StackDepth())
	return kind == '{' && n%2 == 1
}

// jsonTextError translates a jsontext error: invalid UTF-8 and unpaired
// surrogates are invalid text (422), anything else malformed JSON (400).
func jsonTextError(err error) error {
	var se *jsontext.SyntacticError
	if !errors.As(err, &se) {
		return decodeError(err)
	}
	// jsontext's error values for these are internal; their texts are not.
	if msg := se.Err.Error(); msg == "invalid UTF-8" || strings.Contains(msg, "surrogate pair") {
		return invalidText(string(se.JSONPointer), "is not valid UTF-8 text (invalid bytes or an unpaired surrogate escape)")
	}
	return badRequest(string(se.JSONPointer), "the body is not valid JSON: "+se.Err.Error())
}

// invalidText is a validation error (422) at pointer.
func invalidText(pointer, detail string) error {
	return evokg.Invalid(evokg.FieldError{Pointer: pointer, Detail: detail})
}
