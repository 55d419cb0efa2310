package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/experiment"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
)

// TestDecisionsAreBlindToTheTestSplit runs one experiment twice, each in a
// process of its own, on the same pool except for its test split: the
// second run's test items have other gold answers, and the learner answers
// them otherwise. Every decision the run stores (memory switch, learner
// profile, probation and quarantine, Delta-Guard, curriculum, the memories
// written, bandit arms, tools and agents) must be identical, byte for byte
// once ids, times and the namespace are masked: a decision that read a test
// item would differ.
func TestDecisionsAreBlindToTheTestSplit(t *testing.T) {
	t.Parallel()
	items := blindnessPool(t)
	testQuestions := map[string]bool{}
	for _, it := range items {
		if it.Split == questions.SplitTest {
			testQuestions[it.Question] = true
		}
	}
	changed := slices.Clone(items)
	for i, it := range changed {
		if it.Split == questions.SplitTest {
			changed[i].Answer = strconv.Itoa(1000 + i)
		}
	}
	a, reportA := runBlindness(t, items, testQuestions, 0)
	b, reportB := runBlindness(t, changed, testQuestions, 500)

	require.NotEqual(t, reportA.WithMemory, reportB.WithMemory, "the test split's answers differ between the runs")
	for _, table := range []string{"memory_switches", "memory_utility", "experiences", "learner_profiles", "bandit_arms", "iterations", "answers", "graph"} {
		require.NotEmpty(t, a.decisions[table], "the run decided something in %s", table)
	}
	for table, rows := range a.decisions {
		onlyA, onlyB := difference(rows, b.decisions[table]), difference(b.decisions[table], rows)
		assert.True(t, len(onlyA)+len(onlyB) == 0, "%s differs with the test split's gold:\nfirst run only:\n%s\nsecond run only:\n%s",
			table, strings.Join(onlyA, "\n"), strings.Join(onlyB, "\n"))
	}
	require.Equal(t, len(a.decisions), len(b.decisions))
}

// blindnessPool is the glyph pool of seed 1 with its splits named, as a
// client's JSONL file names them.
func blindnessPool(t *testing.T) []questions.Item {
	t.Helper()
	pl, err := questions.PoolSpec{Name: questions.Glyph, Size: 40, Seed: 1, Validation: 0.2, Test: 0.2}.Build()
	require.NoError(t, err)
	items := slices.Concat(pl.Train, pl.Validation, pl.Test)
	require.NotEmpty(t, pl.Test)
	return items
}

// glyphAsked is the question a learner prompt asks (the last one quoted:
// memories quote questions too).
var glyphAsked = regexp.MustCompile(`(What is (\d+) (★|∘|~) (\d+)\?|How many blips are (\d+) zorps\?)`)

// blindLearner knows the glyph rules only from memory: right when its
// prompt carries a worked example or a correction, one off otherwise. On a
// test question it answers the rule's value plus testShift.
func blindLearner(testQuestions map[string]bool, testShift int) ollamafake.ScriptFunc {
	return func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "answer" {
			return "", false
		}
		all := glyphAsked.FindAllStringSubmatch(v.Prompt, -1)
		if all == nil {
			return `{"reasoning":"unknown","answer":"0"}`, true
		}
		q := all[len(all)-1]
		a, b := atoiBlind(q[2]), atoiBlind(q[4])
		value := map[string]int{"★": 2*a + b, "∘": a*b + 1, "~": a + b + 10, "": 7 * atoiBlind(q[5])}[q[3]]
		switch {
		case testQuestions[q[1]]:
			value += testShift
		case !strings.Contains(v.Prompt, "Answer: "):
			value++
		}
		return fmt.Sprintf(`{"reasoning":"by the rule","answer":"%d"}`, value), true
	}
}

func atoiBlind(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// blindnessRun is what one run left: its stored decisions by table.
type blindnessRun struct {
	decisions map[string][]string
}

// runBlindness runs a one-seed experiment on items in a fresh process and
// returns its decisions and report.
func runBlindness(t *testing.T, items []questions.Item, testQuestions map[string]bool, testShift int) (blindnessRun, *experiment.Report) {
	t.Helper()
	e := openWith(t, app.ModeWorker, func(*app.Config) {})
	e.fake.Script(blindLearner(testQuestions, testShift))
	e.fake.Script(teacherOfGold)
	prefix := testenv.Namespace(t)
	ns := prefix + "-s1"
	testenv.Adopt(t, ns)
	store := access.NewNamespaceStore(e.app.Pool)
	report, err := experiment.Run(e.ctx, experiment.Deps{Engine: e.app.Engine, Answerer: e.app.Answer, Memory: e.app.Ingest,
		Register: func(ctx context.Context, name string) error {
			_, err := store.CreateNamespace(ctx, evokg.Namespace{Name: name}, uuid.Nil)
			return err
		}}, experiment.Config{Pool: "inline", Items: items, Seeds: 1, Iterations: 2, Namespace: prefix,
		Concurrency: 1, CalibrationItems: 4})
	require.NoError(t, err)
	return blindnessRun{decisions: storedDecisions(t, e, ns, testQuestions)}, report
}

// teacherOfGold writes failure corrections that reach the gold answer.
func teacherOfGold(v ollamafake.ChatRequestView) (string, bool) {
	m := regexp.MustCompile(`Expected answer: (\S+)`).FindStringSubmatch(v.Prompt)
	if v.Task != "write_failure_memory" || m == nil {
		return "", false
	}
	return fmt.Sprintf(`{"content":"Apply the operator's rule to the operands; here it gives %s.","steps":["apply the rule"]}`, m[1]), true
}

// decisionQueries select, per table, what a run decided in namespace $1:
// no id, no time, no figure of the test split.
var decisionQueries = map[string]string{
	"memory_switches": `SELECT task_type, off, with_memory, without_memory, delta, iteration FROM memory_switches WHERE namespace = $1`,
	"memory_utility": `SELECT e.task_type, e.outcome, e.record::text, u.state, u.reason, u.shown_right, u.shown_wrong, u.helped, u.hurt, u.tied
		FROM memory_utility u JOIN experiences e ON e.id = u.experience_id WHERE u.namespace = $1`,
	"experiences":      `SELECT task_type, outcome, failure_kind, status, status_reason, record::text, quality, confidence, signature::text FROM experiences WHERE namespace = $1`,
	"learner_profiles": `SELECT model, profile::text, calibration::text FROM learner_profiles WHERE namespace = $1`,
	"bandit_arms":      `SELECT kind, context, arm, position, alpha, beta, pulls, reward_sum FROM bandit_arms WHERE namespace = $1`,
	"slot_snapshots":   `SELECT iteration, skills::text, bandits::text, run_bandits::text FROM slot_snapshots WHERE namespace = $1`,
	"expert_agents":    `SELECT role, version, system_prompt, tools::text, tool_names::text, task_type, validated, trial::text FROM expert_agents WHERE namespace = $1`,
	"asset_embeddings": `SELECT kind, name, description, validated FROM asset_embeddings WHERE namespace = $1`,
	"iterations":       `SELECT iteration, metrics::text FROM evolution_iterations WHERE namespace = $1`,
	"answers": `SELECT task_type, skill, question, answer, search_arm, routing_arm, iteration, tool_calls::text,
		cardinality(memory_ids), agent FROM answers WHERE namespace = $1`,
}

// storedDecisions reads every decision table and the namespace's graph,
// masked and sorted.
func storedDecisions(t *testing.T, e *env, ns string, testQuestions map[string]bool) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for table, query := range decisionQueries {
		rows, err := e.app.Pool.Query(e.ctx, query, ns)
		require.NoError(t, err, table)
		for rows.Next() {
			values, err := rows.Values()
			require.NoError(t, err)
			row := mask(fmt.Sprint(values), ns)
			if table == "answers" && testQuestions[fmt.Sprint(values[2])] {
				continue // the test split's answers are the measurement itself
			}
			out[table] = append(out[table], row)
		}
		require.NoError(t, rows.Err())
		slices.Sort(out[table])
	}
	out["graph"] = graphDecisions(t, e, ns)
	return out
}

// graphDecisions are the namespace's nodes and relationships in Neo4j,
// masked and sorted. The similarity edges and the projection clock are left
// out: the ingest workers project concurrently, so which of two similar
// memories points at the other, and a memory's clock tick, follow the
// order the jobs ran in, which no decision sets.
func graphDecisions(t *testing.T, e *env, ns string) []string {
	t.Helper()
	res, err := neo4j.ExecuteQuery(e.ctx, testenv.Neo4j(t), `
		MATCH (n {namespace: $ns}) WHERE NOT n:ExperienceClock
		OPTIONAL MATCH (n)-[r]->(m {namespace: $ns}) WHERE NOT type(r) IN ['SIMILAR_TO', 'STRUCTURALLY_SIMILAR_TO']
		RETURN labels(n) AS labels, properties(n) AS props, type(r) AS rel, properties(r) AS rprops, labels(m) AS to`,
		map[string]any{"ns": ns}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	var out []string
	for _, rec := range res.Records {
		m := rec.AsMap()
		props, _ := json.Marshal(dropTimes(m["props"]))
		rprops, _ := json.Marshal(dropTimes(m["rprops"]))
		out = append(out, mask(fmt.Sprint(m["labels"], string(props), m["rel"], string(rprops), m["to"]), ns))
	}
	slices.Sort(out)
	return out
}

// dropTimes removes the time properties of a node or relationship.
func dropTimes(v any) any {
	props, ok := v.(map[string]any)
	if !ok {
		return v
	}
	kept := map[string]any{}
	for k, p := range props {
		if !strings.HasSuffix(k, "_at") && k != "at" && k != "clock" {
			kept[k] = p
		}
	}
	return kept
}

var (
	uuidPattern = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	timePattern = regexp.MustCompile(`"(at|[a-z_]*_at|[a-z_]*_ms|[a-z_]*_s|[a-z_]*seconds|[a-z_]*duration[a-z_]*)":\s*("[^"]*"|[0-9.e+-]+),?\s?`)
	hashPattern = regexp.MustCompile(`"record_sha256":\s*"[0-9a-f]*",?`)
	testPattern = regexp.MustCompile(`"(test|test_[a-z_]*)":\s*(\{[^{}]*\}|[0-9.e+-]+|null),?`)
)

// mask replaces ids, times, the namespace and the test split's figures.
func mask(s, ns string) string {
	s = uuidPattern.ReplaceAllString(s, "<id>")
	s = timePattern.ReplaceAllString(s, "")
	s = hashPattern.ReplaceAllString(s, "")
	s = testPattern.ReplaceAllString(s, "")
	return strings.ReplaceAll(s, ns, "<ns>")
}

// difference is the rows of a not in b, as multisets.
func difference(a, b []string) []string {
	left := map[string]int{}
	for _, r := range b {
		left[r]++
	}
	var out []string
	for _, r := range a {
		if left[r] > 0 {
			left[r]--
			continue
		}
		out = append(out, r)
	}
	return out
}
