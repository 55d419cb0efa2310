package postgres

import (
	"encoding/base64"

	"github.com/google/uuid"
)

// EncodeCursor is the cursor of the page after id in a listing paged by
// keyset: the id of the page's last item, base64url without padding (22
// characters).
func EncodeCursor(id uuid.UUID) string { return base64.RawURLEncoding.EncodeToString(id[:]) }

// DecodeCursor returns the id of cursor c; the nil UUID for "" (the first
// page).
func DecodeCursor(c string) (uuid.UUID, error) {
	if c == "" {
		return uuid.Nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return uuid.Nil, err
	}
	return uuid.FromBytes(b)
}
