package server

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are what /metrics exports.
type metrics struct {
	clients prometheus.Gauge
	strokes prometheus.Counter
	latency prometheus.Histogram
	// A cluster's node: intents forwarded to another node, tables taken
	// over, leases found lost, commits refused for an older epoch.
	forwards, takeovers, leaseLost, refusals prometheus.Counter
}

// newMetrics registers the server's metrics; tables counts the tables in
// play, as /healthz does.
func newMetrics(reg prometheus.Registerer, tables func() float64) *metrics {
	m := &metrics{
		clients: prometheus.NewGauge(prometheus.GaugeOpts{Name: "carrom_clients", Help: "WebSocket clients connected to tables."}),
		strokes: prometheus.NewCounter(prometheus.CounterOpts{Name: "carrom_strokes_total", Help: "Strokes simulated."}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "carrom_intent_seconds",
			Help:    "From a player's intent arriving to its result being broadcast.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
		}),
	}
	m.forwards = prometheus.NewCounter(prometheus.CounterOpts{Name: "carrom_forwards_total", Help: "Requests of clients here forwarded to the node owning their table."})
	m.takeovers = prometheus.NewCounter(prometheus.CounterOpts{Name: "carrom_lease_takeovers_total", Help: "Tables this node has taken over from another (or from none)."})
	m.leaseLost = prometheus.NewCounter(prometheus.CounterOpts{Name: "carrom_leases_lost_total", Help: "Tables this node let go when it found its lease taken."})
	m.refusals = prometheus.NewCounter(prometheus.CounterOpts{Name: "carrom_commit_refusals_total", Help: "Actions the store refused because another node owns the table under a newer epoch."})
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "carrom_tables", Help: "Tables whose match is in play, owned by this node."}, tables), m.clients, m.strokes, m.latency,
		m.forwards, m.takeovers, m.leaseLost, m.refusals,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}
