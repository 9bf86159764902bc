package detmath

import "math"

// Coefficients of the sine and cosine polynomials on [0, π/4] (Cephes).
var (
	sinC = [...]float64{
		1.58962301576546568060e-10,
		-2.50507477628578072866e-8,
		2.75573136213857245213e-6,
		-1.98412698295895385996e-4,
		8.33333333332211858878e-3,
		-1.66666666666666307295e-1,
	}
	cosC = [...]float64{
		-1.13585365213876817300e-11,
		2.08757008419747316778e-9,
		-2.75573141792967388112e-7,
		2.48015872888517045348e-5,
		-1.38888888888730564116e-3,
		4.16666666666665929218e-2,
	}
)

// reduceLimit bounds the arguments of Sin and Cos: beyond it the
// standard library switches to Payne–Hanek reduction, which no angle of
// the game needs.
const reduceLimit = 1 << 29

// octant reduces x ≥ 0 to z in [-π/4, π/4] and the octant j in [0, 7] of
// x − z, with π/4 split in three parts for extended precision.
func octant(x float64) (j uint64, z float64) {
	const (
		pi4A = 7.85398125648498535156e-1
		pi4B = 3.77489470793079817668e-8
		pi4C = 2.69515142907905952645e-15
	)
	j = uint64(x * (4 / math.Pi))
	y := float64(j)
	if j&1 == 1 {
		j++
		y++
	}
	j &= 7
	z = ((x - float64(y*pi4A)) - float64(y*pi4B)) - float64(y*pi4C)
	return j, z
}

// sinPoly and cosPoly are sine and cosine on [-π/4, π/4], of z and z².
func sinPoly(z, zz float64) float64 {
	return z + float64(float64(z*zz)*horner(zz, sinC[:]))
}

func cosPoly(zz float64) float64 {
	return float64(1.0-float64(0.5*zz)) + float64(float64(zz*zz)*horner(zz, cosC[:]))
}

// horner evaluates c[0]·xⁿ⁻¹ + … + c[n-1] with every step rounded.
func horner(x float64, c []float64) float64 {
	p := c[0]
	for _, k := range c[1:] {
		p = float64(p*x) + k
	}
	return p
}

// Sin returns the sine of x radians; NaN for an infinite x, a NaN, or
// |x| ≥ 2²⁹.
func Sin(x float64) float64 {
	switch {
	case x == 0 || math.IsNaN(x):
		return x
	case math.Abs(x) >= reduceLimit:
		return math.NaN()
	}
	sign := false
	if x < 0 {
		x, sign = -x, true
	}
	j, z := octant(x)
	if j > 3 {
		sign = !sign
		j -= 4
	}
	zz := z * z
	var y float64
	if j == 1 || j == 2 {
		y = cosPoly(zz)
	} else {
		y = sinPoly(z, zz)
	}
	if sign {
		y = -y
	}
	return y
}

// Cos returns the cosine of x radians; NaN for an infinite x, a NaN, or
// |x| ≥ 2²⁹.
func Cos(x float64) float64 {
	x = math.Abs(x)
	if math.IsNaN(x) || x >= reduceLimit {
		return math.NaN()
	}
	j, z := octant(x)
	sign := false
	if j > 3 {
		j -= 4
		sign = !sign
	}
	if j > 1 {
		sign = !sign
	}
	zz := z * z
	var y float64
	if j == 1 || j == 2 {
		y = sinPoly(z, zz)
	} else {
		y = cosPoly(zz)
	}
	if sign {
		y = -y
	}
	return y
}

// xatan is the arctangent on [0, 0.66] (Cephes).
func xatan(x float64) float64 {
	z := x * x
	z = float64(z*horner(z, atanP[:])) / horner(z, atanQ[:])
	return float64(x*z) + x
}

// Coefficients of xatan's rational function; atanQ's leading 1 is exact.
var (
	atanP = [...]float64{
		-8.750608600031904122785e-01,
		-1.615753718733365076637e+01,
		-7.500855792314704667340e+01,
		-1.228866684490136173410e+02,
		-6.485021904942025371773e+01,
	}
	atanQ = [...]float64{
		1,
		+2.485846490142306297962e+01,
		+1.650270098316988542046e+02,
		+4.328810604912902668951e+02,
		+4.853903996359136964868e+02,
		+1.945506571482613964425e+02,
	}
)

// satan is the arctangent of x ≥ 0, reduced to [0, 0.66].
func satan(x float64) float64 {
	const (
		morebits = 6.123233995736765886130e-17 // π/2 = math.Pi/2 + morebits
		tan3pio8 = 2.41421356237309504880      // tan(3π/8)
	)
	if x <= 0.66 {
		return xatan(x)
	}
	if x > tan3pio8 {
		return math.Pi/2 - xatan(1/x) + morebits
	}
	return math.Pi/4 + xatan((x-1)/(x+1)) + 0.5*morebits
}

// Atan returns the arctangent of x, in radians.
func Atan(x float64) float64 {
	switch {
	case x == 0:
		return x
	case x > 0:
		return satan(x)
	}
	return -satan(-x)
}

// Atan2 returns the angle of the point (x, y) from the positive x axis,
// in radians in [-π, π], with the standard library's special cases.
func Atan2(y, x float64) float64 {
	switch {
	case math.IsNaN(y) || math.IsNaN(x):
		return math.NaN()
	case y == 0:
		if x >= 0 && !math.Signbit(x) {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	case x == 0:
		return math.Copysign(math.Pi/2, y)
	case math.IsInf(x, 0):
		if math.IsInf(x, 1) {
			if math.IsInf(y, 0) {
				return math.Copysign(math.Pi/4, y)
			}
			return math.Copysign(0, y)
		}
		if math.IsInf(y, 0) {
			return math.Copysign(3*math.Pi/4, y)
		}
		return math.Copysign(math.Pi, y)
	case math.IsInf(y, 0):
		return math.Copysign(math.Pi/2, y)
	}
	q := Atan(y / x)
	if x < 0 {
		if q <= 0 {
			return q + math.Pi
		}
		return q - math.Pi
	}
	return q
}

// Asin returns the arcsine of x, in radians; NaN outside [-1, 1].
func Asin(x float64) float64 {
	if x == 0 {
		return x
	}
	sign := false
	if x < 0 {
		x, sign = -x, true
	}
	if x > 1 || math.IsNaN(x) {
		return math.NaN()
	}
	t := math.Sqrt(1 - float64(x*x))
	if x > 0.7 {
		t = math.Pi/2 - satan(t/x)
	} else {
		t = satan(x / t)
	}
	if sign {
		t = -t
	}
	return t
}

// Hypot returns √(p² + q²), scaled so that it does not overflow.
func Hypot(p, q float64) float64 {
	p, q = math.Abs(p), math.Abs(q)
	switch {
	case math.IsInf(p, 1) || math.IsInf(q, 1):
		return math.Inf(1)
	case math.IsNaN(p) || math.IsNaN(q):
		return math.NaN()
	}
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q = q / p
	return p * math.Sqrt(1+float64(q*q))
}
