package physics

import (
	"math"

	"github.com/carrom-game/carrom/board"
)

// disc is a piece's path since its last change of motion, at time t0:
// from (x0, y0) along the unit vector u at speed v0, slowing by a, until it
// stops at tStop on (sx, sy). Positions at any later time follow in closed
// form, so the clock can jump from event to event.
type disc struct {
	t0, x0, y0 float64
	ux, uy, v0 float64
	a          float64 // deceleration of this path
	base       float64 // deceleration of the disc's kind
	tStop      float64
	sStop      float64 // path length from (x0, y0) to the stop
	sx, sy     float64
	box        [4]float64 // the path's bounding box grown by r: min x, min y, max x, max y
	r, m, lim  float64    // radius, mass, the cushion line |x|, |y| = lim
	lastHit    float64
	kind       board.Kind
	alive      bool
}

// RestSpeed is the speed, m/s, below which a disc is at rest. Rounding
// leaves discs that should have stopped dead (after a head-on transfer
// between equal masses, say) creeping at 1e-17 m/s; left alone they would
// nudge their neighbours for ever without moving a measurable distance.
const RestSpeed = 1e-10

// set starts a new path at time t, slowing by a.
func (d *disc) set(t, x, y, vx, vy, a float64) {
	d.t0, d.x0, d.y0, d.a = t, x, y, a
	v := math.Sqrt(float64(vx*vx) + float64(vy*vy))
	if v < RestSpeed {
		d.ux, d.uy, d.v0, d.sStop = 0, 0, 0, 0
		d.tStop, d.sx, d.sy = t, x, y
	} else {
		d.ux, d.uy, d.v0 = vx/v, vy/v, v
		d.tStop = t + v/d.a
		d.sStop = float64(v*v) / float64(2*d.a)
		d.sx, d.sy = x+float64(d.ux*d.sStop), y+float64(d.uy*d.sStop)
	}
	d.box = [4]float64{
		min(x, d.sx) - d.r, min(y, d.sy) - d.r,
		max(x, d.sx) + d.r, max(y, d.sy) + d.r,
	}
}

// meets reports whether the bounding boxes of the two paths overlap: if
// not, the discs cannot touch.
func (d *disc) meets(o *disc) bool {
	return d.box[0] <= o.box[2] && o.box[0] <= d.box[2] && d.box[1] <= o.box[3] && o.box[1] <= d.box[3]
}

// arc is the path length covered from t0 until t.
func (d *disc) arc(t float64) float64 {
	if t >= d.tStop {
		return d.sStop
	}
	tau := t - d.t0
	return float64(d.v0*tau) - float64(0.5*d.a*tau*tau)
}

// at is the position and velocity at time t ≥ t0.
func (d *disc) at(t float64) (x, y, vx, vy float64) {
	if t >= d.tStop {
		return d.sx, d.sy, 0, 0
	}
	tau := t - d.t0
	s := float64(d.v0*tau) - float64(0.5*d.a*tau*tau)
	v := d.v0 - float64(d.a*tau)
	return d.x0 + float64(d.ux*s), d.y0 + float64(d.uy*s), float64(d.ux * v), float64(d.uy * v)
}

func (d *disc) motion() Motion {
	return Motion{Pos: board.Vec{X: d.x0, Y: d.y0}, Vel: board.Vec{X: float64(d.ux * d.v0), Y: float64(d.uy * d.v0)}, Decel: d.a}
}

// timeAt is the time at which the path length from t0 reaches s ≤ sStop:
// the smaller root of s = v0 τ - a τ²/2, in the form that does not cancel.
func (d *disc) timeAt(s float64) float64 {
	r := float64(d.v0*d.v0) - float64(float64(2*d.a)*s)
	if r < 0 {
		r = 0
	}
	return d.t0 + float64(2*s)/(d.v0+math.Sqrt(r))
}

// predictOwn is disc i's next event that involves no other disc: a pocket,
// a cushion or its stop.
func (s *Simulator) predictOwn(i int) cand {
	d := &s.d[i]
	if !(d.tStop > s.now) {
		return never
	}
	now := d.arc(s.now)
	best := cand{t: d.tStop, kind: Stop, i: i, j: -1}
	// Cushions: the path meets the line x = ±lim or y = ±lim.
	hit := func(pos, u, lim float64, plus, minus Edge) {
		var dist float64
		var e Edge
		switch {
		case u > 0:
			dist, e = lim-pos, plus
		case u < 0:
			dist, e = pos+lim, minus
		default:
			return
		}
		sHit := dist / math.Abs(u)
		if sHit > d.sStop {
			return
		}
		c := cand{t: s.now, kind: Cushion, i: i, j: int(e)}
		if sHit > now {
			c.t = max(s.now, d.timeAt(sHit))
		}
		if c.before(best) {
			best = c
		}
	}
	hit(d.x0, d.ux, d.lim, Right, Left)
	hit(d.y0, d.uy, d.lim, Top, Bottom)
	// Pockets: the centre's path enters the capture circle.
	rc := s.p.CaptureRadius
	rc2 := float64(rc * rc)
	for k, pc := range s.pc {
		qx, qy := d.x0-pc.X, d.y0-pc.Y
		b := float64(qx*d.ux) + float64(qy*d.uy)
		c := float64(qx*qx) + float64(qy*qy) - rc2
		if b >= 0 && c > 0 {
			continue // moving away from a pocket it is outside of
		}
		disc := float64(b*b) - c
		if disc < 0 {
			continue
		}
		sq := math.Sqrt(disc)
		in, out := -b-sq, -b+sq
		if b < 0 {
			in = c / (-b + sq)
		}
		if out <= now || in > d.sStop {
			continue
		}
		e := cand{t: s.now, kind: Fall, i: i, j: k}
		if in > now {
			e.t = max(s.now, d.timeAt(in))
		}
		if e.before(best) {
			best = e
		}
	}
	return best
}

// predictPair is the time of the next contact of discs i and j from now,
// or +Inf. strict: the two have just been resolved against each other, so
// a contact at this very instant is not a new one.
func (s *Simulator) predictPair(i, j int, strict bool) float64 {
	di, dj := &s.d[i], &s.d[j]
	t := s.now
	if !(di.tStop > t) && !(dj.tStop > t) {
		return inf
	}
	if !di.meets(dj) {
		return inf
	}
	rr := di.r + dj.r
	r2 := float64(rr * rr)
	if di.tStop > t && dj.tStop > t {
		// Both slide: the gap is quadratic in time, its square quartic.
		end := min(di.tStop, dj.tStop)
		h := end - t
		xi, yi, vxi, vyi := di.at(t)
		xj, yj, vxj, vyj := dj.at(t)
		ax, ay := xj-xi, yj-yi
		bx, by := vxj-vxi, vyj-vyi
		cx := float64(0.5 * (float64(di.a*di.ux) - float64(dj.a*dj.ux)))
		cy := float64(0.5 * (float64(di.a*di.uy) - float64(dj.a*dj.uy)))
		// The discs cannot move closer than the sum of their relative
		// reaches: a cheap test that spares most root finding.
		reach := float64((math.Abs(bx) + math.Abs(by) + float64((math.Abs(cx)+math.Abs(cy))*h)) * h)
		a2 := float64(ax*ax) + float64(ay*ay)
		if lim := rr + reach; a2 <= float64(lim*lim) {
			ab := float64(ax*bx) + float64(ay*by)
			ac := float64(ax*cx) + float64(ay*cy)
			f := poly{
				a2 - r2,
				float64(2 * ab),
				float64(bx*bx) + float64(by*by) + float64(2*ac),
				float64(2 * (float64(bx*cx) + float64(by*cy))),
				float64(cx*cx) + float64(cy*cy),
			}
			if tau, ok := f.firstContact(h, strict); ok {
				return t + tau
			}
		}
		strict = false
		t = end
	}
	// One slides, the other is at rest: along the mover's straight path
	// the squared gap is quadratic in the path length.
	mv, st := di, dj
	if !(di.tStop > t) {
		mv, st = dj, di
	}
	if !(mv.tStop > t) {
		return inf
	}
	x, y, _, _ := mv.at(t)
	qx, qy := x-st.sx, y-st.sy
	b := float64(qx*mv.ux) + float64(qy*mv.uy)
	c := float64(qx*qx) + float64(qy*qy) - r2
	if b >= 0 {
		return inf // moving apart, and a straight path never turns back
	}
	if c <= 0 {
		if strict {
			return inf
		}
		return t // touching or overlapping and approaching
	}
	disc := float64(b*b) - c
	if disc < 0 {
		return inf
	}
	ds := c / (-b + math.Sqrt(disc))
	sHit := mv.arc(t) + ds
	if sHit > mv.sStop {
		return inf
	}
	return max(t, mv.timeAt(sHit))
}
