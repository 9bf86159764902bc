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

// direction is the one rule for a shot given by angle (docs/notation.md),
// step for step as record.Direction in Go, so that the page, the server and
// carrom sim turn an angle into the same bits: degrees counter-clockwise
// from the shooter's right, whole quarter turns exact, any other angle
// through the Cephes polynomials of Go's math.Sincos. JavaScript rounds
// every operation on its own, as the Go code is written to.
const SIN = [1.58962301576546568060e-10, -2.50507477628578072866e-8, 2.75573136213857245213e-6,
  -1.98412698295895385996e-4, 8.33333333332211858878e-3, -1.66666666666666307295e-1];
const COS = [-1.13585365213876817300e-11, 2.08757008419747316778e-9, -2.75573141792967388112e-7,
  2.48015872888517045348e-5, -1.38888888888730564116e-3, 4.16666666666665929218e-2];

export function direction(deg: number): Vec {
  let q = deg % 360;
  if (q < 0) q += 360;
  switch (q) {
    case 0: case 360: return vec(1, 0);
    case 90: return vec(0, 1);
    case 180: return vec(-1, 0);
    case 270: return vec(0, -1);
  }
  const x = (q * Math.PI) / 180;
  let j = Math.trunc(x * (4 / Math.PI)), y = j;
  if (j & 1) { j++; y++; }
  j &= 7;
  const z = ((x - y * 7.85398125648498535156e-1) - y * 3.77489470793079817668e-8) - y * 2.69515142907905952645e-15;
  let sinSign = false, cosSign = false;
  if (j > 3) { j -= 4; sinSign = !sinSign; cosSign = !cosSign; }
  if (j > 1) cosSign = !cosSign;
  const zz = z * z;
  let pc = COS[0] * zz, ps = SIN[0] * zz;
  for (let k = 1; k < 5; k++) { pc = (pc + COS[k]) * zz; ps = (ps + SIN[k]) * zz; }
  pc += COS[5]; ps += SIN[5];
  let cos = (1 - 0.5 * zz) + (zz * zz) * pc, sin = z + (z * zz) * ps;
  if (j === 1 || j === 2) [sin, cos] = [cos, sin];
  if (cosSign) cos = -cos;
  if (sinSign) sin = -sin;
  return vec(cos, sin);
}

// forward points from a position's base line towards the centre.
export const forward = (pos: number): Vec => rot(vec(0, 1), pos);
// right points along a position's base line, to the shooter's right.
export const right = (pos: number): Vec => rot(vec(1, 0), pos);

// onBoard turns a direction in the shooter's frame (x to his right, y
// ahead) into board coordinates, exactly: right and forward are axes.
export const onBoard = (pos: number, v: Vec): Vec => add(scale(right(pos), v.x), scale(forward(pos), v.y));

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
