// Package memtest seeds memories into the test Postgres for the tests of the
// vector and retrieval layers: an experience row and its embedding written
// in one transaction, as ingest writes them, plus exact test vectors and a
// deterministic embedder.
package memtest

import (
	"cmp"
	"context"
	"encoding/json"
	"math"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/vector"
)

// Dim is the embedding dimension of the test database.
const Dim = evokg.DefaultEmbeddingDim

// insertExperienceSQL writes the system-of-record row a memory's index row
// refers to (the ingest package does this in production).
const insertExperienceSQL = `INSERT INTO experiences (id, namespace, task_type, outcome, failure_kind, status, record, quality, signature, created_at)
VALUES ($1, $2, $3, $4, $5, 'committed', $6, $7, $8, $9)`

// Bundle is a test's own namespace on the test database, with the vector
// store of that database.
type Bundle struct {
	Pool  *pgxpool.Pool
	Store *vector.Store
	NS    string
}

// Setup returns a Bundle with a fresh namespace.
func Setup(t *testing.T) Bundle {
	t.Helper()
	pool := testenv.Postgres(t)
	return Bundle{Pool: pool, Store: vector.NewStore(pool, Dim), NS: testenv.Namespace(t)}
}

// Insert inserts m (see Insert), in the bundle's namespace when m names none.
func (b Bundle) Insert(t testing.TB, m Memory) *evokg.Experience {
	t.Helper()
	m.Namespace = cmp.Or(m.Namespace, b.NS)
	return Insert(t, b.Pool, b.Store, m)
}

// Memory describes a memory to insert; zero fields get defaults (task type
// arithmetic, a success memory).
type Memory struct {
	Namespace string
	TaskType  string
	Outcome   evokg.Outcome
	Kind      evokg.FailureKind
	Question  string
	Content   string
	Signature []string
	Vec       []float32
	// SkillSteps, Errors and Patches fill the record's MAGE steps and
	// APEX-EM error registry and patch reflections.
	SkillSteps []evokg.SkillStep
	Errors     []evokg.ErrorRecord
	Patches    []evokg.PatchReflection
}

// Insert commits the memory's experience row and its embedding in one
// transaction and returns the experience.
func Insert(t testing.TB, pool *pgxpool.Pool, store *vector.Store, m Memory) *evokg.Experience {
	t.Helper()
	if m.TaskType == "" {
		m.TaskType = "arithmetic"
	}
	if m.Outcome == "" {
		m.Outcome = evokg.OutcomeSuccess
	}
	exp := &evokg.Experience{
		ID:        evokg.NewID(),
		Namespace: m.Namespace,
		Version:   1,
		CreatedAt: evokg.Now(),
		ExperienceFields: evokg.ExperienceFields{
			TaskType:    m.TaskType,
			Outcome:     m.Outcome,
			FailureKind: m.Kind,
			Question:    m.Question,
			Content:     m.Content,
			Answer:      "42",
			Signature:   m.Signature,
			SkillSteps:  m.SkillSteps,
			Errors:      m.Errors,
			Patches:     m.Patches,
		},
	}
	rec, err := json.Marshal(exp)
	require.NoError(t, err)
	var kind *string
	if m.Kind != "" {
		s := string(m.Kind)
		kind = &s
	}
	sig := m.Signature
	if sig == nil {
		sig = []string{}
	}
	ctx := context.Background()
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, insertExperienceSQL, exp.ID, exp.Namespace, exp.TaskType, string(exp.Outcome), kind,
			rec, exp.Quality(), sig, exp.CreatedAt); err != nil {
			return err
		}
		return store.InsertTx(ctx, tx, exp, m.Vec)
	})
	require.NoError(t, err)
	return exp
}

// Unit returns the i-th basis vector.
func Unit(i int) []float32 {
	v := make([]float32, Dim)
	v[i] = 1
	return v
}

// Tilt returns a unit vector whose cosine with basis vector i is cos,
// rotated towards basis vector j.
func Tilt(i, j int, cos float64) []float32 {
	v := make([]float32, Dim)
	v[i] = float32(cos)
	v[j] = float32(math.Sqrt(1 - cos*cos))
	return v
}

// BagOfWords is the tests' embedding model: the fake model server's
// hashed bag of words (ollamafake.Embed), in process, counting its calls.
type BagOfWords struct {
	// Dim is the dimension of the vectors. Default evokg.DefaultEmbeddingDim.
	Dim   int
	calls atomic.Int32
}

// Dimension implements evokg.Embedder.
func (e *BagOfWords) Dimension() int { return cmp.Or(e.Dim, evokg.DefaultEmbeddingDim) }

// Embed implements evokg.Embedder.
func (e *BagOfWords) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.calls.Add(1)
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = ollamafake.Embed(t, e.Dimension())
	}
	return out, nil
}

// Calls returns how many times Embed was called.
func (e *BagOfWords) Calls() int { return int(e.calls.Load()) }

// ResetCalls sets the call count back to zero.
func (e *BagOfWords) ResetCalls() { e.calls.Store(0) }
