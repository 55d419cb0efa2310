// Package cursor encodes the keyset cursors of the API's listings: the id
// of a page's last item, base64url without padding (22 characters).
package cursor

import (
	"encoding/base64"

	"github.com/google/uuid"
)

// Encode is the cursor of the page after id.
func Encode(id uuid.UUID) string { return base64.RawURLEncoding.EncodeToString(id[:]) }

// Decode returns the id of cursor c; the nil UUID for "" (the first page).
func Decode(c string) (uuid.UUID, error) {
	if c == "" {
		return uuid.Nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return uuid.Nil, err
	}
	return uuid.FromBytes(b)
}
