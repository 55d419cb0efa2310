package evolution_test

import (
	"fmt"

	"github.com/evokg/evokg/evolution"
)

// The curriculum trains the task types with most failures, and a type
// that has waited long enough comes back whatever its failures.
func ExampleSelectCurriculum() {
	types := []evolution.TaskState{
		{Name: "ratio_total", NFail: 6, KLast: 9},
		{Name: "percentages", NFail: 0, KLast: 1},
		{Name: "unit_rates", NFail: 2, KLast: 9},
		{Name: "averages", NFail: 1, KLast: 8},
	}
	fmt.Println(evolution.SelectCurriculum(types, 10, 0.3, 3))
	// Output:
	// [ratio_total percentages unit_rates]
}

// The Delta-Guard keeps a small dip and rolls back a drop of more than δ.
func ExampleGuard_Decide() {
	g := evolution.Guard{Delta: evolution.DefaultDelta, Catastrophic: evolution.DefaultCatastrophic}
	fmt.Printf("%+v\n", g.Decide(0.62, 0.62, 0.60))
	fmt.Printf("%+v\n", g.Decide(0.62, 0.62, 0.58))
	fmt.Printf("%+v\n", g.Decide(0.60, 0.66, 0.60))
	// Output:
	// {Rollback:false Catastrophic:false Drop:0.020000000000000018}
	// {Rollback:true Catastrophic:false Drop:0.040000000000000036}
	// {Rollback:true Catastrophic:true Drop:0}
}
