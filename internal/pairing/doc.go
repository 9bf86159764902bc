// Package pairing is quick pairing on the server (docs/pairing.md): the
// pools' state, their waves on a ticker of the server's clock, and the
// HTTP handlers to join a pool, cancel and see how many wait. A wave
// pairs a pool with package pool; for each pair the server (Env) makes a
// table with both players seated and tells their browsers over the live
// channel.
//
// In a cluster (Cluster) each pool's waves run at one node, the holder
// of the pool's lease in the store; the other nodes reach it over the
// bus, and a cancel reaches every node.
//
//	svc := pairing.New(env, cluster, log) // cluster nil: a single node
//	mux.Handle("POST /api/pool", http.HandlerFunc(svc.Join))
//	defer svc.Close()
package pairing
