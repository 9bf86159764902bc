package server_test

import (
	"bytes"
	"context"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// slowBot thinks until the test lets it move (or its search is cancelled),
// telling the test each time it starts.
type slowBot struct {
	thinking chan<- struct{}
	release  <-chan struct{}
}

func (b slowBot) Act(ctx context.Context, t game.Table, seat int, rng *rand.Rand) (game.Action, error) {
	b.thinking <- struct{}{}
	select {
	case <-b.release:
		return testBot{}.Act(ctx, t, seat, rng)
	case <-ctx.Done():
		return game.Action{}, ctx.Err()
	}
}

func slowBots(thinking chan<- struct{}, release <-chan struct{}) server.BotFactory {
	return func(string) (server.Bot, error) { return slowBot{thinking: thinking, release: release}, nil }
}

// lockedBuffer is a log that the test reads while the server writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestTableAnswersWhileTheComputerThinks: a computer's search runs beside
// its table, so a spectator joins and a state request is answered while
// the computer is still thinking (it cannot move before the test lets it),
// on a table where every seat is a computer (and a first spectator); its
// move then arrives as an event. Closing the server cancels a search that still runs, and logs no
// error.
func TestTableAnswersWhileTheComputerThinks(t *testing.T) {
	thinking, release := make(chan struct{}, 1), make(chan struct{})
	var logs lockedBuffer
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) {
		c.Bots = slowBots(thinking, release)
		c.Log = slog.New(slog.NewJSONHandler(&logs, nil))
	})
	p := e.player()
	slow := protocol.SeatConfig{Kind: "computer", Level: "slow"}
	id := p.create(protocol.TableConfig{Rules: "icf", Players: 4, Seats: []protocol.SeatConfig{slow, slow, slow, slow}, Seed: 5})
	// A table of computers plays while someone watches it.
	p.connect(id, 0).next("state")
	<-thinking // seat 0 is thinking about the break, and cannot move yet

	start := time.Now()
	w := e.player().connect(id, 0)
	w.next("welcome")
	if st := w.next("state"); st.Seq != 0 {
		t.Errorf("spectator's state at seq %d; want 0, the computer still thinking", st.Seq)
	}
	joined := time.Since(start)
	start = time.Now()
	var table struct{ State *servertest.Message }
	code := p.get("/api/tables/"+id, &table)
	answered := time.Since(start)
	if code != http.StatusOK || table.State == nil {
		t.Fatalf("GET /api/tables/%s while the computer thinks: %d, state %+v", id, code, table.State)
	}
	t.Logf("while the computer thinks: welcome and state in %v, GET /api/tables/{id} in %v", joined, answered)
	select {
	case <-thinking:
		t.Fatal("a second search started before the first one moved")
	default:
	}

	release <- struct{}{}
	if ev := w.next("event"); ev.Seq != 1 || ev.Action.Seat != 0 {
		t.Errorf("after the release: event %d by %+v; want seat 0's break, seq 1", ev.Seq, ev.Action)
	}
	<-thinking // the next seat thinks; closing the server must stop it
	e.close()
	if strings.Contains(logs.String(), `"level":"ERROR"`) {
		t.Errorf("closing the server while a computer thinks logged an error:\n%s", logs.String())
	}
}
