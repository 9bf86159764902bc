package game

import (
	"fmt"
	"math"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Summarize turns a simulated stroke into what the referee needs: the
// pieces pocketed, whether the striker went in, and whether it touched a
// c/m (RULES B-2). Flat discs never leave the board in the simulation, so
// nothing is ever reported as jumped.
func Summarize(res physics.Result) rules.Stroke {
	var s rules.Stroke
	striker := -1
	for i, d := range res.Final.Discs {
		if d.Kind == board.Striker {
			striker = i
			s.Striker = d.Pocketed
			continue
		}
		if !d.Pocketed {
			continue
		}
		switch d.Kind {
		case board.White:
			s.Pocketed.White++
		case board.Black:
			s.Pocketed.Black++
		case board.Queen:
			s.Pocketed.Queen = true
		}
	}
	s.Missed = true
	for _, e := range res.Events {
		if e.Kind == physics.Contact && (e.I == striker || e.J == striker) {
			s.Missed = false
			break
		}
	}
	return s
}

// strike places the striker, simulates the shot (on sim, if it is made
// for the table's physics), has the referee rule, and carries out the
// ruling on the table.
func (t *Table) strike(sim *physics.Simulator, sh physics.Shot, turn Turn) (Outcome, error) {
	p := t.cfg.Physics
	sh.Base = turn.Base
	if !(sh.Speed > 0 && sh.Speed <= p.MaxSpeed) {
		return Outcome{}, fmt.Errorf("game: speed %v m/s, want (0, %v]: %w", sh.Speed, p.MaxSpeed, ErrShotSpeed)
	}
	if t.cfg.Rules.ForwardOnly && sh.Dir.Y < 0 {
		return Outcome{}, fmt.Errorf("game: direction %v: %w (RULES ST-4)", sh.Dir, ErrBackward)
	}
	start, err := physics.Place(p, t.pieces, sh)
	if err != nil {
		return Outcome{}, err
	}
	var res physics.Result
	if sim != nil && sim.Params() == p {
		res, err = sim.Simulate(start)
	} else {
		res, err = physics.Simulate(p, start)
	}
	if err != nil {
		return Outcome{}, err
	}
	out, err := t.rule(res, turn.Base)
	out.Sim, out.Start = res, start
	return out, err
}

// Carry is the table once a stroke simulated elsewhere from its pieces (by
// a search's own physics.Simulator, with the seat to strike) is ruled on
// and carried out, exactly as Apply would after simulating it: t is left
// as it was. The outcome's Sim and Start are not set.
func (t Table) Carry(res physics.Result) (Table, Outcome, error) {
	turn := t.ToAct()
	if turn.Need != NeedStrike {
		return t, Outcome{}, fmt.Errorf("game: a stroke while the table waits for seat %d to %v: %w", turn.Seat, turn.Need, ErrNotNow)
	}
	next := t.clone()
	out, err := next.rule(res, turn.Base)
	if err != nil {
		return t, Outcome{}, err
	}
	out.Void = next.voidIfBlocked()
	return next, out, nil
}

// rule has the referee rule on a simulated stroke from the table's pieces
// and carries out the ruling.
func (t *Table) rule(res physics.Result, striking board.Base) (Outcome, error) {
	stroke := Summarize(res)
	old := t.match
	m, rul, err := old.Stroke(stroke)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Stroke: stroke, Ruling: &rul}
	t.match = m
	t.pieces = t.pieces[:0]
	for _, d := range res.Final.Discs {
		if !d.Pocketed && d.Kind != board.Striker {
			t.pieces = append(t.pieces, board.Piece{ID: d.ID, Kind: d.Kind, Pos: d.Pos})
		}
	}
	for _, e := range res.Events {
		if d := res.Final.Discs[e.I]; e.Kind == physics.Fall && d.Kind != board.Striker {
			t.pocketed = append(t.pocketed, board.Piece{ID: d.ID, Kind: d.Kind})
		}
	}
	if rul.Result != nil || m.Game != old.Game || m.Awaiting != rules.AwaitStroke {
		t.afterReferee(old, rul)
		return out, nil
	}
	out.Respotted, err = t.carryOut(rul, striking)
	return out, err
}

// timeout forfeits the stroke of a seat whose clock ran out as a foul that
// touched nothing (RULES TM-1, D-5; before the break, B-5).
func (t *Table) timeout() (Outcome, error) {
	old := t.match
	stroke := rules.Stroke{Missed: true, Foul: true}
	m, rul, err := old.Stroke(stroke)
	if err != nil {
		return Outcome{}, err
	}
	t.match = m
	out := Outcome{Stroke: stroke, Ruling: &rul}
	if rul.Result != nil || m.Game != old.Game || m.Awaiting != rules.AwaitStroke {
		t.afterReferee(old, rul)
		return out, nil
	}
	out.Respotted, err = t.carryOut(rul, t.Base(old.Turn))
	return out, err
}

// carryOut does on the table what the ruling asks: pieces to the centre,
// placings to the centre or into a placer's hand (RULES PL-1…PL-3).
func (t *Table) carryOut(rul rules.Ruling, striking board.Base) ([]board.Piece, error) {
	var centre []board.Kind
	for _, c := range rul.Centre {
		switch c {
		case rules.TheQueen:
			centre = append(centre, board.Queen)
		case rules.WhiteMan:
			centre = append(centre, board.White)
		case rules.BlackMan:
			centre = append(centre, board.Black)
		}
	}
	for _, pl := range rul.Place {
		for range pl.Count {
			if pl.Placer == rules.CentrePlacer {
				centre = append(centre, kindOf(pl.Colour))
			} else {
				t.held = append(t.held, held{Colour: pl.Colour, Placer: pl.Placer})
			}
		}
	}
	var spotted []board.Piece
	for i, k := range centre {
		piece, err := t.fromPocket(k)
		if err != nil {
			return nil, err
		}
		// RULES Q-11, J-1: the first on the centre circle; J-2, J-3: the
		// others touching it on the side away from the player in turn.
		target := board.Vec{}
		if i > 0 {
			target = spotted[0].Pos.Add(striking.Forward().Scale(2 * t.spec().CoinRadius()))
		}
		piece.Pos = t.nearestFree(target, t.spec().Radius(k))
		t.pieces = append(t.pieces, piece)
		spotted = append(spotted, piece)
	}
	return spotted, nil
}

// respotStep is the grid on which the table looks for a free spot, m.
const respotStep = 0.0005

// nearestFree is the spot nearest to target where a disc of radius r
// touches no piece, searched on a square grid around target in a fixed
// order, so the same table always gives the same spot. Where the target is
// free it is the target itself: a queen returned to an empty centre covers
// the centre circle exactly (RULES Q-11).
func (t Table) nearestFree(target board.Vec, r float64) board.Vec {
	half := t.spec().Half() - r
	free := func(at board.Vec) bool {
		if math.Abs(at.X) > half || math.Abs(at.Y) > half {
			return false
		}
		for _, p := range t.pieces {
			if at.Dist(p.Pos) < r+t.spec().Radius(p.Kind) {
				return false
			}
		}
		return true
	}
	best, bestD := target, math.Inf(1)
	for ring := 0; float64(ring)*respotStep <= bestD; ring++ {
		for i := -ring; i <= ring; i++ {
			for j := -ring; j <= ring; j++ {
				if max(abs(i), abs(j)) != ring {
					continue
				}
				at := target.Add(board.Vec{X: float64(float64(i) * respotStep), Y: float64(float64(j) * respotStep)})
				if d := at.Dist(target); d < bestD && free(at) {
					best, bestD = at, d
				}
			}
		}
	}
	return best
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}
