package rules

import (
	"errors"
	"fmt"
)

// colourlessLaws are the laws of every variant without colours, which each
// embeds: a Match under one holds the variant's board in Match.Colourless
// and hands every input to it, so that a table plays every rule set through
// one Match value.
type colourlessLaws struct{}

// start starts a match of a variant without colours: one board, which
// player 0 breaks.
func (colourlessLaws) start(r Rules, players int) (Match, error) {
	g, err := NewColourless(r.Variant, players)
	if err != nil {
		return Match{}, err
	}
	return MatchOf(g), nil
}

// MatchOf is the match whose whole state is the variant board g.
func MatchOf(g Colourless) Match {
	m := Match{Rules: Of(g.Variant), Players: g.Players, Game: 1, Colourless: g}
	m.Board.Number = 1
	m.mirror()
	return m
}

// mirror copies what the colourless board says of the turn and the end.
func (m *Match) mirror() {
	g := m.Colourless
	m.Turn, m.Awaiting, m.Winner = g.Turn, g.Awaiting, Side(g.Winner)
}

// colourless applies input f to the variant's board.
func (m Match) colourless(f func(Colourless) (Colourless, Ruling, error)) (Match, Ruling, error) {
	g, rul, err := f(m.Colourless)
	if err != nil {
		return m, rul, err
	}
	m.Colourless = g
	m.mirror()
	return m, rul, nil
}

func (colourlessLaws) stroke(m Match, s Stroke) (Match, Ruling, error) {
	return m.colourless(func(g Colourless) (Colourless, Ruling, error) { return g.Stroke(s) })
}

// concede: a variant's board is its whole match, so every concession ends
// it.
func (colourlessLaws) concede(m Match, c Concession) (Match, Ruling, error) {
	if c < ConcedeBoard || c > ConcedeMatch {
		return m, newRuling(), fmt.Errorf("rules: concession %d: %w", c, ErrBadConcede)
	}
	return m.colourless(Colourless.Concede)
}

func (colourlessLaws) forfeit(m Match, s Side, rule string) (Match, Ruling, error) {
	return m.colourless(func(g Colourless) (Colourless, Ruling, error) { return g.Forfeit(int(s), rule) })
}

func (colourlessLaws) void(m Match, rule string) (Match, Ruling, error) {
	return m.colourless(func(g Colourless) (Colourless, Ruling, error) { return g.Void(rule) })
}

func (colourlessLaws) buy(m Match, b Purchase) (Match, Ruling, error) {
	return m.colourless(func(g Colourless) (Colourless, Ruling, error) { return g.Buy(b) })
}

func (colourlessLaws) toss(m Match, _ Side) (Match, Ruling, error) {
	return notInVariant(m, "a toss")
}

func (colourlessLaws) technical(m Match, _ Side) (Match, Ruling, error) {
	return notInVariant(m, "a technical foul")
}

func (colourlessLaws) claimTwoTurns(m Match) (Match, Ruling, error) {
	return notInVariant(m, "a claim of two turns")
}

// forgo: a variant's placer does not forgo a c/m (RULES PL-4), which would
// then be no player's; without room he keeps it until there is.
func (colourlessLaws) forgo(m Match, _ Colour) (Match, Ruling, error) {
	return notInVariant(m, "forgoing a placing")
}

// sideOf: a player is his own side.
func (colourlessLaws) sideOf(seat int) Side { return Side(seat) }

// notInVariant refuses an input the variants without colours do not have.
func notInVariant(m Match, what string) (Match, Ruling, error) {
	if m.Awaiting == AwaitNothing {
		return m, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	return m, newRuling(), fmt.Errorf("rules: %s is not an input of %s: %w", what, m.Rules.Name, ErrNotAwaited)
}

// Forfeit ends the board, which is the variant's match, against player p,
// who left the match (RULES TM-3), left his seat (D-10) or played out of
// turn (TM-2). Where the sources are silent: as a concession by him, the
// leader of the others by the standing wins.
func (g Colourless) Forfeit(p int, rule string) (Colourless, Ruling, error) {
	if g.Awaiting == AwaitNothing {
		return g, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	if p < 0 || p >= g.Players {
		return g, newRuling(), fmt.Errorf("rules: forfeit by player %d of %d: %w", p, g.Players, ErrBadSide)
	}
	switch rule {
	case "TM-3", "D-10", "TM-2":
	default:
		return g, newRuling(), fmt.Errorf("rules: forfeit %q (want D-10, TM-2 or TM-3): %w", rule, ErrBadForfeit)
	}
	rul := newRuling()
	g.end(g.standing(p), rule, &rul)
	return g, rul, nil
}

// Void replays the board from the break when no legal striker position is
// left (RULES ST-3), or for T-4.
func (g Colourless) Void(rule string) (Colourless, Ruling, error) {
	if g.Awaiting == AwaitNothing {
		return g, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	if rule != "ST-3" && rule != "T-4" {
		return g, newRuling(), fmt.Errorf("rules: void by %q (want ST-3 or T-4): %w", rule, ErrBadVoid)
	}
	rul := newRuling()
	rul.apply(rule)
	g.void(&rul)
	rul.Result.Rule = rule
	return g, rul, nil
}

// ErrInconsistent is wrapped by every error of Colourless.Check.
var ErrInconsistent = errors.New("inconsistent board")

// Check says whether g could be the state of a board, as one read from a
// position string must be: its players and turn real, the 19 pieces on the
// board, held or awaiting cover, each count in range, and each player a
// real one where one is named.
func (g Colourless) Check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("rules: "+format+": %w", append(args, ErrInconsistent)...)
	}
	if g.Variant == nil {
		return bad("no variant")
	}
	if lo, hi := g.Variant.Seats(); g.Players < lo || g.Players > hi {
		return bad("%s with %d players", g.Variant.Name(), g.Players)
	}
	real := func(p int) bool { return p == NoPlayer || p >= 0 && p < g.Players }
	if g.Turn < 0 || g.Turn >= g.Players || !real(g.QueenSide) || !real(g.Winner) {
		return bad("turn %d, queen by %d, winner %d with %d players", g.Turn, g.QueenSide, g.Winner, g.Players)
	}
	if (g.Winner == NoPlayer) != (g.Awaiting != AwaitNothing) || g.Awaiting == AwaitToss {
		return bad("awaiting %v with winner %d", g.Awaiting, g.Winner)
	}
	white, black, queens := g.OnBoard.White, g.OnBoard.Black, b2i(g.OnBoard.Queen)
	for p := range MaxPlayers {
		h, b := g.Held[p], g.Banked[p]
		if p >= g.Players && (h != Holding{} || b != Holding{} || g.Owed[p] != 0 || g.Earned[p] || g.Reached[p] != 0) {
			return bad("player %d of %d holds, owes or reached something", p, g.Players)
		}
		if h.White < 0 || h.Black < 0 || g.Owed[p] < 0 || b.White < 0 || b.Black < 0 || b.min(h) != b || g.Reached[p] < 0 || g.Reached[p] > g.Strokes {
			return bad("player %d holds %+v, banked %+v, owes %d, reached at %d", p, h, b, g.Owed[p], g.Reached[p])
		}
		white += h.White
		black += h.Black
		queens += b2i(h.Queen)
	}
	if (g.Queen == QueenOnBoard) != g.OnBoard.Queen {
		return bad("queen %v, on the board %v", g.Queen, g.OnBoard.Queen)
	}
	switch g.Queen {
	case QueenOnBoard:
		if g.QueenSide != NoPlayer {
			return bad("queen on the board by player %d", g.QueenSide)
		}
	case QueenPending:
		queens++
		if g.QueenSide == NoPlayer {
			return bad("queen awaiting cover by nobody")
		}
	case QueenCovered:
		if g.QueenSide == NoPlayer || !g.Held[g.QueenSide].Queen {
			return bad("queen covered by player %d, who does not hold it", g.QueenSide)
		}
	default:
		return bad("queen %d", g.Queen)
	}
	if white != 9 || black != 9 || queens != 1 {
		return bad("%d white, %d black and %d queens on the board and held; want 9, 9 and 1", white, black, queens)
	}
	for k, o := range g.Owner {
		if !real(o) || o != NoPlayer && !g.Variant.Buys() {
			return bad("pocket %d owned by player %d", k, o)
		}
	}
	if g.Idle < 0 || g.Attempts < 0 || g.Strokes < 0 {
		return bad("negative count")
	}
	return nil
}
