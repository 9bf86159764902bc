package loadtest

import (
	"context"
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Within is a share of the intents that the servers themselves answered
// within Le, from reading the intent to broadcasting its action.
type Within struct {
	Le    time.Duration
	Share float64
}

// intentHistogram is the servers' own histogram of that time
// (carrom_intent_seconds in their /metrics), summed over the nodes: how
// many intents, and how many within each bucket's bound.
type intentHistogram struct {
	count  uint64
	within map[time.Duration]uint64
}

// nodeMetrics is what the load test reads of one node's /metrics; the
// zero value is a node that did not answer (it was killed).
type nodeMetrics struct {
	cpu      float64 // seconds of CPU so far
	resident float64 // bytes
	intents  *intentHistogram
}

// reading is every node's metrics, read at one moment of the play.
type reading []nodeMetrics

// readMetrics reads each node's /metrics once.
func readMetrics(ctx context.Context, bases []string) reading {
	out := make(reading, len(bases))
	for i, b := range bases {
		out[i], _ = readNode(ctx, b)
	}
	return out
}

func readNode(ctx context.Context, base string) (nodeMetrics, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/metrics", nil)
	if err != nil {
		return nodeMetrics{}, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nodeMetrics{}, err
	}
	defer resp.Body.Close()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		return nodeMetrics{}, fmt.Errorf("%s/metrics: %w", base, err)
	}
	m := nodeMetrics{
		cpu:      single(families["process_cpu_seconds_total"]).GetCounter().GetValue(),
		resident: single(families["process_resident_memory_bytes"]).GetGauge().GetValue(),
	}
	if h := single(families["carrom_intent_seconds"]).GetHistogram(); h != nil {
		ih := intentHistogram{count: h.GetSampleCount(), within: map[time.Duration]uint64{}}
		for _, b := range h.GetBucket() {
			if !math.IsInf(b.GetUpperBound(), 1) {
				ih.within[time.Duration(b.GetUpperBound()*float64(time.Second))] = b.GetCumulativeCount()
			}
		}
		m.intents = &ih
	}
	return m, nil
}

// single is the one metric of a family without labels; nil if there is
// none, or more than one (the getters of nil answer zero).
func single(f *dto.MetricFamily) *dto.Metric {
	if f == nil || len(f.GetMetric()) != 1 {
		return nil
	}
	return f.GetMetric()[0]
}

// resident is the nodes' resident memory, bytes, summed.
func (r reading) resident() float64 {
	sum := 0.0
	for _, m := range r {
		sum += m.resident
	}
	return sum
}

// intents is the nodes' histograms summed; false if a node had none
// (it did not answer).
func (r reading) intents() (intentHistogram, bool) {
	sum := intentHistogram{within: map[time.Duration]uint64{}}
	for _, m := range r {
		if m.intents == nil {
			return intentHistogram{}, false
		}
		sum.count += m.intents.count
		for le, n := range m.intents.within {
			sum.within[le] += n
		}
	}
	return sum, true
}

// since is the share of the intents counted after before within each
// bound, in increasing order, and how many intents that was.
func (h intentHistogram) since(before intentHistogram) ([]Within, int64) {
	n := h.count - before.count
	if n == 0 {
		return nil, 0
	}
	var out []Within
	for _, le := range slices.Sorted(maps.Keys(h.within)) {
		out = append(out, Within{Le: le, Share: float64(h.within[le]-before.within[le]) / float64(n)})
	}
	return out, int64(n)
}
