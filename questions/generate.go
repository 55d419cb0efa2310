package questions

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	evokg "github.com/evokg/evokg"
)

// Task types of the built-in arithmetic pool.
const (
	RatioTotal         = "ratio_total"
	StateTracking      = "sequential_state_tracking"
	AverageIncrements  = "average_of_increments"
	Percentages        = "percentages"
	UnitRates          = "unit_rates"
	SumsDifferences    = "multi_step_sums_differences"
	TravelDistance     = "travel_distance"
	AgeDifference      = "age_difference"
	ChangeFromPurchase = "change_from_purchase"
	FractionRemaining  = "fraction_of_remainder"
)

// problem writes one question of a task type and returns it with its gold answer.
type problem func(r *rand.Rand) (question string, answer int)

var generators = []struct {
	taskType string
	gen      problem
}{
	{RatioTotal, ratioTotal},
	{StateTracking, stateTracking},
	{AverageIncrements, averageIncrements},
	{Percentages, percentages},
	{UnitRates, unitRates},
	{SumsDifferences, sumsDifferences},
	{TravelDistance, travelDistance},
	{AgeDifference, ageDifference},
	{ChangeFromPurchase, changeFromPurchase},
	{FractionRemaining, fractionRemaining},
}

// Arith is the name of the built-in pool.
const Arith = "arith"

// maxRedraws bounds how often a generator draws again for a question it
// has already written.
const maxRedraws = 1000

// Generate returns size distinct word problems (no two the same under
// Normalize) with integer gold answers, cycling through the task types so
// each gets an equal share. The same seed gives the same items.
func Generate(size int, seed uint64) ([]Item, error) {
	if size < 1 || size > 100_000 {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/size", Detail: "must be within 1..100000"})
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5bd1e995))
	seen := make(map[string]bool, size)
	items := make([]Item, size)
	for i := range items {
		g := generators[i%len(generators)]
		q, a, err := drawNew(r, g.gen, seen)
		if err != nil {
			return nil, evokg.Invalid(evokg.FieldError{Pointer: "/size", Detail: fmt.Sprintf("%s has no more distinct questions: %v", g.taskType, err)})
		}
		items[i] = Item{ID: fmt.Sprintf("%s-%d-%04d", Arith, seed, i), Question: q, Answer: strconv.Itoa(a), TaskType: g.taskType}
	}
	return items, nil
}

// drawNew draws questions until one is not in seen, and adds it.
func drawNew(r *rand.Rand, gen problem, seen map[string]bool) (string, int, error) {
	for range maxRedraws {
		q, a := gen(r)
		if key := Normalize(q); !seen[key] {
			seen[key] = true
			return q, a, nil
		}
	}
	return "", 0, fmt.Errorf("%d draws in a row repeated a question", maxRedraws)
}

var (
	names  = []string{"Tom", "Sue", "Anne", "Ravi", "Mei", "Omar", "Lena", "Kofi", "Ines", "Yuki"}
	things = []string{"marbles", "stickers", "apples", "coins", "books", "pencils", "shells", "cards"}
	goods  = []string{"jacket", "lamp", "bicycle", "kettle", "backpack", "guitar", "printer", "tent"}
	wares  = []string{"notebooks", "pens", "mugs", "candles", "tickets", "batteries", "plates", "towels"}
	spends = []string{"a game", "a book", "a gift", "a ticket", "a toy"}
	rides  = []string{"car", "bus", "truck", "van"}
)

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func threeNames(r *rand.Rand) (string, string, string) {
	p := r.Perm(len(names))
	return names[p[0]], names[p[1]], names[p[2]]
}

func ratioTotal(r *rand.Rand) (string, int) {
	a, b, c := threeNames(r)
	thing := pick(r, things)
	base := 2 * (3 + r.IntN(20)) // even, so half is whole
	k := 2 + r.IntN(3)
	half := base / 2
	q := fmt.Sprintf("%s has %d times as many %s as %s. %s has half as many %s as %s. If %s has %d %s, how many %s do they have altogether?",
		a, k, thing, b, b, thing, c, c, base, thing, thing)
	return q, base + half + k*half
}

func stateTracking(r *rand.Rand) (string, int) {
	a := pick(r, names)
	thing := pick(r, things)
	start := 20 + r.IntN(40)
	give, get, lose := 1+r.IntN(15), 1+r.IntN(20), 1+r.IntN(10)
	buy := 2 + r.IntN(4)
	q := fmt.Sprintf("%s starts with %d %s, gives away %d, receives %d from a friend, buys %d packs of 5 and then loses %d. How many %s does %s have now?",
		a, start, thing, give, get, buy, lose, thing, a)
	return q, start - give + get + 5*buy - lose
}

func averageIncrements(r *rand.Rand) (string, int) {
	a := pick(r, names)
	s := 30 + r.IntN(30)
	d := 2 * (1 + r.IntN(5)) // even increment keeps the mean whole
	w := 2 + r.IntN(4)
	q := fmt.Sprintf("%s types %d words per minute. Each week the speed increases by %d words per minute, for %d weeks. What is the average of the %d measured speeds, counting the first one?",
		a, s, d, w, w+1)
	return q, s + w*d/2
}

func percentages(r *rand.Rand) (string, int) {
	item := pick(r, goods)
	price := 20 * (2 + r.IntN(50))
	off := 5 * (1 + r.IntN(9))
	q := fmt.Sprintf("A %s costs $%d. It is on sale for %d%% off. How many dollars does it cost on sale?", item, price, off)
	return q, price - price*off/100
}

func unitRates(r *rand.Rand) (string, int) {
	ware := pick(r, wares)
	unit := 2 + r.IntN(9)
	n, m := 2+r.IntN(8), 3+r.IntN(15)
	q := fmt.Sprintf("If %d %s cost $%d, how many dollars do %d %s cost?", n, ware, n*unit, m, ware)
	return q, m * unit
}

func sumsDifferences(r *rand.Rand) (string, int) {
	mon := 20 + r.IntN(40)
	tue := mon + 5 + r.IntN(20)
	fewer := 3 + r.IntN(10)
	q := fmt.Sprintf("A farmer picks %d apples on Monday and %d on Tuesday. On Wednesday he picks %d fewer than on Tuesday. How many apples does he pick over the three days?",
		mon, tue, fewer)
	return q, mon + tue + (tue - fewer)
}

func travelDistance(r *rand.Rand) (string, int) {
	ride := pick(r, rides)
	v1, h1 := 10*(4+r.IntN(10)), 1+r.IntN(6)
	v2, h2 := 10*(3+r.IntN(10)), 1+r.IntN(5)
	q := fmt.Sprintf("A %s drives at %d km per hour for %d hours, then at %d km per hour for %d hours. How many kilometres does it travel in total?", ride, v1, h1, v2, h2)
	return q, v1*h1 + v2*h2
}

func ageDifference(r *rand.Rand) (string, int) {
	a, b, _ := threeNames(r)
	diff, in, future := 2+r.IntN(15), 2+r.IntN(8), 15+r.IntN(30)
	q := fmt.Sprintf("%s is %d years older than %s. In %d years %s will be %d. How old is %s now?", a, diff, b, in, b, future, a)
	return q, future - in + diff
}

func changeFromPurchase(r *rand.Rand) (string, int) {
	who, ware := pick(r, names), pick(r, wares)
	n, p := 2+r.IntN(6), 3+r.IntN(12)
	bill := 50
	if n*p >= bill {
		bill = 100
	}
	q := fmt.Sprintf("%s cost $%d each. %s buys %d %s and pays with a $%d bill. How many dollars of change does %s get?",
		capitalize(ware), p, who, n, ware, bill, who)
	return q, bill - n*p
}

func fractionRemaining(r *rand.Rand) (string, int) {
	who := pick(r, names)
	money := 6 * (5 + r.IntN(100))
	q := fmt.Sprintf("%s has $%d. %s spends half of it on %s and then a third of what is left on lunch. How many dollars does %s have left?",
		who, money, who, pick(r, spends), who)
	return q, money - money/2 - (money/2)/3
}

func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
