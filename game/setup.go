package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// ErrSetup is wrapped by every error of Resume.
var ErrSetup = errors.New("inconsistent table")

// Held is a due or penalty c/m waiting to be placed by seat Placer.
type Held struct {
	Colour rules.Colour
	Placer int
}

// Setup is everything a table holds besides its configuration: the
// referee's state, the pieces at rest, the pieces out of play this board
// in the order they fell (a piece put back is the first of its kind), and
// the c/m waiting to be placed, in order. Package record writes it as a
// position string.
type Setup struct {
	Match    rules.Match
	Pieces   []board.Piece
	Pocketed []board.Piece // only ID and Kind count
	Held     []Held
}

// Setup returns what the table holds.
func (t Table) Setup() Setup {
	s := Setup{Match: t.match}
	// Empty lists are nil, so that equal tables give equal setups.
	if len(t.pieces) > 0 {
		s.Pieces = slices.Clone(t.pieces)
	}
	if len(t.pocketed) > 0 {
		s.Pocketed = slices.Clone(t.pocketed)
	}
	for _, h := range t.held {
		s.Held = append(s.Held, Held(h))
	}
	return s
}

// Resume sets up a table from s under cfg: a match taken up where a
// position string left it. The setup must agree with itself: the rule set
// and seats are cfg's, the pieces lie legally on the board, the pieces on
// it, pocketed and held make up one set, and the referee counts what the
// table holds (RULES PL-1: held c/m count as on the board).
func Resume(cfg Config, s Setup) (Table, error) {
	if err := cfg.Physics.Validate(); err != nil {
		return Table{}, err
	}
	m := s.Match
	if m.Rules != cfg.Rules || m.Players != cfg.Players {
		return Table{}, fmt.Errorf("game: the position is %s with %d players, the table %s with %d: %w", m.Rules.Name, m.Players, cfg.Rules.Name, cfg.Players, ErrSetup)
	}
	st := physics.State{}
	for _, p := range s.Pieces {
		if p.Kind == board.Striker {
			return Table{}, fmt.Errorf("game: piece %q is a striker, which is never at rest on the board: %w", p.ID, ErrSetup)
		}
		st.Discs = append(st.Discs, physics.Disc{ID: p.ID, Kind: p.Kind, Pos: p.Pos})
	}
	for _, p := range s.Pocketed {
		if p.Kind == board.Striker {
			return Table{}, fmt.Errorf("game: pocketed piece %q is a striker: %w", p.ID, ErrSetup)
		}
		st.Discs = append(st.Discs, physics.Disc{ID: p.ID, Kind: p.Kind, Pocketed: true})
	}
	if err := cfg.Physics.Check(st); err != nil {
		return Table{}, fmt.Errorf("game: %v: %w", err, ErrSetup)
	}
	var on, all [3]int
	for _, p := range s.Pieces {
		on[p.Kind]++
		all[p.Kind]++
	}
	for _, p := range s.Pocketed {
		all[p.Kind]++
	}
	for _, h := range s.Held {
		if h.Colour != rules.White && h.Colour != rules.Black || h.Placer < 0 || h.Placer >= cfg.Players {
			return Table{}, fmt.Errorf("game: held %v for seat %d: %w", h.Colour, h.Placer, ErrSetup)
		}
		on[kindOf(h.Colour)]++
	}
	if all != [3]int{board.White: board.WhiteCount, board.Black: board.BlackCount, board.Queen: 1} {
		return Table{}, fmt.Errorf("game: %d white, %d black and %d queen on the board and pocketed; want one set: %w", all[board.White], all[board.Black], all[board.Queen], ErrSetup)
	}
	ob := m.Board.OnBoard
	if m.Rules.Variant != nil {
		g := m.Colourless
		if err := g.Check(); err != nil {
			return Table{}, fmt.Errorf("game: %v: %w", err, ErrSetup)
		}
		if m != rules.MatchOf(g) {
			return Table{}, fmt.Errorf("game: the match and its %s board disagree: %w", m.Rules.Name, ErrSetup)
		}
		if len(s.Held) > 0 && !g.Variant.Placed() {
			return Table{}, fmt.Errorf("game: %s has no c/m to place: %w", m.Rules.Name, ErrSetup)
		}
		ob = g.OnBoard
	}
	if m.Awaiting != rules.AwaitNothing && (on[board.White] != ob.White || on[board.Black] != ob.Black || (on[board.Queen] == 1) != ob.Queen) {
		return Table{}, fmt.Errorf("game: the table has %d white, %d black and %d queen (held c/m included), the referee counts %+v: %w", on[board.White], on[board.Black], on[board.Queen], ob, ErrSetup)
	}
	t := Table{cfg: cfg, match: m, pieces: slices.Clone(s.Pieces), pocketed: slices.Clone(s.Pocketed)}
	for _, h := range s.Held {
		t.held = append(t.held, held(h))
	}
	t.room = len(t.held) > 0 && t.anyRoom()
	return t, nil
}
