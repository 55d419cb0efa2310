package bench

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/scale_*.sql
var scaleQueryFiles embed.FS

var scaleQueries = postgres.MustLoadQueries(scaleQueryFiles)

// ScaleOptions configures the replica benchmark.
type ScaleOptions struct {
	// Bin is the evokg binary the API and worker processes run. Required.
	Bin string
	// Env is the processes' environment: the stack's EVOKG_* variables.
	// The benchmark adds the model server, the rate limit and the addresses.
	Env []string
	// APIs and Workers are the processes started. Defaults 3 and 2.
	APIs, Workers int
	// Experiences is the load of each of the two tenants. Default 1000.
	Experiences int
	// Batch is the experiences of one ingest request. Default 10.
	Batch int
	// Clients is the concurrent clients of each tenant. Default 4.
	Clients int
	// RateLimit is the requests per minute per key the APIs enforce, low
	// enough that the load meets it. Default 200.
	RateLimit int
	// EmbeddingDim must match the database. Default 768.
	EmbeddingDim int
	// DrainTimeout bounds the wait, after the load, for every accepted
	// write to commit and every run to end. Default 12m.
	DrainTimeout time.Duration
	// LogDir receives the processes' logs. Default a new temporary folder.
	LogDir string
	// Keep leaves the tenants' namespaces and keys in place.
	Keep   bool
	Logger *slog.Logger
}

func (o ScaleOptions) withDefaults() ScaleOptions {
	o.APIs = ingestOr(o.APIs, 3)
	o.Workers = ingestOr(o.Workers, 2)
	o.Experiences = ingestOr(o.Experiences, 1000)
	o.Batch = ingestOr(o.Batch, 10)
	o.Clients = ingestOr(o.Clients, 4)
	o.RateLimit = ingestOr(o.RateLimit, 200)
	o.EmbeddingDim = ingestOr(o.EmbeddingDim, evokg.DefaultEmbeddingDim)
	o.DrainTimeout = ingestOr(o.DrainTimeout, 12*time.Minute)
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

func (o ScaleOptions) validate() error {
	switch {
	case o.Bin == "":
		return fmt.Errorf("bench: the evokg binary is required")
	case o.APIs < 2 || o.Workers < 2:
		return fmt.Errorf("bench: replicas need at least 2 APIs and 2 workers (one of each is killed)")
	case o.Experiences < o.Batch || o.Batch < 1:
		return fmt.Errorf("bench: %d experiences in batches of %d", o.Experiences, o.Batch)
	case o.RateLimit < 1:
		return fmt.Errorf("bench: the rate limit must be positive")
	}
	return nil
}

// ScaleResult is what the replica benchmark shows.
type ScaleResult struct {
	APIs        int `json:"apis"`
	Workers     int `json:"workers"`
	Experiences int `json:"experiences_per_tenant"`
	// RateLimit is the requests per key per RateWindowSeconds.
	RateLimit         int `json:"rate_limit"`
	RateWindowSeconds int `json:"rate_window_seconds"`
	// Totals over the tenants.
	Accepted         int `json:"accepted"`
	CommittedOnce    int `json:"committed_once"`
	Lost             int `json:"lost"`
	Duplicated       int `json:"duplicated"`
	CrossTenantReads int `json:"cross_tenant_reads"`
	RateRefusals     int `json:"rate_limit_refusals"`
	RunRefusals      int `json:"run_refusals"`
	ConcurrentRuns   int `json:"concurrent_runs"`
	// The kill: which API and worker, when (seconds from the load's start),
	// the requests cut by it, and from it to the last accepted write's
	// commit and to the end of the drain (every write committed, every
	// run ended).
	KilledAPI        string  `json:"killed_api"`
	KilledWorker     int     `json:"killed_worker_pid"`
	KillAtSeconds    float64 `json:"kill_at_seconds"`
	LoadSeconds      float64 `json:"load_seconds"`
	KillToLastCommit float64 `json:"kill_to_last_commit_seconds"`
	KillToDrained    float64 `json:"kill_to_drained_seconds"`
	// LoadToDrained is from the load's end (its last request answered) to
	// the drain's: what the queue still had to do.
	LoadToDrained float64       `json:"load_to_drained_seconds"`
	Tenants       []ScaleTenant `json:"tenants"`
	LogDir        string        `json:"log_dir"`
}

// ScaleTenant is one tenant's figures.
type ScaleTenant struct {
	Namespace string `json:"namespace"`
	KeyID     string `json:"key_id"`
	// Accepted writes got a 2xx; each must be committed exactly once in
	// each store. Unacknowledged are load experiences stored whose request
	// never got its 2xx (the client gave up): neither lost nor duplicated.
	Accepted          int `json:"accepted"`
	CommittedPostgres int `json:"committed_once_postgres"`
	CommittedNeo4j    int `json:"committed_once_neo4j"`
	Lost              int `json:"lost"`
	Duplicated        int `json:"duplicated"`
	Unacknowledged    int `json:"unacknowledged"`
	Retrieves         int `json:"retrieves"`
	Answers           int `json:"answers"`
	// CrossTenantReads are memories of another namespace in a retrieval, and
	// 2xx answers to the key on the other tenant's namespace (ForeignProbes
	// were sent, each must be refused).
	CrossTenantReads int `json:"cross_tenant_reads"`
	ForeignProbes    int `json:"foreign_probes"`
	// Requests sent with the key, the 429s among them, and the most
	// requests let through in one rate window (the limit holds across the
	// APIs when it is at most the limit).
	Requests      int `json:"requests"`
	RateRefusals  int `json:"rate_limit_refusals"`
	MaxPerWindow  int `json:"max_admitted_per_window"`
	ConnectErrors int `json:"connect_errors"`
	OtherErrors   int `json:"other_errors"`
	// RunStarts admitted (one), RunRefusals (409s to a start while the run
	// is active), ConcurrentRuns (pairs of the namespace's runs active at
	// once: 0) and the run's final status.
	RunStarts      int    `json:"run_starts"`
	RunRefusals    int    `json:"run_refusals"`
	ConcurrentRuns int    `json:"concurrent_runs"`
	RunStatus      string `json:"run_status"`
}

// Scale runs the replica benchmark: Workers worker and APIs API processes
// of opts.Bin on one stack (pool and g are the checks' view of it) and a
// scripted fake model server, two tenants' mixed load across the APIs
// round-robin (batch ingest with Idempotency-Keys, retrieve, answer, one
// evolution run each), one API and one worker killed with SIGKILL mid-load;
// then it waits for the queue to drain and checks what must hold across
// replicas.
func Scale(ctx context.Context, pool *pgxpool.Pool, g *graph.Graph, opts ScaleOptions, progress io.Writer) (ScaleResult, error) {
	opts = opts.withDefaults()
	if err := opts.validate(); err != nil {
		return ScaleResult{}, err
	}
	if progress == nil {
		progress = io.Discard
	}
	if opts.LogDir == "" {
		dir, err := os.MkdirTemp("", "evokg-bench-scale-")
		if err != nil {
			return ScaleResult{}, err
		}
		opts.LogDir = dir
	}
	fakeURL, err := startFakeModels(ctx, opts.EmbeddingDim)
	if err != nil {
		return ScaleResult{}, err
	}
	cl, err := startCluster(ctx, opts, fakeURL, progress)
	defer cl.stop()
	if err != nil {
		return ScaleResult{}, err
	}
	tenants, err := newTenants(ctx, pool, g, opts)
	if err != nil {
		return ScaleResult{}, err
	}
	if !opts.Keep {
		defer removeTenants(pool, g, tenants, opts.Logger)
	}
	return runScale(ctx, pool, g, cl, tenants, opts, progress)
}

func runScale(ctx context.Context, pool *pgxpool.Pool, g *graph.Graph, cl *cluster, tenants []*tenant, opts ScaleOptions, progress io.Writer) (ScaleResult, error) {
	res := ScaleResult{APIs: opts.APIs, Workers: opts.Workers, Experiences: opts.Experiences,
		RateLimit: opts.RateLimit, RateWindowSeconds: 60, LogDir: opts.LogDir}
	start := time.Now()
	kill := driveLoad(ctx, pool, cl, tenants, opts, progress)
	loadEnd := time.Now()
	res.LoadSeconds = loadEnd.Sub(start).Seconds()
	if kill.err != nil {
		return res, kill.err
	}
	res.KilledAPI, res.KilledWorker, res.KillAtSeconds = kill.api, kill.workerPID, kill.at.Sub(start).Seconds()
	fmt.Fprintf(progress, "load done in %.1fs; waiting for the queue to drain\n", res.LoadSeconds)
	drained, err := waitDrained(ctx, pool, tenants, opts.DrainTimeout, progress)
	if err != nil {
		return res, err
	}
	res.KillToDrained = drained.Sub(kill.at).Seconds()
	res.LoadToDrained = drained.Sub(loadEnd).Seconds()
	last, err := checkTenants(ctx, pool, g, tenants)
	if err != nil {
		return res, err
	}
	res.KillToLastCommit = max(0, last.Sub(kill.at).Seconds())
	res.total(tenants)
	return res, nil
}

// total sums the tenants' figures.
func (r *ScaleResult) total(tenants []*tenant) {
	for _, t := range tenants {
		f := t.fig
		r.Accepted += f.Accepted
		r.CommittedOnce += min(f.CommittedPostgres, f.CommittedNeo4j)
		r.Lost += f.Lost
		r.Duplicated += f.Duplicated
		r.CrossTenantReads += f.CrossTenantReads
		r.RateRefusals += f.RateRefusals
		r.RunRefusals += f.RunRefusals
		r.ConcurrentRuns += f.ConcurrentRuns
		r.Tenants = append(r.Tenants, f)
	}
}

// startFakeModels serves the scripted fake of the model server until ctx
// ends and returns its URL.
func startFakeModels(ctx context.Context, dim int) (string, error) {
	addr, err := freeAddr()
	if err != nil {
		return "", err
	}
	fake := ollamafake.New(ollamafake.Options{EmbeddingDim: dim})
	errc := make(chan error, 1)
	go func() { errc <- fake.ListenAndServe(ctx, addr) }()
	url := "http://" + addr
	if err := waitHTTP(ctx, url+"/api/version", 30*time.Second, errc); err != nil {
		return "", fmt.Errorf("bench: the fake model server: %w", err)
	}
	return url, nil
}

// newTenants creates two namespaces, each with an all-scopes key bound to
// it alone.
func newTenants(ctx context.Context, pool *pgxpool.Pool, g *graph.Graph, opts ScaleOptions) ([]*tenant, error) {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	keys, namespaces := access.NewKeyStore(pool, opts.Logger), access.NewNamespaceStore(pool)
	var out []*tenant
	for _, name := range []string{"a", "b"} {
		ns := "bench-scale-" + hex.EncodeToString(b) + "-" + name
		if _, err := namespaces.CreateNamespace(ctx, evokg.Namespace{Name: ns, Description: "evokg bench scale"}, uuid.Nil); err != nil {
			removeTenants(pool, g, out, opts.Logger)
			return nil, fmt.Errorf("bench: creating namespace %s: %w", ns, err)
		}
		token, k, err := keys.Create(ctx, ns, evokg.Scopes, []string{ns})
		if err != nil {
			removeTenants(pool, g, out, opts.Logger)
			return nil, fmt.Errorf("bench: creating the key of %s: %w", ns, err)
		}
		out = append(out, &tenant{ns: ns, token: token, keyID: k.ID, fig: ScaleTenant{Namespace: ns, KeyID: k.ID.String()}})
	}
	out[0].other, out[1].other = out[1], out[0]
	return out, nil
}

func removeTenants(pool *pgxpool.Pool, g *graph.Graph, tenants []*tenant, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	keys := access.NewKeyStore(pool, logger)
	for _, t := range tenants {
		_ = keys.Revoke(ctx, t.keyID)
		_ = postgres.PurgeNamespace(ctx, pool, t.ns)
		_ = g.PurgeNamespace(ctx, t.ns)
	}
}
