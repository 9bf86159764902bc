package game

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
	"pgregory.net/rapid"
)

func variant(name string, players int) Config {
	r, err := rules.ByName(name)
	if err != nil {
		panic(err)
	}
	return Config{Rules: r, Players: players, Physics: physics.Default()}
}

// drawPurchase is, now and then, a purchase the referee allows: the seat in
// turn pays with all he banked for a pocket he does not own, if that is
// worth its price (RULES V-3).
func drawPurchase(t *rapid.T, tb Table) (rules.Purchase, bool) {
	g := tb.match.Colourless
	if tb.cfg.Rules.Variant == nil || !g.Variant.Buys() {
		return rules.Purchase{}, false
	}
	banked := g.Banked[g.Turn]
	var can []int
	for k, o := range g.Owner {
		if o != g.Turn && g.Variant.Worth().Of(banked) >= g.Price(k) {
			can = append(can, k)
		}
	}
	if len(can) == 0 || rapid.IntRange(0, 1).Draw(t, "buy") == 0 {
		return rules.Purchase{}, false
	}
	return rules.Purchase{Pocket: rapid.SampledFrom(can).Draw(t, "pocket"), Pay: banked}, true
}

// RULES V-1, V-2, S-2: two players sit opposite, three at three sides,
// four at all four, numbered to the right in turn order; each strikes from
// his own base line.
func TestVariantSeats(t *testing.T) {
	for _, c := range []struct {
		rules   string
		players int
		bases   []board.Base
	}{
		{"point", 2, []board.Base{0, 2}},
		{"point", 3, []board.Base{0, 1, 2}},
		{"three", 3, []board.Base{0, 1, 2}},
		{"point", 4, []board.Base{0, 1, 2, 3}},
		{"pockets", 2, []board.Base{0, 2}},
		{"pockets", 4, []board.Base{0, 1, 2, 3}},
	} {
		tb := newTable(t, variant(c.rules, c.players))
		// Broken, so that a stroke that touches nothing passes the turn
		// (RULES T-2) rather than being another break attempt (B-3).
		tb.match.Colourless.Broken = true
		tb.match = rules.MatchOf(tb.match.Colourless)
		for seat, want := range c.bases {
			if got := tb.Base(seat); got != want {
				t.Errorf("%s, %d players: seat %d at base %d; want %d", c.rules, c.players, seat, got, want)
			}
		}
		// Strokes that touch nothing pass the turn round the table,
		// each from the seat's own base line (RULES T-2, S-2).
		for i := range c.players + 1 {
			turn := tb.ToAct()
			if want := i % c.players; turn.Seat != want || turn.Need != NeedStrike || turn.Base != c.bases[want] {
				t.Fatalf("%s, %d players, stroke %d: ToAct() = %+v; want seat %d to strike from base %d", c.rules, c.players, i, turn, want, c.bases[want])
			}
			next, out, err := tb.Apply(Action{Seat: turn.Seat, Kind: Strike, Shot: physics.Shot{X: 0.1, Dir: board.Vec{X: 0, Y: -1}, Speed: 0.5}})
			if err != nil {
				t.Fatal(err)
			}
			if got := out.Start.Discs[len(out.Start.Discs)-1]; got.Kind != board.Striker || got.Pos != tb.spec().StrikerAt(turn.Base, 0.1) {
				t.Fatalf("%s: seat %d's striker at %v; want on base %d", c.rules, turn.Seat, got.Pos, turn.Base)
			}
			tb = next
		}
	}
	if _, err := New(variant("three", 4)); !errors.Is(err, rules.ErrBadPlayers) {
		t.Errorf("three players with 4 seats: %v; want ErrBadPlayers", err)
	}
}

// RULES V-3: the queen on the centre ringed by six c/m, three black and
// three white, the other twelve as a second ring; V-1 and V-2 are set up as
// ICF (RULES A-1).
func TestVariantSetUp(t *testing.T) {
	sp := physics.Default().Spec
	tb := newTable(t, variant("pockets", 2))
	ps := tb.Pieces()
	if len(ps) != 19 || ps[0].Kind != board.Queen || ps[0].Pos != (board.Vec{}) {
		t.Fatalf("pockets set-up: %d pieces, first %+v; want the queen on the centre and 18 c/m", len(ps), ps[0])
	}
	first := map[board.Kind]int{}
	second := map[board.Kind]int{}
	for _, p := range ps[1:] {
		switch d := p.Pos.Len(); {
		case d < 2*sp.CoinRadius()+1e-9:
			first[p.Kind]++
		case d < 4*sp.CoinRadius()+1e-9:
			second[p.Kind]++
		default:
			t.Errorf("%s at %v: outside the second ring", p.ID, p.Pos)
		}
	}
	if first[board.White] != 3 || first[board.Black] != 3 || second[board.White] != 6 || second[board.Black] != 6 {
		t.Errorf("pockets set-up: first ring %v, second %v; want 3 and 3, then 6 and 6", first, second)
	}
	if reflect.DeepEqual(ps, sp.BreakArrangement(0)) {
		t.Errorf("pockets set-up is ICF's, with its Y")
	}
	checkTable(t, tb)
	for _, name := range []string{"point", "three"} {
		if got := newTable(t, variant(name, 3)).Pieces(); !reflect.DeepEqual(got, sp.BreakArrangement(0)) {
			t.Errorf("%s set-up differs from ICF's", name)
		}
	}
}

// pocketsTable is a broken two-player pockets board on which player 0,
// in turn, holds and banked hold: those c/m lie in the pocketed list and
// the rest where the break arrangement put them.
func pocketsTable(t *testing.T, hold rules.Holding) Table {
	tb := newTable(t, variant("pockets", 2))
	g := &tb.match.Colourless
	g.Broken = true
	g.Held[0], g.Banked[0] = hold, hold
	g.OnBoard.White -= hold.White
	g.OnBoard.Black -= hold.Black
	var keep []board.Piece
	w, b := hold.White, hold.Black
	for _, p := range tb.pieces {
		switch {
		case p.Kind == board.White && w > 0:
			w--
			tb.pocketed = append(tb.pocketed, p)
		case p.Kind == board.Black && b > 0:
			b--
			tb.pocketed = append(tb.pocketed, p)
		default:
			keep = append(keep, p)
		}
	}
	tb.pieces = keep
	tb.match = rules.MatchOf(*g)
	checkTable(t, tb)
	return tb
}

// RULES V-3: a purchase is an action of the seat in turn; the pocket is
// his, the c/m paid go back on the centre, and he keeps the turn. A
// refused purchase changes nothing.
func TestBuyAPocket(t *testing.T) {
	tb := pocketsTable(t, rules.Holding{White: 2, Black: 2})
	buy := Action{Seat: 0, Kind: Buy, Buy: rules.Purchase{Pocket: 2, Pay: rules.Holding{White: 2, Black: 1}}}
	next, out, err := tb.Apply(buy)
	if err != nil {
		t.Fatal(err)
	}
	g := next.match.Colourless
	if g.Owner[2] != 0 || g.Held[0] != (rules.Holding{Black: 1}) || !slices.Contains(out.Ruling.Applied, "V-3") {
		t.Errorf("after the purchase: owners %v, player 0 holds %+v, ruling %v; want pocket 2 his, 1 black left, V-3", g.Owner, g.Held[0], out.Ruling.Applied)
	}
	if len(out.Respotted) != 3 || len(next.Pieces()) != len(tb.Pieces())+3 || next.ToAct() != tb.ToAct() {
		t.Errorf("after the purchase: %d respotted, %d pieces (from %d), to act %+v; want the 3 c/m paid on the centre and seat 0 still to strike", len(out.Respotted), len(next.Pieces()), len(tb.Pieces()), next.ToAct())
	}
	checkTable(t, next)
	for name, a := range map[string]Action{
		"pocket 4":                 {Seat: 0, Kind: Buy, Buy: rules.Purchase{Pocket: 4, Pay: rules.Holding{White: 3}}},
		"paying less":              {Seat: 0, Kind: Buy, Buy: rules.Purchase{Pocket: 1, Pay: rules.Holding{White: 2}}},
		"paying with c/m not held": {Seat: 0, Kind: Buy, Buy: rules.Purchase{Pocket: 1, Pay: rules.Holding{White: 3}}},
		"own pocket":               {Seat: 0, Kind: Buy, Buy: rules.Purchase{Pocket: 2, Pay: rules.Holding{Black: 1}}},
	} {
		from := tb
		if name == "own pocket" {
			from = next
		}
		after, _, err := from.Apply(a)
		if !errors.Is(err, rules.ErrBadBuy) || !reflect.DeepEqual(after, from) {
			t.Errorf("%s: %v; want ErrBadBuy and nothing changed", name, err)
		}
	}
	if _, _, err := tb.Apply(Action{Seat: 1, Kind: Buy, Buy: buy.Buy}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("a purchase out of turn: %v; want ErrNotYourTurn", err)
	}
	icfTable := newTable(t, icf(2))
	if _, _, err := icfTable.Apply(Action{Seat: 0, Kind: Buy, Buy: buy.Buy}); !errors.Is(err, rules.ErrBadBuy) {
		t.Errorf("a purchase under ICF: %v; want ErrBadBuy", err)
	}
}

// RULES V-3: the player who owns all four pockets wins; the match is over.
func TestBuyingTheLastPocketWins(t *testing.T) {
	tb := pocketsTable(t, rules.Holding{White: 3})
	tb.match.Colourless.Owner = [4]int{0, 0, 0, rules.NoPlayer}
	tb.match = rules.MatchOf(tb.match.Colourless)
	next, out, err := tb.Apply(Action{Seat: 0, Kind: Buy, Buy: rules.Purchase{Pocket: 3, Pay: rules.Holding{White: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Ruling.Result == nil || out.Ruling.MatchWinner != 0 || next.ToAct().Need != NeedNothing {
		t.Errorf("the fourth pocket: result %+v, winner %d, need %v; want player 0 to win the match", out.Ruling.Result, out.Ruling.MatchWinner, next.ToAct().Need)
	}
}

// A player who leaves a variant's match loses it (RULES TM-3); with three
// players the leader of the others wins (the project's reading, as a
// concession).
func TestVariantForfeitAndConcede(t *testing.T) {
	tb := newTable(t, variant("three", 3))
	tb.match.Colourless.Held[2] = rules.Holding{White: 1}
	tb.match.Colourless.OnBoard.White--
	tb.match = rules.MatchOf(tb.match.Colourless)
	over, out, err := tb.Apply(Action{Seat: 1, Kind: Forfeit, Rule: "TM-3"})
	if err != nil || out.Ruling.MatchWinner != 2 || over.ToAct().Need != NeedNothing {
		t.Errorf("forfeit by seat 1: %v, winner %d; want seat 2, who holds the most", err, out.Ruling.MatchWinner)
	}
	over, out, err = tb.Apply(Action{Seat: 0, Kind: Concede, Concede: rules.ConcedeMatch})
	if err != nil || out.Ruling.MatchWinner != 2 || over.ToAct().Need != NeedNothing {
		t.Errorf("concession by seat 0: %v, winner %d; want seat 2", err, out.Ruling.MatchWinner)
	}
	if _, _, err := tb.Apply(Action{Seat: 0, Kind: Toss}); err == nil {
		t.Errorf("a toss in a variant was accepted")
	}
}

func TestResumeRefusesAnInconsistentVariant(t *testing.T) {
	cfg := variant("pockets", 3)
	for name, change := range map[string]func(s *Setup){
		"another variant": func(s *Setup) {
			g, _ := rules.NewColourless(rules.PointCarrom(), 3)
			s.Match = rules.MatchOf(g)
		},
		"a c/m held twice":        func(s *Setup) { s.Match.Colourless.Held[1].White = 1 },
		"a pocket for nobody":     func(s *Setup) { s.Match.Colourless.Owner[0] = 3 },
		"the turn mirrored wrong": func(s *Setup) { s.Match.Turn = 1 },
		"a held c/m to place": func(s *Setup) {
			s.Pocketed = append(s.Pocketed, s.Pieces[1])
			s.Pieces = append(s.Pieces[:1], s.Pieces[2:]...)
			s.Held = []Held{{Colour: rules.White, Placer: 0}}
		},
	} {
		resumeRefuses(t, cfg, name, change)
	}
}

// variantMidBoard is a broken board of a variant with seat 0 in turn, the
// given pieces on the board, 2 white and 2 black held by player 0 and the
// other c/m by the others, 3 of each a player, the last one the rest.
func variantMidBoard(t *testing.T, cfg Config, pieces []board.Piece) Table {
	t.Helper()
	tb := newTable(t, cfg)
	all := tb.pieces
	tb.pieces, tb.pocketed = pieces, nil
	g := tb.match.Colourless
	g.Broken = true
	g.OnBoard = rules.Count{}
	last := cfg.Players - 1
	g.Held[last] = rules.Holding{White: 9, Black: 9}
	for _, p := range pieces {
		switch p.Kind {
		case board.White:
			g.OnBoard.White++
			g.Held[last].White--
		case board.Black:
			g.OnBoard.Black++
			g.Held[last].Black--
		case board.Queen:
			g.OnBoard.Queen = true
		}
	}
	for p := range last {
		n := min(3, 2+p)
		g.Held[p] = rules.Holding{White: n, Black: n}
		g.Held[last].White -= n
		g.Held[last].Black -= n
	}
	g.Banked = g.Held
	g.Earned[0] = true
	for _, p := range all {
		if !slices.ContainsFunc(pieces, func(q board.Piece) bool { return q.ID == p.ID }) {
			tb.pocketed = append(tb.pocketed, p)
		}
	}
	tb.match = rules.MatchOf(g)
	return tb
}

// TestVariantDueIsPlaced: in point carrom and three players the striker
// pocketed costs a c/m that the player who strikes next (with two players,
// the opponent) places within the outer circle, with the ICF game's
// refusals; never on the centre circle (RULES V-1, V-2, PL-1, I 64). In
// buying the pockets it costs all the striker's c/m, back on the centre
// (RULES V-3).
func TestVariantDueIsPlaced(t *testing.T) {
	pieces := []board.Piece{piece("w1", board.White, 0, 0.1), piece("b1", board.Black, -0.1, 0.1), piece("q", board.Queen, 0.1, 0.1)}
	for _, c := range []struct {
		rules   string
		players int
	}{{"point", 2}, {"point", 3}, {"three", 3}} {
		tb := variantMidBoard(t, variant(c.rules, c.players), pieces)
		next, out, err := tb.Apply(Action{Seat: 0, Kind: Strike, Shot: intoPocket0(tb)})
		if err != nil {
			t.Fatal(err)
		}
		if !out.Stroke.Striker || !slices.Contains(out.Ruling.Applied, "D-1") || len(out.Respotted) != 0 {
			t.Fatalf("%s, %d players: stroke %+v, ruling %v, respotted %v; want the striker pocketed, D-1, nothing on the centre", c.rules, c.players, out.Stroke, out.Ruling.Applied, out.Respotted)
		}
		turn := next.ToAct()
		if turn.Need != NeedPlace || turn.Seat != 1 || turn.Colour != rules.Black || turn.Base != next.Base(1) {
			t.Fatalf("%s, %d players: ToAct() = %+v; want seat 1 to place a black", c.rules, c.players, turn)
		}
		if _, _, err := next.Apply(Action{Seat: 1, Kind: Place, At: board.Vec{X: 0.01}}); !errors.Is(err, board.ErrTouchesCentre) {
			t.Errorf("%s: placing on the centre circle: error %v; want ErrTouchesCentre", c.rules, err)
		}
		if _, _, err := next.Apply(Action{Seat: 0, Kind: Place, At: board.Vec{X: 0.05}}); !errors.Is(err, ErrNotYourTurn) {
			t.Errorf("%s: placing by the offender: error %v; want ErrNotYourTurn", c.rules, err)
		}
		if _, _, err := next.Apply(Action{Seat: 1, Kind: Forgo}); !errors.Is(err, rules.ErrNotAwaited) {
			t.Errorf("%s: forgoing: error %v; want it refused (a forgone c/m would be no player's)", c.rules, err)
		}
		// Out of time, the placer has it put at the first legal place.
		if late, _, err := next.Apply(Action{Seat: 1, Kind: Timeout}); err != nil || len(late.Pieces()) != 4 || late.ToAct().Need != NeedStrike {
			t.Errorf("%s: a placer out of time: %d pieces, ToAct() = %+v, %v; want the c/m placed and seat 1 to strike", c.rules, len(late.Pieces()), late.ToAct(), err)
		}
		placed, _, err := next.Apply(Action{Seat: 1, Kind: Place, At: board.Vec{X: -0.05, Y: -0.03}})
		if err != nil {
			t.Fatalf("%s: legal placing refused: %v", c.rules, err)
		}
		if n := len(placed.Pieces()); n != 4 {
			t.Errorf("%s: %d pieces after placing; want 4", c.rules, n)
		}
		if turn := placed.ToAct(); turn.Need != NeedStrike || turn.Seat != 1 {
			t.Errorf("%s: after placing ToAct() = %+v; want seat 1 to strike", c.rules, turn)
		}
		s := placed.Setup()
		if _, err := Resume(placed.cfg, s); err != nil {
			t.Errorf("%s: Resume after placing: %v", c.rules, err)
		}
		if _, err := Resume(next.cfg, next.Setup()); err != nil {
			t.Errorf("%s: Resume with a c/m to place: %v", c.rules, err)
		}
	}

	tb := variantMidBoard(t, variant("pockets", 2), pieces)
	next, out, err := tb.Apply(Action{Seat: 0, Kind: Strike, Shot: intoPocket0(tb)})
	if err != nil {
		t.Fatal(err)
	}
	if turn := next.ToAct(); !slices.Contains(out.Ruling.Applied, "V-3") || len(out.Respotted) != 4 || turn.Need != NeedStrike || turn.Seat != 1 || next.match.Colourless.Points(0) != 0 {
		t.Errorf("pockets: ruling %v, %d respotted, ToAct() = %+v; want V-3, player 0's 4 c/m back on the centre, seat 1 to strike", out.Ruling.Applied, len(out.Respotted), turn)
	}
}
