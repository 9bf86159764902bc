package record

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// drawPlay draws a legal-looking action for whoever is to act on t: a
// shot at a piece or a pocket from a legal spot, a placing, a forgo where
// the referee allows one (never the last c/m of a colour, RULES PL-4), now
// and then a concession.
func drawPlay(t *rapid.T, tb game.Table) game.Action {
	turn := tb.ToAct()
	switch turn.Need {
	case game.NeedToss:
		return game.Action{Seat: turn.Seat, Kind: game.Toss, Toss: rules.Side(rapid.IntRange(0, 1).Draw(t, "toss"))}
	case game.NeedPlace:
		on := tb.Match().Board.OnBoard
		left := on.White
		if turn.Colour == rules.Black {
			left = on.Black
		}
		if left > 1 && rapid.IntRange(0, 9).Draw(t, "forgo") == 0 {
			return game.Action{Seat: turn.Seat, Kind: game.Forgo}
		}
		if at, ok := tb.PlaceHint(); ok {
			return game.Action{Seat: turn.Seat, Kind: game.Place, At: at}
		}
		return game.Action{Seat: turn.Seat, Kind: game.Forgo}
	}
	if buy, ok := drawPurchase(t, tb); ok {
		return game.Action{Seat: turn.Seat, Kind: game.Buy, Buy: buy}
	}
	if rapid.IntRange(0, 199).Draw(t, "concede") == 0 {
		return game.Action{Seat: turn.Seat, Kind: game.Concede, Concede: rules.Concession(rapid.IntRange(0, 2).Draw(t, "what"))}
	}
	ranges := tb.StrikerRanges()
	r := ranges[rapid.IntRange(0, len(ranges)-1).Draw(t, "range")]
	x := r.Lo + rapid.Float64Range(0.001, 0.999).Draw(t, "x")*(r.Hi-r.Lo)
	sp := tb.Config().Physics.Spec
	from := sp.StrikerAt(turn.Base, x)
	pieces := tb.Pieces()
	target := pieces[rapid.IntRange(0, len(pieces)-1).Draw(t, "target")].Pos
	if rapid.Bool().Draw(t, "at a pocket") {
		target = sp.PocketCentre(board.Pocket(rapid.IntRange(0, 3).Draw(t, "pocket")))
	}
	world := target.Sub(from)
	dir := board.Vec{X: world.Dot(turn.Base.Right()), Y: world.Dot(turn.Base.Forward())}
	if tb.Config().Rules.ForwardOnly && dir.Y < 0 {
		dir.Y = -dir.Y
	}
	speed := rapid.Float64Range(0.5, tb.Config().Physics.MaxSpeed).Draw(t, "speed")
	return game.Action{Seat: turn.Seat, Kind: game.Strike, Shot: physics.Shot{X: x, Dir: dir, Speed: speed}}
}

// drawPurchase is, now and then, a purchase the referee allows: the seat in
// turn pays with all he banked for a pocket he does not own, if that is
// worth its price (RULES V-3).
func drawPurchase(t *rapid.T, tb game.Table) (rules.Purchase, bool) {
	g := tb.Match().Colourless
	if tb.Config().Rules.Variant == nil || !g.Variant.Buys() {
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

// drawConfig is a table of any rule set with any number of seats it takes
// (ICF and family with 2 or 4).
func drawConfig(t *rapid.T) game.Config {
	rs := must(rules.ByName(rapid.SampledFrom(rules.Names).Draw(t, "rules")))
	lo, hi := rs.Seats()
	players := rapid.IntRange(lo, hi).Draw(t, "players")
	if rs.Variant == nil {
		players = rapid.SampledFrom([]int{2, 4}).Draw(t, "players")
	}
	return game.Config{Rules: rs, Players: players, Physics: physics.Default()}
}

// drawMatch plays up to n drawn actions from the start of a match.
func drawMatch(t *rapid.T, n int) (game.Config, []game.Action, []game.Table) {
	cfg := drawConfig(t)
	tb, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var actions []game.Action
	tables := []game.Table{tb}
	for range rapid.IntRange(0, n).Draw(t, "actions") {
		if tb.ToAct().Need == game.NeedNothing {
			break
		}
		a := drawPlay(t, tb)
		next, _, err := tb.Apply(a)
		if err != nil {
			t.Fatalf("%v refused: %v", a, err)
		}
		actions = append(actions, a)
		tables = append(tables, next)
		tb = next
	}
	return cfg, actions, tables
}

// sameBits compares two setups to the bit, which reflect.DeepEqual does not
// do for floats (0 and -0 are equal to it).
func sameBits(a, b game.Setup) bool {
	if !reflect.DeepEqual(a, b) || len(a.Pieces) != len(b.Pieces) {
		return false
	}
	for i := range a.Pieces {
		p, q := a.Pieces[i].Pos, b.Pieces[i].Pos
		if math.Float64bits(p.X) != math.Float64bits(q.X) || math.Float64bits(p.Y) != math.Float64bits(q.Y) {
			return false
		}
	}
	return true
}

// TestPositionRoundTrip: every table met in play reads back from its
// position string to the bit, and resumes as the same table.
func TestPositionRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg, _, tables := drawMatch(t, 40)
		for _, tb := range tables {
			s := tb.Setup()
			text := FormatPosition(s)
			got, err := ParsePosition(text)
			if err != nil {
				t.Fatalf("ParsePosition(%q): %v", text, err)
			}
			if !sameBits(got, s) {
				t.Fatalf("ParsePosition(FormatPosition(x)) != x for\n%s\ngot %+v\nwant %+v", text, got, s)
			}
			if again := FormatPosition(got); again != text {
				t.Fatalf("FormatPosition(ParsePosition(%q)) = %q", text, again)
			}
			back, err := game.Resume(cfg, got)
			if err != nil || back.ToAct() != tb.ToAct() || !sameBits(back.Setup(), s) {
				t.Fatalf("Resume(ParsePosition(%q)): %v; want the same table", text, err)
			}
		}
	})
}

// TestSoloPositionRoundTrip: the positions of a solo clearance (RULES as
// rules.Solo says), which practice plays from, read back to the bit and
// resume as the same table, stroke after stroke.
func TestSoloPositionRoundTrip(t *testing.T) {
	cfg := game.Config{Rules: rules.Solo(), Players: 1, Physics: physics.Default()}
	tb, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(rt *rapid.T) {
		tb := tb
		for range 6 {
			s := tb.Setup()
			text := FormatPosition(s)
			got, err := ParsePosition(text)
			if err != nil {
				rt.Fatalf("ParsePosition(%q): %v", text, err)
			}
			if !sameBits(got, s) || FormatPosition(got) != text {
				rt.Fatalf("ParsePosition(FormatPosition(x)) != x for\n%s", text)
			}
			if back, err := game.Resume(cfg, got); err != nil || back.ToAct() != tb.ToAct() {
				rt.Fatalf("Resume(ParsePosition(%q)): %v; want the same table", text, err)
			}
			if tb.ToAct().Need != game.NeedStrike {
				return
			}
			angle := rapid.Float64Range(30, 150).Draw(rt, "angle") * math.Pi / 180
			shot := physics.Shot{X: 0, Dir: board.Vec{X: math.Cos(angle), Y: math.Sin(angle)}, Speed: rapid.Float64Range(1, 5).Draw(rt, "speed")}
			next, _, err := tb.Apply(game.Action{Kind: game.Strike, Shot: shot})
			if err != nil {
				// A striker's place the pieces cover: this clearance ends here.
				return
			}
			tb = next
		}
	})
}

// TestPositionFields: every field of the referee's state has its word, so
// a drawn state (not only one met in play) reads back.
func TestPositionFields(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, err := ParsePosition(FormatPosition(newSetup(t)))
		if err != nil {
			t.Fatal(err)
		}
		m := &s.Match
		side := func(name string) rules.Side { return rules.Side(rapid.IntRange(0, 1).Draw(t, name)) }
		b2 := func(name string) [2]bool {
			return [2]bool{rapid.Bool().Draw(t, name+"0"), rapid.Bool().Draw(t, name+"1")}
		}
		small := rapid.IntRange(0, 999)
		m.Turn, m.Game = rapid.IntRange(0, m.Players-1).Draw(t, "turn"), small.Draw(t, "game")
		m.Awaiting = rules.Awaiting(rapid.IntRange(0, 2).Draw(t, "awaiting"))
		m.Games, m.Score = [2]int{small.Draw(t, "g0"), small.Draw(t, "g1")}, [2]int{small.Draw(t, "s0"), small.Draw(t, "s1")}
		if rapid.Bool().Draw(t, "won") {
			m.Winner = side("winner")
		}
		m.SidesChanged = rapid.Bool().Draw(t, "changed")
		b := &m.Board
		b.Number, b.Breaker, b.White, b.Attempts = small.Draw(t, "number"), rapid.IntRange(0, m.Players-1).Draw(t, "breaker"), side("white"), small.Draw(t, "attempts")
		b.AttemptsLost, b.Broken = rapid.Bool().Draw(t, "alternate"), rapid.Bool().Draw(t, "broken")
		b.OnBoard = rules.Count{White: small.Draw(t, "ow"), Black: small.Draw(t, "ob"), Queen: rapid.Bool().Draw(t, "oq")}
		b.Owed = [2]int{small.Draw(t, "owed0"), small.Draw(t, "owed1")}
		b.Queen = rules.QueenState(rapid.IntRange(0, 2).Draw(t, "queen"))
		if rapid.Bool().Draw(t, "queen side") {
			b.QueenSide = side("by")
		}
		b.Earned, b.Claimable, b.Extra = b2("earned"), b2("claim"), rapid.Bool().Draw(t, "extra")
		b.Turns, b.StrokesSinceBreak, b.Idle = small.Draw(t, "turns"), small.Draw(t, "strokes"), small.Draw(t, "idle")
		b.Technical = [2]int{rapid.IntRange(0, 3).Draw(t, "technical0"), rapid.IntRange(0, 3).Draw(t, "technical1")}
		for range rapid.IntRange(0, 3).Draw(t, "held") {
			s.Held = append(s.Held, game.Held{Colour: rules.Colour(rapid.IntRange(0, 1).Draw(t, "colour")), Placer: rapid.IntRange(0, m.Players-1).Draw(t, "placer")})
		}
		s.Pieces = nil
		for i := range rapid.IntRange(0, 4).Draw(t, "pieces") {
			id := rapid.SampledFrom([]string{"w", "b", "q"}).Draw(t, "kind") + strings.Repeat("1", i)
			kind, _ := kindOfID(id)
			s.Pieces = append(s.Pieces, board.Piece{ID: id, Kind: kind, Pos: board.Vec{X: rapid.Float64().Draw(t, "x"), Y: rapid.Float64().Draw(t, "y")}})
		}
		text := FormatPosition(s)
		got, err := ParsePosition(text)
		if err != nil || !sameBits(got, s) {
			t.Fatalf("ParsePosition(%q) = %+v, %v; want %+v", text, got, err, s)
		}
	})
}

// TestVariantPositionFields: every field of a variant's board has its
// word, so a drawn state (not only one met in play) reads back (RULES §14).
func TestVariantPositionFields(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]rules.Variant{rules.PointCarrom(), rules.ThreePlayers(), rules.BuyingPockets()}).Draw(t, "variant")
		lo, hi := v.Seats()
		g := must(rules.NewColourless(v, rapid.IntRange(lo, hi).Draw(t, "players")))
		small := rapid.IntRange(0, 999)
		player := func(name string) int { return rapid.IntRange(0, g.Players-1).Draw(t, name) }
		maybe := func(name string) int {
			if rapid.Bool().Draw(t, name+"?") {
				return player(name)
			}
			return rules.NoPlayer
		}
		hold := func(name string) rules.Holding {
			return rules.Holding{White: small.Draw(t, name+"w"), Black: small.Draw(t, name+"b"), Queen: rapid.Bool().Draw(t, name+"q")}
		}
		g.Turn, g.Awaiting = player("turn"), rules.Awaiting(rapid.IntRange(0, 2).Draw(t, "awaiting"))
		g.Broken, g.Attempts, g.AttemptsLost = rapid.Bool().Draw(t, "broken"), small.Draw(t, "attempts"), rapid.Bool().Draw(t, "alternate")
		g.OnBoard = rules.Count(hold("on"))
		g.Queen, g.QueenSide = rules.QueenState(rapid.IntRange(0, 2).Draw(t, "queen")), maybe("by")
		g.Idle, g.Strokes, g.Winner = small.Draw(t, "idle"), small.Draw(t, "strokes"), maybe("winner")
		for p := range g.Players {
			g.Held[p], g.Banked[p] = hold("held"), hold("banked")
			g.Owed[p], g.Reached[p], g.Earned[p] = small.Draw(t, "owed"), small.Draw(t, "reached"), rapid.Bool().Draw(t, "earned")
		}
		if v.Buys() {
			for k := range g.Owner {
				g.Owner[k] = maybe("owner")
			}
		}
		s := game.Setup{Match: rules.MatchOf(g)}
		text := FormatPosition(s)
		got, err := ParsePosition(text)
		if err != nil || !sameBits(got, s) {
			t.Fatalf("ParsePosition(%q) = %+v, %v; want %+v", text, got, err, s)
		}
	})
}

func newSetup(t *rapid.T) game.Setup {
	cfg := game.Config{Rules: rules.ICF(), Players: rapid.SampledFrom([]int{2, 4}).Draw(t, "players"), Physics: physics.Default()}
	tb, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return tb.Setup()
}

// TestMatchRecordRoundTrip: a match written as a record reads back as the
// same record, writes as the same text, and replays without divergence.
func TestMatchRecordRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg, actions, _ := drawMatch(t, 30)
		names := make([]string, cfg.Players)
		for i := range names {
			names[i] = rapid.SampledFrom([]string{"", "expert", `a "quoted" name`, "Ana María"}).Draw(t, "name")
		}
		r, err := RecordOf(cfg, actions, names, rapid.SampledFrom([]string{"", "1"}).Draw(t, "seed"), "2026-11-23")
		if err != nil {
			t.Fatal(err)
		}
		text := Format(r)
		got, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(Format(r)): %v\n%s", err, text)
		}
		if again := Format(got); again != text {
			t.Fatalf("Format(Parse(text)) differs:\n%s\nwant\n%s", again, text)
		}
		for i, e := range got.Actions {
			sh, want := e.Action.Shot, actions[i].Shot
			if e.Action.Kind == game.Strike && (math.Float64bits(sh.X) != math.Float64bits(want.X) || math.Float64bits(sh.Dir.X) != math.Float64bits(want.Dir.X) ||
				math.Float64bits(sh.Dir.Y) != math.Float64bits(want.Dir.Y) || math.Float64bits(sh.Speed) != math.Float64bits(want.Speed)) {
				t.Fatalf("action %d: shot %+v read back as %+v", i+1, want, sh)
			}
		}
		if _, err := Replay(got, cfg.Physics, nil); err != nil {
			t.Fatalf("Replay: %v\n%s", err, text)
		}
	})
}

// TestReplayFindsTampering: a record whose shot, outcome or result was
// changed stops at the first action that differs.
func TestReplayFindsTampering(t *testing.T) {
	text := strings.Join([]string{
		`[Rules "icf"]`, `[Players "2"]`, `[Result "*"]`, ``,
		`1. 0 strike 0 0,1 5 {1}`,
	}, "\n") + "\n"
	r, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Replay(r, physics.Default(), nil)
	if !errors.Is(err, ErrDiverged) {
		t.Fatalf("Replay of a break recorded as pocketing nothing: %v; want ErrDiverged", err)
	}
	cfg := game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()}
	good, err := RecordOf(cfg, []game.Action{{Kind: game.Strike, Shot: physics.Shot{X: 0, Dir: board.Vec{Y: 1}, Speed: 5}}}, nil, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(good, physics.Default(), nil); err != nil {
		t.Fatalf("Replay of the true record: %v", err)
	}
	for name, tamper := range map[string]func(r *MatchRecord){
		"speed":  func(r *MatchRecord) { r.Actions[0].Action.Shot.Speed = math.Nextafter(5, 0) },
		"rules":  func(r *MatchRecord) { r.Actions[0].Rules = []string{"B-2"} },
		"result": func(r *MatchRecord) { r.Result = "1-0" },
		"seat":   func(r *MatchRecord) { r.Actions[0].Action.Seat = 1 },
	} {
		bad := good
		bad.Actions = []Entry{good.Actions[0]}
		bad.Actions[0].Rules = append([]string(nil), good.Actions[0].Rules...)
		tamper(&bad)
		if _, err := Replay(bad, physics.Default(), nil); !errors.Is(err, ErrDiverged) {
			t.Errorf("Replay with the %s tampered: %v; want ErrDiverged", name, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	head := "[Rules \"icf\"]\n[Players \"2\"]\n[Result \"*\"]\n\n"
	for _, in := range []string{
		"", "[Rules icf]\n", "[Players \"2\"]\n[Rules \"icf\"]\n[Result \"*\"]\n\n",
		"[Rules \"chess\"]\n[Players \"2\"]\n[Result \"*\"]\n\n",
		"[Rules \"icf\"]\n[Players \"3\"]\n[Result \"*\"]\n\n",
		"[Rules \"icf\"]\n[Players \"2\"]\n[Seat2 \"x\"]\n[Result \"*\"]\n\n",
		"[Rules \"icf\"]\n[Players \"2\"]\n[Result \"draw\"]\n\n",
		head + "2. 0 strike 0 0,1 5 {1}\n", head + "1. 0 strike 0 0,1 5 {}\n", head + "1. 0 strike 0 0,1 5 {w1}\n",
		head + "1. 0 strike 0 0,1 5\n",
		head + "1. 0 strike 0 0,0 5 {1}\n",
		head + "1. 0 strike 0 1e-200,1e-200 5 {1}\n",
		head + "1. 0 strike 0 0,1 5 {1 w1 miss w2}\n",
		head + "1. 2 strike 0 0,1 5 {1}\n",
		head + "1. 0 fly\n",
		head + "1. 0 place 0.1,0.1 {}\n",
		head + "1. 0 forgo B-2 void T-1\n",
		head + "1. 0 forfeit nobody\n",
		"[Rules \"point\"]\n[Players \"5\"]\n[Result \"*\"]\n\n",
		"[Rules \"three\"]\n[Players \"2\"]\n[Result \"*\"]\n\n",
		"[Rules \"pockets\"]\n[Players \"3\"]\n[Result \"1-0\"]\n\n",
		"[Rules \"pockets\"]\n[Players \"3\"]\n[Result \"player 3\"]\n\n",
		"[Rules \"pockets\"]\n[Players \"3\"]\n[Result \"*\"]\n\n1. 0 buy 4 3-0\n",
		"[Rules \"pockets\"]\n[Players \"3\"]\n[Result \"*\"]\n\n1. 0 buy 1 3\n",
		"[Rules \"pockets\"]\n[Players \"3\"]\n[Result \"*\"]\n\n1. 0 buy 1 3-0 {}\n",
	} {
		if _, err := Parse(in); !errors.Is(err, ErrRecord) {
			t.Errorf("Parse(%q) error %v; want ErrRecord", in, err)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	start := FormatPosition(game.Setup{Match: must(rules.NewMatch(rules.ICF(), 2)), Pieces: physics.Default().Spec.BreakArrangement(0)})
	point := FormatPosition(game.Setup{Match: must(rules.NewMatch(must(rules.ByName("point")), 3)), Pieces: physics.Default().Spec.BreakArrangement(0)})
	pockets := FormatPosition(game.Setup{Match: must(rules.NewMatch(must(rules.ByName("pockets")), 3)), Pieces: physics.Default().Spec.RingArrangement(0)})
	for _, in := range []string{point, pockets} {
		if _, err := ParsePosition(in); err != nil {
			t.Fatalf("ParsePosition(%q): %v", in, err)
		}
	}
	for _, in := range []string{
		"", "-", strings.Replace(start, "icf 2", "icf 3", 1), strings.Replace(start, "icf 2", "solo 2", 1), strings.Replace(start, "icf 2", "icf 1", 1), strings.Replace(start, "icf", "chess", 1),
		strings.Replace(start, "turn 0", "turn 2", 1), strings.Replace(start, "stroke", "place", 1),
		strings.Replace(start, "games 0-0", "games 0-00", 1), strings.Replace(start, "on 9-9-q", "on 9-9-x", 1),
		strings.Replace(start, "q 0,0", "x 0,0", 1), strings.Replace(start, "q 0,0", "q 0", 1), strings.Replace(start, "q 0,0", "q NaN,0", 1),
		strings.Replace(start, " | q", " |  q", 1), start + " | extra", start + " | pocketed", start + " | pocketed s",
		strings.Replace(start, "idle 0", "idle 0 idle 0", 1),
		strings.Replace(point, "point 3", "point 5", 1), strings.Replace(point, "point 3", "three 2", 1),
		strings.Replace(point, "held 0-0,0-0,0-0", "held 0-0,0-0", 1), strings.Replace(point, "owed 0,0,0", "owed 0,0,x", 1),
		strings.Replace(point, "reached 0,0,0", "reached 0,0,0 owner -,-,-,-", 1), strings.Replace(point, "reached 0,0,0", "reached 0,0,0 earned 1,0", 1),
		strings.Replace(point, "reached 0,0,0", "reached 0,0,0 earned 3", 1), strings.Replace(point, "idle 0", "idle 0 winner 3", 1),
		strings.Replace(pockets, "owner -,-,-,-", "owner -,-,-", 1), strings.Replace(pockets, "owner -,-,-,-", "owner -,-,-,3", 1),
		strings.Replace(pockets, " owner -,-,-,-", "", 1), strings.Replace(point, "strokes 0", "game 1", 1),
	} {
		_, err := ParsePosition(in)
		if !errors.Is(err, ErrPosition) {
			t.Errorf("ParsePosition(%q) error %v; want ErrPosition", in, err)
			continue
		}
		// The practice page shows the words as they are: plain, no prefix.
		if w := err.Error(); !strings.HasPrefix(w, "This position string cannot be set: ") || !strings.HasSuffix(w, ". Copy the whole position string again.") ||
			strings.Contains(w, "record:") || strings.Contains(w, "rules:") || strings.Contains(w, "bad position string") {
			t.Errorf("ParsePosition(%q) says %q; want a plain sentence", in, w)
		}
	}
	if _, err := ParsePosition("hello"); err == nil || err.Error() != `This position string cannot be set: a position string has 5 to 7 parts separated by " | ", and this text has 1. Copy the whole position string again.` {
		t.Errorf("ParsePosition(\"hello\") says %v; want the parts counted in a plain sentence", err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func FuzzParsePosition(f *testing.F) {
	start := FormatPosition(game.Setup{Match: must(rules.NewMatch(rules.ICF(), 2)), Pieces: physics.Default().Spec.BreakArrangement(0)})
	f.Add(start)
	f.Add(start + " | held white 1 black 0 | pocketed w3 b2")
	f.Add(strings.Replace(start, "attempts 0", "attempts 1 alternate broken", 1))
	for _, name := range []string{"point", "three", "pockets"} {
		rs := must(rules.ByName(name))
		f.Add(FormatPosition(game.Setup{Match: must(rules.NewMatch(rs, 3)), Pieces: physics.Default().Spec.RingArrangement(0)}))
	}
	f.Add("pockets 2 | turn 1 stroke | strokes 4 idle 0 winner 1 | board broken attempts 0 on 8-9-q queen covered by 1 held 1-0,0-0-q banked 1-0,0-0 owed 0,1 reached 1,3 earned 0,1 owner -,1,-,0 | q 0,0 | pocketed w1")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParsePosition(text)
		if err != nil {
			return
		}
		canon := FormatPosition(s)
		again, err := ParsePosition(canon)
		if err != nil || !sameBits(again, s) {
			t.Fatalf("%q parsed to %+v; its canonical text %q reads back as %+v, %v", text, s, canon, again, err)
		}
		if FormatPosition(again) != canon {
			t.Fatalf("canonical text %q does not write back to itself", canon)
		}
		// A variant's table that resumes takes its inputs without a panic,
		// and keeps its pieces (RULES §14).
		m := s.Match
		tb, err := game.Resume(game.Config{Rules: m.Rules, Players: m.Players, Physics: physics.Default()}, s)
		if err != nil || m.Rules.Variant == nil {
			return
		}
		for _, a := range []game.Action{{Kind: game.Timeout}, {Kind: game.Concede}, {Kind: game.Buy, Buy: rules.Purchase{Pocket: 1, Pay: m.Colourless.Banked[m.Turn]}}} {
			a.Seat = tb.ToAct().Seat
			if next, _, err := tb.Apply(a); err == nil {
				if _, err := game.Resume(next.Config(), next.Setup()); err != nil {
					t.Fatalf("%q after %v: the table does not resume: %v", text, a.Kind, err)
				}
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	f.Add("[Rules \"icf\"]\n[Players \"2\"]\n[Seat0 \"expert\"]\n[Seed \"1\"]\n[Date \"2026-11-23\"]\n[Result \"*\"]\n\n1. 0 strike 0.01 -0.2,0.98 4.5 {0.75 w1 s miss} B-2 D-1\n2. 1 place 0.05,0.02\n3. 1 timeout {miss foul} D-5\n4. 0 forfeit TM-3\n")
	f.Add("[Rules \"pockets\"]\n[Players \"3\"]\n[Result \"player 2\"]\n\n1. 0 strike 0.01 -0.2,0.98 4.5 {0.75 w1 b4} B-2 T-1\n2. 1 buy 2 3-1-q V-3\n3. 2 concede match G-4\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := Parse(text)
		if err != nil {
			return
		}
		canon := Format(r)
		again, err := Parse(canon)
		if err != nil || !reflect.DeepEqual(again, r) {
			t.Fatalf("%q parsed to %+v; its canonical text %q reads back as %+v, %v", text, r, canon, again, err)
		}
		if Format(again) != canon {
			t.Fatalf("canonical text %q does not write back to itself", canon)
		}
	})
}
