package record

import (
	"errors"
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/carrom-game/carrom/board"
)

// TestDirectionBits pins the angle rule to the bit: these are math.Sincos's
// values on a build without fused multiply-adds, and every build must give
// them (web/src/vec.ts gives them too).
func TestDirectionBits(t *testing.T) {
	for _, c := range []struct {
		deg  float64
		x, y uint64
	}{
		{90, 0, 0x3ff0000000000000},
		{0, 0x3ff0000000000000, 0},
		{-90, 0, 0xbff0000000000000},
		{540, 0xbff0000000000000, 0},
		{88, 0x3fa1de58c9f7dc37, 0x3feffb0278bf0567},
		{60, 0x3fe0000000000001, 0x3febb67ae8584caa},
		{45, 0x3fe6a09e667f3bcd, 0x3fe6a09e667f3bcc},
		{30, 0x3febb67ae8584cab, 0x3fdfffffffffffff},
		{1, 0x3feffec097f5af8a, 0x3f91df0b2b89dd1e},
		{89.5, 0x3f81df37c4954c0b, 0x3fefffb02599c9cd},
		{135, 0xbfe6a09e667f3bcc, 0x3fe6a09e667f3bcd},
		{200, 0xbfee11f642522d1c, 0xbfd5e3a8748a0bf4},
		{359.99, 0x3feffffff7d2af5e, 0xbf26e05a676c4f62},
		{-30, 0x3febb67ae8584ca8, 0xbfe0000000000004},
		{720.5, 0x3fefffb02599c9cd, 0x3f81df37c4954c21},
		{1e6, 0x3fc63a1a7e0b737c, 0xbfef838b8c811c18},
	} {
		v, err := Direction(c.deg)
		if err != nil || math.Float64bits(v.X) != c.x || math.Float64bits(v.Y) != c.y {
			t.Errorf("Direction(%v) = %v (%#x, %#x), %v; want (%#x, %#x)", c.deg, v, math.Float64bits(v.X), math.Float64bits(v.Y), err, c.x, c.y)
		}
	}
	for _, deg := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := Direction(deg); !errors.Is(err, ErrShot) {
			t.Errorf("Direction(%v) error %v; want ErrShot", deg, err)
		}
	}
}

// TestDirectionUnit: every angle gives a unit vector within rounding.
func TestDirectionUnit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		deg := rapid.Float64Range(-1e6, 1e6).Draw(t, "deg")
		v, err := Direction(deg)
		if err != nil || math.Abs(v.Len()-1) > 1e-15 {
			t.Fatalf("Direction(%v) = %v, %v; want a unit vector", deg, v, err)
		}
	})
}

// TestDir: an ordinary vector passes bit for bit; an extreme finite one is
// rescaled to the direction it means; nothing else passes.
func TestDir(t *testing.T) {
	for _, c := range []struct{ in, want board.Vec }{
		{board.Vec{X: 0.6, Y: 0.8}, board.Vec{X: 0.6, Y: 0.8}},
		{board.Vec{X: 3, Y: -4}, board.Vec{X: 3, Y: -4}},
		{board.Vec{X: 1e-200, Y: 1e-200}, board.Vec{X: math.Ldexp(1e-200, 664), Y: math.Ldexp(1e-200, 664)}},
		{board.Vec{X: 5e-324}, board.Vec{X: 0.5}},
		{board.Vec{X: 1, Y: 1e308}, board.Vec{X: math.Ldexp(1, -1024), Y: math.Ldexp(1e308, -1024)}},
	} {
		got, err := Dir(c.in)
		if err != nil || got != c.want {
			t.Errorf("Dir(%v) = %v, %v; want %v", c.in, got, err, c.want)
		}
		if u := got.Unit(); math.Abs(u.Len()-1) > 1e-15 || math.Abs(u.Cross(c.in.Scale(1/max(math.Abs(c.in.X), math.Abs(c.in.Y))))) > 1e-15 {
			t.Errorf("Dir(%v) = %v: its unit vector %v is not the direction given", c.in, got, u)
		}
	}
	for _, in := range []board.Vec{{}, {X: math.NaN(), Y: 1}, {X: math.Inf(1)}, {Y: math.Inf(-1)}} {
		if _, err := Dir(in); !errors.Is(err, ErrShot) {
			t.Errorf("Dir(%v) error %v; want ErrShot", in, err)
		}
	}
}

// TestDirIdempotent: what Dir returns, it returns unchanged, so a record
// replays the vector it stored.
func TestDirIdempotent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := board.Vec{X: rapid.Float64().Draw(t, "x"), Y: rapid.Float64().Draw(t, "y")}
		got, err := Dir(v)
		if err != nil {
			if finite(v.X, v.Y) && (v.X != 0 || v.Y != 0) {
				t.Fatalf("Dir(%v): %v", v, err)
			}
			return
		}
		if again, err := Dir(got); err != nil || again != got {
			t.Fatalf("Dir(Dir(%v)) = %v, %v; want %v", v, again, err, got)
		}
	})
}

// FuzzDecodeShot: whatever the figures, a decoded shot has a finite place,
// a direction the physics can make a unit vector and keeps as it is, and a
// finite speed; anything else is ErrShot.
func FuzzDecodeShot(f *testing.F) {
	f.Add(0.0, 90.0, 0.0, 0.0, 4.0, true, true)
	f.Add(0.01, 0.0, 1e-200, 1e-200, 0.5, false, false)
	f.Add(0.0, 0.0, 1.0, 1e308, 1.0, false, true)
	f.Fuzz(func(t *testing.T, x, angle, dx, dy, v float64, byAngle, bySpeed bool) {
		in := ShotInput{X: &x}
		if byAngle {
			in.Angle = &angle
		} else {
			in.Dir = &[2]float64{dx, dy}
		}
		if bySpeed {
			in.Speed = &v
		} else {
			in.Power = &v
		}
		sh, err := DecodeShot(in, 5)
		if err != nil {
			if !errors.Is(err, ErrShot) {
				t.Fatalf("error %v is not ErrShot", err)
			}
			return
		}
		u := sh.Dir.Unit()
		if !finite(sh.X, sh.Speed) || math.Abs(u.Len()-1) > 1e-12 {
			t.Fatalf("DecodeShot(%v, %v, (%v, %v), %v) = %+v", x, angle, dx, dy, v, sh)
		}
		if again, err := Dir(sh.Dir); err != nil || again != sh.Dir {
			t.Fatalf("Dir(%v) = %v, %v; want it kept", sh.Dir, again, err)
		}
	})
}
