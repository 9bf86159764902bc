package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Player chooses what the seat to act does at a table: the seat is
// t.ToAct().Seat. For a stroke it returns the shot it means; the match
// runner, not the player, adds the execution noise (see Play).
type Player interface {
	Act(ctx context.Context, t game.Table) (game.Action, error)
}

// ErrNothingToDo is returned when the table waits for no one: the match is
// over.
var ErrNothingToDo = errors.New("ai: the match is over")

// Computer is the searching player of a Level. It is not safe for
// concurrent use; its search uses goroutines of its own.
type Computer struct {
	level   Level
	workers int
	r       *rand.Rand
	s       *searcher
	sims    int
}

// New returns a computer player of level l that searches on workers
// goroutines (0: one per core). Every random choice comes from seed, so the
// same seed facing the same tables makes the same actions, whatever the
// number of workers.
func New(l Level, workers int, seed uint64) *Computer {
	return &Computer{level: l, workers: workers, r: rand.New(rand.NewPCG(seed, 0xa1))}
}

// Level returns the player's level.
func (c *Computer) Level() Level { return c.level }

// Simulations returns how many strokes the player's searches have
// simulated so far: its effort, counted the same on every machine.
// Budget.Simulations bounds it for one decision.
func (c *Computer) Simulations() int { return c.sims }

func (c *Computer) searcherFor(p physics.Params) (*searcher, error) {
	if c.s != nil && c.s.geo.p == p {
		return c.s, nil
	}
	s, err := newSearcher(p, c.workers)
	if err != nil {
		return nil, err
	}
	c.s = s
	return s, nil
}

// Act chooses a stroke, a placing, or a toss's winner, as the table needs;
// under buying the pockets (RULES V-3), a purchase before the stroke.
func (c *Computer) Act(ctx context.Context, t game.Table) (game.Action, error) {
	turn := t.ToAct()
	a := game.Action{Seat: turn.Seat}
	seed := c.r.Uint64()
	switch turn.Need {
	case game.NeedStrike:
		if m := t.Match(); m.Rules.Variant != nil {
			// RULES V-3: a pocket is bought before the stroke (see purchase).
			if b, ok := purchase(m.Colourless); ok {
				a.Kind, a.Buy = game.Buy, b
				return a, nil
			}
		}
		adv, err := c.Advise(ctx, t, seed)
		if err != nil {
			return game.Action{}, err
		}
		a.Kind = game.Strike
		if len(adv) > 0 {
			a.Shot = adv[0].Shot
		} else {
			a.Shot = fallback(t)
		}
		return a, nil
	case game.NeedPlace:
		s, err := c.searcherFor(t.Config().Physics)
		if err != nil {
			return game.Action{}, err
		}
		at, ok := s.geo.placing(t, turn, c.level.Budget.Position, c.level.Noise)
		if !ok {
			a.Kind = game.Forgo
			return a, nil
		}
		a.Kind, a.At = game.Place, at
		return a, nil
	case game.NeedToss:
		// A toss is chance, not choice: the seed decides it.
		a.Kind, a.Toss = game.Toss, rules.Side(seed%2)
		return a, nil
	}
	return game.Action{}, ErrNothingToDo
}

// Advise is the coach: the shots the level's search considered for the
// seat to strike at t, each with the share of noisy samples (under the
// level's noise) in which it pocketed an own c/m to stay, and its mean
// value. The finalists, sampled most (Budget.Final), come first, best
// first; then the other kept candidates, best first.
func (c *Computer) Advise(ctx context.Context, t game.Table, seed uint64) ([]Advice, error) {
	turn := t.ToAct()
	if turn.Need != game.NeedStrike {
		return nil, fmt.Errorf("ai: advice asked while the table needs %v", turn.Need)
	}
	s, err := c.searcherFor(t.Config().Physics)
	if err != nil {
		return nil, err
	}
	sit := situationOf(t, c.level.Noise)
	adv, err := s.search(ctx, &sit, c.level.Budget, seed)
	c.sims += s.simulations()
	return adv, err
}

// fallback is a plain shot from the first legal striker position, straight
// ahead at half power: what any player does when nothing better is found.
func fallback(t game.Table) physics.Shot {
	x := 0.0
	if rs := t.StrikerRanges(); len(rs) > 0 {
		x = (rs[0].Lo + rs[0].Hi) / 2
	}
	return physics.Shot{X: x, Dir: board.Vec{Y: 1}, Speed: t.Config().Physics.MaxSpeed / 2}
}

// situationOf describes the table to the seat to strike.
func situationOf(t game.Table, n Noise) situation {
	m := t.Match()
	if m.Rules.Variant != nil {
		var bases [rules.MaxPlayers]board.Base
		for i := range m.Players {
			bases[i] = t.Base(i)
		}
		return variantSituation(m.Colourless, t.Pieces(), bases, n)
	}
	turn := t.ToAct()
	side := rules.Side(turn.Seat % 2)
	j := matchJudge{m: m, side: side, players: m.Players}
	for i := range m.Players {
		j.pos[i] = t.Base(i)
	}
	return situation{
		pieces:    t.Pieces(),
		seat:      turn.Base,
		own:       mayPocket(m, side),
		brk:       !m.Board.Broken,
		backShots: !t.Config().Rules.ForwardOnly,
		judge:     j,
		noise:     n,
	}
}

// mayPocket is what side profits from pocketing: its colour, and the queen
// once it has the right to it (RULES Q-1) and owes nothing (RULES Q-3).
func mayPocket(m rules.Match, side rules.Side) kinds {
	var k kinds
	if m.Board.White == side {
		k[board.White] = true
	} else {
		k[board.Black] = true
	}
	k[board.Queen] = m.Board.Earned[side] && m.Board.Owed[side] == 0 && m.Board.Queen == rules.QueenOnBoard
	return k
}

// matchJudge rules a simulated stroke with the real referee.
type matchJudge struct {
	m       rules.Match
	side    rules.Side
	players int
	pos     [board.Bases]board.Base
}

// Values of the queen, in c/m: covered it is worth its three points and
// the end of a worry; pending it still needs the next stroke.
const (
	queenCovered = 1.5
	queenPending = 0.7
	oppCoin      = 0.6 // an opponent's c/m pocketed is progress for him
)

func onBoard(b rules.Board, side rules.Side) int {
	if b.White == side {
		return b.OnBoard.White
	}
	return b.OnBoard.Black
}

func (j matchJudge) rule(s rules.Stroke) verdict {
	m2, rul, err := j.m.Stroke(s)
	if err != nil {
		return verdict{value: -wBoardEnd, over: true}
	}
	if r := rul.Result; r != nil {
		v := verdict{over: true}
		switch r.Winner {
		case j.side:
			v.value, v.scored = wBoardEnd+float64(r.Points), true
		case rules.NoSide:
		default:
			v.value = -wBoardEnd - float64(r.Points)
		}
		return v
	}
	b0, b1 := j.m.Board, m2.Board
	o := j.side.Other()
	own := float64(onBoard(b0, j.side)-onBoard(b1, j.side)) - float64(b1.Owed[j.side]-b0.Owed[j.side])
	opp := float64(onBoard(b0, o)-onBoard(b1, o)) - float64(b1.Owed[o]-b0.Owed[o])
	net := own - float64(oppCoin*opp)
	v := verdict{value: net, kept: rul.TurnKept}
	mine := b1.QueenSide == j.side
	switch {
	case b1.Queen == rules.QueenCovered && mine && b0.Queen != rules.QueenCovered:
		v.value += queenCovered
	case b1.Queen == rules.QueenPending && mine && b0.Queen == rules.QueenOnBoard:
		v.value += queenPending
	case b0.Queen == rules.QueenPending && b0.QueenSide == j.side && b1.Queen == rules.QueenOnBoard:
		v.value -= queenPending
	}
	v.scored = own > 0 || v.value > net
	next := m2.Turn
	v.next = j.pos[next%j.players]
	v.nextOK = mayPocket(m2, rules.Side(next%2))
	return v
}

// placing chooses where seat turn.Seat puts a due or penalty c/m: of the
// legal spots on a grid over the outer circle, the one that leaves the
// c/m's owners the hardest best shot; in a variant without colours (RULES
// V-1, V-2), the player who strikes next, with what he may pocket to his
// profit, the hardest, or the easiest if that is the placer himself.
// Without thought it takes the first legal spot. ok is false when no spot
// is legal: the placer forgoes it (RULES PL-4).
func (g *geo) placing(t game.Table, turn game.Turn, think bool, n Noise) (board.Vec, bool) {
	pieces := t.Pieces()
	kind := board.White
	if turn.Colour == rules.Black {
		kind = board.Black
	}
	var owners []board.Base
	var own kinds
	sign := 1.0 // the best spot is the least ease, sign times
	m := t.Match()
	if m.Rules.Variant != nil {
		next := m.Colourless.Turn
		owners = append(owners, t.Base(next))
		own = profits(m.Colourless)
		if next == turn.Seat {
			sign = -1
		}
	} else {
		for i := range m.Players {
			if t.Colour(i) == turn.Colour {
				owners = append(owners, t.Base(i))
			}
		}
		own[kind] = true
	}
	const step = 0.01
	lim := g.sp.OuterRadius()
	bestAt, bestE, found := board.Vec{}, 2.0, false
	with := append(pieces, board.Piece{ID: "placed", Kind: kind})
	for y := -lim; y <= lim; y += step {
		for x := -lim; x <= lim; x += step {
			at := board.Vec{X: x, Y: y}
			if !t.CanPlace(at) {
				continue
			}
			if !think {
				return at, true
			}
			with[len(with)-1].Pos = at
			e := 0.0
			for _, s := range owners {
				e = max(e, g.ease(with, s, own, n))
			}
			if e *= sign; e < bestE {
				bestAt, bestE, found = at, e, true
			}
		}
	}
	return bestAt, found
}
