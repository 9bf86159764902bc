package board

import "math"

// Vec is a point or a displacement on the playing surface, in metres.
// Products are wrapped in float64() so that no platform fuses them into an
// FMA: the same inputs give bit-identical results everywhere.
type Vec struct{ X, Y float64 }

// Add returns a+b.
func (a Vec) Add(b Vec) Vec { return Vec{a.X + b.X, a.Y + b.Y} }

// Sub returns a-b.
func (a Vec) Sub(b Vec) Vec { return Vec{a.X - b.X, a.Y - b.Y} }

// Scale returns k·a.
func (a Vec) Scale(k float64) Vec { return Vec{float64(k * a.X), float64(k * a.Y)} }

// Dot returns the scalar product a·b.
func (a Vec) Dot(b Vec) float64 { return float64(a.X*b.X) + float64(a.Y*b.Y) }

// Cross returns the z component of a×b.
func (a Vec) Cross(b Vec) float64 { return float64(a.X*b.Y) - float64(a.Y*b.X) }

// Len2 returns |a|².
func (a Vec) Len2() float64 { return a.Dot(a) }

// Len returns |a|.
func (a Vec) Len() float64 { return math.Sqrt(a.Len2()) }

// Unit returns a/|a|, or the zero vector for the zero vector.
func (a Vec) Unit() Vec {
	l := a.Len()
	if l == 0 {
		return Vec{}
	}
	return Vec{a.X / l, a.Y / l}
}

// Rot90 returns a turned a quarter turn counter-clockwise.
func (a Vec) Rot90() Vec { return Vec{-a.Y, a.X} }

// Rotate returns a turned by the rotation whose unit vector is r
// (r = (cos θ, sin θ) turns by θ counter-clockwise).
func (a Vec) Rotate(r Vec) Vec {
	return Vec{float64(a.X*r.X) - float64(a.Y*r.Y), float64(a.X*r.Y) + float64(a.Y*r.X)}
}

// Dist returns |a-b|.
func (a Vec) Dist(b Vec) float64 { return a.Sub(b).Len() }
