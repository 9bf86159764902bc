// Package natstest runs real NATS servers in the test's process: a
// cluster of them on loopback routes, for the tests of a carrom cluster.
package natstest

import (
	"testing"

	"github.com/carrom-game/carrom/internal/bus"
)

// Cluster starts n NATS servers on loopback, routed to one another, and
// stops them when the test ends; it returns their client URLs, in order.
func Cluster(t testing.TB, n int) []string {
	t.Helper()
	urls, stop, err := bus.StartLocal(n)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return urls
}
