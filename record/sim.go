package record

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// The sim line protocol (carrom sim, README): each input line is a stroke
// as JSON, each answer the simulated stroke or an error, as one line of
// JSON.

// SimInput is one input line of the sim protocol. Pieces is a pointer so
// that a missing list (the break arrangement) differs from an empty one
// (an empty board).
type SimInput struct {
	Pieces *[]Piece   `json:"pieces"`
	Seat   *int       `json:"seat"`
	Shot   *ShotInput `json:"shot"`
}

// DecodeSim reads one input line strictly into the pieces at rest and the
// shot: an unknown, repeated or mistyped field is an error, and so is a
// missing or ambiguous shot.
func DecodeSim(p physics.Params, line []byte) ([]board.Piece, physics.Shot, error) {
	var in SimInput
	if err := DecodeJSON(line, &in); err != nil {
		return nil, physics.Shot{}, fmt.Errorf("sim: %v", err)
	}
	var seat board.Base
	if in.Seat != nil {
		seat = board.Base(*in.Seat)
		if !seat.Valid() {
			return nil, physics.Shot{}, fmt.Errorf("sim: seat %d, want 0..3", *in.Seat)
		}
	}
	if in.Shot == nil {
		return nil, physics.Shot{}, errors.New(`sim: no "shot"`)
	}
	shot, err := DecodeShot(*in.Shot, p.MaxSpeed)
	if err != nil {
		return nil, physics.Shot{}, fmt.Errorf("sim: %w", err)
	}
	shot.Base = seat
	if in.Pieces == nil {
		return p.Spec.BreakArrangement(seat), shot, nil
	}
	pieces, err := ToPieces(*in.Pieces)
	if err != nil {
		return nil, physics.Shot{}, fmt.Errorf("sim: %v", err)
	}
	return pieces, shot, nil
}

type simOutput struct {
	Pieces  []simPiece `json:"pieces"`
	Striker simStriker `json:"striker"`
	Events  []simEvent `json:"events"`
	Time    float64    `json:"time"`
	Capped  bool       `json:"capped,omitempty"`
}

type simPiece struct {
	Piece
	Pocketed bool `json:"pocketed"`
	Pocket   *int `json:"pocket"`
}

type simStriker struct {
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Pocketed bool    `json:"pocketed"`
	Pocket   *int    `json:"pocket"`
}

type simEvent struct {
	T      float64 `json:"t"`
	Kind   string  `json:"kind"`
	A      string  `json:"a"`
	B      string  `json:"b,omitempty"`
	Edge   *int    `json:"edge,omitempty"`
	Pocket *int    `json:"pocket,omitempty"`
}

// SimLine answers one input line: the simulated stroke, or an error.
func SimLine(sim *physics.Simulator, line []byte) []byte {
	pieces, shot, err := DecodeSim(sim.Params(), line)
	if err != nil {
		return SimError(err)
	}
	r, err := sim.Stroke(pieces, shot)
	if err != nil {
		return SimError(err)
	}
	out := simOutput{Pieces: make([]simPiece, 0, len(pieces)), Events: make([]simEvent, 0, len(r.Events)), Time: r.Time, Capped: r.Capped}
	ids := make([]string, len(r.Final.Discs))
	for i, d := range r.Final.Discs {
		ids[i] = d.ID
		var pocket *int
		if d.Pocketed {
			k := int(d.Pocket)
			pocket = &k
		}
		if d.Kind == board.Striker {
			out.Striker = simStriker{X: d.Pos.X, Y: d.Pos.Y, Pocketed: d.Pocketed, Pocket: pocket}
			continue
		}
		out.Pieces = append(out.Pieces, simPiece{Piece: PieceOf(board.Piece{ID: d.ID, Kind: d.Kind, Pos: d.Pos}), Pocketed: d.Pocketed, Pocket: pocket})
	}
	for _, e := range r.Events {
		ej := simEvent{T: e.T, Kind: e.Kind.String(), A: ids[e.I]}
		j := e.J
		switch e.Kind {
		case physics.Contact:
			ej.B = ids[e.J]
		case physics.Cushion:
			ej.Edge = &j
		case physics.Fall:
			ej.Pocket = &j
		}
		out.Events = append(out.Events, ej)
	}
	data, err := json.Marshal(out)
	if err != nil {
		return SimError(fmt.Errorf("sim: %v", err))
	}
	return data
}

// SimError is the answer line of a rejected input.
func SimError(err error) []byte {
	data, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{err.Error()})
	return data
}

// Params is the JSON form of the physical parameters (carrom sim -params).
type Params struct {
	G           float64 `json:"g"`
	Mu          Kinds   `json:"mu"`
	Restitution struct {
		CoinCoin    float64 `json:"coin_coin"`
		StrikerCoin float64 `json:"striker_coin"`
		Cushion     float64 `json:"cushion"`
	} `json:"restitution"`
	Mass   Kinds `json:"mass"`
	Radius struct {
		Coin    float64 `json:"coin"`
		Striker float64 `json:"striker"`
		Pocket  float64 `json:"pocket"`
	} `json:"radius"`
	MaxSpeed      float64 `json:"max_speed"`
	Capture       string  `json:"capture"`
	CaptureRadius float64 `json:"capture_radius"`
	Side          float64 `json:"side"`
	Dwell         float64 `json:"dwell"`
	MaxEvents     int     `json:"max_events"`
}

// Kinds is a figure for coins and for the striker.
type Kinds struct {
	Coin    float64 `json:"coin"`
	Striker float64 `json:"striker"`
}

// ParamsOf is the JSON form of p.
func ParamsOf(p physics.Params) Params {
	var j Params
	j.G = p.G
	j.Mu = Kinds{Coin: p.MuCoin, Striker: p.MuStriker}
	j.Restitution.CoinCoin, j.Restitution.StrikerCoin, j.Restitution.Cushion = p.ECoinCoin, p.EStrikerCoin, p.ECushion
	j.Mass = Kinds{Coin: p.Spec.CoinMass, Striker: p.Spec.StrikerMass}
	j.Radius.Coin, j.Radius.Striker, j.Radius.Pocket = p.Spec.CoinRadius(), p.Spec.StrikerRadius(), p.Spec.PocketRadius()
	j.MaxSpeed = p.MaxSpeed
	j.Capture = p.CaptureRule()
	j.CaptureRadius = p.CaptureRadius
	j.Side = p.Spec.Side
	j.Dwell = p.Dwell
	j.MaxEvents = p.MaxEvents
	return j
}
