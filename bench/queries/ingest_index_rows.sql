-- How many of namespace $1's rows in the two memory channels are in their
-- partition's HNSW index (ann) and how many in their slice's exactly
-- scanned tail (postgres/migrations/00021_ann_slices.sql).
SELECT count(*) FILTER (WHERE ann)::int, count(*) FILTER (WHERE NOT ann)::int
  FROM (SELECT ann FROM success_index WHERE namespace = $1
        UNION ALL
        SELECT ann FROM failure_index WHERE namespace = $1) r
