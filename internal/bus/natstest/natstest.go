// Package natstest runs real NATS servers in the test's process: a
// cluster of them on loopback routes, for the tests of a carrom cluster.
package natstest

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Cluster starts n NATS servers on loopback, routed to one another, and
// stops them when the test ends; it returns their client URLs, in order.
func Cluster(t testing.TB, n int) []string {
	t.Helper()
	var (
		servers []*server.Server
		urls    []string
		seed    *url.URL
	)
	for i := range n {
		opts := &server.Options{
			ServerName: fmt.Sprintf("nats-%d", i),
			Host:       "127.0.0.1", Port: -1,
			NoLog: true, NoSigs: true,
			Cluster: server.ClusterOpts{Name: "carrom", Host: "127.0.0.1", Port: -1},
		}
		if seed != nil {
			opts.Routes = []*url.URL{seed}
		}
		s, err := server.NewServer(opts)
		if err != nil {
			t.Fatalf("natstest: %v", err)
		}
		s.Start()
		t.Cleanup(s.Shutdown)
		if !s.ReadyForConnections(10 * time.Second) {
			t.Fatalf("natstest: server %d not ready", i)
		}
		if seed == nil {
			seed = &url.URL{Scheme: "nats", Host: s.ClusterAddr().String()}
		}
		servers = append(servers, s)
		urls = append(urls, s.ClientURL())
	}
	// Every server routes to every other before the test goes on.
	for try := 0; ; try++ {
		ok := true
		for _, s := range servers {
			if s.NumRoutes() < n-1 {
				ok = false
			}
		}
		if ok {
			return urls
		}
		if try == 200 {
			t.Fatalf("natstest: the %d servers did not route to one another", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
