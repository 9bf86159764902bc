package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
)

// grace is the server's default grace (RULES TM-3) and a second.
const grace = 2*time.Minute + time.Second

// leaveTable closes the connection of the seat leaver and lets the grace
// pass; the other's connection, other, reads until the match is over and
// returns its last state.
func leaveTable(t *testing.T, e *env, leaver, other *conn, seat int) *protocol.GameState {
	t.Helper()
	leaver.ws.Close()
	for gone := false; !gone; {
		gone = !other.next("seats").Seating[seat].Connected
	}
	e.clock.Advance(grace)
	for {
		if m := other.next("event"); m.State.Over {
			return m.State
		}
	}
}

// matchResult is the stored result of table id, and its place in the
// profile of the account named.
func matchResult(t *testing.T, p *player, id, name string) (map[string]any, string, bool) {
	t.Helper()
	var ti struct {
		Table struct{ Result map[string]any }
	}
	if code := p.get("/api/tables/"+id, &ti); code != http.StatusOK {
		t.Fatalf("GET /api/tables/%s: %d", id, code)
	}
	var prof struct {
		Matches []struct {
			ID, Result string
			Rated      bool
		}
	}
	p.get("/api/players/"+name, &prof)
	for _, m := range prof.Matches {
		if m.ID == id {
			return ti.Table.Result, m.Result, m.Rated
		}
	}
	t.Fatalf("%s's profile does not list %s: %+v", name, id, prof.Matches)
	return nil, "", false
}

// TestAbortedBeforeTheFirstStroke (issue 27, fair play): a rated match
// its player leaves before the first stroke, or whose breaker lets his
// clock run out, is aborted: no winner, not rated, its players told, its
// record and the profiles saying "aborted". Left after strokes, it is
// lost, and rated as before.
func TestAbortedBeforeTheFirstStroke(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	a := ann.signUp("ann")
	bob.signUp("bob")

	// The player not to break leaves: no clock runs.
	id := ann.ratedTable(a, 0)
	conns := seatBoth(t, id, ann, bob)
	st := conns[0].untilMine(0, 1)
	leaver := 1 - st.ToAct.Seat
	end := leaveTable(t, e, conns[leaver], conns[st.ToAct.Seat], leaver)
	if !end.Aborted || end.Unrated != "The game was aborted before its first stroke: not rated." {
		t.Errorf("left before the first stroke: aborted %v, unrated %q; want aborted and said so", end.Aborted, end.Unrated)
	}
	res, shown, rated := matchResult(t, bob, id, "bob")
	if res["aborted"] != true || res["winner"] != float64(-1) || res["left"] != float64(leaver) || shown != "aborted" || rated {
		t.Errorf("the stored result %v, bob's profile %q rated %v; want aborted, no winner, seat %d left, shown aborted, unrated", res, shown, rated, leaver)
	}
	var rep replayAnswer
	if code := bob.get("/api/matches/"+id+"/replay", &rep); code != http.StatusOK || len(rep.Events) == 0 || !rep.Events[len(rep.Events)-1].State.Aborted {
		t.Errorf("the replay: %d, %d events; want its last state aborted", code, len(rep.Events))
	}

	// The breaker lets his break clock run out.
	id = ann.ratedTable(a, 15)
	conns = seatBoth(t, id, ann, bob)
	st = conns[0].untilMine(0, 1)
	e.clock.Advance(16 * time.Second)
	ev := conns[0].next("event")
	if ev.Action.Kind != "forfeit" || ev.Action.Seat != st.ToAct.Seat || !ev.State.Over || !ev.State.Aborted {
		t.Errorf("the break clock ran out: %+v, over %v, aborted %v; want the breaker's leaving, the match aborted", ev.Action, ev.State.Over, ev.State.Aborted)
	}
	if names := leaders(bob); len(names) != 0 {
		t.Errorf("aborted matches were rated: leaderboard %v", names)
	}

	// Left after 10 strokes: lost, and rated.
	id = ann.ratedTable(a, 0)
	conns = seatBoth(t, id, ann, bob)
	rng := rand.New(rand.NewPCG(27, 1))
	for n := 0; ; {
		st = conns[0].untilMine(0, 1)
		if n >= 10 && st.ToAct.Seat == 1 {
			break
		}
		if st.ToAct.Need == "strike" {
			n++
		}
		conns[st.ToAct.Seat].send(myMove(st, rng))
		conns[0].next("event")
	}
	end = leaveTable(t, e, conns[0], conns[1], 0)
	if end.Aborted || end.Match.MatchWinner == nil || *end.Match.MatchWinner != 1 {
		t.Errorf("ann left after 10 strokes: aborted %v, winner %v; want bob the winner", end.Aborted, end.Match.MatchWinner)
	}
	ratedIn(t, bob, "bob", id)
	if _, shown, _ := matchResult(t, ann, id, "ann"); shown != "lost" {
		t.Errorf("ann's profile: %q; want lost", shown)
	}
}

// TestPlayban (issue 27, fair play): a player who leaves 3 rated matches
// before their first stroke within 24 hours is refused rated games (the
// pool, a seek offered or taken, a challenge) for 10 minutes from the last, told the time
// left, and plays rated again once it has passed on the server's clock;
// unrated games stay open to him, and his opponent is not concerned.
func TestPlayban(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	a := ann.signUp("ann")
	b := bob.signUp("bob")
	rated := `{"rules":"icf","clock":30,"rated":true}`
	refused := func(why string) string {
		t.Helper()
		code, body, _ := ann.request("POST", "/api/pool", rated, "X-CSRF-Token", a)
		if code == http.StatusOK {
			ann.request("DELETE", "/api/pool", "", "X-CSRF-Token", a)
			return ""
		}
		var out struct{ Error string }
		if err := json.Unmarshal([]byte(body), &out); err != nil || code != http.StatusTooManyRequests {
			t.Fatalf("%s: joining the rated pool: %d %s; want 200 or 429", why, code, body)
		}
		return out.Error
	}
	for i := range server.PlaybanAfter {
		if msg := refused("before abort " + itoa(i+1)); msg != "" {
			t.Fatalf("after %d aborts: refused %q; want the pool open", i, msg)
		}
		id := bob.ratedTable(b, 0)
		conns := seatBoth(t, id, ann, bob)
		conns[1].untilMine(0, 1)
		leaveTable(t, e, conns[0], conns[1], 0)
		e.clock.Advance(time.Minute)
	}
	// The abort is counted a moment after the match's end.
	var msg string
	eventually(t, "the pool refusing ann", func() bool { msg = refused("after 3 aborts"); return msg != "" })
	if want := "You left 3 rated games before their first stroke in the last 24 hours: you can play rated again in 9 min."; !strings.HasPrefix(msg, want) {
		t.Errorf("the pool refuses ann: %q; want %q", msg, want)
	}
	// Each refusal carries its code, the aborts and the wait in seconds,
	// for the page to say them in the reader's language.
	banned := func(what, method, path, body string) {
		t.Helper()
		code, got, h := ann.request(method, path, body, "X-CSRF-Token", a)
		var out struct {
			Code   string
			Params map[string]any
		}
		if err := json.Unmarshal([]byte(got), &out); err != nil || code != http.StatusTooManyRequests || !strings.Contains(got, "9 min") ||
			out.Code != "playban" || out.Params["Count"] != 3.0 || out.Params["Seconds"] != 540.0 || h.Get("Retry-After") != "540" {
			t.Errorf("%s: %d %s, Retry-After %q; want 429, 9 min, code playban with Count 3 and Seconds 540", what, code, got, h.Get("Retry-After"))
		}
	}
	banned("ann joins the rated pool", "POST", "/api/pool", rated)
	banned("ann offers a rated game", "POST", "/api/seeks", `{"rules":"icf","clock":30,"rated":true}`)
	banned("ann challenges bob to a rated game", "POST", "/api/challenges", `{"to":"bob","rules":"icf","clock":0,"rated":true}`)
	code, body, _ := bob.request("POST", "/api/seeks", `{"rules":"icf","clock":30,"rated":true}`, "X-CSRF-Token", b)
	var sk protocol.Seek
	if err := json.Unmarshal([]byte(body), &sk); err != nil || code != http.StatusCreated {
		t.Fatalf("bob offers a rated game: %d %s", code, body)
	}
	banned("ann takes bob's rated game", "POST", "/api/seeks/"+sk.ID+"/accept", "")
	joinPool(t, ann, a, `{"rules":"icf","clock":30}`)
	ann.request("DELETE", "/api/pool", "", "X-CSRF-Token", a)
	joinPool(t, bob, b, rated)
	bob.request("DELETE", "/api/pool", "", "X-CSRF-Token", b)

	e.clock.Advance(4*time.Minute + 30*time.Second)
	if msg := refused("4.5 minutes later"); !strings.Contains(msg, "again in 5 min") {
		t.Errorf("4.5 minutes later: %q; want 5 min left", msg)
	}
	e.clock.Advance(4*time.Minute + 30*time.Second)
	if msg := refused("10 minutes after the last abort"); msg != "" {
		t.Errorf("10 minutes after the last abort: refused %q; want the pool open", msg)
	}
}

// TestPlaybanEscalates: 3 aborts within 24 hours wait 10 minutes from
// the last, each one more doubles it up to 24 hours, and those older than
// 24 hours before the last do not count.
func TestPlaybanEscalates(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(hours ...float64) []time.Time {
		var out []time.Time
		for _, h := range hours {
			out = append(out, t0.Add(time.Duration(h*float64(time.Hour))))
		}
		return out
	}
	for _, c := range []struct {
		aborts []time.Time
		n      int
		wait   time.Duration
	}{
		{at(0, 1), 2, 0},
		{at(0, 1, 2), 3, 10 * time.Minute},
		{at(0, 1, 2, 3), 4, 20 * time.Minute},
		{at(0, 1, 2, 3, 4, 5), 6, 80 * time.Minute},
		{at(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 13, 24 * time.Hour},
		{at(0, 1, 25), 1, 0},
	} {
		until, n := server.Playban(c.aborts)
		last := c.aborts[len(c.aborts)-1]
		if n != c.n || c.wait == 0 && !until.IsZero() || c.wait > 0 && until.Sub(last) != c.wait {
			t.Errorf("aborts %v: %d counted, until %v; want %d, %v after the last", c.aborts, n, until, c.n, c.wait)
		}
	}
}
