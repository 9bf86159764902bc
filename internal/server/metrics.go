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
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "carrom_tables", Help: "Tables whose match is in play."}, tables), m.clients, m.strokes, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}
