package loadtest_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/loadtest"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
)

func newServer(t *testing.T) string {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	h := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { h.Close(); srv.Close(); st.Close() })
	return h.URL
}

// TestRun loads an in-process server with a few tables, each player well
// under the server's 20 messages a second: every latency is an accepted
// action's, strokes are actions, the simple players never send an intent
// the server refuses, and the warm-up's moves (the breaks among them) are
// measured apart.
func TestRun(t *testing.T) {
	var progress strings.Builder
	rep, err := loadtest.Run(context.Background(), loadtest.Options{
		URL: newServer(t), Tables: 3, Interval: 100 * time.Millisecond, Warmup: 300 * time.Millisecond, Duration: time.Second, Seed: 1, Progress: &progress,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tables != 3 || int64(len(rep.Latencies)) != rep.Actions || rep.Strokes > rep.Actions || rep.Refused != 0 {
		t.Errorf("report: %d tables, %d actions, %d latencies, %d strokes, %d refused; want 3 tables, a latency per action, no more strokes than actions, none refused",
			rep.Tables, rep.Actions, len(rep.Latencies), rep.Strokes, rep.Refused)
	}
	if len(rep.WarmLatencies) < 3 || rep.Warmup != 300*time.Millisecond || rep.Played < time.Second*9/10 || rep.Played > time.Second*3/2 {
		t.Errorf("report: %d warm-up latencies, warm-up %v, played %v; want the three breaks at least, and a second played after 300ms", len(rep.WarmLatencies), rep.Warmup, rep.Played)
	}
	// The server counts the intents it answered over the same play: the
	// moves sent after the warm-up, give or take those crossing its ends.
	if rep.ServerIntents < rep.Actions/2 || rep.ServerIntents > 2*rep.Actions+6 {
		t.Errorf("the server counted %d intents over the play; the players made %d actions", rep.ServerIntents, rep.Actions)
	}
	last := 0.0
	for _, w := range rep.ServerWithin {
		if w.Share < last || w.Share > 1 {
			t.Errorf("the server's shares %v: want each bound's share at least the one before, at most 1", rep.ServerWithin)
			break
		}
		last = w.Share
	}
	if last != 1 {
		t.Errorf("the server's shares %v: want every intent within the largest bound", rep.ServerWithin)
	}
	// The server's memory and CPU come from the same reads of its /metrics.
	if rep.MemBefore <= 0 || rep.MemAfter <= 0 || rep.MemPlayed <= 0 || len(rep.CPU) != 1 || !(rep.CPU[0] > 0) {
		t.Errorf("the server's memory %v, %v, %v bytes and CPU %v cores; want each read", rep.MemBefore, rep.MemAfter, rep.MemPlayed, rep.CPU)
	}
	if !strings.HasPrefix(progress.String(), "3 tables seated") {
		t.Errorf("progress %q; want the seated tables", progress.String())
	}
	var out strings.Builder
	rep.Print(&out)
	if !strings.Contains(out.String(), "tables 3, a stroke every 100ms each") || !strings.Contains(out.String(), "warm-up, every table's break at once: intent to broadcast p50 ") || !strings.Contains(out.String(), "the whole play, the warm-up's included: p50 ") ||
		!strings.Contains(out.String(), "the server's own, from reading an intent to its broadcast: ") {
		t.Errorf("Print gave %q", out.String())
	}
}

func TestRunRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		o    loadtest.Options
		want string
	}{
		{"no tables", loadtest.Options{URL: "http://127.0.0.1:1", Interval: time.Second, Duration: time.Second}, "loadtest: 0 tables"},
		{"too long", loadtest.Options{URL: "http://127.0.0.1:1", Tables: 1, Interval: time.Second, Duration: time.Hour}, "loadtest: duration 1h0m0s"},
		{"spread as long as the interval", loadtest.Options{URL: "http://127.0.0.1:1", Tables: 1, Interval: time.Second, Spread: time.Second, Duration: time.Second}, "loadtest: spread 1s"},
		{"negative spread", loadtest.Options{URL: "http://127.0.0.1:1", Tables: 1, Interval: time.Second, Spread: -time.Second, Duration: time.Second}, "loadtest: spread -1s"},
		{"negative warm-up", loadtest.Options{URL: "http://127.0.0.1:1", Tables: 1, Interval: time.Second, Warmup: -time.Second, Duration: time.Second}, "loadtest: warm-up -1s"},
		{"kill a single node", loadtest.Options{URL: "http://127.0.0.1:1", Tables: 1, Interval: time.Second, Duration: time.Second, Kill: time.Second / 2}, "loadtest: kill after 500ms"},
		{"kill after the play", loadtest.Options{Exe: "carrom", Store: "postgres://x", Nodes: 3, NATS: noNATS, Tables: 1, Interval: time.Second, Warmup: time.Second, Duration: time.Second, Kill: 2 * time.Second}, "loadtest: kill after 2s"},
		{"no interval", loadtest.Options{URL: "http://127.0.0.1:1", Tables: 1, Duration: time.Second}, "loadtest: interval 0s"},
		{"not on loopback", loadtest.Options{URL: "http://192.0.2.1:80", Tables: 1, Interval: time.Second, Duration: time.Second}, "not on loopback"},
		{"no server", loadtest.Options{Tables: 1, Interval: time.Second, Duration: time.Second}, "loadtest: no server"},
	} {
		if _, err := loadtest.Run(context.Background(), c.o); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Run: %v; want %q", c.name, err, c.want)
		}
	}
}

// noNATS is a cluster's NATS that Run must not start: its options are refused first.
func noNATS(int) ([]string, func(), error) { return nil, nil, errors.New("started") }
