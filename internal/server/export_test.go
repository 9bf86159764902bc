package server

import (
	"context"
	"time"

	"github.com/carrom-game/carrom/internal/table"
)

// Crash stops a cluster's node as a SIGKILL would, as far as the others
// can tell: its lease loop and its tables stop at once, nothing is handed
// over, and its leases are left to expire.
func (s *Server) Crash() {
	s.node.Halt()
	s.Close()
}

// Freeze stops a cluster's node as SIGSTOP would, as far as the others
// can tell: it renews no lease and handles no forwarded intent (they wait
// on the bus) until thaw.
func (s *Server) Freeze() (thaw func()) {
	thawNode := s.node.Freeze()
	s.mu.Lock()
	return func() {
		s.mu.Unlock()
		thawNode()
	}
}

// HoldRatings holds the reactions to every finished match (the rating)
// until the server has started to close, and a tenth of a second more,
// as a slow store would at a shutdown.
func (s *Server) HoldRatings() {
	f := s.finishes
	f.mu.Lock()
	defer f.mu.Unlock()
	hold := func(context.Context, table.Finished) {
		<-s.ctx.Done()
		time.Sleep(100 * time.Millisecond)
	}
	f.subs = append([]func(context.Context, table.Finished){hold}, f.subs...)
}

// Metric is the value of one of the server's counters or gauges.
func (s *Server) Metric(name string) float64 {
	mfs, err := s.registry.Gather()
	if err != nil {
		panic(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			m := mf.GetMetric()[0]
			if c := m.GetCounter(); c != nil {
				return c.GetValue()
			}
			return m.GetGauge().GetValue()
		}
	}
	panic("no metric " + name)
}

// Playban is the end of the wait that aborts at these times give.
func Playban(aborts []time.Time) (time.Time, int) { return playban(aborts) }
