package pool_test

import (
	"fmt"
	"time"

	"github.com/carrom-game/carrom/internal/pool"
)

// Two close players pair at once; the third, 400 points away, waits
// until his window has widened to reach one of them.
func ExampleMatch() {
	s := []pool.Seeker{
		{ID: "asha", Rating: 1510},
		{ID: "ravi", Rating: 1490, Wait: 2 * time.Second},
		{ID: "meena", Rating: 1900, Wait: 3 * time.Second},
	}
	for _, p := range pool.Match(s, pool.Default) {
		fmt.Println(s[p.A].ID, "plays", s[p.B].ID)
	}
	// Output: ravi plays asha
}
