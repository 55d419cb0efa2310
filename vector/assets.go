package vector

// The embedding index of Mem2Evolve's asset memory (tools and expert agents,
// found by similarity): one row per asset name, its latest version; package
// assets writes it with the asset and recruits from it.

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// Asset kinds (Mem2Evolve asset memory).
const (
	AssetTool        = "tool"
	AssetExpertAgent = "expert_agent"
)

// Asset is a tool or expert agent whose description is embedded so that it
// can be recruited by similarity to a task.
type Asset struct {
	Namespace   string
	ID          uuid.UUID
	Kind        string
	Name        string
	Description string
	Validated   bool
}

// AssetHit is an asset found by SearchAssets.
type AssetHit struct {
	ID          uuid.UUID
	Kind        string
	Name        string
	Description string
	Validated   bool
	Similarity  float64
}

// UpsertAsset stores or refreshes the embedding of an asset.
func (s *Store) UpsertAsset(ctx context.Context, a Asset, embedding []float32) error {
	if err := s.checkAsset(a, embedding); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, queries.Get("upsert_asset"), a.Namespace, a.ID, a.Kind, a.Name, a.Description,
		a.Validated, encode(embedding))
	if err != nil {
		return postgres.Translate(err, "indexing the asset embedding")
	}
	return nil
}

func (s *Store) checkAsset(a Asset, embedding []float32) error {
	var v evokg.FieldErrors
	v.Check(a.Namespace != "", "/namespace", "is required")
	v.Check(a.ID != uuid.Nil, "/id", "is required")
	v.Check(a.Kind == AssetTool || a.Kind == AssetExpertAgent, "/kind", "must be tool or expert_agent")
	v.Check(a.Name != "", "/name", "is required")
	if err := v.Err(); err != nil {
		return err
	}
	return s.checkEmbedding(embedding)
}

// ReplaceAssetTx stores the embedding of an asset's latest version in tx
// and drops those of its name's earlier versions.
func (s *Store) ReplaceAssetTx(ctx context.Context, tx pgx.Tx, a Asset, embedding []float32) error {
	if err := s.checkAsset(a, embedding); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, queries.Get("delete_asset_name"), a.Namespace, a.Kind, a.Name, a.ID); err != nil {
		return postgres.Translate(err, "replacing the asset embedding")
	}
	_, err := tx.Exec(ctx, queries.Get("upsert_asset"), a.Namespace, a.ID, a.Kind, a.Name, a.Description,
		a.Validated, encode(embedding))
	if err != nil {
		return postgres.Translate(err, "indexing the asset embedding")
	}
	return nil
}

// RecruitAssets returns up to k validated assets of a kind whose cosine
// similarity to embedding is at least threshold, best first.
func (s *Store) RecruitAssets(ctx context.Context, ns, kind string, embedding []float32, threshold float64, k int) ([]AssetHit, error) {
	var v evokg.FieldErrors
	v.Check(ns != "", "/namespace", "is required")
	v.Check(kind == AssetTool || kind == AssetExpertAgent, "/kind", "must be tool or expert_agent")
	v.Check(threshold >= -1 && threshold <= 1, "/threshold", "must be between -1 and 1")
	v.Check(k >= 1 && k <= MaxK, "/k", fmt.Sprintf("must be between 1 and %d", MaxK))
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.checkEmbedding(embedding); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, queries.Get("recruit_assets"), ns, encode(embedding), kind, threshold, k)
	if err != nil {
		return nil, postgres.Translate(err, "recruiting assets")
	}
	return collectAssetHits(rows)
}

// SearchAssets returns the k assets of namespace ns most similar to
// embedding; kind restricts to one kind when not empty.
func (s *Store) SearchAssets(ctx context.Context, ns, kind string, embedding []float32, k int) ([]AssetHit, error) {
	var v evokg.FieldErrors
	v.Check(ns != "", "/namespace", "is required")
	v.Check(k >= 1 && k <= MaxK, "/k", fmt.Sprintf("must be between 1 and %d", MaxK))
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.checkEmbedding(embedding); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, queries.Get("search_assets"), ns, encode(embedding), nullString(kind), k)
	if err != nil {
		return nil, postgres.Translate(err, "searching assets")
	}
	return collectAssetHits(rows)
}

func collectAssetHits(rows pgx.Rows) ([]AssetHit, error) {
	hits, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (AssetHit, error) {
		var h AssetHit
		err := row.Scan(&h.ID, &h.Kind, &h.Name, &h.Description, &h.Validated, &h.Similarity)
		return h, err
	})
	if err != nil {
		return nil, postgres.Translate(err, "searching assets")
	}
	return hits, nil
}
