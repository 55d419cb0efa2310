package api

import (
	"net/http"
	"strconv"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

func ns(r *http.Request) string { return urlParam(r, "ns") }

// pathID parses the UUID URL parameter name.
func pathID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(urlParam(r, name))
	if err != nil {
		return uuid.Nil, evokg.Invalid(evokg.FieldError{Pointer: "/" + name, Detail: "must be a UUID"})
	}
	return id, nil
}

// idempotencyKey reads the Idempotency-Key header (at most 255 characters,
// as the document says).
func idempotencyKey(r *http.Request) string { return r.Header.Get("Idempotency-Key") }

func queryInt(v *evokg.FieldErrors, raw, pointer string) int {
	if raw == "" {
		return 0
	}
	n, err := strconv.Atoi(raw)
	v.Check(err == nil, pointer, "must be an integer")
	return n
}

// Listing page sizes.
const (
	defaultPageSize = 50
	maxPageSize     = 200
)

// pageLimit reads the limit query parameter l of a listing: 1 to 200, by
// default 50.
func pageLimit(v *evokg.FieldErrors, l string) int {
	if l == "" {
		return defaultPageSize
	}
	n, err := strconv.Atoi(l)
	v.Check(err == nil && n >= 1 && n <= maxPageSize, "/limit", "must be an integer from 1 to 200")
	return n
}

// pointerAt returns base/i, a JSON pointer into an array.
func pointerAt(base string, i int) string { return base + "/" + strconv.Itoa(i) }
