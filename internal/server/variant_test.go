package server_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// variantConfig is a table of the variant with n seats, human unless named
// computer in bots.
func variantConfig(name string, n int, bots ...int) protocol.TableConfig {
	cfg := servertest.Humans(n, 5)
	cfg.Rules = name
	for _, b := range bots {
		cfg.Seats[b] = protocol.SeatConfig{Kind: "computer", Level: "test"}
	}
	return cfg
}

// sitEverywhere creates a table of the variant rules for n players and sits
// p, under name, in every seat: it returns the table and p's connection,
// welcomed at each seat.
func sitEverywhere(p *player, rules string, n int, name string) (string, *conn) {
	p.t.Helper()
	id := p.create(variantConfig(rules, n))
	c := p.connect(id, 0)
	c.next("welcome")
	for s := range n {
		c.send(protocol.Sit(s, name))
		c.next("welcome")
	}
	return id, c
}

// replayTable rebuilds table id from its stored actions with package game.
func replayTable(t *testing.T, p *player, id, name string, players int) game.Table {
	t.Helper()
	actions := storedActions(t, p, id)
	rs, err := rules.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := game.Replay(game.Config{Rules: rs, Players: players, Physics: physics.Default()}, actions, nil)
	if err != nil {
		t.Fatalf("the stored actions do not replay: %v", err)
	}
	return tb
}

// sameVariant compares the variant's board a state message shows with the
// table replayed from the stored actions.
func sameVariant(t *testing.T, st *protocol.GameState, tb game.Table) {
	t.Helper()
	if st.Variant == nil {
		t.Fatalf("a %s table's state has no variant", st.Config.Rules)
	}
	want := record.FromColourless(tb.Match().Colourless, nil)
	got := st.Variant.Variant
	if !slices.Equal(got.Score, want.Score) || !slices.Equal(got.Held, want.Held) || got.Turn != want.Turn || got.Awaiting != want.Awaiting ||
		!slices.EqualFunc(got.Board.Owner, want.Board.Owner, func(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }) {
		t.Fatalf("the state shows %+v; the replayed table %+v", got, want)
	}
}

// RULES V-1, V-2, V-3: the server runs a table of every variant with each
// number of players it seats: two opposite (bases 0 and 2), three at bases
// 0, 1 and 2, four all round; each player strikes from his own base line
// and his side is himself. One client holds every seat (hot-seat play).
func TestVariantTables(t *testing.T) {
	e := newEnv(t, t.TempDir())
	for _, c := range []struct {
		rules     string
		positions []int
	}{
		{"point", []int{0, 2}},
		{"point", []int{0, 1, 2}},
		{"three", []int{0, 1, 2}},
		{"pockets", []int{0, 1, 2, 3}},
	} {
		n := len(c.positions)
		ann := e.player()
		id, conn := sitEverywhere(ann, c.rules, n, "")
		seats := make([]int, n)
		for i := range n {
			seats[i] = i
		}
		rng := rand.New(rand.NewPCG(3, uint64(n)))
		turns := map[int]bool{}
		for range 12 {
			st := conn.untilMine(seats...)
			if st.Over {
				break
			}
			for i, s := range st.Seats {
				if s.Position != c.positions[i] || s.Side != i {
					t.Fatalf("%s, %d players: seat %d at position %d, side %d; want position %d, side %d", c.rules, n, i, s.Position, s.Side, c.positions[i], i)
				}
			}
			if st.ToAct.Position != c.positions[st.ToAct.Seat] || st.Variant == nil || st.Variant.Turn != st.ToAct.Seat || len(st.Variant.Score) != n {
				t.Fatalf("%s, %d players: to act %+v, variant %+v", c.rules, n, st.ToAct, st.Variant)
			}
			turns[st.ToAct.Seat] = true
			conn.send(myMove(st, rng))
			ev := conn.next("event")
			if ev.State.Match.Ruling == nil || ev.State.Variant == nil {
				t.Fatalf("%s: an event without its ruling or its variant board: %s", c.rules, ev.Raw)
			}
		}
		st := conn.untilMine(seats...)
		sameVariant(t, st, replayTable(t, ann, id, c.rules, n))
		if !st.Over && len(turns) < 2 {
			t.Errorf("%s, %d players: only seats %v were to act in 12 strokes", c.rules, n, turns)
		}
		// The match record names the variant and replays.
		code, text := ann.do("GET", "/api/matches/"+id+".txt", "")
		if code != http.StatusOK {
			t.Fatalf("GET the match record: %d", code)
		}
		if !strings.HasPrefix(text, `[Rules "`+c.rules+`"]`) {
			t.Fatalf("match record of a %s table begins %q", c.rules, text[:min(40, len(text))])
		}
	}
}

func TestVariantConfigs(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	for _, cfg := range []string{
		`{"rules":"three","players":2,"seats":[{"kind":"human"},{"kind":"human"}]}`,
		`{"rules":"icf","players":3,"seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}]}`,
		`{"rules":"point","players":5,"seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}`,
		`{"rules":"pockets","players":3,"seats":[{"kind":"human"},{"kind":"human"}]}`,
	} {
		if code, body := ann.do("POST", "/api/tables", cfg); code != http.StatusBadRequest || !strings.Contains(body, "bad table configuration") {
			t.Errorf("POST %s: %d %s; want 400", cfg, code, body)
		}
	}
}

// A computer seat plays a variant's table too: a three-player table of one
// person and two computers goes round.
func TestVariantAgainstTheComputer(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	id := ann.create(variantConfig("three", 3, 1, 2))
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(0, "Ann"))
	rng := rand.New(rand.NewPCG(8, 9))
	seen := map[int]bool{}
	for range 6 {
		st := c.untilMine(0)
		if st.Over {
			break
		}
		c.send(myMove(st, rng))
		for ev := c.next("event"); ; ev = c.next("event") {
			seen[ev.Action.Seat] = true
			if ev.State.Over || ev.State.ToAct.Seat == 0 {
				break
			}
		}
	}
	if !seen[1] && !seen[2] {
		t.Errorf("the computers never played: %v", seen)
	}
	sameVariant(t, c.untilMine(0), replayTable(t, ann, id, "three", 3))
}

// pocketingShot is the stroke from tb that leaves the seat to act with
// the most points while keeping the turn, found by simulating a fan of
// shots with package game; ok false if none pockets anything for him.
func pocketingShot(tb game.Table) (physics.Shot, bool) {
	turn := tb.ToAct()
	sp := tb.Config().Physics.Spec
	me := turn.Seat
	g := tb.Match().Colourless
	var best physics.Shot
	bestPoints := g.Points(me)
	for _, r := range tb.StrikerRanges() {
		for i := 1; i <= 3; i++ {
			x := r.Lo + (r.Hi-r.Lo)*float64(i)/4
			at := sp.StrikerAt(turn.Base, x)
			var dirs []board.Vec
			for _, p := range tb.Pieces() {
				for _, k := range []board.Pocket{0, 1, 2, 3} {
					// At the spot behind the piece on the line to the pocket.
					d := sp.PocketCentre(k).Sub(p.Pos).Unit()
					aim := p.Pos.Sub(d.Scale(sp.CoinRadius() + sp.StrikerRadius())).Sub(at)
					dirs = append(dirs, board.Vec{X: aim.Dot(turn.Base.Right()), Y: aim.Dot(turn.Base.Forward())})
				}
			}
			for _, d := range dirs {
				for _, speed := range []float64{1.5, 3} {
					sh := physics.Shot{X: x, Dir: d, Speed: speed}
					next, out, err := tb.Apply(game.Action{Seat: me, Kind: game.Strike, Shot: sh})
					if err != nil || out.Ruling == nil || !out.Ruling.TurnKept {
						continue
					}
					if pts := next.Match().Colourless.Points(me); pts > bestPoints {
						best, bestPoints = sh, pts
					}
				}
			}
		}
	}
	return best, bestPoints > g.Points(me)
}

// passingShot is a gentle stroke that passes the turn.
func passingShot(tb game.Table) physics.Shot {
	r := tb.StrikerRanges()[0]
	return physics.Shot{X: (r.Lo + r.Hi) / 2, Dir: board.Vec{X: 0, Y: -1}, Speed: 0.3}
}

// RULES V-3 over the wire: a player who banked 25 points buys a free
// pocket with a "buy" message; the pocket is his in the next state, and
// the c/m paid are back on the board. A purchase he cannot pay for is
// refused with the referee's reason and changes nothing.
func TestBuyAPocketOverTheWire(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	id, c := sitEverywhere(ann, "pockets", 2, "")
	strike := func(sh physics.Shot) {
		c.send(protocol.StrikeDir(sh.X, [2]float64{sh.Dir.X, sh.Dir.Y}, sh.Speed))
		c.next("event")
	}
	// Seat 0 pockets until he holds 25 points, then both pass, so that
	// his points are banked at his next turn (V-3).
	for i := 0; ; i++ {
		if i == 40 {
			t.Fatal("seat 0 has no 25 points banked after 40 strokes")
		}
		tb := replayTable(t, ann, id, "pockets", 2)
		g := tb.Match().Colourless
		worth := g.Variant.Worth()
		if g.Turn == 0 && worth.Of(g.Banked[0]) >= rules.FreePocketPrice {
			break
		}
		if sh, ok := pocketingShot(tb); ok && (g.Turn == 0 && worth.Of(g.Held[0]) < rules.FreePocketPrice) {
			strike(sh)
		} else {
			strike(passingShot(tb))
		}
	}
	st := c.untilMine(0)
	banked := st.Variant.Banked[0]
	if st.Variant.Prices == nil || st.Variant.Prices.Free != 25 || st.Variant.Worth.White != 10 {
		t.Fatalf("the state's prices %+v and worth %+v", st.Variant.Prices, st.Variant.Worth)
	}
	before := c.last
	c.send(protocol.Buy(1, 0, min(banked.Black, 1), false))
	if m := c.next("error", "event"); m.Type != "error" || !strings.Contains(m.Error, "purchase refused") {
		t.Fatalf("a purchase paying under 25: %s; want an error", m.Raw)
	}
	// Pay with the fewest c/m worth 25: whites first.
	pay := record.Counts{}
	for v := 0; v < 25; {
		if pay.White < banked.White {
			pay.White++
			v += 10
		} else {
			pay.Black++
			v += 5
		}
	}
	c.send(protocol.Buy(1, pay.White, pay.Black, false))
	ev := c.next("event")
	if ev.Action.Kind != "buy" || ev.Action.Buy == nil || ev.Action.Buy.Pocket != 1 || !slices.Contains(ev.State.Match.Ruling.Rules, "V-3") {
		t.Fatalf("the purchase's event: %s", ev.Raw)
	}
	owner := ev.State.Variant.Board.Owner
	if len(owner) != 4 || owner[1] == nil || *owner[1] != 0 || ev.State.ToAct.Seat != 0 {
		t.Fatalf("after the purchase: owners %s, to act %+v; want pocket 1 seat 0's and his turn", mustJSON(owner), ev.State.ToAct)
	}
	if got, want := len(ev.State.Pieces), len(before.Pieces)+pay.White+pay.Black; got != want || len(ev.Outcome.Respotted) != pay.White+pay.Black {
		t.Errorf("after the purchase %d pieces on the board, %d respotted; want %d", got, len(ev.Outcome.Respotted), want)
	}
	sameVariant(t, ev.State, replayTable(t, ann, id, "pockets", 2))
	// The record of the match carries the purchase.
	code, text := ann.do("GET", "/api/matches/"+id+".txt", "")
	if code != http.StatusOK || !strings.Contains(text, " buy 1 ") {
		t.Errorf("the match record (%d) has no purchase:\n%s", code, text)
	}
}

func mustJSON(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

// A finished variant's match lists in its player's profile, won or lost by
// his seat, and the profile's statistics (ICF's and family's boards by
// side) leave it out.
func TestVariantInAProfile(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	id, c := sitEverywhere(ann, "point", 4, "Ann")
	// Play until a seat past 1 leads the others than the one in turn, who
	// then concedes: the winner is seat 2 or 3 (RULES G-4, the standing).
	rng := rand.New(rand.NewPCG(4, 4))
	for i := 0; ; i++ {
		st := c.untilMine(0, 1, 2, 3)
		if st.Over || i == 60 {
			t.Fatalf("no seat past 1 led in %d strokes (over: %v)", i, st.Over)
		}
		lead, best, tie := -1, -1, false
		for p, pts := range st.Variant.Score {
			switch {
			case p == st.ToAct.Seat:
			case pts > best:
				lead, best, tie = p, pts, false
			case pts == best:
				tie = true
			}
		}
		if lead >= 2 && !tie {
			break
		}
		c.send(myMove(st, rng))
		c.next("event")
	}
	c.send(protocol.Concede("match"))
	if ev := c.next("event"); !ev.State.Over || ev.State.Match.MatchWinner == nil || *ev.State.Match.MatchWinner < 2 {
		t.Fatalf("the concession did not end the match with seat 2 or 3 winning: %s", ev.Raw)
	}
	if code, a, _ := ann.account("signup", "Ann", "correct horse battery"); code != http.StatusOK || !a.SignedIn {
		t.Fatalf("sign-up: %d %+v", code, a)
	}
	var prof struct {
		Matches []struct {
			ID, Rules, Result string
		}
		Stats struct{ Matches, Boards int }
	}
	if code := ann.get("/api/players/ann", &prof); code != http.StatusOK || len(prof.Matches) != 1 || prof.Matches[0].ID != id || prof.Matches[0].Rules != "point" || prof.Matches[0].Result == "in play" {
		t.Fatalf("profile: %d %+v; want the point carrom match, finished", code, prof)
	}
}

// dueShot is a shot by the seat in turn after which a c/m is to be placed,
// if one of the shots pocketingShot tries (and the straight ones at each
// pocket) is such a shot.
func dueShot(tb game.Table) (physics.Shot, bool) {
	turn := tb.ToAct()
	sp := tb.Config().Physics.Spec
	for _, r := range tb.StrikerRanges() {
		for i := 1; i <= 3; i++ {
			x := r.Lo + (r.Hi-r.Lo)*float64(i)/4
			at := sp.StrikerAt(turn.Base, x)
			var dirs []board.Vec
			for k := range board.Pockets {
				d := sp.PocketCentre(board.Pocket(k)).Sub(at)
				dirs = append(dirs, board.Vec{X: d.Dot(turn.Base.Right()), Y: d.Dot(turn.Base.Forward())})
			}
			for _, d := range dirs {
				for _, speed := range []float64{1.5, 3} {
					sh := physics.Shot{X: x, Dir: d, Speed: speed}
					if next, _, err := tb.Apply(game.Action{Seat: turn.Seat, Kind: game.Strike, Shot: sh}); err == nil && next.ToAct().Need == game.NeedPlace {
						return sh, true
					}
				}
			}
		}
	}
	return physics.Shot{}, false
}

// RULES V-1 over the wire: in point carrom the striker pocketed by a player
// who holds a c/m costs one, which the opponent places within the outer
// circle with a "place" message; a placing on the centre circle, a forgo
// and a stroke before the placing are refused with an error and change
// nothing; the placing is stored and replays.
func TestPlaceADueOverTheWire(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	id, c := sitEverywhere(ann, "point", 2, "")
	striker := -1
	for i := 0; ; i++ {
		if i == 40 {
			t.Fatal("no c/m to place after 40 strokes")
		}
		tb := replayTable(t, ann, id, "point", 2)
		if tb.ToAct().Need == game.NeedPlace {
			break
		}
		g := tb.Match().Colourless
		sh, ok := physics.Shot{}, false
		if g.Held[g.Turn] != (rules.Holding{}) {
			sh, ok = dueShot(tb)
		}
		if !ok {
			if sh, ok = pocketingShot(tb); !ok {
				sh = passingShot(tb)
			}
		}
		striker = g.Turn
		c.send(protocol.StrikeDir(sh.X, [2]float64{sh.Dir.X, sh.Dir.Y}, sh.Speed))
		c.next("event")
	}
	tb := replayTable(t, ann, id, "point", 2)
	turn := tb.ToAct()
	if turn.Seat != 1-striker {
		t.Fatalf("seat %d places the due of seat %d's stroke; want the opponent (RULES V-1)", turn.Seat, striker)
	}
	st := c.untilMine(turn.Seat)
	if st.ToAct.Need != "place" || st.ToAct.Seat != turn.Seat {
		t.Fatalf("the state's turn %+v; want seat %d to place", st.ToAct, turn.Seat)
	}
	for _, in := range []protocol.ClientMsg{protocol.Place(0.01, 0), protocol.Forgo(), protocol.StrikeDir(0, [2]float64{0, 1}, 1)} {
		c.send(in)
		if m := c.next("error", "event"); m.Type != "error" || m.Error == "" {
			t.Fatalf("%+v while a due is to be placed: %s; want an error", in, m.Raw)
		}
	}
	var at board.Vec
	for r := 0.05; r < 0.068 && at == (board.Vec{}); r += 0.004 {
		for a := 0; a < 360; a += 15 {
			if p := (board.Vec{X: r * math.Cos(float64(a)*math.Pi/180), Y: r * math.Sin(float64(a)*math.Pi/180)}); tb.PlacingLegal(p) == nil {
				at = p
				break
			}
		}
	}
	c.send(protocol.Place(at.X, at.Y))
	ev := c.next("event")
	if ev.Action.Kind != "place" || ev.Action.Seat != turn.Seat || ev.State.ToAct.Need != "strike" {
		t.Fatalf("the placing's event: %s", ev.Raw)
	}
	sameVariant(t, ev.State, replayTable(t, ann, id, "point", 2))
}
