// Plane geometry in board coordinates: metres, origin at the centre, seat
// position 0 at y < 0 shooting towards +y, positions counter-clockwise.
import type { Geometry } from "./protocol";

export interface Vec { x: number; y: number }

export const vec = (x: number, y: number): Vec => ({ x, y });
export const add = (a: Vec, b: Vec): Vec => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Vec, b: Vec): Vec => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Vec, k: number): Vec => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Vec, b: Vec): number => a.x * b.x + a.y * b.y;
export const len = (a: Vec): number => Math.hypot(a.x, a.y);
export const norm = (a: Vec): Vec => { const l = len(a); return l > 0 ? scale(a, 1 / l) : vec(0, 0); };

// rot turns v counter-clockwise by quarter turns; whole quarters keep it exact.
export function rot(v: Vec, quarters: number): Vec {
  switch (((quarters % 4) + 4) % 4) {
    case 1: return vec(-v.y, v.x);
    case 2: return vec(-v.x, -v.y);
    case 3: return vec(v.y, -v.x);
    default: return v;
  }
}

// forward points from a position's base line towards the centre.
export const forward = (pos: number): Vec => rot(vec(0, 1), pos);
// right points along a position's base line, to the shooter's right.
export const right = (pos: number): Vec => rot(vec(1, 0), pos);

// strikerAt is the striker's centre placed x along the position's midline.
export function strikerAt(g: Geometry, pos: number, x: number): Vec {
  return add(scale(forward(pos), -g.midline), scale(right(pos), x));
}

// alongBaseline is the inverse of strikerAt: where along the midline a
// point lies, and how far off the midline it is.
export function alongBaseline(g: Geometry, pos: number, p: Vec): { x: number; off: number } {
  const rel = sub(p, strikerAt(g, pos, 0));
  return { x: dot(rel, right(pos)), off: dot(rel, forward(pos)) };
}

// inRanges reports whether x lies in one of the legal intervals.
export function inRanges(x: number, ranges: [number, number][]): boolean {
  return ranges.some(([lo, hi]) => x >= lo - 1e-9 && x <= hi + 1e-9);
}

// nearestLegal is the legal striker position closest to x.
export function nearestLegal(x: number, ranges: [number, number][]): number {
  let best = x, bestD = Infinity;
  for (const [lo, hi] of ranges) {
    const c = Math.min(hi, Math.max(lo, x));
    if (Math.abs(c - x) < bestD) { best = c; bestD = Math.abs(c - x); }
  }
  return best;
}

// rayCircle is the distance along a unit ray from p at which it comes within
// r of c, or Infinity.
export function rayCircle(p: Vec, d: Vec, c: Vec, r: number): number {
  const m = sub(p, c);
  const b = dot(m, d);
  const q = dot(m, m) - r * r;
  if (q > 0 && b > 0) return Infinity;
  const disc = b * b - q;
  if (disc < 0) return Infinity;
  const t = -b - Math.sqrt(disc);
  return t >= 0 ? t : Infinity;
}
