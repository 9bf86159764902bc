package rules

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// draws is where a random match takes its choices: rapid's draws, so that
// a failing match shrinks to a short one, a fuzzer's bytes, or a seeded
// generator for the long runs.
type draws interface {
	// intn returns a choice in [0, n).
	intn(n int) int
}

type rapidDraws struct{ t *rapid.T }

func (d rapidDraws) intn(n int) int { return rapid.IntRange(0, n-1).Draw(d.t, "choice") }

type byteDraws struct{ b []byte }

func (d *byteDraws) intn(n int) int {
	if len(d.b) == 0 {
		return 0
	}
	v := int(d.b[0]) % n
	d.b = d.b[1:]
	return v
}

type randDraws struct{ rng *rand.Rand }

func (d randDraws) intn(n int) int { return d.rng.IntN(n) }

// randomStroke draws a stroke that can happen on m's board: pocketing and
// jumping only pieces that are there.
func randomStroke(d draws, m Match) Stroke {
	on := m.Board.OnBoard
	var s Stroke
	if d.intn(6) == 0 {
		s.Missed = true
		s.Striker = d.intn(4) == 0
		s.Foul = d.intn(6) == 0
		return s
	}
	// Mostly one or two pieces, now and then a great many.
	pick := func(n int) int {
		if n == 0 || d.intn(3) == 0 {
			return 0
		}
		if d.intn(8) == 0 {
			return d.intn(n + 1)
		}
		return min(n, 1+d.intn(2))
	}
	s.Pocketed.White = pick(on.White)
	s.Pocketed.Black = pick(on.Black)
	s.Pocketed.Queen = on.Queen && d.intn(6) == 0
	if d.intn(10) == 0 {
		s.Jumped.White = pick(on.White - s.Pocketed.White)
	}
	if d.intn(10) == 0 {
		s.Jumped.Black = pick(on.Black - s.Pocketed.Black)
	}
	s.Jumped.Queen = on.Queen && !s.Pocketed.Queen && d.intn(20) == 0
	s.Striker = d.intn(7) == 0
	s.Foul = d.intn(12) == 0
	s.StrikerOff = !s.Striker && d.intn(15) == 0
	return s
}

// checkStep verifies the invariants of one input: every piece accounted for
// by the ruling, scores that never fall within a game, the board cap, a
// turn that belongs to a seat, and a state that is internally consistent.
func checkStep(t interface{ Fatalf(string, ...any) }, before, after Match, s *Stroke, rul Ruling) {
	r := before.Rules
	if after.Turn < 0 || after.Turn >= after.Players {
		t.Fatalf("turn %d with %d players", after.Turn, after.Players)
	}
	if res := rul.Result; res != nil {
		if r.MaxBoardPoints > 0 && res.Points > r.MaxBoardPoints {
			t.Fatalf("board scored %d under %s, above %d", res.Points, r.Name, r.MaxBoardPoints)
		}
		if res.Points < 0 || (res.Winner == NoSide) != (res.Rule == "T-4" || res.Rule == "ST-3") {
			t.Fatalf("bad result %+v", *res)
		}
	}
	if after.Game == before.Game && after.Awaiting != AwaitNothing {
		for i := range 2 {
			if after.Score[i] < before.Score[i] {
				t.Fatalf("score fell within game %d: %v -> %v", before.Game, before.Score, after.Score)
			}
		}
	}
	if after.Awaiting == AwaitNothing {
		// The last board is left as its last stroke left it.
		return
	}
	b := after.Board
	for side := Side(0); side < 2; side++ {
		col := b.colour(side)
		n := b.OnBoard.of(col)
		if n < 0 || n > 9 || b.Owed[side] < 0 {
			t.Fatalf("%v: %d on the board, %d owed", col, n, b.Owed[side])
		}
		if b.Owed[side] > 0 && n != 9 {
			t.Fatalf("side %d owes %d with %d of its c/m pocketed to pay with", side, b.Owed[side], 9-n)
		}
		if n == 0 {
			t.Fatalf("%v cleared but the board goes on", col)
		}
	}
	if b.OnBoard.Queen != (b.Queen == QueenOnBoard) || (b.QueenSide == NoSide) != (b.Queen == QueenOnBoard) {
		t.Fatalf("queen on board %v, state %v, side %d", b.OnBoard.Queen, b.Queen, b.QueenSide)
	}
	if s == nil || rul.Result != nil {
		return
	}
	// Pieces are conserved: what was on the board, less what was pocketed,
	// plus what the ruling puts back, is what is on the board now.
	want := before.Board.OnBoard
	want.White -= s.Pocketed.White
	want.Black -= s.Pocketed.Black
	want.Queen = want.Queen && !s.Pocketed.Queen
	for _, p := range rul.Place {
		want.add(p.Colour, p.Count)
	}
	for _, c := range rul.Centre {
		if c == TheQueen && !s.Jumped.Queen {
			want.Queen = true
		}
	}
	if want != b.OnBoard {
		t.Fatalf("stroke %+v on %+v with ruling %+v: on board %+v; the ruling accounts for %+v", *s, before.Board.OnBoard, rul, b.OnBoard, want)
	}
}

// playRandom plays a random sequence of inputs from a new match, checking
// the invariants after each.
func playRandom(t interface{ Fatalf(string, ...any) }, d draws, r Rules, players, steps int) Match {
	m, err := NewMatch(r, players)
	if err != nil {
		t.Fatalf("NewMatch: %v", err)
	}
	for range steps {
		var (
			next Match
			rul  Ruling
			s    *Stroke
		)
		switch {
		case m.Awaiting == AwaitNothing:
			return m
		case m.Awaiting == AwaitToss:
			next, rul, err = m.Toss(Side(d.intn(2)))
		case d.intn(200) == 0:
			next, rul, err = m.Concede(Concession(d.intn(3)))
		case d.intn(100) == 0:
			// In singles only the side out of turn commits technical fouls.
			offender := Side(d.intn(2))
			if players == 2 {
				offender = side(m.Turn).Other()
			}
			next, rul, err = m.Technical(offender)
		case r.TwoTurnsOption && m.Board.Claimable[side(m.Turn)] && d.intn(2) == 0:
			next, rul, err = m.ClaimTwoTurns()
		default:
			st := randomStroke(d, m)
			s = &st
			next, rul, err = m.Stroke(st)
		}
		if err != nil {
			t.Fatalf("legal input rejected: %v", err)
		}
		checkStep(t, m, next, s, rul)
		m = next
	}
	return m
}

func TestRandomMatchesKeepInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := []Rules{ICF(), Family()}[rapid.IntRange(0, 1).Draw(t, "rules")]
		players := []int{2, 4}[rapid.IntRange(0, 1).Draw(t, "players")]
		playRandom(t, rapidDraws{t}, r, players, 400)
	})
}

// TestRandomMatchesFinish plays whole matches: every one must end.
func TestRandomMatchesFinish(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		for _, r := range []Rules{ICF(), Family()} {
			d := randDraws{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
			if m := playRandom(t, d, r, 2, 100000); m.Awaiting != AwaitNothing {
				t.Errorf("seed %d, %s: match not over after 100000 inputs", seed, r.Name)
			}
		}
	}
}

// FuzzMatch plays the inputs that the fuzzer's bytes choose.
func FuzzMatch(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, false, false)
	f.Add([]byte("a board with many strokes and a foul or two"), true, true)
	f.Fuzz(func(t *testing.T, choices []byte, family, doubles bool) {
		r, players := ICF(), 2
		if family {
			r = Family()
		}
		if doubles {
			players = 4
		}
		playRandom(t, &byteDraws{choices}, r, players, len(choices))
	})
}
