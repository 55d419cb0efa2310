-- Drops the embeddings of an asset name's earlier versions, so that only
-- the latest version is recruited. $1 namespace, $2 kind, $3 name, $4 latest id.
DELETE FROM asset_embeddings WHERE namespace = $1 AND kind = $2 AND name = $3 AND id <> $4
