package cluster

import (
	"fmt"
	"slices"
	"testing"
)

// TestRendezvous: every node alive picks the same node for a table,
// whatever the order it lists the others in and whichever it is, and
// that node is one of them: so one node takes each table nobody holds.
func TestRendezvous(t *testing.T) {
	nodes := []string{"node-a", "node-b", "node-c", "node-d"}
	for i := range 500 {
		id := fmt.Sprintf("table%d", i)
		want := rendezvous(id, nodes[1:], nodes[0])
		if !slices.Contains(nodes, want) {
			t.Fatalf("table %s: picked %q, not a node alive", id, want)
		}
		for self := range nodes {
			var others []string
			for j := len(nodes) - 1; j >= 0; j-- {
				if j != self {
					others = append(others, nodes[j])
				}
			}
			if got := rendezvous(id, others, nodes[self]); got != want {
				t.Fatalf("table %s: %s picks %s; %s picks %s", id, nodes[self], got, nodes[0], want)
			}
		}
	}
}

// TestRendezvousSpreads: of 4,000 tables nobody holds, each of four
// nodes named alike but for their last letter takes about a quarter, and
// the tables of one that died spread about evenly over the three left.
func TestRendezvousSpreads(t *testing.T) {
	nodes := []string{"node-a", "node-b", "node-c", "node-d"}
	share, after := map[string]int{}, map[string]int{}
	for i := range 4000 {
		id := fmt.Sprintf("%012x", uint64(i)*0x9e3779b97f4a7c15)
		n := rendezvous(id, nodes[1:], nodes[0])
		share[n]++
		if n == "node-d" {
			after[rendezvous(id, nodes[1:3], nodes[0])]++
		}
	}
	for _, n := range nodes {
		if share[n] < 800 || share[n] > 1200 {
			t.Errorf("%s takes %d of 4,000 tables; want about 1,000 (%v)", n, share[n], share)
		}
	}
	for _, n := range nodes[:3] {
		if c := after[n]; 3*c < share["node-d"]*2/3 || 3*c > share["node-d"]*4/3 {
			t.Errorf("%s takes %d of the dead node-d's %d tables; want about a third (%v)", n, c, share["node-d"], after)
		}
	}
}
