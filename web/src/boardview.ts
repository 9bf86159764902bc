// BoardView owns the canvas: it keeps the pieces at rest, plays strokes
// from their trajectories at the display's frame rate, and redraws only
// when something changed.
import type { Signal } from "@preact/signals";
import type { ClientConfig, Piece, TrajEvent, Trajectory } from "./protocol";
import { Renderer, type DrawPiece, type Overlay } from "./render";
import type { Sound } from "./sound";
import { Playback } from "./traj";
import { len, sub } from "./vec";

export class BoardView {
  readonly r: Renderer;
  pieces: Piece[] = [];
  // extra returns what the view around the board wants drawn on top: the
  // striker on its base line, the aim, a c/m being placed.
  extra: () => { pieces: DrawPiece[]; overlay: Overlay } = () => ({ pieces: [], overlay: {} });
  private play: { pb: Playback; start: number; done: () => void } | null = null;
  private dirty = true;
  speed = 1;

  // busy, when given, follows whether a stroke is playing; without a
  // sound the strokes play silently (the rules page's diagrams).
  constructor(readonly canvas: HTMLCanvasElement, readonly cfg: ClientConfig, private sound: Sound | null, private busy?: Signal<boolean>) {
    this.r = new Renderer(this.canvas, cfg.geometry);
    new ResizeObserver(() => this.invalidate()).observe(this.canvas);
    window.addEventListener("resize", () => this.invalidate());
    const frame = (now: number) => {
      this.frame(now);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  invalidate(): void { this.dirty = true; }

  get animating(): boolean { return this.play !== null; }

  // animate plays a stroke; it resolves once every disc has stopped.
  animate(traj: Trajectory): Promise<void> {
    this.finish();
    return new Promise((done) => {
      const pb = new Playback(traj, this.cfg.geometry.pockets, (e) => this.knock(e));
      this.play = { pb, start: performance.now(), done };
      this.canvas.dataset.busy = "1";
      if (this.busy) this.busy.value = true;
    });
  }

  // finish ends a playing stroke at once (the next one has arrived, or the
  // viewer skips).
  finish(): void {
    const p = this.play;
    if (!p) return;
    this.play = null;
    delete this.canvas.dataset.busy;
    if (this.busy) this.busy.value = false;
    this.invalidate();
    p.done();
  }

  private knock(e: TrajEvent): void {
    if (!this.sound) return;
    if (e.kind === "pocket") this.sound.drop();
    if (e.kind !== "contact" && e.kind !== "cushion") return;
    const v = e.b ? len(sub({ x: e.a.vx, y: e.a.vy }, { x: e.b.vx, y: e.b.vy })) : Math.hypot(e.a.vx, e.a.vy);
    this.sound.knock(v / 4, e.kind === "cushion");
  }

  private frame(now: number): void {
    if (this.r.resize()) this.dirty = true;
    let shown: DrawPiece[];
    if (this.play) {
      const t = ((now - this.play.start) / 1000) * this.speed;
      shown = this.play.pb.at(t);
      if (t >= this.play.pb.duration) {
        this.finish();
        return;
      }
    } else {
      if (!this.dirty) return;
      shown = this.pieces.slice();
    }
    this.dirty = false;
    const ex = this.play ? { pieces: [], overlay: {} } : this.extra();
    this.r.draw(shown.concat(ex.pieces), ex.overlay);
  }
}
