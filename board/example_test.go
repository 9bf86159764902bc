package board_test

import (
	"fmt"

	"github.com/carrom-game/carrom/board"
)

func ExampleSpec_StrikerRanges() {
	sp := board.Standard()
	for _, r := range sp.StrikerRanges() {
		fmt.Printf("%.4f..%.4f m\n", r.Lo, r.Hi)
	}
	// Output:
	// -0.2234..-0.2160 m
	// -0.1842..0.1842 m
	// 0.2160..0.2234 m
}

func ExampleSpec_BreakArrangement() {
	sp := board.Standard()
	pieces := sp.BreakArrangement(0)
	fmt.Println(len(pieces), pieces[0].ID, pieces[1].ID, pieces[1].Pos)
	// Output: 19 q w1 {0 0.0318}
}
