package ai

import (
	"iter"
	"math"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// geo holds what the shot geometry needs from the physical parameters,
// worked out once per player.
type geo struct {
	p       physics.Params
	sp      board.Spec
	half    float64
	rs, rc  float64 // striker and coin radii
	as, ac  float64 // striker and coin deceleration, m/s²
	kSC     float64 // coin speed per unit of striker speed along the line of centres
	kCC     float64 // the same from coin to coin
	eCush   float64
	pockets [board.Pockets]board.Vec
	xs      []float64 // striker positions tried along an empty base line
	easeXs  []float64 // the coarser set used to judge a position
}

func newGeo(p physics.Params) geo {
	sp := p.Spec
	g := geo{
		p: p, sp: sp, half: sp.Half(),
		rs: sp.StrikerRadius(), rc: sp.CoinRadius(),
		as: p.Decel(board.Striker), ac: p.Decel(board.White),
		eCush: p.ECushion,
	}
	ms, mc := sp.StrikerMass, sp.CoinMass
	// Head-on impact of a moving mass on a resting one with restitution
	// e: the resting one leaves at (1+e)·m1/(m1+m2) of the mover's speed.
	g.kSC = float64((1+p.EStrikerCoin)*ms) / (ms + mc)
	g.kCC = (1 + p.ECoinCoin) / 2
	for k := board.Pocket(0); k < board.Pockets; k++ {
		g.pockets[k] = sp.PocketCentre(k)
	}
	g.xs = grid(sp.StrikerRanges(), 0.012)
	g.easeXs = grid(sp.StrikerRanges(), 0.04)
	return g
}

// grid spreads points at most step apart inside each range, keeping clear
// of the ends, which are themselves illegal (board.Spec.StrikerRanges).
func grid(rs []board.Interval, step float64) []float64 {
	const margin = 1e-4
	var xs []float64
	for _, r := range rs {
		lo, hi := r.Lo+margin, r.Hi-margin
		if hi < lo {
			continue
		}
		n := int(math.Ceil((hi - lo) / step))
		if n == 0 {
			xs = append(xs, (lo+hi)/2)
			continue
		}
		for i := 0; i <= n; i++ {
			xs = append(xs, lo+(hi-lo)*float64(i)/float64(n))
		}
	}
	return xs
}

// pathFree reports whether a disc of radius r can slide from a to b without
// touching any piece but those whose index skip marks.
func pathFree(a, b board.Vec, r float64, pieces []board.Piece, sp board.Spec, skip1, skip2 int) bool {
	ab := b.Sub(a)
	l2 := ab.Len2()
	for i, pc := range pieces {
		if i == skip1 || i == skip2 {
			continue
		}
		lim := r + sp.Radius(pc.Kind) - 1e-6
		ap := pc.Pos.Sub(a)
		t := 0.0
		if l2 > 0 {
			t = math.Min(1, math.Max(0, ap.Dot(ab)/l2))
		}
		if ap.Sub(ab.Scale(t)).Len2() < lim*lim {
			return false
		}
	}
	return true
}

// openPockets yields every piece of pieces that own allows, by index, with
// every pocket its way to is clear: pieces in order, then pockets.
func (g *geo) openPockets(pieces []board.Piece, own kinds) iter.Seq2[int, board.Pocket] {
	return func(yield func(int, board.Pocket) bool) {
		for i, c := range pieces {
			if !own.has(c.Kind) {
				continue
			}
			for k := board.Pocket(0); k < board.Pockets; k++ {
				if pathFree(c.Pos, g.pockets[k], g.rc, pieces, g.sp, i, -1) && !yield(i, k) {
					return
				}
			}
		}
	}
}

// toShot turns a world direction into the shooter's frame of seat s.
func toShot(s board.Base, d board.Vec) board.Vec {
	return board.Vec{X: d.Dot(s.Right()), Y: d.Dot(s.Forward())}
}

// launch is the speed a disc needs to arrive with speed v after sliding a
// distance l with deceleration a.
func launch(v, l, a float64) float64 { return math.Sqrt(float64(v*v) + float64(2*a*l)) }

// ghost is where the striker's (or a coin's, radius r) centre must be when
// it touches the coin at c so as to send it towards t.
func (g *geo) ghost(c, t board.Vec, r float64) (board.Vec, board.Vec) {
	u := t.Sub(c).Unit()
	return c.Sub(u.Scale(r + g.rc)), u
}

// rebound finds where a disc of radius r going from a must meet frame edge
// e (0 bottom, 1 right, 2 top, 3 left) to arrive at b, with the frame
// taking a share ECushion of the normal speed, and the speed factor the
// bounce leaves. ok is false when a or b is not on the board side of it.
func (g *geo) rebound(a, b board.Vec, r float64, e int) (w board.Vec, factor float64, ok bool) {
	n := board.Base(e).Forward().Scale(-1) // outward normal of the edge behind seat e
	t := n.Rot90()
	lim := g.half - r
	da, db := lim-a.Dot(n), lim-b.Dot(n)
	if da <= 1e-3 || db <= 1e-3 {
		return board.Vec{}, 0, false
	}
	at, bt := a.Dot(t), b.Dot(t)
	wt := at + (bt-at)*da/(da+db/g.eCush)
	w = t.Scale(wt).Add(n.Scale(lim))
	d := w.Sub(a).Unit()
	dn, dt := d.Dot(n), d.Dot(t)
	factor = math.Sqrt(float64(dt*dt) + float64(float64(g.eCush*g.eCush)*float64(dn*dn)))
	// A shot along the frame never reaches it; one that meets the frame
	// close to a pocket may fall in instead of bouncing.
	if dn < 0.15 || math.Abs(wt) > g.half-0.05 {
		return board.Vec{}, 0, false
	}
	return w, factor, true
}
