package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

// TestTranslateMapsRealServerErrors provokes each kind of error on the real
// server and checks the domain error it becomes.
func TestTranslateMapsRealServerErrors(t *testing.T) {
	t.Parallel()
	pool := testenv.Postgres(t)
	ctx := context.Background()
	inTx := func(sql string, args ...any) error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `CREATE TEMP TABLE parent (id int PRIMARY KEY) ON COMMIT DROP;
				CREATE TEMP TABLE child (parent int REFERENCES parent) ON COMMIT DROP;
				INSERT INTO parent VALUES (1)`)
			require.NoError(t, err)
			_, err = tx.Exec(ctx, sql, args...)
			return err
		})
	}
	for _, tc := range []struct {
		name, sql string
		args      []any
		code      string
	}{
		{"unique violation", `INSERT INTO parent VALUES (1)`, nil, evokg.ECONFLICT},
		{"foreign key violation", `INSERT INTO child VALUES (2)`, nil, evokg.ENOTFOUND},
		{"NUL in text", `INSERT INTO parent SELECT length($1::text)`, []any{"a\x00b"}, evokg.EINVALID},
		{"protected memory", `DO $$ BEGIN RAISE EXCEPTION 'no' USING HINT = 'evokg:protected'; END $$`, nil, evokg.EPROTECTED},
		{"statement timeout", `SET LOCAL statement_timeout = 20; SELECT pg_sleep(5)`, nil, evokg.ETIMEOUT},
		{"a bug in a statement", `SELECT * FROM no_such_table`, nil, evokg.EINTERNAL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := postgres.Translate(inTx(tc.sql, tc.args...), "doing it")
			require.Equal(t, tc.code, evokg.ErrorCode(err), "%v", err)
			if tc.code != evokg.EPROTECTED { // the trigger's own words name the memory
				require.Contains(t, err.Error(), "doing it")
			}
		})
	}
}

func TestTranslatePassesAndClassifies(t *testing.T) {
	t.Parallel()
	require.NoError(t, postgres.Translate(nil, "reading"))
	domain := evokg.Errorf(evokg.ENOTFOUND, "no such run")
	require.Same(t, domain, postgres.Translate(domain, "reading"))
	require.ErrorIs(t, postgres.Translate(context.Canceled, "reading"), context.Canceled)
	require.Equal(t, evokg.ETIMEOUT, evokg.ErrorCode(postgres.Translate(context.DeadlineExceeded, "reading")))
	require.Equal(t, evokg.EINTERNAL, evokg.ErrorCode(postgres.Translate(errors.New("odd"), "reading")))

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, "postgres://evokg:evokg-local@127.0.0.1:1/evokg?connect_timeout=5")
	if conn != nil {
		_ = conn.Close(ctx)
	}
	require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(postgres.Translate(err, "connecting")), "%v", err)
}
