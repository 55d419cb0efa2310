package api

import (
	"context"
	"errors"
	"strconv"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/evokg/evokg"
)

// translatePg maps a Postgres error into a domain error; what names the
// operation for logs and messages.
func translatePg(err error, what string) error {
	var pgErr *pgconn.PgError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.DeadlineExceeded):
		return &evokg.Error{Code: evokg.ETIMEOUT, Message: what + " timed out", Err: err}
	case errors.As(err, &pgErr) && pgErr.Code == "23505":
		return &evokg.Error{Code: evokg.ECONFLICT, Message: what + ": it already exists", Err: err}
	case errors.As(err, &pgErr) && pgErr.Hint == "evokg:protected":
		return &evokg.Error{Code: evokg.EPROTECTED, Message: pgErr.Message, Err: err}
	case pgconn.SafeToRetry(err) || pgconn.Timeout(err):
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Message: "the database is unavailable", Err: err}
	}
	return &evokg.Error{Code: evokg.EINTERNAL, Message: what, Err: err}
}

// pointerAt returns base/i, a JSON pointer into an array.
func pointerAt(base string, i int) string { return base + "/" + strconv.Itoa(i) }
