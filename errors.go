package evokg

import (
	"errors"
	"fmt"
)

// Error codes shared by every adapter. The API maps each to one HTTP status
// in a single table (api/problem.go).
const (
	ECONFLICT     = "conflict"     // state conflict, e.g. idempotency key reused with another body
	EPROTECTED    = "protected"    // write refused by the append-only rule
	EINVALID      = "invalid"      // validation failed; see Error.Fields
	ENOTFOUND     = "not_found"    // entity does not exist
	EUNAUTHORIZED = "unauthorized" // missing or bad credentials
	EFORBIDDEN    = "forbidden"    // credentials lack scope or namespace
	ETOOLARGE     = "too_large"    // body or batch over its limit
	ELIMIT        = "limit"        // a configured cap (skills, principles, budget) is reached
	EQUOTA        = "quota"        // a bound on active background runs (per API key, per tenant) is reached
	EUNAVAILABLE  = "unavailable"  // a dependency (model server, database) is down
	ETIMEOUT      = "timeout"      // a dependency did not answer in time
	ETOOL         = "tool_failed"  // a tool's code failed in the sandbox or broke its output schema
	EINTERNAL     = "internal"     // anything else; never shown to clients
)

// FieldError names one invalid input field by JSON pointer.
type FieldError struct {
	Pointer string `json:"pointer"`
	Detail  string `json:"detail"`
}

// Error is the domain error. Message is safe to show to clients.
type Error struct {
	Code    string
	Message string
	Fields  []FieldError
	Err     error // underlying cause, for logs only
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf builds a domain error with a formatted client-safe message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid builds a validation error from field errors.
func Invalid(fields ...FieldError) *Error {
	return &Error{Code: EINVALID, Message: "the request is not valid", Fields: fields}
}

// ErrorCode returns the code of the first domain error in err's chain,
// EINTERNAL for any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the client-safe message of err.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}

// FieldErrors collects field errors; Err returns nil when there are none.
type FieldErrors struct{ fields []FieldError }

// Check records detail at pointer unless ok.
func (v *FieldErrors) Check(ok bool, pointer, detail string) {
	if !ok {
		v.fields = append(v.fields, FieldError{Pointer: pointer, Detail: detail})
	}
}

// Merge records the fields of err, an EINVALID error (a Validate's).
func (v *FieldErrors) Merge(err error) {
	var e *Error
	if errors.As(err, &e) {
		v.fields = append(v.fields, e.Fields...)
	}
}

// Err returns the collected errors as an EINVALID error, or nil.
func (v *FieldErrors) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return Invalid(v.fields...)
}
