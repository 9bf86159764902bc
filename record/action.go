package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Action is the JSON form of a game.Action. Floats are written with the
// shortest digits that read back to the same bits, so a stored match
// replays bit for bit.
type Action struct {
	Kind    string      `json:"kind"`
	Seat    int         `json:"seat"`
	Shot    *Shot       `json:"shot,omitempty"`
	At      *[2]float64 `json:"at,omitempty"`
	Concede string      `json:"concede,omitempty"`
	Toss    *int        `json:"toss,omitempty"`
	Rule    string      `json:"rule,omitempty"`
	Buy     *RefereeBuy `json:"buy,omitempty"`
}

// Shot is a strike: the striker's place along the base line, m, its
// direction in the shooter's frame and its speed, m/s.
type Shot struct {
	X     float64    `json:"x"`
	Dir   [2]float64 `json:"dir"`
	Speed float64    `json:"speed"`
}

var concessions = [...]string{"board", "game", "match"}

// FromAction is the JSON form of a.
func FromAction(a game.Action) Action {
	out := Action{Kind: a.Kind.String(), Seat: a.Seat}
	switch a.Kind {
	case game.Strike:
		out.Shot = &Shot{X: a.Shot.X, Dir: [2]float64{a.Shot.Dir.X, a.Shot.Dir.Y}, Speed: a.Shot.Speed}
	case game.Place:
		out.At = &[2]float64{a.At.X, a.At.Y}
	case game.Concede:
		if int(a.Concede) >= 0 && int(a.Concede) < len(concessions) {
			out.Concede = concessions[a.Concede]
		}
	case game.Toss:
		side := int(a.Toss)
		out.Toss = &side
	case game.Forfeit:
		out.Rule = a.Rule
	case game.Buy:
		p := a.Buy.Pay
		out.Buy = &RefereeBuy{Pocket: a.Buy.Pocket, White: p.White, Black: p.Black, Queen: p.Queen}
	}
	return out
}

// ErrAction is wrapped by every error of ParseAction.
var ErrAction = errors.New("bad action")

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// ToAction reads the game.Action back, checking that it is complete.
func (a Action) ToAction() (game.Action, error) {
	out := game.Action{Seat: a.Seat}
	kind := -1
	for k := game.Strike; k < game.Actions; k++ {
		if k.String() == a.Kind {
			kind = int(k)
		}
	}
	if kind < 0 {
		return out, fmt.Errorf("record: action kind %q: %w", a.Kind, ErrAction)
	}
	out.Kind = game.ActionKind(kind)
	switch out.Kind {
	case game.Strike:
		if a.Shot == nil || !finite(a.Shot.X, a.Shot.Dir[0], a.Shot.Dir[1], a.Shot.Speed) {
			return out, fmt.Errorf("record: strike without a finite shot: %w", ErrAction)
		}
		out.Shot = physics.Shot{X: a.Shot.X, Dir: board.Vec{X: a.Shot.Dir[0], Y: a.Shot.Dir[1]}, Speed: a.Shot.Speed}
	case game.Place:
		if a.At == nil || !finite(a.At[0], a.At[1]) {
			return out, fmt.Errorf("record: place without a finite position: %w", ErrAction)
		}
		out.At = board.Vec{X: a.At[0], Y: a.At[1]}
	case game.Concede:
		c, err := rules.ParseConcession(a.Concede)
		if err != nil {
			return out, fmt.Errorf("record: %v: %w", err, ErrAction)
		}
		out.Concede = c
	case game.Toss:
		if a.Toss == nil {
			return out, fmt.Errorf("record: toss without a side: %w", ErrAction)
		}
		out.Toss = rules.Side(*a.Toss)
	case game.Forfeit:
		out.Rule = a.Rule
	case game.Buy:
		if a.Buy == nil {
			return out, fmt.Errorf("record: buy without the pocket and the c/m paid: %w", ErrAction)
		}
		out.Buy = rules.Purchase{Pocket: a.Buy.Pocket, Pay: rules.Holding{White: a.Buy.White, Black: a.Buy.Black, Queen: a.Buy.Queen}}
	}
	return out, nil
}

// FormatAction writes a as one line of JSON; a non-finite number is an
// error, as JSON has no form for it.
func FormatAction(a game.Action) ([]byte, error) {
	data, err := json.Marshal(FromAction(a))
	if err != nil {
		return nil, fmt.Errorf("record: %v: %w", err, ErrAction)
	}
	return data, nil
}

// ParseAction reads an action written by FormatAction.
func ParseAction(data []byte) (game.Action, error) {
	var a Action
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return game.Action{}, fmt.Errorf("record: %v: %w", err, ErrAction)
	}
	return a.ToAction()
}
