package httpapi

import (
	"fmt"
	"testing"
	"time"
)

// TestLimiterEvictsTheOldest: past its bound the limiter forgets the key
// used longest ago and refuses no new key; a key in use keeps its count.
func TestLimiterEvictsTheOldest(t *testing.T) {
	l := NewLimiter(Limit{Every: time.Minute, Burst: 2})
	l.max = 3
	now := time.Unix(0, 0)
	for _, k := range []string{"a", "a"} {
		if ok, _ := l.allow(k, now); !ok {
			t.Fatalf("%s: refused within its burst", k)
		}
	}
	if ok, wait := l.allow("a", now); ok || wait != time.Minute {
		t.Fatalf("a's third attempt: %v, wait %v; want refused for a minute", ok, wait)
	}
	for i := range 10 {
		if ok, _ := l.allow(fmt.Sprint(i), now); !ok {
			t.Fatalf("new key %d refused: a full table must evict, never refuse", i)
		}
		if len(l.keys) > 3 || l.lru.Len() > 3 {
			t.Fatalf("%d keys kept; want 3 at most", len(l.keys))
		}
	}
	if ok, _ := l.allow("a", now); !ok {
		t.Error("a, evicted as the oldest, still refused")
	}
	l.allow("b", now)
	l.allow("x", now)
	l.allow("y", now)
	l.allow("b", now) // b used again: x is now the oldest
	l.allow("z", now)
	if _, ok := l.keys["x"]; ok {
		t.Error("x kept; want it evicted as the least recently used")
	}
	if ok, _ := l.allow("b", now); ok {
		t.Error("b, in use, forgot its two attempts")
	}
}
