package record_test

import (
	"fmt"

	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
)

// A match record of one stroke, the break from seat 0 straight ahead at
// full power, replays to the same outcome; the table it leaves is written
// as a position string.
func ExampleReplay() {
	r, err := record.Parse(`[Rules "icf"]
[Players "2"]
[Result "*"]

1. 0 strike 0 0,1 5 {1.3809222833922994 w8} B-2 T-1
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := record.Replay(r, physics.Default(), nil)
	fmt.Println(err)
	fmt.Println(t.ToAct().Seat, t.Match().Board.OnBoard)
	// Output:
	// <nil>
	// 0 {8 9 true}
}

func ExampleDirection() {
	for _, deg := range []float64{90, 60, -90} {
		v, _ := record.Direction(deg)
		fmt.Println(deg, v.X, v.Y)
	}
	// Output:
	// 90 0 1
	// 60 0.5000000000000001 0.8660254037844386
	// -90 0 -1
}
