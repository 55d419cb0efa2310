package ingest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// List limits.
const (
	DefaultListLimit = 50
	MaxListLimit     = 500
)

// Get returns one experience with its status, or evokg.ENOTFOUND.
func (s *Service) Get(ctx context.Context, ns string, id uuid.UUID) (*evokg.StoredExperience, error) {
	rec, err := scanRecord(s.pool.QueryRow(ctx, queries.Get("get_experience"), ns, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, evokg.Errorf(evokg.ENOTFOUND, "experience %s not found", id)
	}
	if err != nil {
		return nil, postgres.Translate(err, "reading an experience")
	}
	return rec, nil
}

// List returns a page of the namespace's experiences matching f.
func (s *Service) List(ctx context.Context, ns string, f evokg.ExperienceFilter) (evokg.ExperiencePage, error) {
	after, limit, err := checkFilter(f)
	if err != nil {
		return evokg.ExperiencePage{}, err
	}
	rows, err := s.pool.Query(ctx, queries.Get("list_experiences"), ns, after,
		string(f.Outcome), f.TaskType, string(f.Status), limit+1)
	if err != nil {
		return evokg.ExperiencePage{}, postgres.Translate(err, "listing experiences")
	}
	recs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (evokg.StoredExperience, error) {
		rec, err := scanRecord(r)
		if err != nil {
			return evokg.StoredExperience{}, err
		}
		return *rec, nil
	})
	if err != nil {
		return evokg.ExperiencePage{}, postgres.Translate(err, "listing experiences")
	}
	page := evokg.ExperiencePage{Items: recs}
	if len(recs) > limit {
		page.Items = recs[:limit]
		page.NextCursor = postgres.EncodeCursor(recs[limit-1].ID)
	}
	return page, nil
}

func checkFilter(f evokg.ExperienceFilter) (uuid.UUID, int, error) {
	var v evokg.FieldErrors
	v.Check(f.Outcome == "" || f.Outcome.Valid(), "/outcome", "is not a memory class")
	v.Check(f.Status == "" || f.Status.Valid(), "/status", "must be queued, evaluating, committed or failed")
	v.Check(f.Limit >= 0 && f.Limit <= MaxListLimit, "/limit", "must be within [1, 500]")
	after, err := postgres.DecodeCursor(f.Cursor)
	v.Check(err == nil, "/cursor", "is not a cursor returned by this API")
	limit := f.Limit
	if limit == 0 {
		limit = DefaultListLimit
	}
	return after, limit, v.Err()
}

func scanRecord(row pgx.Row) (*evokg.StoredExperience, error) {
	var rec evokg.StoredExperience
	var raw []byte
	var status string
	if err := row.Scan(&raw, &status, &rec.StatusReason, &rec.UpdatedAt, &rec.ProjectedAt); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &rec.Experience); err != nil {
		return nil, fmt.Errorf("decoding experience record: %w", err)
	}
	rec.Status = evokg.IngestStatus(status)
	rec.UpdatedAt = rec.UpdatedAt.UTC()
	return &rec, nil
}

func prefixFields(err error, prefix string) []evokg.FieldError {
	var de *evokg.Error
	if !errors.As(err, &de) {
		return []evokg.FieldError{{Pointer: prefix, Detail: err.Error()}}
	}
	out := make([]evokg.FieldError, len(de.Fields))
	for i, f := range de.Fields {
		out[i] = evokg.FieldError{Pointer: prefix + f.Pointer, Detail: f.Detail}
	}
	return out
}
