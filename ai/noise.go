package ai

import (
	"math"
	"math/rand/v2"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/detmath"
	"github.com/carrom-game/carrom/physics"
)

// Noise is an execution-noise model: the Gaussian errors between the shot a
// player means and the shot his hand makes. The table is exact; a match
// runner (Play, Clear) perturbs each shot with the striking seat's Noise, and
// a searching player samples the same model to plan with the uncertainty it
// will meet, as a human aims wider of a thin cut he knows he may miss.
type Noise struct {
	X     float64 // m, σ of the striker's position along the base line
	Angle float64 // degrees, σ of the direction
	Speed float64 // fraction of Params.MaxSpeed, σ of the speed
}

// CarromRL is the noise of the public Carrom_rl environment, whose solo
// clearance figures the project compares with: striker position σ = 0.5 % of
// the base line (0.47 m), angle σ = 2°, speed σ = 1 % of the maximum.
func CarromRL() Noise {
	return Noise{X: 0.005 * board.BaselineLength, Angle: 2, Speed: 0.01}
}

// draw is one sample of the noise in units of σ: position, angle, speed.
type draw [3]float64

func drawFrom(r *rand.Rand) draw {
	return draw{detmath.Normal(r), detmath.Normal(r), detmath.Normal(r)}
}

// Perturb returns sh as a hand with noise n plays it, drawing from r.
// A position error that would make the placing illegal is not made: a
// player sees where he puts the striker and corrects that before the flick.
func (n Noise) Perturb(sh physics.Shot, p physics.Params, pieces []board.Piece, r *rand.Rand) physics.Shot {
	return n.apply(sh, p, pieces, drawFrom(r))
}

// Execute is Perturb at a table: the stroke is played from the base line
// of the seat to act, and under rules that forbid backward shots (RULES
// ST-4) the hand may wander as far as straight across, never backwards.
func (n Noise) Execute(t game.Table, sh physics.Shot, r *rand.Rand) physics.Shot {
	sh.Base = t.ToAct().Base
	sh = n.Perturb(sh, t.Config().Physics, t.Pieces(), r)
	if t.Config().Rules.ForwardOnly && sh.Dir.Y < 0 {
		sh.Dir.Y = 0
		if sh.Dir.X == 0 {
			sh.Dir.Y = 1
		}
	}
	return sh
}

func (n Noise) apply(sh physics.Shot, p physics.Params, pieces []board.Piece, z draw) physics.Shot {
	if n.X > 0 {
		x := sh.X + float64(n.X*z[0])
		if p.Spec.StrikerLegal(sh.Base, x, pieces) == nil {
			sh.X = x
		}
	}
	if n.Angle > 0 {
		a := n.Angle * z[1] * math.Pi / 180
		c, s := detmath.Cos(a), detmath.Sin(a)
		d := sh.Dir.Unit()
		sh.Dir = board.Vec{X: float64(c*d.X) - float64(s*d.Y), Y: float64(s*d.X) + float64(c*d.Y)}
	}
	if n.Speed > 0 {
		sh.Speed += float64(float64(n.Speed*p.MaxSpeed) * z[2])
	}
	sh.Speed = clampSpeed(sh.Speed, p.MaxSpeed)
	return sh
}

// minSpeed keeps a perturbed or planned shot moving: a shot of zero speed
// is legal but is no stroke at all.
const minSpeed = 0.05

func clampSpeed(v, max float64) float64 {
	return math.Min(math.Max(v, minSpeed), max)
}
