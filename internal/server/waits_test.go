package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
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

// TestResumeAndWhy: GET /api/mine lists the browser's unfinished tables
// with the link to its seats, and nobody else's; a profile says why a
// match ended early.
func TestResumeAndWhy(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	csrf := signUp(t, ann, "ann")
	code, body, _ := ann.request("POST", "/api/tables", `{"rules":"icf","players":2,"seed":5,"seats":[{"kind":"human"},{"kind":"computer","level":"test"}]}`, "X-CSRF-Token", csrf)
	var ti struct{ ID string }
	if err := json.Unmarshal([]byte(body), &ti); err != nil || code != http.StatusCreated {
		t.Fatalf("a table against the computer: %d %s", code, body)
	}
	id := ti.ID
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(sitWith(0, "", csrf))
	c.next("welcome")
	var mine []struct {
		ID     string
		Mine   []int
		Resume string
	}
	if code := ann.get("/api/mine", &mine); code != http.StatusOK || len(mine) != 1 || mine[0].ID != id || mine[0].Resume != "/t/"+id+"?seat=0" {
		t.Errorf("ann's tables: %d %+v; want %s with the link of seat 0", code, mine, id)
	}
	if code := bob.get("/api/mine", &mine); code != http.StatusOK || len(mine) != 0 {
		t.Errorf("bob's tables: %d %+v; want none", code, mine)
	}
	c.untilMine(0)
	c.send(protocol.Concede("match"))
	for !c.last.Over {
		c.next("state", "event")
	}
	if code := ann.get("/api/mine", &mine); code != http.StatusOK || len(mine) != 0 {
		t.Errorf("ann's tables once her match is over: %d %+v; want none", code, mine)
	}
	var prof struct {
		Matches []struct{ Result, Ended string }
	}
	if code := ann.get("/api/players/ann", &prof); code != http.StatusOK || len(prof.Matches) != 1 || prof.Matches[0].Result != "lost" || prof.Matches[0].Ended != "conceded" {
		t.Errorf("ann's profile: %d %+v; want her match lost, conceded", code, prof.Matches)
	}
}
