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
