package graph

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/google/uuid"
	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// signatureWindows keeps, per namespace, the newest StructuralWindow
// experiences with their signatures in memory, so that a structural match
// across task types is ranked in Go over interned signatures instead of
// Neo4j reading and comparing thousands of signature lists per query.
//
// The window is kept exact by the namespace's experience clock
// (cypher/experience_clock_*.cypher): every transaction that writes
// experiences (or mirrors their states: only served memories match)
// advances it first and stamps them with the tick, and one that deletes
// experiences starts a new epoch. A match reads the clock; on
// a new tick it reads only the experiences stamped since (one index seek),
// on a new epoch the whole window again. Entries are kept for the most
// recently used namespaces only.
type signatureWindows struct {
	cache *lru.Cache[string, *signatureWindow]
}

// signatureWindowNamespaces is how many namespaces' windows are kept: a
// window holds 5,000 entries of a few hundred bytes (an id, two short
// strings, a signature of a few operations) plus its matcher's arrays.
const signatureWindowNamespaces = 64

func newSignatureWindows() *signatureWindows {
	cache, _ := lru.New[string, *signatureWindow](signatureWindowNamespaces) // errors only on a size below 1
	return &signatureWindows{cache: cache}
}

// get returns ns's window, empty and unread the first time.
func (w *signatureWindows) get(ns string) *signatureWindow {
	win, ok := w.cache.Get(ns)
	if !ok {
		win = &signatureWindow{}
		if prev, found, _ := w.cache.PeekOrAdd(ns, win); found {
			win = prev
		}
	}
	return win
}

// signatureWindow is one namespace's window. Its mutex is held for a
// whole match: the matcher's scratch space is shared.
type signatureWindow struct {
	mu      sync.Mutex
	read    bool          // read from Neo4j at least once
	clock   windowClock   // as of the last read
	entries []windowEntry // newest (greatest id) first
	byID    map[string]int
	matcher *structuralMatcher // over entries; nil after a change
}

type windowEntry struct {
	id, taskType, outcome string
	signature             []string
	served                bool // state active
}

// windowClock is a reading of a namespace's experience clock.
type windowClock struct {
	epoch string
	tick  int64
}

// windowUpdate is what one refresh read: the clock, and either the
// experiences written since the window's tick or the whole window.
type windowUpdate struct {
	clock   windowClock
	entries []windowEntry
	whole   bool
}

// crossTypeMatches is SignatureMatches across task types, on the window.
func (g *Graph) crossTypeMatches(ctx context.Context, ns string, sig []string, threshold float64, limit int) ([]evokg.SignatureMatch, error) {
	if len(sig) == 0 {
		return nil, nil
	}
	win := g.windows.get(ns)
	win.mu.Lock()
	defer win.mu.Unlock()
	if err := g.refreshWindow(ctx, ns, win); err != nil {
		return nil, err
	}
	if win.matcher == nil {
		cands := make([]sigCandidate, 0, len(win.entries))
		for _, e := range win.entries {
			if e.served && len(e.signature) > 0 {
				cands = append(cands, sigCandidate{id: e.id, sig: e.signature})
			}
		}
		win.matcher = newStructuralMatcher(cands, threshold, 0, 0)
	}
	win.matcher.threshold = threshold
	var out []evokg.SignatureMatch
	for _, m := range win.matcher.matchesWith("", sig, max(g.cfg.CandidateLimit, limit), limit) {
		e := win.entries[win.byID[m.id]]
		out = append(out, evokg.SignatureMatch{ExperienceID: uuid.MustParse(e.id), TaskType: e.taskType,
			Outcome: evokg.Outcome(e.outcome), Signature: e.signature, Similarity: m.similarity})
	}
	return out, nil
}

// refreshWindow brings win up to ns's experience clock.
func (g *Graph) refreshWindow(ctx context.Context, ns string, win *signatureWindow) error {
	up, err := readTx(ctx, g, "signature window", func(ctx context.Context, tx neo4j.ManagedTransaction) (windowUpdate, error) {
		return g.readWindowUpdate(ctx, tx, ns, win)
	})
	if err != nil {
		return err
	}
	win.read, win.clock = true, up.clock
	switch {
	case up.whole:
		win.entries = up.entries
	case len(up.entries) > 0:
		win.entries = mergeWindow(win.entries, up.entries, g.cfg.StructuralWindow)
	default: // no experience changed
		return nil
	}
	win.matcher = nil
	win.byID = make(map[string]int, len(win.entries))
	for i, e := range win.entries {
		win.byID[e.id] = i
	}
	return nil
}

// readWindowUpdate reads the clock first, then what changed: experiences
// committed between the two reads may come twice, which merging by id
// absorbs, but none is missed.
func (g *Graph) readWindowUpdate(ctx context.Context, tx neo4j.ManagedTransaction, ns string, win *signatureWindow) (windowUpdate, error) {
	rec, _, err := single(ctx, tx, "experience_clock_read", params(ns))
	if err != nil {
		return windowUpdate{}, err
	}
	r := rowOf(rec)
	up := windowUpdate{clock: windowClock{epoch: r.str("epoch"), tick: r.i64("tick")}}
	if win.read && up.clock.epoch == win.clock.epoch {
		if up.clock.tick == win.clock.tick {
			return up, nil
		}
		rec, _, err := single(ctx, tx, "experience_signature_changes", params(ns, "since", win.clock.tick, "limit", g.cfg.StructuralWindow+1))
		if err != nil {
			return up, err
		}
		if up.entries = windowEntries(rowOf(rec)); len(up.entries) <= g.cfg.StructuralWindow {
			return up, nil
		}
	}
	rec, _, err = single(ctx, tx, "experience_signature_window", params(ns, "window", g.cfg.StructuralWindow))
	if err != nil {
		return up, err
	}
	up.entries, up.whole = windowEntries(rowOf(rec)), true
	slices.SortFunc(up.entries, newestFirst)
	return up, nil
}

// windowEntries decodes the parallel lists of a window read.
func windowEntries(r row) []windowEntry {
	ids, types, outcomes, states := r.strs("ids"), r.strs("task_types"), r.strs("outcomes"), r.strs("states")
	sigs, _ := r["signatures"].([]any)
	out := make([]windowEntry, min(len(ids), len(types), len(outcomes), len(sigs), len(states)))
	for i := range out {
		out[i] = windowEntry{id: ids[i], taskType: types[i], outcome: outcomes[i], signature: anyStrings(sigs[i]),
			served: states[i] == string(evokg.MemoryActive)}
	}
	return out
}

// mergeWindow returns the newest n of the window and the changed entries,
// a changed entry replacing the window's entry of the same id.
func mergeWindow(window, changed []windowEntry, n int) []windowEntry {
	seen := make(map[string]bool, len(changed))
	out := make([]windowEntry, 0, len(window)+len(changed))
	for _, e := range changed {
		if !seen[e.id] {
			seen[e.id] = true
			out = append(out, e)
		}
	}
	for _, e := range window {
		if !seen[e.id] {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, newestFirst)
	return out[:min(len(out), n)]
}

func newestFirst(x, y windowEntry) int { return strings.Compare(y.id, x.id) }
