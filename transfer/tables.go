package transfer

import (
	"context"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// Tables are the tables whose rows carry a namespace, in the order an
// import writes them (a table after the tables its foreign keys name). A
// namespaced table missing here makes Export and Import refuse, so a new
// migration cannot be left out of exports silently.
var Tables = []string{
	"namespaces",
	"experiences", "success_index", "failure_index", "principle_embeddings", "experience_similar",
	"memory_utility", "idempotency_keys", "ann_slices",
	"bandit_arms", "answers", "answer_rewards", "retrievals", "task_type_stats",
	"evolution_runs", "evolution_iterations", "slot_snapshots", "bandit_run_deltas",
	"memory_switches", "learner_profiles",
	"tools", "tool_stats", "expert_agents", "asset_embeddings",
	"epoch_runs", "tasks", "task_attempts",
	"llm_calls",
}

// table is one table's export and import statements. They follow the
// table's columns in the catalog, so a column a migration adds is carried
// without a change here; identifiers come from the catalog and Tables,
// never from input, and are quoted.
type table struct {
	name   string
	export string // $1 the namespace; one JSON object per row
	insert string // $1 a JSON array of row objects
	used   string // $1 the namespace; whether it has a row here
}

// knownTables reads the namespaced tables of the schema and refuses when
// one is not in Tables.
func knownTables(ctx context.Context, q pgxQuerier) error {
	rows, err := q.Query(ctx, queries.Get("namespaced_tables"))
	if err != nil {
		return postgres.Translate(err, "listing namespaced tables")
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return postgres.Translate(err, "listing namespaced tables")
	}
	for _, n := range names {
		if !slices.Contains(Tables, n) {
			return evokg.Errorf(evokg.EINTERNAL, "table %s carries a namespace but namespace export does not know it", n)
		}
	}
	return nil
}

// statements builds each table's statements from its stored columns.
func statements(ctx context.Context, q pgxQuerier) ([]table, error) {
	if err := knownTables(ctx, q); err != nil {
		return nil, err
	}
	out := make([]table, 0, len(Tables))
	for _, name := range Tables {
		rows, err := q.Query(ctx, queries.Get("table_columns"), name)
		if err != nil {
			return nil, postgres.Translate(err, "reading the columns of "+name)
		}
		cols, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return nil, postgres.Translate(err, "reading the columns of "+name)
		}
		if len(cols) == 0 {
			return nil, evokg.Errorf(evokg.EUNAVAILABLE, "table %s does not exist: run `evokg migrate` first", name)
		}
		out = append(out, buildTable(name, carried(name, cols)))
	}
	return out, nil
}

// carried drops the columns a namespace does not take to another stack: the
// key that created it (its tenant) is a key of this stack, so an imported
// namespace has the creator of its target, if any, not its source's.
func carried(name string, cols []string) []string {
	if name != "namespaces" {
		return cols
	}
	return slices.DeleteFunc(cols, func(c string) bool { return c == "created_by" })
}

func buildTable(name string, cols []string) table {
	quoted := make([]string, len(cols))
	for i, c := range cols {
		quoted[i] = pgx.Identifier{c}.Sanitize()
	}
	list := strings.Join(quoted, ", ")
	tbl := pgx.Identifier{name}.Sanitize()
	t := table{name: name,
		export: "SELECT row_to_json(r)::text FROM (SELECT " + list + " FROM " + tbl + " WHERE namespace = $1) r",
		insert: "INSERT INTO " + tbl + " (" + list + ") SELECT " + list + " FROM json_populate_recordset(NULL::" + tbl + ", $1::json)",
		used:   "SELECT EXISTS (SELECT 1 FROM " + tbl + " WHERE namespace = $1)",
	}
	if name == "namespaces" {
		// The target namespace may have been created before the import.
		t.insert += " ON CONFLICT (name) DO NOTHING"
	}
	return t
}

// pgxQuerier is a pool or a transaction.
type pgxQuerier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}
