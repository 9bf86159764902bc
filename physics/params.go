package physics

import (
	"errors"
	"fmt"
	"math"

	"github.com/carrom-game/carrom/board"
)

// Params are the physical constants of a simulation. Default gives the
// calibrated values; docs/physics.md gives the reason for each.
type Params struct {
	Spec board.Spec // sizes and masses of the board and pieces

	G         float64 // m/s², gravity
	MuCoin    float64 // sliding friction of a carrom man or the queen on the powdered surface
	MuStriker float64 // sliding friction of the striker

	ECoinCoin    float64 // normal restitution between two coins
	EStrikerCoin float64 // normal restitution between the striker and a coin
	ECushion     float64 // normal restitution of the frame

	// MaxSpeed is the striker's speed, m/s, under the hardest flick; a shot
	// may be no faster. Calibrated so that it makes between 3½ and 6 runs
	// of the board (RULES §1, surface quality).
	MaxSpeed float64

	// CaptureRadius is the pocket capture rule: a disc falls when its centre
	// comes within CaptureRadius of a pocket's centre. The default is the
	// pocket's radius: the disc falls once its centre of gravity is over the
	// hole (RULES F 3.10 e).
	CaptureRadius float64

	// Dwell is the duration of an impact, s. A disc that collides again
	// within Dwell of its previous collision collides elastically; without
	// this a touching cluster, or a coin pushed against the frame, makes an
	// endless series of ever smaller collisions (inelastic collapse).
	Dwell float64

	// MaxEvents caps the events resolved in one stroke. When it is reached
	// every disc still moving stops where it is (each with a Stop event) and
	// Result.Capped is set: a deterministic end, never a hang.
	MaxEvents int
}

// Default returns the calibrated parameters on the standard ICF board.
func Default() Params {
	sp := board.Standard()
	return Params{
		Spec:          sp,
		G:             9.81,
		MuCoin:        0.12,
		MuStriker:     0.12,
		ECoinCoin:     0.85,
		EStrikerCoin:  0.80,
		ECushion:      0.75,
		MaxSpeed:      5.0,
		CaptureRadius: sp.PocketRadius(),
		Dwell:         1e-4,
		MaxEvents:     4096,
	}
}

// ErrParams is wrapped by every error of Params.Validate.
var ErrParams = errors.New("bad physical parameter")

// Validate reports the first parameter that cannot give a sound simulation.
func (p Params) Validate() error {
	pos := []struct {
		name string
		v    float64
	}{
		{"g", p.G}, {"mu coin", p.MuCoin}, {"mu striker", p.MuStriker},
		{"max speed", p.MaxSpeed}, {"capture radius", p.CaptureRadius},
		{"coin radius", p.Spec.CoinRadius()}, {"striker radius", p.Spec.StrikerRadius()},
		{"coin mass", p.Spec.CoinMass}, {"striker mass", p.Spec.StrikerMass},
		{"side", p.Spec.Side},
	}
	for _, f := range pos {
		if !(f.v > 0) || math.IsInf(f.v, 0) {
			return fmt.Errorf("physics: %s = %v, want a finite positive number: %w", f.name, f.v, ErrParams)
		}
	}
	unit := []struct {
		name string
		v    float64
	}{{"restitution coin-coin", p.ECoinCoin}, {"restitution striker-coin", p.EStrikerCoin}, {"restitution cushion", p.ECushion}}
	for _, f := range unit {
		if !(f.v >= 0 && f.v <= 1) {
			return fmt.Errorf("physics: %s = %v, want 0..1: %w", f.name, f.v, ErrParams)
		}
	}
	if !(p.Dwell >= 0) || math.IsInf(p.Dwell, 0) {
		return fmt.Errorf("physics: dwell = %v, want a finite number ≥ 0: %w", p.Dwell, ErrParams)
	}
	if p.MaxEvents < 1 {
		return fmt.Errorf("physics: max events = %d, want ≥ 1: %w", p.MaxEvents, ErrParams)
	}
	return nil
}

// Decel is the constant deceleration, m/s², of a sliding piece of kind k.
func (p Params) Decel(k board.Kind) float64 {
	if k == board.Striker {
		return float64(p.MuStriker * p.G)
	}
	return float64(p.MuCoin * p.G)
}

// Restitution is the normal restitution between pieces of kinds a and b.
func (p Params) Restitution(a, b board.Kind) float64 {
	if a == board.Striker || b == board.Striker {
		return p.EStrikerCoin
	}
	return p.ECoinCoin
}

// CaptureRule says in words when a disc falls into a pocket.
func (p Params) CaptureRule() string {
	return fmt.Sprintf("a disc falls into a pocket when its centre comes within %.5g m of the pocket's centre "+
		"(the pocket's radius is %.5g m): its centre of gravity is over the hole, RULES F 3.10 e",
		p.CaptureRadius, p.Spec.PocketRadius())
}
