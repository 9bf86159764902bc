// Playback of a stroke from the server's closed-form trajectory: between
// events a disc slides straight, slowing at its decel until it stops, so
// its place at any instant follows from its last event. Nothing here
// simulates; the events say where every collision happened.
import type { Kind, Motion, TrajEvent, Trajectory } from "./protocol";
import type { Vec } from "./vec";

export interface Shown { id: string; kind: Kind; x: number; y: number; scale: number; alpha: number }

// How long a pocketed disc takes to sink out of sight, seconds.
const SINK = 0.22;

interface Track { id: string; kind: Kind; m: Motion; t0: number; sunk?: { t: number; from: Vec; into: Vec } }

export function slide(m: Motion, tau: number): Vec {
  const v = Math.hypot(m.vx, m.vy);
  if (v === 0 || tau <= 0) return { x: m.x, y: m.y };
  if (m.decel > 0) tau = Math.min(tau, v / m.decel);
  const k = tau - (0.5 * m.decel * tau * tau) / v;
  return { x: m.x + m.vx * k, y: m.y + m.vy * k };
}

export class Playback {
  private tracks: Track[];
  private next = 0;
  readonly duration: number;

  // onEvent hears each event as playback passes it, for sounds.
  constructor(private traj: Trajectory, private pockets: [number, number][], private onEvent?: (e: TrajEvent) => void) {
    this.tracks = traj.start.map((d) => ({ id: d.id, kind: d.kind, m: { ...d }, t0: 0 }));
    this.duration = traj.time + SINK;
  }

  // at gives every disc at time t; t must not go back between calls.
  at(t: number): Shown[] {
    const evs = this.traj.events;
    while (this.next < evs.length && evs[this.next].t <= t) {
      const e = evs[this.next++];
      const a = this.tracks[e.i];
      if (e.kind === "pocket") {
        const p = this.pockets[e.j] ?? [a.m.x, a.m.y];
        a.sunk = { t: e.t, from: { x: e.a.x, y: e.a.y }, into: { x: p[0], y: p[1] } };
      } else {
        a.m = e.a; a.t0 = e.t;
        if (e.b) { const b = this.tracks[e.j]; b.m = e.b; b.t0 = e.t; }
      }
      this.onEvent?.(e);
    }
    const out: Shown[] = [];
    for (const tr of this.tracks) {
      if (tr.sunk) {
        const f = (t - tr.sunk.t) / SINK;
        if (f >= 1) continue;
        out.push({
          id: tr.id, kind: tr.kind, scale: 1 - 0.45 * f, alpha: 1 - f,
          x: tr.sunk.from.x + (tr.sunk.into.x - tr.sunk.from.x) * f,
          y: tr.sunk.from.y + (tr.sunk.into.y - tr.sunk.from.y) * f,
        });
      } else {
        const p = slide(tr.m, t - tr.t0);
        out.push({ id: tr.id, kind: tr.kind, x: p.x, y: p.y, scale: 1, alpha: 1 });
      }
    }
    return out;
  }
}
