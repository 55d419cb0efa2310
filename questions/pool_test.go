package questions_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

func TestGenerateIsSeededBalancedAndGradable(t *testing.T) {
	t.Parallel()
	a, err := questions.Generate(200, 42)
	require.NoError(t, err)
	b, err := questions.Generate(200, 42)
	require.NoError(t, err)
	c, err := questions.Generate(200, 43)
	require.NoError(t, err)
	require.Equal(t, a, b, "same seed, same pool")
	require.NotEqual(t, a[0].Question, c[0].Question)

	perType := map[string]int{}
	g := questions.Grader{}
	for _, it := range a {
		perType[it.TaskType]++
		ok, err := g.Grade(context.Background(), it, "#### "+it.Answer)
		require.NoError(t, err)
		require.True(t, ok, it.ID)
		ok, err = g.Grade(context.Background(), it, "#### "+it.Answer+"1")
		require.NoError(t, err)
		require.False(t, ok, it.ID)
	}
	require.Len(t, perType, 10)
	for tt, n := range perType {
		require.Equal(t, 20, n, tt)
	}
}

func TestGeneratedGoldAnswers(t *testing.T) {
	t.Parallel()
	items, err := questions.Generate(10, 7)
	require.NoError(t, err)
	for _, it := range items {
		nums := numbers(t, it.Question)
		var want int
		switch it.TaskType {
		case questions.RatioTotal: // k, base
			k, base := nums[0], nums[1]
			want = base + base/2 + k*base/2
		case questions.StateTracking: // start, give, get, packs, (5), lose
			want = nums[0] - nums[1] + nums[2] + nums[3]*5 - nums[5]
		case questions.AverageIncrements: // s, d, w, w+1
			sum := 0
			for i := 0; i <= nums[2]; i++ {
				sum += nums[0] + i*nums[1]
			}
			want = sum / (nums[2] + 1)
		case questions.Percentages:
			want = nums[0] * (100 - nums[1]) / 100
		case questions.UnitRates:
			want = nums[1] / nums[0] * nums[2]
		case questions.SumsDifferences:
			want = nums[0] + nums[1] + nums[1] - nums[2]
		case questions.TravelDistance:
			want = nums[0]*nums[1] + nums[2]*nums[3]
		case questions.AgeDifference:
			want = nums[2] - nums[1] + nums[0]
		case questions.ChangeFromPurchase:
			want = nums[2] - nums[0]*nums[1]
		case questions.FractionRemaining:
			want = nums[0] / 3
		}
		require.Equal(t, want, mustAtoi(t, it.Answer), "%s: %s", it.TaskType, it.Question)
	}
}

func TestSplitIsDisjointAndCoversTypes(t *testing.T) {
	t.Parallel()
	items, err := questions.Generate(100, 1)
	require.NoError(t, err)
	p, err := questions.Split("arith", items, questions.Fractions{Validation: 0.2, Test: 0.2}, 9)
	require.NoError(t, err)
	require.Equal(t, questions.Sizes{Train: 60, Validation: 20, Test: 20}, p.Sizes())
	seen := map[string]bool{}
	for _, split := range [][]questions.Item{p.Train, p.Validation, p.Test} {
		for _, it := range split {
			require.False(t, seen[it.ID], "item %s in two splits", it.ID)
			seen[it.ID] = true
		}
	}
	require.Len(t, seen, 100)
	require.Len(t, questions.TaskTypes(p.Validation), 10, "every task type is validated")
	require.Len(t, questions.TaskTypes(p.Test), 10, "every task type is tested")
	for _, f := range []questions.Fractions{{Validation: -0.1, Test: 0.2}, {Validation: 0.5, Test: 0.5}, {Validation: 0.2, Test: 1}} {
		_, err = questions.Split("x", items, f, 0)
		require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err), "%+v", f)
	}
}

// TestBuiltinSplitsShareNoQuestion: no built-in pool, at sizes 40, 200 and
// 1,000 (or its whole supply, when smaller) and seeds 1–5, has one
// normalized question in two splits, nor one question twice, nor twins
// (the same task type, numbers and gold) in two splits.
func TestBuiltinSplitsShareNoQuestion(t *testing.T) {
	t.Parallel()
	for _, name := range questions.Builtins {
		for _, size := range []int{40, 200, 1000} {
			for seed := uint64(1); seed <= 5; seed++ {
				size := size
				if supply := questions.SupplyAt(name, seed); supply > 0 {
					size = min(size, supply)
				}
				items, err := questions.GenerateBuiltin(name, size, seed)
				require.NoError(t, err, "%s size %d seed %d", name, size, seed)
				p, err := questions.Split(name, items, questions.Fractions{Validation: 0.2, Test: 0.2}, seed)
				require.NoError(t, err)
				all := slices.Concat(p.Train, p.Validation, p.Test)
				splitOf := map[string]string{}
				for _, it := range all {
					key := questions.Normalize(it.Question)
					prev, seen := splitOf[key]
					require.False(t, seen, "%s size %d seed %d: %q in %s and %s", name, size, seed, it.Question, prev, it.Split)
					splitOf[key] = it.Split
				}
				for i, n := range questions.TwinCounts(all) {
					require.Zero(t, n, "%s size %d seed %d: %s has twins in another split", name, size, seed, all[i].ID)
				}
				require.Len(t, splitOf, size)
				require.NotEmpty(t, p.Validation)
				require.NotEmpty(t, p.Test)
			}
		}
	}
}

// Twins (same task type, numbers in any order, same gold) land in one
// split; a question with no number is grouped by its text alone.
func TestSplitKeepsTwinsTogether(t *testing.T) {
	t.Parallel()
	var items []questions.Item
	for i := range 20 {
		items = append(items,
			questions.Item{ID: fmt.Sprintf("a%02d", i), Question: fmt.Sprintf("Tom has %d and %d.5 apples. How many?", i, i+1), Answer: fmt.Sprintf("%d.5", 2*i+1), TaskType: "t"},
			questions.Item{ID: fmt.Sprintf("b%02d", i), Question: fmt.Sprintf("Sue has %d.50 and %d pears. How many?", i+1, i), Answer: fmt.Sprintf("%d.50", 2*i+1), TaskType: "t"},
			questions.Item{ID: fmt.Sprintf("c%02d", i), Question: fmt.Sprintf("Is the sky blue (%c)?", 'a'+i), Answer: "yes", TaskType: "t"})
	}
	for seed := uint64(1); seed <= 5; seed++ {
		p, err := questions.Split("inline", items, questions.Fractions{Validation: 0.2, Test: 0.2}, seed)
		require.NoError(t, err)
		split := map[string]string{}
		all := slices.Concat(p.Train, p.Validation, p.Test)
		for _, it := range all {
			split[it.ID] = it.Split
		}
		for i := range 20 {
			require.Equal(t, split[fmt.Sprintf("a%02d", i)], split[fmt.Sprintf("b%02d", i)], "seed %d: twins %d", seed, i)
		}
		require.NotEmpty(t, p.Test)
		require.Equal(t, make([]int, len(all)), questions.TwinCounts(all))
	}
	items[0].Split, items[1].Split = questions.SplitTrain, questions.SplitTest
	_, err := questions.Split("inline", items, questions.Fractions{Validation: 0.2, Test: 0.2}, 1)
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, []evokg.FieldError{{Pointer: "/items/1/split", Detail: `twin of the item at /items/0 in split "train" (the same task type, numbers and answer, or linked through twins): twins are in one split only`}}, e.Fields)
}

func TestTwinKey(t *testing.T) {
	t.Parallel()
	key := func(q, a, tt string) string {
		return questions.TwinKey(questions.Item{Question: q, Answer: a, TaskType: tt})
	}
	require.Equal(t, key("What is 3 + 5?", "8", "add"), key("What is 5 + 3?", "8.0", "add"))
	require.NotEqual(t, key("What is 3 ★ 5?", "11", "star"), key("What is 5 ★ 3?", "13", "star"), "another gold: not twins")
	require.NotEqual(t, key("What is 3 + 5?", "8", "add"), key("What is 3 + 5?", "8", "sum"), "another task type")
	require.NotEqual(t, key("What is 3 + 5?", "8", "add"), key("What is 3 + 5 + 5?", "8", "add"), "a multiset, not a set")
	require.Empty(t, key("Capital of France?", "Paris", "geo"))
	require.Equal(t, []string{"1200", "2.5", "3"}, questions.Numbers("$1200 for 3 at 2.50"))
}

// Counted before twins were grouped: the split by normalized question alone
// put answer-equivalent items in two splits.
func TestTwinCountsCountOtherSplitsOnly(t *testing.T) {
	t.Parallel()
	items := []questions.Item{
		{ID: "a", Question: "What is 3 + 5?", Answer: "8", TaskType: "add", Split: questions.SplitTrain},
		{ID: "b", Question: "What is 5 + 3?", Answer: "8", TaskType: "add", Split: questions.SplitTest},
		{ID: "c", Question: "what is 3 + 5?", Answer: "8", TaskType: "add", Split: questions.SplitValidation},
		{ID: "d", Question: "What is 5+3?", Answer: "8", TaskType: "add", Split: questions.SplitTrain},
		{ID: "e", Question: "What is 5 + 4?", Answer: "9", TaskType: "add", Split: questions.SplitTest},
	}
	require.Equal(t, []int{2, 3, 3, 2, 0}, questions.TwinCounts(items))
}

func TestSplitKeepsDuplicatesTogetherAndNamedSplits(t *testing.T) {
	t.Parallel()
	var items []questions.Item
	for i := range 30 {
		items = append(items, questions.Item{ID: fmt.Sprintf("q%02d", i), Question: fmt.Sprintf("What is %d + 1?", i), Answer: "x", TaskType: "t"})
	}
	// The same question written twice, differently spaced and cased.
	items = append(items, questions.Item{ID: "dup", Question: "  what IS 3 +   1? ", Answer: "4", TaskType: "t"})
	items[7].Split = questions.SplitTest
	for seed := uint64(1); seed <= 5; seed++ {
		p, err := questions.Split("inline", items, questions.Fractions{Validation: 0.2, Test: 0.2}, seed)
		require.NoError(t, err)
		split := map[string]string{}
		for _, it := range append(append(slices.Clone(p.Train), p.Validation...), p.Test...) {
			split[it.ID] = it.Split
		}
		require.Equal(t, split["q03"], split["dup"], "seed %d: one question, one split", seed)
		require.Equal(t, questions.SplitTest, split["q07"], "a named split is kept")
	}
	items[3].Split, items[30].Split = questions.SplitTrain, questions.SplitValidation
	_, err := questions.Split("inline", items, questions.Fractions{Validation: 0.2, Test: 0.2}, 1)
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, []evokg.FieldError{{Pointer: "/items/30/split", Detail: `question also at /items/3 in split "train": a question is in one split only`}}, e.Fields)
}

func TestLoadJSONL(t *testing.T) {
	t.Parallel()
	in := `{"id":"q1","question":"2+2?","answer":4,"task_type":"sums"}

{"id":"q2","question":"Capital of France?","answer":"Paris","context":"Europe"}
`
	items, err := questions.LoadJSONL(strings.NewReader(in))
	require.NoError(t, err)
	require.Equal(t, []questions.Item{
		{ID: "q1", Question: "2+2?", Answer: "4", TaskType: "sums"},
		{ID: "q2", Question: "Capital of France?", Answer: "Paris", TaskType: questions.DefaultTaskType, Context: "Europe"},
	}, items)

	_, err = questions.LoadJSONL(strings.NewReader("{\"id\":\"a\",\"question\":\"q\"}\nnot json\n"))
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, evokg.EINVALID, e.Code)
	require.Equal(t, []evokg.FieldError{
		{Pointer: "/lines/1/answer", Detail: "required"},
		{Pointer: "/lines/2", Detail: e.Fields[1].Detail},
	}, e.Fields)

	_, err = questions.LoadJSONL(strings.NewReader(`{"id":"a","question":"q","answer":1}` + "\n" + `{"id":"a","question":"q","answer":2}`))
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))

	// Named splits are kept; one question in two of them is refused with both lines.
	in = `{"id":"a","question":"What is 2 + 2?","answer":4,"split":"train"}
{"id":"b","question":"Capital of Peru?","answer":"Lima","split":"test"}

{"id":"c","question":"what is 2 +  2?","answer":4,"split":"test"}
{"id":"d","question":"Capital of Chad?","answer":"N'Djamena","split":"dev"}
`
	_, err = questions.LoadJSONL(strings.NewReader(in))
	require.ErrorAs(t, err, &e)
	require.Equal(t, []evokg.FieldError{
		{Pointer: "/lines/4/split", Detail: `question also at /lines/1 in split "train": a question is in one split only`},
		{Pointer: "/lines/5/split", Detail: `must be "train", "validation" or "test"`},
	}, e.Fields)
}

func TestGraders(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	num := questions.Item{Question: "q", Answer: "1,250"}
	text := questions.Item{Question: "Who wrote Hamlet?", Answer: "William Shakespeare"}
	judged := 0
	judge := func(_ context.Context, q, gold, answer string) (bool, error) {
		judged++
		return strings.Contains(answer, "Shakespeare"), nil
	}
	tests := []struct {
		name   string
		g      questions.Grader
		item   questions.Item
		answer string
		want   bool
	}{
		{"marker and currency", questions.Grader{}, num, "#### $1,250", true},
		{"words around the number", questions.Grader{}, num, "1250 apples", true},
		{"decimal equal", questions.Grader{}, num, "1250.0", true},
		{"a sentence around an equation is not an answer", questions.Grader{}, num, "So 1000 + 250 = $1,250.", false},
		{"a true equation ending in the answer", questions.Grader{}, num, "1000 + 250 = 1,250", true},
		{"a true equation in dollars", questions.Grader{}, num, "$1000 + $250 = $1250.", true},
		{"a false equation ending in the gold", questions.Grader{}, num, "1000 + 205 = 1250", false},
		{"a true equation ending elsewhere", questions.Grader{}, num, "1000 + 205 = 1205", false},
		{"a chain of equations", questions.Grader{}, num, "1000 + 250 = 1250 = 1250", false},
		{"a number after the answer", questions.Grader{}, num, "#### 1250 (checked in 3 steps)", false},
		{"repetition ending in the gold", questions.Grader{}, num, "); 24}``` 1250 1250 1250", false},
		{"wrong number", questions.Grader{}, num, "The answer: 1205", false},
		{"no number", questions.Grader{}, num, "I do not know", false},
		{"normalized text", questions.Grader{}, text, "  william shakespeare. ", true},
		{"article dropped", questions.Grader{}, questions.Item{Answer: "The Eiffel Tower"}, "eiffel tower", true},
		{"text mismatch without judge", questions.Grader{}, text, "Shakespeare wrote it", false},
		{"judge for free text", questions.Grader{Judge: judge}, text, "Shakespeare wrote it", true},
	}
	for _, tt := range tests {
		got, err := tt.g.Grade(ctx, tt.item, tt.answer)
		require.NoError(t, err, tt.name)
		require.Equal(t, tt.want, got, tt.name)
	}
	require.Equal(t, 1, judged, "the judge is asked only when the exact match fails")
}

func TestGlyphPoolIsSeededDistinctAndFollowsItsRules(t *testing.T) {
	t.Parallel()
	a, err := questions.GenerateBuiltin(questions.Glyph, 400, 5)
	require.NoError(t, err)
	b, err := questions.GenerateBuiltin(questions.Glyph, 400, 5)
	require.NoError(t, err)
	require.Equal(t, a, b, "same seed, same pool")
	seen, perType := map[string]bool{}, map[string]int{}
	for _, it := range a {
		require.False(t, seen[it.Question], "question %q repeats", it.Question)
		seen[it.Question] = true
		perType[it.TaskType]++
		nums := numbers(t, it.Question)
		var want int
		switch it.TaskType {
		case questions.StarOp:
			want = 2*nums[0] + nums[1]
		case questions.RingOp:
			want = nums[0]*nums[1] + 1
		case questions.TildeOp:
			want = nums[0] + nums[1] + 10
		case questions.ZorpUnits:
			want = 7 * nums[0]
		}
		require.Equal(t, want, mustAtoi(t, it.Answer), it.Question)
		require.NotContains(t, it.Question, "2a", "the rule is never stated")
	}
	require.Equal(t, map[string]int{questions.StarOp: 100, questions.RingOp: 100, questions.TildeOp: 100, questions.ZorpUnits: 100}, perType)
	require.ElementsMatch(t, questions.GlyphTaskTypes(), questions.TaskTypes(a))
	_, err = questions.GenerateBuiltin(questions.Glyph, 1601, 5)
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err), "the pool has 1,600 distinct questions")
	_, err = questions.GenerateBuiltin("nope", 10, 5)
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

func TestDigitsPoolIsSeededDistinctAndFollowsItsRules(t *testing.T) {
	t.Parallel()
	a, err := questions.GenerateBuiltin(questions.Digits, 135, 3)
	require.NoError(t, err)
	b, err := questions.GenerateBuiltin(questions.Digits, 135, 3)
	require.NoError(t, err)
	c, err := questions.GenerateBuiltin(questions.Digits, 135, 4)
	require.NoError(t, err)
	require.Equal(t, a, b, "same seed, same pool")
	require.NotEqual(t, a[0].Question, c[0].Question, "another seed, another order")
	seen, perType := map[string]bool{}, map[string]int{}
	for _, it := range a {
		require.False(t, seen[it.Question], "question %q repeats", it.Question)
		seen[it.Question] = true
		perType[it.TaskType]++
		nums := numbers(t, it.Question)
		var want int
		switch it.TaskType {
		case questions.AddDigits:
			want = nums[0] + nums[1]
			require.True(t, nums[0] >= 1 && nums[0] <= 9 && nums[1] >= 1 && nums[1] <= 9, it.Question)
		case questions.SubtractDigits:
			want = nums[0] - nums[1]
			require.True(t, nums[1] >= 1 && nums[1] <= nums[0] && nums[0] <= 9, it.Question)
		case questions.LargerNumber:
			want = max(nums[0], nums[1])
			require.NotEqual(t, nums[0], nums[1], it.Question)
		}
		require.Equal(t, want, mustAtoi(t, it.Answer), it.Question)
	}
	require.Equal(t, map[string]int{questions.AddDigits: 45, questions.SubtractDigits: 45, questions.LargerNumber: 45}, perType,
		"equal shares: every subtraction of the pool")
	require.ElementsMatch(t, questions.DigitsTaskTypes(), questions.TaskTypes(a))
	_, err = questions.GenerateBuiltin(questions.Digits, 136, 3)
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err), "equal shares end at 135 questions")
	require.Equal(t, []string{questions.Arith, questions.Digits, questions.Glyph, questions.World}, questions.Builtins)
}
