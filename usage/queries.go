package usage

import (
	"embed"

	"github.com/evokg/evokg/internal/queryfs"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = queryfs.MustLoad(queryFiles, "queries", ".sql")
