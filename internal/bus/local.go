package bus

import (
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// StartLocal runs n NATS servers in this process on loopback, routed to
// one another as a cluster, for tests and carrom loadtest; it returns
// their client URLs, in order, and stop, which shuts them down.
func StartLocal(n int) (urls []string, stop func(), err error) {
	var (
		servers []*server.Server
		seed    *url.URL
	)
	stop = func() {
		for _, s := range servers {
			s.Shutdown()
		}
	}
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
			stop()
			return nil, nil, fmt.Errorf("bus: NATS server %d: %w", i, err)
		}
		s.Start()
		servers = append(servers, s)
		if !s.ReadyForConnections(10 * time.Second) {
			stop()
			return nil, nil, fmt.Errorf("bus: NATS server %d not ready", i)
		}
		if seed == nil {
			seed = &url.URL{Scheme: "nats", Host: s.ClusterAddr().String()}
		}
		urls = append(urls, s.ClientURL())
	}
	// Every server routes to every other before the cluster is used.
	for try := 0; try < 200; try++ {
		ok := true
		for _, s := range servers {
			if s.NumRoutes() < n-1 {
				ok = false
			}
		}
		if ok {
			return urls, stop, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	return nil, nil, errors.New("bus: the NATS servers did not route to one another")
}
