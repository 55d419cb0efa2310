package postgres

import (
	"context"
	"errors"
	"fmt"
	"net"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/evokg/evokg"
)

// ProtectedHint is the hint of the error the protection trigger raises when
// a protected memory would be rewritten or deleted (migrations/00001_core.sql).
const ProtectedHint = "evokg:protected"

// Translate turns an error of a Postgres call into a domain error; what
// names the operation in the message. It is the one place where driver
// errors are read: every package that runs SQL returns its errors through
// it. Domain errors and cancellations pass through unchanged.
func Translate(err error, what string) error {
	if err == nil {
		return nil
	}
	var de *evokg.Error
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &de), errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err):
		return &evokg.Error{Code: evokg.ETIMEOUT, Message: what + " timed out", Err: err}
	case errors.As(err, &pgErr):
		return translateServerError(pgErr, what, err)
	}
	var netErr net.Error
	if errors.As(err, &netErr) || pgconn.SafeToRetry(err) {
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Message: what + ": the database is unavailable", Err: err}
	}
	return &evokg.Error{Code: evokg.EINTERNAL, Message: what + " failed", Err: err}
}

// translateServerError maps an error the server returned, by SQLSTATE.
func translateServerError(pgErr *pgconn.PgError, what string, err error) error {
	code := func(c string, msg string) error { return &evokg.Error{Code: c, Message: msg, Err: err} }
	switch {
	case pgErr.Hint == ProtectedHint:
		return code(evokg.EPROTECTED, pgErr.Message)
	case pgErr.Code == "23505": // unique_violation
		return code(evokg.ECONFLICT, what+": it already exists")
	case pgErr.Code == "23503": // foreign_key_violation
		return code(evokg.ENOTFOUND, what+": a record it refers to does not exist")
	case LostToConcurrency(err):
		return code(evokg.EUNAVAILABLE, what+": lost to a concurrent transaction, retry")
	case pgErr.Code == "57014": // query_canceled: a statement timeout
		return code(evokg.ETIMEOUT, what+" timed out")
	case pgErr.Code[:2] == "22": // data exception: a value the column cannot hold
		return code(evokg.EINVALID, what+": "+pgErr.Message)
	case pgErr.Code[:2] == "08", pgErr.Code[:2] == "53", pgErr.Code[:2] == "57":
		// connection exception, insufficient resources, operator intervention
		return code(evokg.EUNAVAILABLE, what+": the database is unavailable")
	}
	return code(evokg.EINTERNAL, what+" failed")
}

// LostToConcurrency reports whether Postgres aborted a transaction to break a
// deadlock or a serialization conflict: running it again may succeed.
func LostToConcurrency(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40P01" || pgErr.Code == "40001")
}

// describeConnectError says why connecting failed, for the start-up error.
func describeConnectError(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "28P01", "28000":
			return errors.New("authentication failed: wrong user or password")
		case "3D000":
			return errors.New("database does not exist")
		}
	}
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("unreachable: %w", err)
	}
	return err
}
