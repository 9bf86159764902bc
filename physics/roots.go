package physics

import "math"

// The root finder for contact times. The squared gap between two sliding
// discs, minus the squared contact distance, is a polynomial of degree at
// most four in time. Closed-form quartic solutions lose precision near
// double roots, which are exactly the grazing contacts that matter, so the
// interval is split where the polynomial is monotone and each piece is
// refined by Newton's method kept inside a bracket, with bisection when
// Newton strays or stalls. Only +, -, *, / and math.Sqrt are used.

// poly is c[0] + c[1]x + c[2]x² + c[3]x³ + c[4]x⁴.
type poly [5]float64

// eval returns p(x) and p'(x) by Horner's rule; every product is rounded
// on its own so that no platform fuses it into an FMA.
func (p *poly) eval(x float64) (v, d float64) {
	v = p[4]
	d = v
	v = float64(v*x) + p[3]
	d = float64(d*x) + v
	v = float64(v*x) + p[2]
	d = float64(d*x) + v
	v = float64(v*x) + p[1]
	d = float64(d*x) + v
	v = float64(v*x) + p[0]
	return v, d
}

// deriv returns p'.
func (p *poly) deriv() poly {
	return poly{p[1], float64(2 * p[2]), float64(3 * p[3]), float64(4 * p[4])}
}

// quadRoots returns the real roots of c + b x + a x², ascending, computed
// without cancellation; n is how many there are (0, 1 or 2).
func quadRoots(a, b, c float64) (r [2]float64, n int) {
	if a == 0 {
		if b == 0 {
			return r, 0
		}
		r[0] = -c / b
		return r, 1
	}
	disc := float64(b*b) - float64(float64(4*a)*c)
	if disc < 0 {
		return r, 0
	}
	q := math.Sqrt(disc)
	if b < 0 {
		q = -q
	}
	q = float64(-0.5 * (b + q))
	if q == 0 {
		// b == 0 and disc == 0: a double root at zero.
		return r, 1
	}
	x0, x1 := q/a, c/q
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	r[0], r[1] = x0, x1
	return r, 2
}

// refine returns a root of p in [lo, hi], where p(lo) and p(hi) differ in
// sign (or one is zero). It keeps the bracket, takes Newton steps that stay
// inside it and shrink fast enough, and bisects otherwise, so it always
// converges.
func (p *poly) refine(lo, hi float64) float64 {
	flo, _ := p.eval(lo)
	if flo == 0 {
		return lo
	}
	fhi, _ := p.eval(hi)
	if fhi == 0 {
		return hi
	}
	up := flo < 0 // p rises through the root
	x := lo + float64(0.5*(hi-lo))
	step := hi - lo
	for k := 0; k < 100; k++ {
		f, d := p.eval(x)
		if f == 0 {
			return x
		}
		if (f < 0) == up {
			lo = x
		} else {
			hi = x
		}
		next := x - f/d
		if d == 0 || !(next > lo && next < hi) || math.Abs(next-x) > float64(0.5*step) {
			next = lo + float64(0.5*(hi-lo))
		}
		step = math.Abs(next - x)
		if next == x || hi-lo <= rootTol {
			return next
		}
		x = next
	}
	return x
}

// rootTol is the width, s, at which a bracket counts as converged: the
// gap error it leaves is at most a relative speed times this, far below
// the overlap tolerance.
const rootTol = 1e-14

// firstContact returns the first τ in [0, h] at which f, the squared gap
// minus the squared contact distance, is at or below zero while the discs
// approach (f falling): the earliest moment the discs touch. Touching or
// overlapping and approaching at τ = 0 is an immediate contact. With
// strict, a contact at τ = 0 is not reported: the discs have just been
// resolved against each other and must part before they can meet again.
func (f *poly) firstContact(h float64, strict bool) (float64, bool) {
	if !(h > 0) {
		return 0, false
	}
	// Cheap lower bounds on [0, h] (the terms in c4 ≥ 0 are dropped): when
	// f stays positive the discs stay apart, and when f' does they part.
	h2 := float64(h * h)
	if f[0] > 0 && f[0]+float64(min(0, f[1])*h)+float64(min(0, f[2])*h2)+float64(min(0, f[3])*float64(h2*h)) > 0 {
		return 0, false
	}
	if f[1]+float64(min(0, float64(2*f[2]))*h)+float64(min(0, float64(3*f[3]))*h2) > 0 {
		return 0, false
	}
	// The critical points of f in (0, h): roots of the cubic f', found on
	// the pieces where f' is monotone, split at the roots of f''.
	d1 := f.deriv()
	d2 := d1.deriv()
	var cuts [4]float64
	nc := 0
	cuts[nc] = 0
	nc++
	if r, n := quadRoots(d2[2], d2[1], d2[0]); n > 0 {
		for _, x := range r[:n] {
			if x > 0 && x < h && x > cuts[nc-1] {
				cuts[nc] = x
				nc++
			}
		}
	}
	var crit [5]float64
	nk := 0
	crit[nk] = 0
	nk++
	prev, _ := d1.eval(0)
	for c := 1; c <= nc; c++ {
		end := h
		if c < nc {
			end = cuts[c]
		}
		dv, _ := d1.eval(end)
		if (prev < 0 && dv > 0) || (prev > 0 && dv < 0) {
			x := d1.refine(cuts[c-1], end)
			if x > crit[nk-1] && x < h {
				crit[nk] = x
				nk++
			}
		}
		prev = dv
	}
	crit[nk] = h
	// f is monotone on each piece [crit[k], crit[k+1]]: the first falling
	// piece that starts at or below zero, or crosses zero, holds the contact.
	for k := 0; k < nk; k++ {
		a, b := crit[k], crit[k+1]
		slope, _ := d1.eval(a)
		if a > 0 || slope == 0 {
			slope, _ = d1.eval(a + float64(0.5*(b-a)))
		}
		if slope >= 0 {
			continue
		}
		fa, _ := f.eval(a)
		if fa <= 0 {
			if strict && a == 0 {
				continue
			}
			return a, true
		}
		if fb, _ := f.eval(b); fb <= 0 {
			return f.refine(a, b), true
		}
	}
	return 0, false
}
