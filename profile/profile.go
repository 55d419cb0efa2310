// Package profile keeps learner profiles and calibrates them: how each
// namespace's learner model is given memory (a block in the user message,
// or worked examples as chat turns), how many memories and how long, and
// whether it reasons before answering. Calibration answers a sample of
// validation items with each candidate profile through the learner layer
// clients use and keeps the best; it never reads a test item. It owns the
// table learner_profiles.
package profile

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// Store keeps the profiles; it is the only writer of learner_profiles.
type Store struct{ pool *pgxpool.Pool }

// NewStore returns a Store over pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

var _ evokg.ProfileService = (*Store)(nil)

// Profile returns the profile of ns's learner model, DefaultProfile when
// none is stored.
func (s *Store) Profile(ctx context.Context, ns, model string) (evokg.LearnerProfile, error) {
	sp, err := s.Get(ctx, ns, model)
	if evokg.ErrorCode(err) == evokg.ENOTFOUND {
		return evokg.DefaultProfile, nil
	}
	return sp.Profile, err
}

// Get returns the stored profile of ns's learner model, or ENOTFOUND.
func (s *Store) Get(ctx context.Context, ns, model string) (evokg.StoredProfile, error) {
	sp, err := scan(s.pool.QueryRow(ctx, queries["get_profile"], ns, model))
	if errors.Is(err, pgx.ErrNoRows) {
		return evokg.StoredProfile{}, evokg.Errorf(evokg.ENOTFOUND, "no learner profile for model %q in namespace %s", model, ns)
	}
	return sp, postgres.Translate(err, "reading the learner profile")
}

// Put stores sp (its profile validated) and returns it as stored.
func (s *Store) Put(ctx context.Context, sp evokg.StoredProfile) (evokg.StoredProfile, error) {
	var v evokg.FieldErrors
	v.Check(evokg.ValidNamespace(sp.Namespace), "/namespace", "not a valid namespace")
	v.Check(sp.Model != "", "/model", "is required")
	if err := v.Err(); err != nil {
		return evokg.StoredProfile{}, err
	}
	if err := sp.Profile.Validate("/profile"); err != nil {
		return evokg.StoredProfile{}, err
	}
	prof, err := json.Marshal(sp.Profile)
	if err != nil {
		return evokg.StoredProfile{}, err
	}
	var cal []byte
	if sp.Calibration != nil {
		if cal, err = json.Marshal(sp.Calibration); err != nil {
			return evokg.StoredProfile{}, err
		}
	}
	out, err := scan(s.pool.QueryRow(ctx, queries["put_profile"], sp.Namespace, sp.Model, prof, cal))
	return out, postgres.Translate(err, "storing the learner profile")
}

func scan(row pgx.Row) (evokg.StoredProfile, error) {
	var sp evokg.StoredProfile
	var prof, cal []byte
	if err := row.Scan(&sp.Namespace, &sp.Model, &prof, &cal, &sp.UpdatedAt); err != nil {
		return sp, err
	}
	if err := json.Unmarshal(prof, &sp.Profile); err != nil {
		return sp, fmt.Errorf("decoding the learner profile: %w", err)
	}
	if len(cal) > 0 {
		sp.Calibration = &evokg.Calibration{}
		if err := json.Unmarshal(cal, sp.Calibration); err != nil {
			return sp, fmt.Errorf("decoding the calibration: %w", err)
		}
	}
	sp.UpdatedAt = sp.UpdatedAt.UTC().Truncate(time.Microsecond)
	return sp, nil
}
