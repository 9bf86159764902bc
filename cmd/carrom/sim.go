package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

func simCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "sim",
		Usage:     "simulate strokes read as JSON Lines on stdin (-params: the physical constants)",
		UsageText: "carrom sim [-params] < input.jsonl",
		Description: `Reads one stroke per line on standard input and answers each with exactly
one JSON line on standard output: the pieces at rest, the striker, the
events and the time (or an "error"). An input line:

  {"pieces": [{"id": "w1", "kind": "white", "x": 0.0, "y": 0.1}, ...],
   "seat": 0,
   "shot": {"x": 0.0, "angle": 90, "speed": 4.0}}

"pieces" missing: the break arrangement; "seat": the base line, 0 to 3
(default 0); "shot": "x" along the base line in metres, one of "angle"
(degrees from the shooter's right, 90 straight ahead) or "dir" ([dx, dy] in
the shooter's frame), and one of "speed" (m/s) or "power" (0 to 1).

Example:
  echo '{"shot": {"x": 0.0, "angle": 90, "speed": 4.0}}' | carrom sim`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "params", Usage: "print the physical parameters as JSON and exit"},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			p := physics.Default()
			if cmd.Bool("params") {
				data, _ := json.Marshal(paramsJSONOf(p))
				fmt.Fprintf(s.out, "%s\n", data)
				return nil
			}
			sim, err := physics.NewSimulator(p)
			if err != nil {
				return failed(cmd, err)
			}
			return exitCode(serveLines(s.in, s.out, func(line []byte, err error) []byte {
				if err != nil {
					return simError(err)
				}
				return simLine(sim, line)
			}))
		},
	}
}

// paramsJSON is the output of carrom sim -params.
type paramsJSON struct {
	G           float64   `json:"g"`
	Mu          kindsJSON `json:"mu"`
	Restitution struct {
		CoinCoin    float64 `json:"coin_coin"`
		StrikerCoin float64 `json:"striker_coin"`
		Cushion     float64 `json:"cushion"`
	} `json:"restitution"`
	Mass   kindsJSON `json:"mass"`
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

type kindsJSON struct {
	Coin    float64 `json:"coin"`
	Striker float64 `json:"striker"`
}

func paramsJSONOf(p physics.Params) paramsJSON {
	var j paramsJSON
	j.G = p.G
	j.Mu = kindsJSON{Coin: p.MuCoin, Striker: p.MuStriker}
	j.Restitution.CoinCoin, j.Restitution.StrikerCoin, j.Restitution.Cushion = p.ECoinCoin, p.EStrikerCoin, p.ECushion
	j.Mass = kindsJSON{Coin: p.Spec.CoinMass, Striker: p.Spec.StrikerMass}
	j.Radius.Coin, j.Radius.Striker, j.Radius.Pocket = p.Spec.CoinRadius(), p.Spec.StrikerRadius(), p.Spec.PocketRadius()
	j.MaxSpeed = p.MaxSpeed
	j.Capture = p.CaptureRule()
	j.CaptureRadius = p.CaptureRadius
	j.Side = p.Spec.Side
	j.Dwell = p.Dwell
	j.MaxEvents = p.MaxEvents
	return j
}

// simInput is one input line. Pieces is a pointer so that a missing list
// (the break arrangement) differs from an empty one (an empty board).
type simInput struct {
	Pieces *[]pieceJSON `json:"pieces"`
	Seat   *int         `json:"seat"`
	Shot   *shotJSON    `json:"shot"`
}

type pieceJSON struct {
	ID   string  `json:"id"`
	Kind string  `json:"kind"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

type shotJSON struct {
	X     *float64    `json:"x"`
	Angle *float64    `json:"angle"`
	Dir   *[2]float64 `json:"dir"`
	Speed *float64    `json:"speed"`
	Power *float64    `json:"power"`
}

type simOutput struct {
	Pieces  []pieceOut  `json:"pieces"`
	Striker strikerOut  `json:"striker"`
	Events  []eventJSON `json:"events"`
	Time    float64     `json:"time"`
	Capped  bool        `json:"capped,omitempty"`
}

type pieceOut struct {
	ID       string  `json:"id"`
	Kind     string  `json:"kind"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Pocketed bool    `json:"pocketed"`
	Pocket   *int    `json:"pocket"`
}

type strikerOut struct {
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Pocketed bool    `json:"pocketed"`
	Pocket   *int    `json:"pocket"`
}

type eventJSON struct {
	T      float64 `json:"t"`
	Kind   string  `json:"kind"`
	A      string  `json:"a"`
	B      string  `json:"b,omitempty"`
	Edge   *int    `json:"edge,omitempty"`
	Pocket *int    `json:"pocket,omitempty"`
}

// simLine answers one input line: the simulated stroke, or an error.
func simLine(sim *physics.Simulator, line []byte) []byte {
	p := sim.Params()
	pieces, shot, err := decodeSim(p, line)
	if err != nil {
		return simError(err)
	}
	r, err := sim.Stroke(pieces, shot)
	if err != nil {
		return simError(err)
	}
	out := simOutput{Pieces: make([]pieceOut, 0, len(pieces)), Events: make([]eventJSON, 0, len(r.Events)), Time: r.Time, Capped: r.Capped}
	ids := make([]string, len(r.Final.Discs))
	for i, d := range r.Final.Discs {
		ids[i] = d.ID
		var pocket *int
		if d.Pocketed {
			k := int(d.Pocket)
			pocket = &k
		}
		if d.Kind == board.Striker {
			out.Striker = strikerOut{X: d.Pos.X, Y: d.Pos.Y, Pocketed: d.Pocketed, Pocket: pocket}
			continue
		}
		out.Pieces = append(out.Pieces, pieceOut{ID: d.ID, Kind: d.Kind.String(), X: d.Pos.X, Y: d.Pos.Y, Pocketed: d.Pocketed, Pocket: pocket})
	}
	for _, e := range r.Events {
		ej := eventJSON{T: e.T, Kind: e.Kind.String(), A: ids[e.I]}
		j := e.J
		switch e.Kind {
		case physics.Contact:
			ej.B = ids[e.J]
		case physics.Cushion:
			ej.Edge = &j
		case physics.Pocket:
			ej.Pocket = &j
		}
		out.Events = append(out.Events, ej)
	}
	data, err := json.Marshal(out)
	if err != nil {
		return simError(fmt.Errorf("sim: %v", err))
	}
	return data
}

func simError(err error) []byte {
	data, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{err.Error()})
	return data
}

// decodeSim reads one input line into the pieces at rest and the shot.
// Unknown fields are ignored, so that a caller may annotate its lines; a
// wrong type, a missing shot or an ambiguous one is an error.
func decodeSim(p physics.Params, line []byte) ([]board.Piece, physics.Shot, error) {
	var in simInput
	var shot physics.Shot
	if len(bytes.TrimSpace(line)) == 0 {
		return nil, shot, errors.New("sim: empty line")
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&in); err != nil {
		return nil, shot, fmt.Errorf("sim: bad JSON: %v", err)
	}
	if dec.More() {
		return nil, shot, errors.New("sim: more than one JSON value on the line")
	}
	if in.Seat != nil {
		shot.Seat = board.Seat(*in.Seat)
		if !shot.Seat.Valid() {
			return nil, shot, fmt.Errorf("sim: seat %d, want 0..3", *in.Seat)
		}
	}
	if in.Shot == nil {
		return nil, shot, errors.New(`sim: no "shot"`)
	}
	s := in.Shot
	if s.X != nil {
		shot.X = *s.X
	}
	switch {
	case (s.Angle == nil) == (s.Dir == nil):
		return nil, shot, errors.New(`sim: the shot needs exactly one of "angle" and "dir"`)
	case s.Angle != nil:
		shot.Dir = direction(*s.Angle)
	default:
		shot.Dir = board.Vec{X: s.Dir[0], Y: s.Dir[1]}
	}
	switch {
	case (s.Speed == nil) == (s.Power == nil):
		return nil, shot, errors.New(`sim: the shot needs exactly one of "speed" and "power"`)
	case s.Speed != nil:
		shot.Speed = *s.Speed
	default:
		if !(*s.Power >= 0 && *s.Power <= 1) {
			return nil, shot, fmt.Errorf("sim: power %v, want 0..1", *s.Power)
		}
		shot.Speed = float64(*s.Power * p.MaxSpeed)
	}
	var pieces []board.Piece
	if in.Pieces == nil {
		pieces = p.Spec.BreakArrangement(shot.Seat)
	} else {
		pieces = make([]board.Piece, 0, len(*in.Pieces))
		for _, pc := range *in.Pieces {
			k, err := board.ParseKind(pc.Kind)
			if err != nil {
				return nil, shot, fmt.Errorf("sim: piece %q: %v", pc.ID, err)
			}
			pieces = append(pieces, board.Piece{ID: pc.ID, Kind: k, Pos: board.Vec{X: pc.X, Y: pc.Y}})
		}
	}
	return pieces, shot, nil
}

// direction turns an angle in degrees, counter-clockwise from the
// shooter's right, into a unit vector in the shooter's frame. Whole
// quarter turns are exact, so that "angle": 90 is straight ahead.
func direction(deg float64) board.Vec {
	q := math.Mod(deg, 360)
	if q < 0 {
		q += 360
	}
	switch q {
	case 0:
		return board.Vec{X: 1}
	case 90:
		return board.Vec{Y: 1}
	case 180:
		return board.Vec{X: -1}
	case 270:
		return board.Vec{Y: -1}
	}
	s, c := math.Sincos(q * math.Pi / 180)
	return board.Vec{X: c, Y: s}
}
