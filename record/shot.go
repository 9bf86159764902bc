package record

import (
	"errors"
	"fmt"
	"math"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/internal/detmath"
	"github.com/carrom-game/carrom/physics"
)

// ErrShot is matched (errors.Is) by every error of decoding a shot. The
// errors themselves carry no prefix: the protocol that read the shot
// (carrom sim, the server, a record) names itself in front of them.
var ErrShot = errors.New("bad shot")

type shotError string

func (e shotError) Error() string        { return string(e) }
func (e shotError) Is(target error) bool { return target == ErrShot }

func shotErr(format string, args ...any) error {
	return shotError(fmt.Sprintf(format, args...))
}

// Direction turns an angle in degrees, counter-clockwise from the
// shooter's right (90 is straight ahead), into a direction in the
// shooter's frame. It is the one rule for angles (docs/notation.md): whole
// quarter turns are exact, so 90 gives exactly (0, 1); any other angle is
// reduced to [0, 360) and turned to radians as deg·π/180, and its cosine
// and sine are the Cephes polynomials of Go's math.Sincos evaluated with
// every operation rounded on its own (internal/detmath, which the computer
// players use too). No fused multiply-add can change a
// bit, so every build (and the browser, web/src/vec.ts) gets the same
// vector.
func Direction(deg float64) (board.Vec, error) {
	if math.IsNaN(deg) || math.IsInf(deg, 0) {
		return board.Vec{}, shotErr("angle %v: not a finite number", deg)
	}
	q := math.Mod(deg, 360)
	if q < 0 {
		q += 360
	}
	switch q {
	case 0, 360:
		return board.Vec{X: 1}, nil
	case 90:
		return board.Vec{Y: 1}, nil
	case 180:
		return board.Vec{X: -1}, nil
	case 270:
		return board.Vec{Y: -1}, nil
	}
	a := float64(q*math.Pi) / 180
	return board.Vec{X: detmath.Cos(a), Y: detmath.Sin(a)}, nil
}

// Dir checks a direction given as a vector in the shooter's frame and
// returns the one the physics will use. A vector whose squared length is
// an ordinary float is returned as it is, bit for bit, so a record keeps
// the exact vector that was shot; one so small or so large that squaring
// it under- or overflows is first scaled by a power of two (exact), so
// that [1e-200, 1e-200] is the diagonal it means rather than no direction
// at all. Anything not finite, or zero, is refused.
func Dir(v board.Vec) (board.Vec, error) {
	if !finite(v.X, v.Y) {
		return board.Vec{}, shotErr("direction (%v, %v): not finite", v.X, v.Y)
	}
	if v.X == 0 && v.Y == 0 {
		return board.Vec{}, shotErr("direction (0, 0): no direction")
	}
	if l2 := v.Len2(); math.IsInf(l2, 0) || l2 < 0x1p-1022 {
		_, e := math.Frexp(max(math.Abs(v.X), math.Abs(v.Y)))
		v = board.Vec{X: math.Ldexp(v.X, -e), Y: math.Ldexp(v.Y, -e)}
	}
	if u := v.Unit(); !finite(u.X, u.Y) || math.Abs(u.Len2()-1) > 1e-12 {
		return board.Vec{}, shotErr("direction (%v, %v): not a unit vector once normalised", v.X, v.Y)
	}
	return v, nil
}

// ShotInput is a shot as people and programs write it: the striker's place
// X along the base line, m; the direction as Angle in degrees or as the
// vector Dir; the speed as Speed in m/s or as Power, the fraction of the
// hardest flick. Exactly one of Angle and Dir, and one of Speed and Power,
// is set.
type ShotInput struct {
	X     *float64    `json:"x"`
	Angle *float64    `json:"angle"`
	Dir   *[2]float64 `json:"dir"`
	Speed *float64    `json:"speed"`
	Power *float64    `json:"power"`
}

// DecodeShot is the one decoder of a shot, used by carrom sim, the server
// and records: it checks every figure and returns the physics.Shot (its
// Seat left to the caller). A power must lie in [0, 1]; the speed's range
// is the table's and the physics' to check, as they know the striker.
func DecodeShot(in ShotInput, maxSpeed float64) (physics.Shot, error) {
	var sh physics.Shot
	if in.X == nil || !finite(*in.X) {
		return sh, shotErr(`the shot needs a finite "x"`)
	}
	sh.X = *in.X
	var err error
	switch {
	case (in.Angle == nil) == (in.Dir == nil):
		return sh, shotErr(`the shot needs exactly one of "angle" and "dir"`)
	case in.Angle != nil:
		sh.Dir, err = Direction(*in.Angle)
	default:
		sh.Dir, err = Dir(board.Vec{X: in.Dir[0], Y: in.Dir[1]})
	}
	if err != nil {
		return sh, err
	}
	switch {
	case (in.Speed == nil) == (in.Power == nil):
		return sh, shotErr(`the shot needs exactly one of "speed" and "power"`)
	case in.Speed != nil:
		if !finite(*in.Speed) {
			return sh, shotErr("speed %v: not a finite number", *in.Speed)
		}
		sh.Speed = *in.Speed
	default:
		if !(*in.Power >= 0 && *in.Power <= 1) {
			return sh, shotErr("power %v, want 0..1", *in.Power)
		}
		sh.Speed = float64(*in.Power * maxSpeed)
	}
	return sh, nil
}
