package server_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// eventually polls cond until it holds, failing after 10 s: a finished
// match is rated off its table's goroutine, a moment after its end.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10 s", what)
		}
	}
}

// unrated waits for the state that tells c's table why its match, over,
// is not rated: the rating, done off the table's goroutine, says so once
// the last event is out.
func (c *conn) unrated() *protocol.GameState {
	c.t.Helper()
	for c.last == nil || c.last.Unrated == "" {
		c.next("state")
	}
	return c.last
}

// ratedIn waits until the match of table id shows rated in the profile
// of the account named.
func ratedIn(t *testing.T, p *player, name, id string) {
	t.Helper()
	eventually(t, "the match "+id+" rated in "+name+"'s profile", func() bool {
		var prof struct {
			Matches []struct {
				ID    string
				Rated bool
			}
		}
		p.get("/api/players/"+name, &prof)
		for _, m := range prof.Matches {
			if m.ID == id && m.Rated {
				return true
			}
		}
		return false
	})
}

// TestRatingSurvivesAShutdown: a rated match over, its rating still to be
// made when the server is stopped, is rated before the server goes: the
// server started again on the same SQLite file shows both ratings.
func TestRatingSurvivesAShutdown(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	e.srv.HoldRatings()
	ann, bob := e.player(), e.player()
	a := ann.signUp("ann")
	bob.signUp("bob")
	id := ann.ratedTable(a, 0)
	if st := playThenConcede(t, seatBoth(t, id, ann, bob), 24, 1); !st.Over {
		t.Fatal("the match is not over")
	}
	if names := leaders(ann); len(names) != 0 {
		t.Fatalf("leaderboard %v before the shutdown; want none, the rating held", names)
	}
	e.close()

	later := newFakeClock()
	later.now = e.clock.Now()
	e2 := newEnvAt(t, dir, later)
	ann.Base = e2.http.URL
	if names := leaders(ann); !slices.Equal(names, []string{"ann", "bob"}) {
		t.Errorf("leaderboard after the restart %v; want ann (who won) and bob", names)
	}
}

// TestClusterToldUnratedOnEveryNode: a rated match that node b runs,
// conceded after its break by a player at node a against one at node c
// (or the other way round), is too short to rate; the rating, made off the table's goroutine, tells both
// players so, each through his own node.
func TestClusterToldUnratedOnEveryNode(t *testing.T) {
	nodes := newClusterWith(t, 3, 900*time.Millisecond, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	owner := &player{t: t, Client: nodeClient(t, nodes[1])}
	id := ratedTable(t, owner, signUp(t, owner, "olga"))
	var conns [2]*servertest.Conn
	for seat, name := range []string{"ann", "bob"} {
		p := &player{t: t, Client: nodeClient(t, nodes[2*seat])}
		csrf := signUp(t, p, name)
		c, err := p.Connect(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		readUntil(t, ctx, c, name, "the welcome", func(m servertest.Message) bool { return m.Type == "welcome" })
		if err := c.Send(ctx, sitWith(seat, "", csrf)); err != nil {
			t.Fatal(err)
		}
		readUntil(t, ctx, c, name, "the seat", func(m servertest.Message) bool { return m.Type == "welcome" && len(m.Seats) == 1 })
		conns[seat] = c
	}
	st := readUntil(t, ctx, conns[0], "ann", "the match begun", func(m servertest.Message) bool { return m.State != nil && m.State.Started }).State
	// The break is played: a match conceded before it is aborted, and says
	// so at once (fairplay.go), not once rated.
	rng := rand.New(rand.NewPCG(9, 9))
	for played := false; ; {
		in := protocol.Concede("match")
		if !played || st.ToAct.Need != "strike" {
			played, in = played || st.ToAct.Need == "strike", myMove(st, rng)
		}
		if err := conns[st.ToAct.Seat].Send(ctx, in); err != nil {
			t.Fatal(err)
		}
		if in.Type == protocol.TypeConcede {
			break
		}
		st = readUntil(t, ctx, conns[0], "ann", "the next event", func(m servertest.Message) bool { return m.Type == "event" }).State
	}
	for seat, name := range []string{"ann", "bob"} {
		m := readUntil(t, ctx, conns[seat], name, "why the match is not rated", func(m servertest.Message) bool { return m.State != nil && m.State.Unrated != "" })
		if !m.State.Over || !strings.Contains(m.State.Unrated, "too short") {
			t.Errorf("%s at node %s is told: over %v, unrated %q; want the match over, too short to rate", name, nodes[2*seat].name, m.State.Over, m.State.Unrated)
		}
	}
}
