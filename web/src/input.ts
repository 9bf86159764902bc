// Aiming and placing for the seats this browser holds: the pointer (the
// striker grabbed and dragged along the base line moves it; pulled away
// from the line, or pressed anywhere else on the board and pulled back,
// it aims like a slingshot), the keys, the lock and its fine-tuning; and
// what that draws over the board.
import { signal } from "@preact/signals";
import type { BoardView } from "./boardview";
import { t as tr } from "./i18n";
import type { ClientConfig, ClientMsg, GameState, Hint } from "./protocol";
import { powerColour, type DrawPiece, type Overlay } from "./render";
import {
  add, alongBaseline, direction, dot, forward, inRanges, len, nearestLegal, norm, onBoard, rayCircle, right, scale, strikerAt, sub, vec, type Vec,
} from "./vec";

// How far back a full-power pull goes, metres on the board, and on a
// small screen at least this many CSS pixels, so that a pixel of pull is
// less than a percent of power.
const FULL_PULL = 0.16;
const FULL_PULL_PX = 120;
// How near the striker a press grabs it, CSS pixels from its centre: a
// fingertip covers more than a mouse pointer.
const GRAB_PX = 22;
const GRAB_TOUCH_PX = 44;
// How far a grabbed striker is dragged before the drag's way decides what
// it is, CSS pixels: along the base line it slides, away from it it aims.
const DECIDE_PX = 8;

// grab is a press on the striker whose drag has not yet shown its way.
type Mode = "none" | "grab" | "slide" | "pull" | "drag";

// The aim: the direction on the board and the power; angle, in degrees in
// the shooter's frame, when the keys set it (then the stroke is sent as
// that angle, which the server turns into the same direction).
// exact, for the coach's shot, is the strike as the coach gave it (the
// direction in the shooter's frame and the speed), sent as it is.
// mark is what the coach's shot aims at: the coin and the pocket.
export interface Aim { dir: Vec; power: number; angle?: number; exact?: { dir: [number, number]; speed: number }; mark?: { coin?: Vec; pocket?: Vec } }

// What the input needs of the table: its state, whether this browser is to
// act now, and a way to send and to say what went wrong.
export interface Seat {
  state(): GameState | null;
  mine(): boolean;
  held(): number[];
  send(m: ClientMsg): void;
  fail(msg: string): void;
  toggleMute(): void;
  // remote is the aim of another page's player, or a computer's, to show.
  remote(): { seat: number; x: number; dir: [number, number]; power: number } | null;
}

// forBoard says whether a key press is the board's: not while a text
// field, a menu or a dialog has the focus (there the keys are typing or
// choosing), nor Space or Enter on a focused button, which presses it.
export function forBoard(e: KeyboardEvent): boolean {
  const el = e.target;
  if (!(el instanceof Element)) return true;
  if (el.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], dialog, [role='dialog'], [role='menu'], [role='listbox']")) return false;
  return !((e.key === " " || e.key === "Enter") && el.closest("button, a[href], summary"));
}

export class Input {
  // The striker's place along the base line.
  readonly x = signal(0);
  readonly aim = signal<Aim | null>(null);
  readonly mode = signal<Mode>("none");
  // A c/m being placed, while dragged.
  readonly coin = signal<Vec | null>(null);
  // locked: letting go of a pull keeps the aim, to be nudged and then shot.
  readonly locked = signal(false);
  private pointer: Vec | null = null;
  // Where a pull is measured from: the striker, or where the press landed.
  private anchor: Vec | null = null;
  // Where a grab began: the striker's place and the press along and off the line.
  private grabbed: { x: number; along: number; off: number } | null = null;
  // Aims given up without a stroke, shown as the board's data-cancelled:
  // the signal that a cancel was handled and nothing was sent.
  private cancels = 0;

  constructor(private board: BoardView, private cfg: ClientConfig, private seat: Seat) {
    this.bind();
  }

  // reset forgets the aim and the placing: a new turn.
  reset(st: GameState): void {
    this.aim.value = null; this.coin.value = null;
    const r = st.to_act.striker_ranges ?? [];
    if (r.length && !inRanges(this.x.value, r)) this.x.value = nearestLegal(0, r);
  }

  // drop forgets the aim while a stroke plays.
  drop(): void {
    this.aim.value = null; this.mode.value = "none";
  }

  // What to draw over the pieces: the striker waiting on its base line,
  // the legal places, the aim and its guide line, a c/m being placed.
  extra(): { pieces: DrawPiece[]; overlay: Overlay } {
    // What the viewer may grab, in CSS pixels on the canvas, for tests and
    // assistive tools; set again below while it is there.
    const data = this.board.canvas.dataset;
    delete data.striker; delete data.coin; delete data.hint; delete data.zones; delete data.aimColour; delete data.remoteAim;
    delete data.aim; delete data.aimCoin; delete data.aimPocket; delete data.aimHit;
    const st = this.seat.state(), g = this.cfg.geometry;
    if (!st || st.over || !st.started) return { pieces: [], overlay: {} };
    const t = st.to_act, mine = this.seat.mine(), aim = this.aim.value;
    if (t.need === "strike") {
      const ranges = t.striker_ranges ?? [];
      const r = mine ? null : this.seat.remote(), far = r && r.seat === t.seat ? r : null;
      // The striker stays where this browser put it while its stroke is on
      // its way; another's is where his live aim says.
      const x = this.seat.held().includes(t.seat) ? this.x.value : far ? far.x : nearestLegal(0, ranges);
      const at = strikerAt(g, t.position, x);
      const legal = inRanges(x, ranges);
      const overlay: Overlay = {};
      if (mine) {
        overlay.ranges = { pos: t.position, ranges };
        data.striker = this.cssAt(at);
        data.zones = this.zones(t.position, x, ranges);
        if (aim) {
          data.aimColour = powerColour(aim.power);
          // The aim drawn, in the shooter's frame as a stroke sends it, and its power.
          data.aim = `${dot(aim.dir, right(t.position))},${dot(aim.dir, forward(t.position))},${aim.power}`;
          if (aim.mark?.coin) data.aimCoin = this.cssAt(aim.mark.coin);
          if (aim.mark?.pocket) data.aimPocket = this.cssAt(aim.mark.pocket);
          const { id, ...guide } = this.guide(st, at, aim.dir);
          if (id) data.aimHit = id;
          // The coach's shot is a ghost until the player takes it.
          overlay.aim = { from: at, dir: aim.dir, power: aim.power, ghost: !legal || !!aim.exact, ...guide, mark: aim.mark };
        }
      }
      if (far) {
        const dir = onBoard(t.position, vec(far.dir[0], far.dir[1]));
        data.remoteAim = far.power.toFixed(2);
        overlay.aim = { from: at, dir, power: far.power, ghost: true, ...this.guide(st, at, dir) };
      }
      if (this.mode.value === "pull" && this.pointer) overlay.pull = { from: this.anchor ?? at, to: this.pointer };
      overlay.clock = this.clock(st, at, g.striker_radius + 0.005);
      return { pieces: [{ id: "s", kind: "striker", x: at.x, y: at.y, ghost: mine && !legal }], overlay };
    }
    if (t.need === "place" && mine) {
      const at = this.coin.value ?? this.tray(t.position);
      data.coin = this.cssAt(at);
      const hint = t.place_hint ? vec(t.place_hint[0], t.place_hint[1]) : undefined;
      if (hint) data.hint = this.cssAt(hint);
      return {
        pieces: [],
        overlay: {
          placing: { pieces: st.pieces, hint }, drag: { at, kind: t.colour ?? "white", legal: this.placeLegal(st, at) },
          clock: this.clock(st, at, g.coin_radius + 0.008),
        },
      };
    }
    return { pieces: [], overlay: {} };
  }

  // clock is the shot clock's ring around what the player to act holds.
  private clock(st: GameState, at: Vec, r: number): Overlay["clock"] {
    if (!st.to_act.deadline || !st.config.clock) return undefined;
    const left = Math.max(0, Math.min(1, (st.to_act.deadline - Date.now()) / (st.config.clock * 1000)));
    return { at, r, left };
  }

  // zones is a legal and an illegal point of the base line, clear of the
  // striker, in CSS pixels ("x,y;x,y"), for tests and assistive tools: the
  // illegal one overlaps a base circle's inner edge (RULES ST-2).
  private zones(pos: number, x: number, ranges: [number, number][]): string {
    const g = this.cfg.geometry;
    const far = ranges.map(([lo, hi]) => (lo + hi) / 2).sort((a, b) => Math.abs(b - x) - Math.abs(a - x))[0];
    const illegal = Math.abs(g.base_circles[0][1][0]) - g.base_circle_radius - g.striker_radius / 2;
    const bad = x > 0 ? -illegal : illegal;
    if (far === undefined || Math.abs(far - x) < 2 * g.striker_radius) return "";
    return `${this.cssAt(strikerAt(g, pos, far))};${this.cssAt(strikerAt(g, pos, bad))}`;
  }

  private cssAt(p: Vec): string {
    const c = this.board.r.toCSS(p);
    return `${c.x.toFixed(1)},${c.y.toFixed(1)}`;
  }

  // tray is where a c/m to be placed waits: between the placer's base line
  // and the outer circle, for him to drag in.
  private tray(pos: number): Vec {
    return add(strikerAt(this.cfg.geometry, pos, 0), scale(forward(pos), 0.075));
  }

  // placeLegal is the board's test of a placing (RULES PL-1, PL-5): wholly
  // inside the outer circle, clear of the centre circle and of every piece.
  // A placing that sets up a pair with the queen is for the server to refuse.
  private placeLegal(st: GameState, p: Vec): boolean {
    const g = this.cfg.geometry, r = g.coin_radius, d = len(p);
    if (d + r > g.outer_radius || d < g.centre_radius + r) return false;
    return st.pieces.every((q) => len(sub(p, vec(q.x, q.y))) >= r + (q.kind === "striker" ? g.striker_radius : r));
  }

  // guide follows the striker's path to the first piece (id) or cushion it meets.
  private guide(st: GameState, from: Vec, dir: Vec): { hit: Vec; after?: { at: Vec; dir: Vec }; id?: string } {
    const g = this.cfg.geometry, R = g.striker_radius;
    let best = Infinity, hitPiece: Vec | null = null, id = "";
    for (const p of st.pieces) {
      const c = vec(p.x, p.y);
      const d = rayCircle(from, dir, c, R + g.coin_radius);
      if (d < best) { best = d; hitPiece = c; id = p.id; }
    }
    const wall = g.half - R;
    for (const [comp, lim] of [[dir.x, wall], [dir.y, wall]] as const) {
      if (comp === 0) continue;
      const pos = comp === dir.x ? from.x : from.y;
      const d = ((comp > 0 ? lim : -lim) - pos) / comp;
      if (d >= 0 && d < best) { best = d; hitPiece = null; }
    }
    const hit = add(from, scale(dir, best));
    if (hitPiece) return { hit, after: { at: hitPiece, dir: norm(sub(hitPiece, hit)) }, id };
    return { hit };
  }

  private bind(): void {
    const c = this.board.canvas;
    const at = (e: PointerEvent) => {
      const b = c.getBoundingClientRect();
      return this.board.r.toWorld(e.clientX - b.left, e.clientY - b.top);
    };
    c.addEventListener("pointerdown", (e) => {
      const st = this.seat.state();
      if (!st || !this.seat.mine()) return;
      const w = at(e), g = this.cfg.geometry, t = st.to_act;
      if (t.need === "place") {
        const coin = this.coin.value ?? this.tray(t.position);
        if (len(sub(w, coin)) < Math.max(g.coin_radius * 2, this.board.r.toWorldLen(24))) {
          this.mode.value = "drag"; this.coin.value = w;
        }
      } else if (t.need === "strike") {
        const s = strikerAt(g, t.position, this.x.value);
        const along = alongBaseline(g, t.position, w);
        const reach = this.board.r.toWorldLen(e.pointerType === "touch" ? GRAB_TOUCH_PX : GRAB_PX);
        if (len(sub(w, s)) < Math.max(g.striker_radius * 1.6, reach)) {
          // The striker grabbed: the drag's way decides whether it moves or aims.
          this.mode.value = "grab"; this.anchor = w;
          this.grabbed = { x: this.x.value, along: along.x, off: along.off };
        } else if (Math.abs(along.off) < 0.04 && Math.abs(along.x) < 0.26) {
          this.mode.value = "slide"; this.aim.value = null; this.x.value = this.clampX(along.x);
        } else {
          // Anywhere else on the board the pull is measured from where
          // the press landed: the striker need not be under the finger.
          this.mode.value = "pull"; this.anchor = w;
        }
      }
      this.pointer = w;
      c.setPointerCapture(e.pointerId);
      e.preventDefault();
      this.board.invalidate();
    });
    c.addEventListener("pointermove", (e) => {
      const st = this.seat.state();
      if (this.mode.value === "none" || !st) return;
      const w = at(e), g = this.cfg.geometry, t = st.to_act;
      this.pointer = w;
      const along = alongBaseline(g, t.position, w), grab = this.grabbed;
      if (this.mode.value === "grab" && grab) {
        const dx = along.x - grab.along, doff = along.off - grab.off;
        if (Math.hypot(dx, doff) >= this.board.r.toWorldLen(DECIDE_PX)) {
          if (Math.abs(dx) >= Math.abs(doff)) { this.mode.value = "slide"; this.aim.value = null; } else this.mode.value = "pull";
        }
      }
      // A grabbed striker keeps its place under the finger; a press on the
      // line away from it brought it there.
      if (this.mode.value === "slide") this.x.value = this.clampX(grab ? grab.x + along.x - grab.along : along.x);
      else if (this.mode.value === "drag") this.coin.value = w;
      else if (this.mode.value === "pull") {
        const back = sub(this.anchor ?? strikerAt(g, t.position, this.x.value), w), d = len(back);
        const full = Math.max(FULL_PULL, this.board.r.toWorldLen(FULL_PULL_PX));
        this.aim.value = d < g.striker_radius ? null : { dir: norm(back), power: Math.min(1, (d - g.striker_radius) / full) };
      }
      this.board.invalidate();
    });
    const up = () => {
      const mode = this.mode.value;
      this.mode.value = "none";
      this.pointer = null; this.anchor = null; this.grabbed = null;
      const st = this.seat.state();
      if (!st) return;
      const r = st.to_act.striker_ranges ?? [];
      if (mode === "slide" && !inRanges(this.x.value, r)) this.x.value = nearestLegal(this.x.value, r);
      if (mode === "pull") {
        if (!this.aim.value) this.cancelled();
        else if (!this.locked.value) this.shoot();
      }
      const coin = this.coin.value;
      if (mode === "drag" && coin) {
        if (this.placeLegal(st, coin)) this.seat.send({ type: "place", x: coin.x, y: coin.y });
        else { this.seat.fail(tr("table.illegalPlace")); this.coin.value = null; }
      }
      this.board.invalidate();
    };
    c.addEventListener("pointerup", up);
    c.addEventListener("pointercancel", () => { this.mode.value = "none"; this.grabbed = null; this.aim.value = null; this.board.invalidate(); });
    document.addEventListener("keydown", (e) => this.key(e));
  }

  private clampX(x: number): number {
    const g = this.cfg.geometry, lim = Math.abs(g.base_circles[0][1][0]) + g.base_circle_radius;
    return Math.max(-lim, Math.min(lim, x));
  }

  // showHint puts the coach's shot on the board as the aim: the striker
  // where the coach would place it, the direction and the power, the coin
  // and the pocket it aims at. The direction drawn is the unit vector of
  // the one sent, so that the guide line and the arrow are the stroke's.
  showHint(h: Hint): void {
    const st = this.seat.state();
    if (!st || st.to_act.need !== "strike") return;
    this.x.value = h.x;
    const coin = st.pieces.find((p) => p.id === h.target);
    this.aim.value = {
      dir: norm(onBoard(st.to_act.position, vec(h.dir[0], h.dir[1]))), power: h.power, exact: { dir: h.dir, speed: h.speed },
      mark: { coin: coin ? vec(coin.x, coin.y) : undefined, pocket: h.pocket ? vec(h.pocket[0], h.pocket[1]) : undefined },
    };
    this.board.invalidate();
  }

  startKeyAim(): void {
    const st = this.seat.state();
    if (!st) return;
    this.aim.value = { dir: onBoard(st.to_act.position, direction(90)), power: 0.5, angle: 90 };
    this.board.invalidate();
  }

  private key(e: KeyboardEvent): void {
    if (!forBoard(e)) return;
    if (e.key === "m" || e.key === "M") { this.seat.toggleMute(); return; }
    const st = this.seat.state();
    if (!st || !this.seat.mine()) return;
    const t = st.to_act, fine = e.shiftKey;
    let handled = true;
    if (t.need === "strike") {
      switch (e.key) {
        case "ArrowLeft": case "ArrowRight": {
          const step = (fine ? 0.001 : 0.005) * (e.key === "ArrowLeft" ? -1 : 1);
          this.x.value = this.clampX(this.x.value + step);
          break;
        }
        case "a": case "A": case "d": case "D":
          this.nudge((fine ? 0.5 : 2) * (e.key.toLowerCase() === "a" ? 1 : -1), 0);
          break;
        case "ArrowUp": case "ArrowDown":
          this.nudge(0, e.key === "ArrowUp" ? 0.05 : -0.05);
          break;
        case " ": case "Enter":
          if (this.aim.value) this.shoot(); else this.startKeyAim();
          break;
        case "Escape": this.cancel(); break;
        default: handled = false;
      }
    } else if (t.need === "place") {
      const hint = t.place_hint ? vec(t.place_hint[0], t.place_hint[1]) : this.tray(t.position);
      const p = this.coin.value ?? hint;
      const step = fine ? 0.001 : 0.005, view = this.board.r.viewPos;
      switch (e.key) {
        case "ArrowLeft": this.coin.value = add(p, scale(right(view), -step)); break;
        case "ArrowRight": this.coin.value = add(p, scale(right(view), step)); break;
        case "ArrowUp": this.coin.value = add(p, scale(forward(view), step)); break;
        case "ArrowDown": this.coin.value = add(p, scale(forward(view), -step)); break;
        case "Enter": case " ":
          if (this.placeLegal(st, p)) this.seat.send({ type: "place", x: p.x, y: p.y });
          else this.seat.fail(tr("table.illegalPlaceShort"));
          break;
        case "f": case "F": this.seat.send({ type: "forgo" }); break;
        case "Escape": this.coin.value = null; break;
        default: handled = false;
      }
    } else handled = false;
    if (handled) { e.preventDefault(); this.board.invalidate(); }
  }

  // nudge turns the aim by turn degrees (anticlockwise) and changes its
  // power by dp; with no aim yet, it starts one straight ahead.
  nudge(turn: number, dp: number): void {
    const st = this.seat.state();
    if (!st) return;
    if (!this.aim.value) this.startKeyAim();
    // A nudged aim is the player's own, no longer the coach's exact shot.
    const a: Aim = { ...this.aim.value!, exact: undefined, mark: undefined }, pos = st.to_act.position;
    if (turn) {
      // A pulled aim becomes the nearest half degree, then turns by whole steps.
      const from = a.angle ?? Math.round(Math.atan2(dot(a.dir, forward(pos)), dot(a.dir, right(pos))) * 360 / Math.PI) / 2;
      a.angle = (((from + turn) % 360) + 360) % 360;
      a.dir = onBoard(pos, direction(a.angle));
    }
    a.power = Math.max(0.02, Math.min(1, Math.round((a.power + dp) * 100) / 100));
    this.aim.value = a;
    this.board.invalidate();
  }

  private cancelled(): void {
    this.board.canvas.dataset.cancelled = String(++this.cancels);
  }

  cancel(): void {
    if (this.aim.value) this.cancelled();
    this.aim.value = null; this.mode.value = "none";
    this.board.invalidate();
  }

  // shoot sends the stroke: the direction in the shooter's own frame (x to
  // his right, y ahead), the power as a fraction of the hardest flick.
  shoot(): void {
    const st = this.seat.state(), a = this.aim.value, x = this.x.value;
    if (!st || !a) return;
    const t = st.to_act;
    if (!inRanges(x, t.striker_ranges ?? [])) {
      this.seat.fail(tr("table.strikerIllegal"));
      return;
    }
    const power = Math.max(0.01, a.power);
    this.aim.value = null;
    if (a.exact) this.seat.send({ type: "strike", x, dir: a.exact.dir, speed: a.exact.speed });
    else if (a.angle !== undefined) this.seat.send({ type: "strike", x, angle: a.angle, power });
    else this.seat.send({ type: "strike", x, dir: [dot(a.dir, right(t.position)), dot(a.dir, forward(t.position))], power });
    this.board.invalidate();
  }
}
