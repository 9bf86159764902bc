package game

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
	"pgregory.net/rapid"
)

func solo() Config {
	return Config{Rules: rules.Solo(), Players: 1, Physics: physics.Default()}
}

func icf(players int) Config {
	return Config{Rules: rules.ICF(), Players: players, Physics: physics.Default()}
}

// tester is what newTable and midBoard need of a test: *testing.T or *rapid.T.
type tester interface {
	Helper()
	Fatal(...any)
}

func newTable(t tester, cfg Config) Table {
	t.Helper()
	tb, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// midBoard is a broken board with seat 0 (white) in turn, the given pieces
// on the board and the rest pocketed.
func midBoard(t tester, pieces []board.Piece) Table {
	tb := newTable(t, icf(2))
	all := tb.pieces
	tb.pieces = pieces
	tb.pocketed = nil
	for _, p := range all {
		if !slices.ContainsFunc(pieces, func(q board.Piece) bool { return q.ID == p.ID }) {
			tb.pocketed = append(tb.pocketed, p)
		}
	}
	b := &tb.match.Board
	b.Broken = true
	b.StrokesSinceBreak = 5
	b.Earned = [2]bool{true, true}
	b.OnBoard = rules.Count{}
	for _, p := range pieces {
		switch p.Kind {
		case board.White:
			b.OnBoard.White++
		case board.Black:
			b.OnBoard.Black++
		case board.Queen:
			b.OnBoard.Queen = true
		}
	}
	if !b.OnBoard.Queen {
		b.Queen, b.QueenSide = rules.QueenCovered, 1
	}
	return tb
}

func piece(id string, k board.Kind, x, y float64) board.Piece {
	return board.Piece{ID: id, Kind: k, Pos: board.Vec{X: x, Y: y}}
}

// intoPocket0 is a shot from seat 0 that sends the striker straight into
// the bottom-right pocket.
func intoPocket0(tb Table) physics.Shot {
	sp := tb.spec()
	x := 0.15
	from := sp.StrikerAt(0, x)
	return physics.Shot{X: x, Dir: sp.PocketCentre(0).Sub(from), Speed: 1.5}
}

func TestSummarize(t *testing.T) {
	discs := func(pocketed ...string) physics.State {
		st := physics.State{Discs: []physics.Disc{{ID: "w1", Kind: board.White}, {ID: "q", Kind: board.Queen}, {ID: "b1", Kind: board.Black}, {ID: "s", Kind: board.Striker}}}
		for i := range st.Discs {
			st.Discs[i].Pocketed = slices.Contains(pocketed, st.Discs[i].ID)
		}
		return st
	}
	tests := []struct {
		name   string
		events []physics.Event
		final  physics.State
		want   rules.Stroke
	}{
		{"nothing touched (RULES B-2)", nil, discs(), rules.Stroke{Missed: true}},
		{"striker touches a coin", []physics.Event{{Kind: physics.Contact, I: 2, J: 3}}, discs(), rules.Stroke{}},
		{"coins touch, striker never", []physics.Event{{Kind: physics.Contact, I: 0, J: 2}}, discs(), rules.Stroke{Missed: true}},
		{"pockets counted by kind", []physics.Event{{Kind: physics.Contact, I: 0, J: 3}}, discs("w1", "q", "s"),
			rules.Stroke{Pocketed: rules.Count{White: 1, Queen: true}, Striker: true}},
	}
	for _, tc := range tests {
		if got := Summarize(physics.Result{Events: tc.events, Final: tc.final}); got != tc.want {
			t.Errorf("%s: Summarize = %+v; want %+v", tc.name, got, tc.want)
		}
	}
	// On a real stroke: the break, whose pocketed pieces the event log also names.
	p := physics.Default()
	start, err := physics.Place(p, p.Spec.BreakArrangement(0), physics.Shot{X: 0.03, Dir: board.Vec{X: -0.02, Y: 1}, Speed: p.MaxSpeed})
	if err != nil {
		t.Fatal(err)
	}
	res, err := physics.Simulate(p, start)
	if err != nil {
		t.Fatal(err)
	}
	var fromEvents rules.Count
	for _, e := range res.Events {
		if e.Kind == physics.Fall {
			switch start.Discs[e.I].Kind {
			case board.White:
				fromEvents.White++
			case board.Black:
				fromEvents.Black++
			case board.Queen:
				fromEvents.Queen = true
			}
		}
	}
	if got := Summarize(res); got.Pocketed != fromEvents || got.Missed {
		t.Errorf("break: Summarize = %+v; the events pocket %+v", got, fromEvents)
	}
}

func TestStrikerPocketedMakesADue(t *testing.T) {
	// RULES D-1, PL-1: the striker goes in alone: a due, placed by the opponent.
	tb := midBoard(t, []board.Piece{piece("w1", board.White, 0, 0.1), piece("b1", board.Black, -0.1, 0.1), piece("q", board.Queen, 0.1, 0.1)})
	next, out, err := tb.Apply(Action{Seat: 0, Kind: Strike, Shot: intoPocket0(tb)})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Stroke.Striker || !slices.Contains(out.Ruling.Applied, "D-1") {
		t.Fatalf("stroke %+v, ruling %v; want the striker pocketed and D-1", out.Stroke, out.Ruling.Applied)
	}
	turn := next.ToAct()
	if turn.Need != NeedPlace || turn.Seat != 1 || turn.Colour != rules.White {
		t.Fatalf("ToAct() = %+v; want seat 1 to place a white", turn)
	}
	// A placing inside the centre circle is refused and changes nothing.
	if _, _, err := next.Apply(Action{Seat: 1, Kind: Place, At: board.Vec{X: 0.01}}); !errors.Is(err, board.ErrTouchesCentre) {
		t.Errorf("placing on the centre circle: error %v; want ErrTouchesCentre", err)
	}
	if _, _, err := next.Apply(Action{Seat: 0, Kind: Place, At: board.Vec{X: 0.05}}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("placing by the offender: error %v; want ErrNotYourTurn", err)
	}
	if _, _, err := next.Apply(Action{Seat: 1, Kind: Strike, Shot: intoPocket0(tb)}); !errors.Is(err, ErrNotNow) {
		t.Errorf("striking before the due is placed: error %v; want ErrNotNow", err)
	}
	placed, _, err := next.Apply(Action{Seat: 1, Kind: Place, At: board.Vec{X: -0.05, Y: -0.03}})
	if err != nil {
		t.Fatalf("legal placing refused: %v", err)
	}
	if n := len(placed.Pieces()); n != 4 {
		t.Errorf("%d pieces after placing; want 4", n)
	}
	if turn := placed.ToAct(); turn.Need != NeedStrike || turn.Seat != 1 {
		t.Errorf("after placing ToAct() = %+v; want seat 1 to strike", turn)
	}
}

// TestPlaceAndForgoRuleNoResult: placing a due has no ruling at all, and
// forgoing it has its own (RULES PL-4); neither can be read as a board,
// game or match won by side 0.
func TestPlaceAndForgoRuleNoResult(t *testing.T) {
	tb := midBoard(t, []board.Piece{piece("w1", board.White, 0, 0.1), piece("w2", board.White, 0.1, -0.1), piece("b1", board.Black, -0.1, 0.1), piece("q", board.Queen, 0.1, 0.1)})
	due, _, err := tb.Apply(Action{Seat: 0, Kind: Strike, Shot: intoPocket0(tb)})
	if err != nil {
		t.Fatal(err)
	}
	if turn := due.ToAct(); turn.Need != NeedPlace || turn.Seat != 1 {
		t.Fatalf("after pocketing the striker ToAct() = %+v; want seat 1 to place", turn)
	}
	_, placed, err := due.Apply(Action{Seat: 1, Kind: Place, At: board.Vec{X: -0.05, Y: -0.03}})
	if err != nil {
		t.Fatal(err)
	}
	if placed.Ruling != nil {
		t.Errorf("placing: ruling %+v; want none", *placed.Ruling)
	}
	_, forgone, err := due.Apply(Action{Seat: 1, Kind: Forgo})
	if err != nil {
		t.Fatal(err)
	}
	r := forgone.Ruling
	if r == nil {
		t.Fatal("forgoing: no ruling; want PL-4")
	}
	if !slices.Equal(r.Applied, []string{"PL-4"}) || r.Result != nil || r.GameWinner != rules.NoSide || r.MatchWinner != rules.NoSide {
		t.Errorf("forgoing: ruling %+v; want PL-4 alone, no result and no winner", *r)
	}
}

func TestPairOrCannonWithTheQueen(t *testing.T) {
	// RULES PL-5: a due may not be set up to drive the queen into a pocket.
	tb := midBoard(t, []board.Piece{piece("q", board.Queen, 0, -0.05), piece("w1", board.White, 0.3, 0.3)})
	r := tb.spec().CoinRadius()
	q := tb.pieces[0].Pos
	toPocket := tb.spec().PocketCentre(0).Sub(q).Unit()
	tests := []struct {
		name string
		at   board.Vec
		want error
	}{
		{"cannon: touching the queen in line with a pocket", q.Sub(toPocket.Scale(2*r + 0.0001)), ErrPairCannon},
		{"pair: a gap, in line with a pocket", q.Sub(toPocket.Scale(3 * r)), ErrPairCannon},
		{"beside the queen, out of line", q.Add(board.Vec{X: -(2*r + 0.001)}), nil},
		{"far from the queen", board.Vec{X: -0.04, Y: 0.04}, nil},
	}
	for _, tc := range tests {
		if err := tb.PlacingLegal(tc.at); !errors.Is(err, tc.want) {
			t.Errorf("%s: PlacingLegal(%v) = %v; want %v", tc.name, tc.at, err, tc.want)
		}
	}
}

func TestQueenRespotsBesideAnOccupiedCentre(t *testing.T) {
	// RULES: the queen pocketed and not covered returns to the
	// centre; with a coin on the centre it goes as near as it can, touching
	// nothing; the same table always gives the same spot.
	tb := midBoard(t, []board.Piece{piece("b1", board.Black, 0.004, 0.002), piece("w1", board.White, 0.25, 0.25)})
	tb.match.Board.Queen, tb.match.Board.QueenSide = rules.QueenPending, 0
	tb.match.Board.OnBoard.Queen = false
	gentle := physics.Shot{X: 0, Dir: board.Vec{X: 1, Y: 0.2}, Speed: 0.3}
	next, out, err := tb.Apply(Action{Seat: 0, Kind: Strike, Shot: gentle})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Respotted) != 1 || out.Respotted[0].Kind != board.Queen {
		t.Fatalf("respotted %v; want the queen (ruling %v)", out.Respotted, out.Ruling.Applied)
	}
	q := out.Respotted[0].Pos
	sp := tb.spec()
	d := q.Dist(tb.pieces[0].Pos)
	if d < 2*sp.CoinRadius() || d > 2*sp.CoinRadius()+respotStep*math.Sqrt2 {
		t.Errorf("queen %.5f m from the coin on the centre; want touching it (%.5f m)", d, 2*sp.CoinRadius())
	}
	if least := 2*sp.CoinRadius() - tb.pieces[0].Pos.Len(); q.Len() > least+respotStep*math.Sqrt2 {
		t.Errorf("queen at %v, %.5f m from the centre; want as near as it can be, %.5f m", q, q.Len(), least)
	}
	again, _, _ := tb.Apply(Action{Seat: 0, Kind: Strike, Shot: gentle})
	if !reflect.DeepEqual(again, next) {
		t.Errorf("the same stroke on the same table gave a different table")
	}
	// On an empty centre the queen covers it exactly.
	tb.pieces = tb.pieces[1:]
	_, out, _ = tb.Apply(Action{Seat: 0, Kind: Strike, Shot: gentle})
	if len(out.Respotted) != 1 || out.Respotted[0].Pos != (board.Vec{}) {
		t.Errorf("respotted %v on an empty centre; want the queen at the centre", out.Respotted)
	}
}

func TestStrikeValidation(t *testing.T) {
	tb := newTable(t, icf(2))
	tests := []struct {
		name string
		a    Action
		want error
	}{
		{"out of turn", Action{Seat: 1, Kind: Strike, Shot: physics.Shot{Dir: board.Vec{Y: 1}, Speed: 3}}, ErrNotYourTurn},
		{"too fast", Action{Kind: Strike, Shot: physics.Shot{Dir: board.Vec{Y: 1}, Speed: 1e3}}, ErrShotSpeed},
		{"not a number", Action{Kind: Strike, Shot: physics.Shot{Dir: board.Vec{Y: 1}, Speed: math.NaN()}}, ErrShotSpeed},
		{"RULES ST-2 striker on a base circle", Action{Kind: Strike, Shot: physics.Shot{X: 0.20, Dir: board.Vec{Y: 1}, Speed: 3}}, board.ErrBaseCircle},
		{"placing when nothing is held", Action{Kind: Place, At: board.Vec{X: 0.05}}, ErrNotNow},
		{"toss when none is asked for", Action{Kind: Toss}, ErrNotNow},
		{"unknown action", Action{Kind: 9}, ErrBadAction},
	}
	for _, tc := range tests {
		got, _, err := tb.Apply(tc.a)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: Apply = %v; want %v", tc.name, err, tc.want)
		}
		if !reflect.DeepEqual(got, tb) {
			t.Errorf("%s: the table changed", tc.name)
		}
	}
	fam := newTable(t, Config{Rules: rules.Family(), Players: 2, Physics: physics.Default()})
	if _, _, err := fam.Apply(Action{Kind: Strike, Shot: physics.Shot{Dir: board.Vec{X: 1, Y: -0.1}, Speed: 2}}); !errors.Is(err, ErrBackward) {
		t.Errorf("family rules, a backward shot: error %v; want ErrBackward (RULES ST-4)", err)
	}
}

func TestSeatsAroundTheBoard(t *testing.T) {
	// RULES S-1: singles face each other; S-2: doubles turn to the right;
	// H-8: family doubles turn to the left.
	cases := []struct {
		cfg  Config
		want []board.Base
	}{
		{icf(2), []board.Base{0, 2}},
		{icf(4), []board.Base{0, 1, 2, 3}},
		{Config{Rules: rules.Family(), Players: 4, Physics: physics.Default()}, []board.Base{0, 3, 2, 1}},
	}
	for _, c := range cases {
		tb := newTable(t, c.cfg)
		var got []board.Base
		for s := range c.cfg.Players {
			got = append(got, tb.Base(s))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s, %d players: positions %v; want %v", c.cfg.Rules.Name, c.cfg.Players, got, c.want)
		}
	}
}

func TestBlockedBaseLineVoidsTheBoard(t *testing.T) {
	// RULES ST-3: pieces leave no legal striker position: the board is replayed.
	sp := physics.Default().Spec
	var wall []board.Piece
	for i := 0; i < 9; i++ {
		x := -0.2 + float64(i)*0.05
		wall = append(wall, piece("w"+string(rune('1'+i)), board.White, x, -sp.Midline()))
	}
	wall = append(wall, piece("b1", board.Black, 0.05, 0.1))
	tb := midBoard(t, wall)
	if r := tb.StrikerRanges(); len(r) != 0 {
		for _, iv := range r {
			if iv.Hi-iv.Lo > minStrikerRoom {
				t.Fatalf("StrikerRanges() = %v; want none left", r)
			}
		}
	}
	// Seat 1 strikes from the top; after a miss, seat 0 has no position.
	tb.match.Turn = 1
	next, out, err := tb.Apply(Action{Seat: 1, Kind: Strike, Shot: physics.Shot{X: 0.12, Dir: board.Vec{X: 0.3, Y: 1}, Speed: 0.2}})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Void || next.match.Board.Broken || len(next.Pieces()) != 19 || next.match.Score != [2]int{} {
		t.Errorf("Void %v, broken %v, %d pieces; want the board replayed from the break", out.Void, next.match.Board.Broken, len(next.Pieces()))
	}
}

// drawAction is a legal-looking action for whoever is to act, drawn so
// that rapid can shrink it: a purchase of a pocket where one is allowed
// (RULES V-3), a shot at a piece or a pocket from a legal spot, or a legal placing (a drawn spot that is not legal gives the first
// legal one), or a forgo where the referee allows one (never the last c/m
// of a colour, RULES PL-4).
func drawAction(t *rapid.T, tb Table) Action {
	turn := tb.ToAct()
	switch turn.Need {
	case NeedToss:
		return Action{Kind: Toss, Toss: rules.Side(rapid.IntRange(0, 1).Draw(t, "toss"))}
	case NeedPlace:
		on := tb.match.Board.OnBoard
		left := on.White
		if turn.Colour == rules.Black {
			left = on.Black
		}
		if left > 1 && rapid.IntRange(0, 9).Draw(t, "forgo") == 0 {
			return Action{Seat: turn.Seat, Kind: Forgo}
		}
		at := board.Vec{X: rapid.Float64Range(-0.085, 0.085).Draw(t, "place x"), Y: rapid.Float64Range(-0.085, 0.085).Draw(t, "place y")}
		if tb.PlacingLegal(at) != nil {
			at = tb.firstLegalPlace()
		}
		return Action{Seat: turn.Seat, Kind: Place, At: at}
	}
	if buy, ok := drawPurchase(t, tb); ok {
		return Action{Seat: turn.Seat, Kind: Buy, Buy: buy}
	}
	ranges := tb.StrikerRanges()
	r := rapid.SampledFrom(ranges).Draw(t, "range")
	// The ends of a range touch what bounds it: the striker goes inside.
	x := r.Lo + rapid.Float64Range(0.01, 0.99).Draw(t, "x")*(r.Hi-r.Lo)
	sp := tb.spec()
	from := sp.StrikerAt(turn.Base, x)
	pieces := tb.Pieces()
	target := rapid.SampledFrom(pieces).Draw(t, "target").Pos
	if rapid.IntRange(0, 3).Draw(t, "at a pocket") == 0 {
		target = sp.PocketCentre(board.Pocket(rapid.IntRange(0, 3).Draw(t, "pocket")))
	}
	world := target.Sub(from)
	dir := board.Vec{X: world.Dot(turn.Base.Right()), Y: world.Dot(turn.Base.Forward())}
	if tb.cfg.Rules.ForwardOnly && dir.Y < 0 {
		dir.Y = -dir.Y
	}
	speed := rapid.Float64Range(0.5, tb.cfg.Physics.MaxSpeed).Draw(t, "speed")
	return Action{Seat: turn.Seat, Kind: Strike, Shot: physics.Shot{X: x, Dir: dir, Speed: speed}}
}

// checkTable verifies that the table and the referee agree on every piece.
func checkTable(t interface {
	Helper()
	Fatalf(string, ...any)
}, tb Table) {
	t.Helper()
	m := tb.match
	if m.Awaiting == rules.AwaitNothing {
		return
	}
	count := map[board.Kind]int{}
	for _, p := range tb.pieces {
		count[p.Kind]++
	}
	w, b := tb.Held()
	on := m.Board.OnBoard
	if m.Rules.Variant != nil {
		on = m.Colourless.OnBoard
	}
	if count[board.White]+w != on.White || count[board.Black]+b != on.Black || (count[board.Queen] == 1) != on.Queen {
		t.Fatalf("table has %v and holds %d white, %d black; the referee says %+v", count, w, b, on)
	}
	if len(tb.pieces)+len(tb.pocketed) != 19 {
		t.Fatalf("%d on the board and %d pocketed; want 19", len(tb.pieces), len(tb.pocketed))
	}
	for i, p := range tb.pieces {
		for _, q := range tb.pieces[i+1:] {
			if d := p.Pos.Dist(q.Pos); d < 2*tb.spec().CoinRadius()-1e-6 {
				t.Fatalf("%s and %s overlap (%.6f m apart)", p.ID, q.ID, d)
			}
		}
	}
}

// Any play replays bit for bit, and at every step the table and the
// referee agree on every piece.
func TestRandomPlayReplaysBitForBit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := drawTable(t)
		cfg := tb.Config()
		var (
			actions []Action
			played  []Step
		)
		for range rapid.IntRange(1, 300).Draw(t, "actions") {
			if tb.ToAct().Need == NeedNothing {
				break
			}
			a := drawAction(t, tb)
			next, out, err := tb.Apply(a)
			if err != nil {
				t.Fatalf("%s: %v refused: %v", cfg.Rules.Name, a, err)
			}
			played = append(played, Step{Index: len(actions), Before: tb, Action: a, Outcome: out, After: next})
			actions = append(actions, a)
			checkTable(t, next)
			if resumed, err := Resume(cfg, next.Setup()); err != nil || !reflect.DeepEqual(resumed.Setup(), next.Setup()) || resumed.ToAct() != next.ToAct() {
				t.Fatalf("%s: Resume(Setup()) after %v = %v; want the same table", cfg.Rules.Name, a, err)
			}
			tb = next
		}
		// The visitor sees each step as played; an error of its stops the
		// replay on the table before that step.
		stop := rapid.IntRange(0, len(actions)).Draw(t, "stop")
		errStop := errors.New("stop")
		var seen int
		replayed, err := Replay(cfg, actions, func(s Step) error {
			if !reflect.DeepEqual(s, played[seen]) {
				t.Fatalf("%s: step %d replayed differs from the step played", cfg.Rules.Name, seen)
			}
			seen++
			if s.Index == stop {
				return errStop
			}
			return nil
		})
		switch {
		case stop < len(actions) && (err != errStop || seen != stop+1 || !reflect.DeepEqual(replayed, played[stop].Before)):
			t.Fatalf("%s: stopped at action %d: %v after %d steps; want the visitor's error and the table before it", cfg.Rules.Name, stop, err, seen)
		case stop == len(actions) && (err != nil || seen != len(actions)):
			t.Fatalf("%s: replay: %v after %d of %d steps", cfg.Rules.Name, err, seen, len(actions))
		}
		replayed, err = Replay(cfg, actions, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(replayed, tb) {
			t.Errorf("%s, %d players: replaying %d actions gave a different table", cfg.Rules.Name, cfg.Players, len(actions))
		}
		// An action that does not apply stops the replay there.
		bad := append(slices.Clone(actions), Action{Seat: -1, Kind: Actions})
		_, err = Replay(cfg, bad, nil)
		if ae, ok := errors.AsType[*ActionError](err); !ok || ae.Index != len(actions) || ae.Err == nil {
			t.Errorf("%s: replaying an action that does not apply: %v; want an ActionError at index %d", cfg.Rules.Name, err, len(actions))
		}
	})
}

func TestConcedeAndTossSetUpNewBoards(t *testing.T) {
	tb := newTable(t, icf(2))
	tb, out, err := tb.Apply(Action{Seat: 0, Kind: Concede, Concede: rules.ConcedeBoard})
	if err != nil || out.Ruling.Result == nil {
		t.Fatalf("concede: %v, %+v", err, out.Ruling)
	}
	if tb.match.Board.Number != 2 || tb.ToAct().Seat != 1 || len(tb.Pieces()) != 19 {
		t.Errorf("after the concession: board %d, seat %d to act, %d pieces; want board 2 broken by seat 1 with 19 pieces", tb.match.Board.Number, tb.ToAct().Seat, len(tb.Pieces()))
	}
	// The break arrangement faces the breaker: one white arm points at seat 1's opponent.
	arm := tb.Base(1).Forward()
	found := false
	for _, p := range tb.Pieces() {
		if p.Kind == board.White && p.Pos.Unit().Dot(arm) > 1-1e-12 {
			found = true
		}
	}
	if !found {
		t.Errorf("board 2: no white on the arm facing away from seat 1 (RULES A-2)")
	}
}

func TestTimeoutAndForfeit(t *testing.T) {
	// RULES TM-1, D-5: a stroke not taken in time is a foul: one penalty,
	// turn lost.
	tb := midBoard(t, []board.Piece{piece("w1", board.White, 0, 0.1), piece("b1", board.Black, -0.1, 0.1), piece("q", board.Queen, 0.1, 0.1)})
	next, out, err := tb.Apply(Action{Seat: 0, Kind: Timeout})
	if err != nil || !out.Stroke.Foul || !slices.Contains(out.Ruling.Applied, "D-5") {
		t.Fatalf("timeout: %v, stroke %+v, ruling %v; want a foul (D-5)", err, out.Stroke, out.Ruling.Applied)
	}
	if turn := next.ToAct(); turn.Need != NeedPlace || turn.Seat != 1 {
		t.Fatalf("after the timeout ToAct() = %+v; want seat 1 to place the penalty", turn)
	}
	// A placer out of time forgoes the placing (RULES PL-4).
	placed, _, err := next.Apply(Action{Seat: 1, Kind: Timeout})
	if err != nil || placed.ToAct().Need != NeedStrike || placed.match.Board.OnBoard.White != 1 {
		t.Errorf("placer's timeout: %v, ToAct %+v, %d white; want the penalty forgone", err, placed.ToAct(), placed.match.Board.OnBoard.White)
	}
	// RULES TM-3: a player who leaves loses the match, whoever is in turn.
	over, out, err := next.Apply(Action{Seat: 0, Kind: Forfeit, Rule: "TM-3"})
	if err != nil || out.Ruling.MatchWinner != 1 || over.ToAct().Need != NeedNothing {
		t.Errorf("forfeit TM-3 by seat 0: %v, winner %d, need %v; want side 1 and the match over", err, out.Ruling.MatchWinner, over.ToAct().Need)
	}
	if _, _, err := next.Apply(Action{Seat: 7, Kind: Forfeit, Rule: "TM-3"}); err == nil {
		t.Errorf("forfeit by seat 7 accepted")
	}
}

// resumeRefuses checks that Resume refuses, with ErrSetup, a new table's
// setup after change.
func resumeRefuses(t *testing.T, cfg Config, name string, change func(s *Setup)) {
	t.Helper()
	s := newTable(t, cfg).Setup()
	change(&s)
	if _, err := Resume(cfg, s); !errors.Is(err, ErrSetup) {
		t.Errorf("%s: Resume error %v; want ErrSetup", name, err)
	}
}

func TestResumeRefusesAnInconsistentSetup(t *testing.T) {
	cfg := icf(2)
	good := newTable(t, cfg).Setup()
	for name, change := range map[string]func(s *Setup){
		"another rule set":      func(s *Setup) { s.Match.Rules = rules.Family() },
		"a piece missing":       func(s *Setup) { s.Pieces = s.Pieces[1:] },
		"a striker at rest":     func(s *Setup) { s.Pieces[0].Kind = board.Striker },
		"two pieces overlap":    func(s *Setup) { s.Pieces[1].Pos = s.Pieces[0].Pos },
		"the referee disagrees": func(s *Setup) { s.Match.Board.OnBoard.White = 8 },
		"a held c/m for no seat": func(s *Setup) {
			s.Pocketed = append(s.Pocketed, s.Pieces[1])
			s.Pieces = append(s.Pieces[:1], s.Pieces[2:]...)
			s.Held = []Held{{Colour: rules.White, Placer: 2}}
		},
	} {
		resumeRefuses(t, cfg, name, change)
	}
	if _, err := Resume(cfg, good); err != nil {
		t.Errorf("Resume(a new table's setup): %v", err)
	}
}

// drawTable is a new table of one of the configurations the property tests
// play: ICF singles and doubles, family singles, the solo clearance, and
// every variant without colours with each number of players it seats.
func drawTable(t *rapid.T) Table {
	configs := []Config{icf(2), icf(4), {Rules: rules.Family(), Players: 2, Physics: physics.Default()}, solo(),
		variant("point", 2), variant("point", 3), variant("point", 4), variant("three", 3),
		variant("pockets", 2), variant("pockets", 3), variant("pockets", 4)}
	tb, err := New(rapid.SampledFrom(configs).Draw(t, "config"))
	if err != nil {
		t.Fatal(err)
	}
	return tb
}
