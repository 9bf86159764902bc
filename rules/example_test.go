package rules_test

import (
	"fmt"

	"github.com/carrom-game/carrom/rules"
)

func Example() {
	m, _ := rules.NewMatch(rules.ICF(), 2)
	// The break pockets a white: the breaker plays on.
	m, r, _ := m.Stroke(rules.Stroke{Pocketed: rules.Count{White: 1}})
	fmt.Println(r.Applied, "turn:", m.Turn)
	// Then the striker goes in: a due, placed by the opponent (seat 1).
	m, r, _ = m.Stroke(rules.Stroke{Striker: true})
	fmt.Println(r.Applied, r.Place, "turn:", m.Turn)
	// Output:
	// [B-2 T-1] turn: 0
	// [D-1] [{white 1 1 D-1}] turn: 1
}

func ExampleMatch_Concede() {
	m, _ := rules.NewMatch(rules.ICF(), 2)
	// Conceding the board at once gives the opponent 9 c/m + 3 for the queen.
	m, r, _ := m.Concede(rules.ConcedeBoard)
	fmt.Printf("%+v score %v\n", *r.Result, m.Score)
	// Output: {Winner:1 Points:12 Rule:G-4 Slam:} score [0 12]
}
