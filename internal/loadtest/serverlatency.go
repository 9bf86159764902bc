package loadtest

import (
	"context"
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"time"

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

// intentHistograms reads the histograms of the nodes at bases; false if
// a node does not answer (it was killed) or has none.
func intentHistograms(ctx context.Context, bases []string) (intentHistogram, bool) {
	sum := intentHistogram{within: map[time.Duration]uint64{}}
	for _, b := range bases {
		h, err := intentHistogramOf(ctx, b)
		if err != nil {
			return intentHistogram{}, false
		}
		sum.count += h.count
		for le, n := range h.within {
			sum.within[le] += n
		}
	}
	return sum, true
}

func intentHistogramOf(ctx context.Context, base string) (intentHistogram, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/metrics", nil)
	if err != nil {
		return intentHistogram{}, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return intentHistogram{}, err
	}
	defer resp.Body.Close()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		return intentHistogram{}, err
	}
	f := families["carrom_intent_seconds"]
	if f == nil || len(f.GetMetric()) != 1 || f.GetMetric()[0].GetHistogram() == nil {
		return intentHistogram{}, fmt.Errorf("%s/metrics: no carrom_intent_seconds histogram", base)
	}
	h := f.GetMetric()[0].GetHistogram()
	out := intentHistogram{count: h.GetSampleCount(), within: map[time.Duration]uint64{}}
	for _, b := range h.GetBucket() {
		if math.IsInf(b.GetUpperBound(), 1) {
			continue
		}
		out.within[time.Duration(b.GetUpperBound()*float64(time.Second))] = b.GetCumulativeCount()
	}
	return out, nil
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
