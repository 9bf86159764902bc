// Package bus connects the nodes of a carrom cluster through NATS: the
// bus internal/cluster declares (cluster.Bus, which the server's
// configuration calls server.Bus). A single node needs none.
//
//	b, err := bus.Connect("nats://127.0.0.1:4222", "node-a")
//	...
//	srv, err := server.New(server.Config{Store: st, Cluster: &server.Cluster{Node: "node-a", Bus: b, Leases: st}})
package bus
