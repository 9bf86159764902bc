package archtest

import "testing"

// TestClusterKnowsOnlyItsEnv (issue 26): the cluster's node
// (internal/cluster: leases, rendezvous, adoption, forwarding, relay)
// imports no HTTP, no accounts, no rating, no server, no store and no
// NATS bus, not even through another package: the bus and the leases it
// runs on are its Config's interfaces, and what it reaches of the server
// (the tables here, the clock, the metrics, a client's connection) its
// Env's. The table it knows through internal/table's exported API alone.
func TestClusterKnowsOnlyItsEnv(t *testing.T) {
	dependsOnNone(t, "internal/cluster", map[string]string{
		"net/http":                   "HTTP",
		module + "/internal/httpapi": "HTTP",
		module + "/internal/account": "the accounts",
		module + "/internal/rating":  "the rating",
		module + "/internal/server":  "the server",
		module + "/internal/store":   "the store",
		module + "/internal/bus":     "the bus's NATS",
	}, "the cluster reaches it through its Env")
}
