package record

import (
	"fmt"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/rules"
)

// Piece is the JSON form of a piece, the one used by carrom sim, the
// server's snapshots and the physics corpus: its id, its kind (white,
// black, queen, striker) and its centre, m.
type Piece struct {
	ID   string  `json:"id"`
	Kind string  `json:"kind"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// PieceOf is the JSON form of p.
func PieceOf(p board.Piece) Piece {
	return Piece{ID: p.ID, Kind: p.Kind.String(), X: p.Pos.X, Y: p.Pos.Y}
}

// PiecesOf is the JSON form of every piece, never nil.
func PiecesOf(ps []board.Piece) []Piece {
	out := make([]Piece, len(ps))
	for i, p := range ps {
		out[i] = PieceOf(p)
	}
	return out
}

// ToPiece reads the piece back; an unknown kind or a coordinate that is
// not finite is an error.
func (p Piece) ToPiece() (board.Piece, error) {
	k, err := board.ParseKind(p.Kind)
	if err != nil {
		return board.Piece{}, fmt.Errorf("piece %q: %v", p.ID, err)
	}
	if !finite(p.X, p.Y) {
		return board.Piece{}, fmt.Errorf("piece %q at (%v, %v): not finite", p.ID, p.X, p.Y)
	}
	return board.Piece{ID: p.ID, Kind: k, Pos: board.Vec{X: p.X, Y: p.Y}}, nil
}

// ToPieces reads every piece back, in order.
func ToPieces(ps []Piece) ([]board.Piece, error) {
	out := make([]board.Piece, 0, len(ps))
	for _, p := range ps {
		bp, err := p.ToPiece()
		if err != nil {
			return nil, err
		}
		out = append(out, bp)
	}
	return out, nil
}

// Stroke is the JSON form of a stroke's outcome as the referee sees it:
// the counts pocketed, whether the striker went in, whether it touched a
// c/m (missing: true), a foul, the striker off the board and the pieces
// that jumped off. It is what carrom referee reads and what the server
// reports of every stroke.
type Stroke struct {
	White      int     `json:"white"`
	Black      int     `json:"black"`
	Queen      bool    `json:"queen"`
	Striker    bool    `json:"striker"`
	Touched    *bool   `json:"touched"`
	Foul       bool    `json:"foul"`
	StrikerOff bool    `json:"striker_off,omitempty"`
	Jumped     *Counts `json:"jumped,omitempty"`
}

// StrokeOf is the JSON form of s.
func StrokeOf(s rules.Stroke) Stroke {
	touched := !s.Missed
	out := Stroke{White: s.Pocketed.White, Black: s.Pocketed.Black, Queen: s.Pocketed.Queen, Striker: s.Striker, Touched: &touched, Foul: s.Foul, StrikerOff: s.StrikerOff}
	if j := s.Jumped; j != (rules.Count{}) {
		out.Jumped = &Counts{White: j.White, Black: j.Black, Queen: j.Queen}
	}
	return out
}

// ToStroke is the referee's stroke.
func (s Stroke) ToStroke() rules.Stroke {
	out := rules.Stroke{
		Pocketed:   rules.Count{White: s.White, Black: s.Black, Queen: s.Queen},
		Striker:    s.Striker,
		Missed:     s.Touched != nil && !*s.Touched,
		Foul:       s.Foul,
		StrikerOff: s.StrikerOff,
	}
	if j := s.Jumped; j != nil {
		out.Jumped = rules.Count{White: j.White, Black: j.Black, Queen: j.Queen}
	}
	return out
}
