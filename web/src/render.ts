// Drawing the board on a Canvas 2D, to scale from the geometry the server
// sends, rotated so that the viewer's base line is at the bottom. The
// board itself only changes with the size or the rotation, so it is drawn
// once into an offscreen canvas and copied each frame.
import type { Geometry, Kind } from "./protocol";
import { add, norm, rot, scale, sub, vec, type Vec } from "./vec";

export interface DrawPiece { id: string; kind: Kind; x: number; y: number; scale?: number; alpha?: number; ghost?: boolean }

export interface Overlay {
  ranges?: { pos: number; ranges: [number, number][] };   // legal striker places to show
  // mark: the coin and the pocket the coach's shot aims at.
  aim?: { from: Vec; dir: Vec; power: number; hit: Vec; ghost: boolean; after?: { at: Vec; dir: Vec }; mark?: { coin?: Vec; pocket?: Vec } };
  pull?: { from: Vec; to: Vec };
  placing?: { pieces: DrawPiece[]; hint?: Vec };           // show where a c/m may go, and the suggested spot
  drag?: { at: Vec; kind: Kind; legal: boolean };
  clock?: { at: Vec; r: number; left: number };              // the shot clock, as a ring that empties
}

// Piece colours: face, rim, ring.
const FACES: Record<Kind, [string, string, string]> = {
  white: ["#f7eedb", "#cdbb94", "#d9c7a0"],
  black: ["#3a3632", "#141210", "#56504a"],
  queen: ["#d2343a", "#7d1418", "#ec6a6e"],
  striker: ["#f3f0e6", "#b9b2a0", "#2f5d8a"],
};

export class Renderer {
  readonly ctx: CanvasRenderingContext2D;
  // Rings on the pockets owned in buying the pockets, in their owners' colours.
  rings: { pocket: number; colour: string }[] = [];
  private base: HTMLCanvasElement = document.createElement("canvas");
  private px = 0;       // CSS pixels per side
  private dpr = 1;
  private view = 0;     // the position shown at the bottom
  private baseKey = "";

  constructor(readonly canvas: HTMLCanvasElement, readonly g: Geometry) {
    this.ctx = canvas.getContext("2d")!;
  }

  get extent(): number { return this.g.half + this.g.frame; }

  setView(pos: number): void { this.view = pos; }
  get viewPos(): number { return this.view; }

  // resize matches the backing store to the element's size and the screen's
  // pixel density, so lines stay crisp on high-DPI screens.
  resize(): boolean {
    const px = Math.max(1, Math.round(this.canvas.getBoundingClientRect().width));
    const dpr = window.devicePixelRatio || 1;
    if (px === this.px && dpr === this.dpr) return false;
    this.px = px; this.dpr = dpr;
    this.canvas.width = Math.round(px * dpr);
    this.canvas.height = Math.round(px * dpr);
    return true;
  }

  // toWorld maps a point in CSS pixels, relative to the canvas, to the board.
  toWorld(cx: number, cy: number): Vec {
    const k = this.px / (2 * this.extent);
    const v = vec((cx - this.px / 2) / k, -(cy - this.px / 2) / k);
    return rot(v, this.view);
  }

  // toCSS is the inverse of toWorld.
  toCSS(p: Vec): Vec {
    const v = rot(p, -this.view), k = this.px / (2 * this.extent);
    return vec(this.px / 2 + v.x * k, this.px / 2 - v.y * k);
  }

  // toWorldLen is a length in CSS pixels on the board.
  toWorldLen(px: number): number { return (px * 2 * this.extent) / this.px; }

  // pixels is a length on the board in CSS pixels.
  pixels(m: number): number { return (m * this.px) / (2 * this.extent); }

  private world(ctx: CanvasRenderingContext2D): void {
    const k = (this.px * this.dpr) / (2 * this.extent);
    const c = (this.px * this.dpr) / 2;
    ctx.setTransform(k, 0, 0, -k, c, c);
    ctx.rotate((-this.view * Math.PI) / 2);
  }

  draw(pieces: DrawPiece[], ov: Overlay): void {
    const ctx = this.ctx;
    const key = `${this.px}x${this.dpr}@${this.view}`;
    if (key !== this.baseKey) { this.drawBoard(); this.baseKey = key; }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.base, 0, 0);
    this.world(ctx);
    for (const ring of this.rings) {
      const [x, y] = this.g.pockets[ring.pocket];
      ctx.save();
      ctx.strokeStyle = ring.colour; ctx.lineWidth = 0.006;
      ctx.beginPath(); ctx.arc(x, y, this.g.pocket_radius + 0.004, 0, 2 * Math.PI); ctx.stroke();
      ctx.restore();
    }
    if (ov.placing) this.drawPlacing(ov.placing.pieces);
    if (ov.placing?.hint) {
      // The spot "Place at the marked spot" uses: a dashed ring and a dot.
      const at = ov.placing.hint;
      ctx.save();
      ctx.strokeStyle = "rgba(20,60,140,0.95)"; ctx.fillStyle = "rgba(20,60,140,0.95)";
      ctx.lineWidth = 0.0025; ctx.setLineDash([0.004, 0.003]);
      ctx.beginPath(); ctx.arc(at.x, at.y, this.g.coin_radius, 0, 2 * Math.PI); ctx.stroke();
      ctx.beginPath(); ctx.arc(at.x, at.y, 0.002, 0, 2 * Math.PI); ctx.fill();
      ctx.restore();
    }
    if (ov.ranges) this.drawRanges(ov.ranges.pos, ov.ranges.ranges);
    for (const p of pieces) this.drawPiece(p);
    if (ov.aim) this.drawAim(ov.aim);
    if (ov.clock) {
      const c = ov.clock, from = Math.PI / 2;
      ctx.save();
      ctx.lineWidth = 0.003; ctx.lineCap = "round";
      ctx.strokeStyle = c.left > 1 / 3 ? "rgba(40,120,60,0.85)" : "rgba(190,40,30,0.9)";
      ctx.beginPath(); ctx.arc(c.at.x, c.at.y, c.r, from, from + 2 * Math.PI * c.left); ctx.stroke();
      ctx.restore();
    }
    if (ov.pull) {
      ctx.save();
      ctx.strokeStyle = "rgba(40,25,10,0.55)"; ctx.lineWidth = 0.0025; ctx.setLineDash([0.006, 0.006]);
      ctx.beginPath(); ctx.moveTo(ov.pull.from.x, ov.pull.from.y); ctx.lineTo(ov.pull.to.x, ov.pull.to.y); ctx.stroke();
      ctx.restore();
    }
    if (ov.drag) {
      this.drawPiece({ id: "drag", kind: ov.drag.kind, x: ov.drag.at.x, y: ov.drag.at.y });
      ctx.save();
      ctx.strokeStyle = ov.drag.legal ? "rgba(30,140,60,0.95)" : "rgba(200,30,30,0.95)";
      ctx.lineWidth = 0.003;
      ctx.beginPath(); ctx.arc(ov.drag.at.x, ov.drag.at.y, this.g.coin_radius + 0.004, 0, 2 * Math.PI); ctx.stroke();
      ctx.restore();
    }
  }

  private drawBoard(): void {
    const g = this.g, E = this.extent, H = g.half;
    this.base.width = this.canvas.width; this.base.height = this.canvas.height;
    const ctx = this.base.getContext("2d")!;
    this.world(ctx);
    // Frame: four mitred planks of dark wood, grain along each plank.
    const plank = (q: number) => {
      ctx.save(); ctx.rotate((q * Math.PI) / 2);
      ctx.beginPath(); ctx.moveTo(-E, -E); ctx.lineTo(E, -E); ctx.lineTo(H, -H); ctx.lineTo(-H, -H); ctx.closePath();
      const grd = ctx.createLinearGradient(0, -E, 0, -H);
      grd.addColorStop(0, "#4a2a12"); grd.addColorStop(0.55, "#6e4220"); grd.addColorStop(1, "#3d220e");
      ctx.fillStyle = grd; ctx.fill(); ctx.clip();
      const rnd = seeded(17 + q);
      ctx.lineWidth = 0.0008;
      for (let i = 0; i < 26; i++) {
        const y = -E + rnd() * (E - H);
        ctx.strokeStyle = `rgba(20,8,0,${0.12 + 0.18 * rnd()})`;
        ctx.beginPath(); ctx.moveTo(-E, y);
        ctx.bezierCurveTo(-E / 3, y + (rnd() - 0.5) * 0.01, E / 3, y + (rnd() - 0.5) * 0.01, E, y + (rnd() - 0.5) * 0.006);
        ctx.stroke();
      }
      ctx.restore();
    };
    for (let q = 0; q < 4; q++) plank(q);
    // Playing surface: pale plywood with a faint grain and a soft edge shadow.
    const s = ctx.createRadialGradient(0, 0, 0.05, 0, 0, H * 1.45);
    s.addColorStop(0, "#f4ddb0"); s.addColorStop(1, "#ddb77c");
    ctx.fillStyle = s; ctx.fillRect(-H, -H, 2 * H, 2 * H);
    ctx.save();
    ctx.beginPath(); ctx.rect(-H, -H, 2 * H, 2 * H); ctx.clip();
    const rnd = seeded(5);
    ctx.lineWidth = 0.0006;
    for (let i = 0; i < 70; i++) {
      const x = -H + rnd() * 2 * H;
      ctx.strokeStyle = `rgba(150,95,40,${0.05 + 0.08 * rnd()})`;
      ctx.beginPath(); ctx.moveTo(x, -H);
      ctx.bezierCurveTo(x + (rnd() - 0.5) * 0.03, -H / 3, x + (rnd() - 0.5) * 0.03, H / 3, x + (rnd() - 0.5) * 0.02, H);
      ctx.stroke();
    }
    const edge = 0.012;
    for (let q = 0; q < 4; q++) {
      ctx.save(); ctx.rotate((q * Math.PI) / 2);
      const e = ctx.createLinearGradient(0, -H, 0, -H + edge);
      e.addColorStop(0, "rgba(60,30,5,0.35)"); e.addColorStop(1, "rgba(60,30,5,0)");
      ctx.fillStyle = e; ctx.fillRect(-H, -H, 2 * H, edge);
      ctx.restore();
    }
    ctx.restore();
    const ink = "#24170c", red = "#b3232a";
    // Base lines: the outer one thick, the inner one thin (RULES §1).
    ctx.strokeStyle = ink; ctx.lineCap = "butt";
    for (const [outer, inner] of g.baselines) {
      ctx.lineWidth = g.outer_line_width;
      line(ctx, outer[0], outer[1]);
      ctx.lineWidth = 0.0015;
      line(ctx, inner[0], inner[1]);
    }
    for (const pair of g.base_circles) for (const c of pair) {
      ctx.beginPath(); ctx.arc(c[0], c[1], g.base_circle_radius - 0.0006, 0, 2 * Math.PI);
      ctx.fillStyle = "#f1d7a6"; ctx.fill();
      ctx.lineWidth = 0.0012; ctx.strokeStyle = ink; ctx.stroke();
      ctx.beginPath(); ctx.arc(c[0], c[1], g.base_core_radius, 0, 2 * Math.PI); ctx.fillStyle = red; ctx.fill();
    }
    // Arrows on the diagonals, heads towards the pockets, and the small
    // arc that closes each at the centre end, as printed on ICF boards.
    for (const [inner, outer] of g.arrows) {
      ctx.lineWidth = 0.0014; ctx.strokeStyle = ink;
      line(ctx, inner, outer);
      const d = norm(sub(vec(outer[0], outer[1]), vec(inner[0], inner[1])));
      const n = vec(-d.y, d.x), tip = vec(outer[0], outer[1]), h = 0.012;
      const l = add(sub(tip, scale(d, h)), scale(n, h * 0.5)), r = sub(sub(tip, scale(d, h)), scale(n, h * 0.5));
      ctx.beginPath(); ctx.moveTo(l.x, l.y); ctx.lineTo(tip.x, tip.y); ctx.lineTo(r.x, r.y); ctx.stroke();
      const f = vec(inner[0], inner[1]), ar = 0.011;
      ctx.beginPath(); ctx.arc(f.x + d.x * ar, f.y + d.y * ar, ar, Math.atan2(-d.y, -d.x) - 2.2, Math.atan2(-d.y, -d.x) + 2.2); ctx.stroke();
    }
    // Centre and outer circles, with a ring of petals between them.
    ctx.lineWidth = 0.0016; ctx.strokeStyle = ink;
    ctx.beginPath(); ctx.arc(0, 0, g.outer_radius, 0, 2 * Math.PI); ctx.stroke();
    ctx.lineWidth = 0.0008;
    ctx.beginPath(); ctx.arc(0, 0, g.outer_radius - 0.004, 0, 2 * Math.PI); ctx.stroke();
    ctx.strokeStyle = "rgba(179,35,42,0.55)";
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4 + Math.PI / 8;
      const p = vec(Math.cos(a) * g.outer_radius * 0.55, Math.sin(a) * g.outer_radius * 0.55);
      ctx.beginPath(); ctx.ellipse(p.x, p.y, g.outer_radius * 0.3, g.outer_radius * 0.09, a, 0, 2 * Math.PI); ctx.stroke();
    }
    ctx.beginPath(); ctx.arc(0, 0, g.centre_radius + 0.003, 0, 2 * Math.PI); ctx.strokeStyle = ink; ctx.lineWidth = 0.001; ctx.stroke();
    ctx.beginPath(); ctx.arc(0, 0, g.centre_radius, 0, 2 * Math.PI); ctx.fillStyle = red; ctx.fill();
    // Pockets: holes with a net's darkness inside.
    for (const p of g.pockets) {
      const grd = ctx.createRadialGradient(p[0], p[1], 0, p[0], p[1], g.pocket_radius);
      grd.addColorStop(0, "#000"); grd.addColorStop(0.8, "#1a1008"); grd.addColorStop(1, "#3b2410");
      ctx.beginPath(); ctx.arc(p[0], p[1], g.pocket_radius, 0, 2 * Math.PI); ctx.fillStyle = grd; ctx.fill();
    }
  }

  drawPiece(p: DrawPiece): void {
    const ctx = this.ctx, r = (p.kind === "striker" ? this.g.striker_radius : this.g.coin_radius) * (p.scale ?? 1);
    const [face, rim, ring] = FACES[p.kind];
    ctx.save();
    ctx.globalAlpha = p.alpha ?? 1;
    if (p.ghost) {
      ctx.globalAlpha *= 0.45;
      ctx.filter = "grayscale(1)";
    }
    ctx.shadowColor = "rgba(0,0,0,0.35)";
    ctx.shadowBlur = this.pixels(0.004) * this.dpr;
    ctx.shadowOffsetX = this.pixels(0.0015) * this.dpr;
    ctx.shadowOffsetY = this.pixels(0.0015) * this.dpr;
    const grd = ctx.createRadialGradient(p.x - r * 0.3, p.y + r * 0.3, r * 0.1, p.x, p.y, r);
    grd.addColorStop(0, face); grd.addColorStop(1, rim);
    ctx.beginPath(); ctx.arc(p.x, p.y, r, 0, 2 * Math.PI); ctx.fillStyle = grd; ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.strokeStyle = ring;
    if (p.kind === "striker") {
      ctx.lineWidth = r * 0.12;
      ctx.beginPath(); ctx.arc(p.x, p.y, r * 0.72, 0, 2 * Math.PI); ctx.stroke();
      ctx.strokeStyle = "#b3232a"; ctx.lineWidth = r * 0.08;
      ctx.beginPath(); ctx.arc(p.x, p.y, r * 0.42, 0, 2 * Math.PI); ctx.stroke();
    } else {
      ctx.lineWidth = r * 0.07;
      ctx.beginPath(); ctx.arc(p.x, p.y, r * 0.78, 0, 2 * Math.PI); ctx.stroke();
      ctx.beginPath(); ctx.arc(p.x, p.y, r * 0.45, 0, 2 * Math.PI); ctx.stroke();
    }
    ctx.restore();
  }

  private drawRanges(pos: number, ranges: [number, number][]): void {
    const ctx = this.ctx, g = this.g;
    ctx.save();
    ctx.rotate((pos * Math.PI) / 2);
    const y = -g.midline, w = g.base_circle_radius * 2 - 0.004;
    // Illegal: dark and hatched; legal: pale and plain, with a green edge.
    // They differ by brightness and pattern, not by hue alone.
    const ext = Math.abs(g.base_circles[0][1][0]) + g.striker_radius;
    ctx.fillStyle = "rgba(55,35,15,0.55)";
    ctx.fillRect(-ext, y - w / 2, 2 * ext, w);
    ctx.save();
    ctx.beginPath(); ctx.rect(-ext, y - w / 2, 2 * ext, w); ctx.clip();
    ctx.strokeStyle = "rgba(20,10,0,0.7)"; ctx.lineWidth = 0.0015;
    for (let x = -ext - w; x < ext; x += 0.006) { ctx.beginPath(); ctx.moveTo(x, y + w / 2); ctx.lineTo(x + w, y - w / 2); ctx.stroke(); }
    ctx.restore();
    for (const [lo, hi] of ranges) {
      const wd = Math.max(hi - lo, 0.0015);
      ctx.fillStyle = "#fbf5e6"; ctx.fillRect(lo, y - w / 2, wd, w);
      ctx.strokeStyle = "rgb(30,120,50)"; ctx.lineWidth = 0.0015; ctx.strokeRect(lo, y - w / 2, wd, w);
    }
    ctx.restore();
  }

  private drawPlacing(pieces: DrawPiece[]): void {
    const ctx = this.ctx, g = this.g;
    ctx.save();
    ctx.fillStyle = "rgba(40,160,70,0.22)";
    ctx.beginPath(); ctx.arc(0, 0, g.outer_radius - g.coin_radius, 0, 2 * Math.PI); ctx.fill();
    // Red marks only the places inside the green that a c/m may not take:
    // the centre circle and the room around a piece there, in one tint;
    // a piece away from the circle is no matter and is left alone.
    ctx.clip();
    ctx.fillStyle = "rgba(200,40,40,0.30)";
    ctx.beginPath(); ctx.arc(0, 0, g.centre_radius + g.coin_radius, 0, 2 * Math.PI);
    for (const p of pieces) {
      const r = (p.kind === "striker" ? g.striker_radius : g.coin_radius) + g.coin_radius;
      ctx.moveTo(p.x + r, p.y); ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
    }
    ctx.fill();
    ctx.restore();
  }

  private drawAim(a: NonNullable<Overlay["aim"]>): void {
    const ctx = this.ctx, g = this.g;
    ctx.save();
    ctx.lineCap = "round";
    ctx.strokeStyle = "rgba(255,255,255,0.85)"; ctx.lineWidth = 0.0022; ctx.setLineDash([0.008, 0.006]);
    const edge = add(a.from, scale(a.dir, g.striker_radius));
    ctx.beginPath(); ctx.moveTo(edge.x, edge.y); ctx.lineTo(a.hit.x, a.hit.y); ctx.stroke();
    ctx.setLineDash([]);
    ctx.strokeStyle = "rgba(255,255,255,0.8)"; ctx.lineWidth = 0.0015;
    ctx.beginPath(); ctx.arc(a.hit.x, a.hit.y, g.striker_radius, 0, 2 * Math.PI); ctx.stroke();
    if (a.after) {
      ctx.strokeStyle = "rgba(255,230,120,0.9)"; ctx.lineWidth = 0.002;
      const e = add(a.after.at, scale(a.after.dir, 0.07));
      ctx.beginPath(); ctx.moveTo(a.after.at.x, a.after.at.y); ctx.lineTo(e.x, e.y); ctx.stroke();
    }
    // The coach's target: a ring round the coin and one in the pocket.
    if (a.mark) {
      ctx.strokeStyle = "rgba(255,230,120,0.95)"; ctx.lineWidth = 0.003;
      for (const [at, r] of [[a.mark.coin, g.coin_radius + 0.005], [a.mark.pocket, g.pocket_radius * 0.8]] as const) {
        if (!at) continue;
        ctx.beginPath(); ctx.arc(at.x, at.y, r, 0, 2 * Math.PI); ctx.stroke();
      }
    }
    // The power arrow from the striker's edge: longer and redder with power.
    const start = add(a.from, scale(a.dir, g.striker_radius));
    const tip = add(start, scale(a.dir, 0.02 + 0.12 * a.power));
    // Dark enough to read on the pale wood (contrast 3:1 or more), over a
    // darker outline.
    const n = vec(-a.dir.y, a.dir.x);
    const head = () => {
      ctx.beginPath();
      ctx.moveTo(tip.x + a.dir.x * 0.01, tip.y + a.dir.y * 0.01);
      ctx.lineTo(tip.x + n.x * 0.007, tip.y + n.y * 0.007); ctx.lineTo(tip.x - n.x * 0.007, tip.y - n.y * 0.007);
      ctx.closePath();
    };
    ctx.strokeStyle = "#1b0f05"; ctx.lineWidth = 0.008; ctx.lineJoin = "round";
    ctx.beginPath(); ctx.moveTo(start.x, start.y); ctx.lineTo(tip.x, tip.y); ctx.stroke();
    head(); ctx.stroke();
    ctx.strokeStyle = powerColour(a.power); ctx.lineWidth = 0.0045;
    ctx.beginPath(); ctx.moveTo(start.x, start.y); ctx.lineTo(tip.x, tip.y); ctx.stroke();
    head(); ctx.fillStyle = ctx.strokeStyle; ctx.fill();
    ctx.restore();
  }
}

function line(ctx: CanvasRenderingContext2D, a: [number, number], b: [number, number]): void {
  ctx.beginPath(); ctx.moveTo(a[0], a[1]); ctx.lineTo(b[0], b[1]); ctx.stroke();
}

// seeded is a small deterministic generator, so the wood grain is the same
// on every redraw and every screen.
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// powerColour is the power arrow's colour: green for a soft stroke to red
// for the hardest, dark enough (lightness 25 %) for 3:1 on the wood.
export function powerColour(power: number): string {
  return `hsl(${Math.round(120 - 120 * Math.min(1, Math.max(0, power)))}, 80%, 25%)`;
}
