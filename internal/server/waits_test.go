package server_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
)

// TestComputerGameWaits (issue 27, item 5): a player away from his game
// against the computer longer than the grace period does not lose it, nor
// does his clock run out while he is away; back, his clock starts again in
// full. A game left for server.ComputerWait is lost (RULES TM-3).
func TestComputerGameWaits(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, watcher := e.player(), e.player()
	cfg := withComputer(7)
	cfg.Clock = 15
	id := ann.create(cfg)
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(0, "Ann"))
	rng := rand.New(rand.NewPCG(3, 4))
	st := c.untilMine(0)
	for st.ToAct.Need != "strike" {
		c.send(myMove(st, rng))
		c.next("event")
		st = c.untilMine(0)
	}
	w := watcher.connect(id, 0)
	w.next("welcome")
	away := func() {
		t.Helper()
		c.ws.Close()
		for gone := false; !gone; {
			gone = !w.next("seats").Seating[0].Connected
		}
	}
	away()
	seq := seqOf(t, ann, id)
	e.clock.Advance(10 * time.Minute)
	if now := seqOf(t, ann, id); now != seq {
		t.Fatalf("10 minutes away from a game against the computer: seq %d to %d; want nothing played (no timeout, no forfeit)", seq, now)
	}

	c = ann.connect(id, seq)
	if m := c.next("welcome"); len(m.Seats) != 1 || m.Seats[0] != 0 {
		t.Fatalf("ann back at her game: %s; want her seat", m.Raw)
	}
	st = c.untilMine(0)
	if want := e.clock.Now().Add(15 * time.Second).UnixMilli(); st.Over || st.ToAct.Deadline != want {
		t.Errorf("ann back: over %v, deadline %d; want her 15 s from now (%d)", st.Over, st.ToAct.Deadline, want)
	}
	away()
	e.clock.Advance(server.ComputerWait + time.Second)
	for {
		m := w.next("event")
		if m.State.Over {
			if m.Action.Kind != "forfeit" || m.Action.Rule != "TM-3" || m.State.Match.MatchWinner == nil || *m.State.Match.MatchWinner != 1 {
				t.Errorf("the game left for %v ends with %s; want ann's forfeit (TM-3)", server.ComputerWait, m.Raw)
			}
			break
		}
	}
}
