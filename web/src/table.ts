// A table in play: the WebSocket to the server, the board, aiming and
// placing for the seats this browser holds, and the panel around it.
import { BoardView } from "./boardview";
import { h, Panel, seatName, colourOf } from "./panel";
import type { ClientConfig, GameState, Replay, ServerMsg, TableInfo } from "./protocol";
import { api } from "./protocol";
import type { DrawPiece, Overlay } from "./render";
import type { Sound } from "./sound";
import {
  add, alongBaseline, direction, dot, forward, inRanges, len, nearestLegal, norm, onBoard, rayCircle, right, scale, strikerAt, sub, vec, type Vec,
} from "./vec";

// How far back a full-power pull goes, metres on the board.
const FULL_PULL = 0.16;

type Mode = "none" | "slide" | "pull" | "drag";

export class TableView {
  private ws: WebSocket | null = null;
  private seq = 0;
  private held: number[] = [];
  private st: GameState | null = null;
  private queue: ServerMsg[] = [];
  private draining = false;
  private pending = false;      // an intent was sent and awaits its answer
  private asked = new Set<number>(); // seats asked for on this connection
  private ended = false;               // the table is not in play: nothing to update

  private x = 0;                // the striker's place along the base line
  // aim: the direction on the board and the power; angle, in degrees in
  // the shooter's frame, when the keys set it (then the stroke is sent as
  // that angle, which the server turns into the same direction).
  private aim: { dir: Vec; power: number; angle?: number } | null = null;
  private mode: Mode = "none";
  private coin: Vec | null = null; // a c/m being placed, while dragged
  // Aims given up without a stroke, shown as the board's data-cancelled:
  // the signal that a cancel was handled and nothing was sent.
  private cancels = 0;

  private board: BoardView;
  private panel = new Panel();
  private status = h("div", { class: "status", id: "status" });
  private error = h("div", { class: "error", id: "error" });
  private controls = h("div", { class: "controls" });
  private links = h("div", { class: "links" });

  constructor(root: HTMLElement, private cfg: ClientConfig, private id: string, private want: number[], private sound: Sound) {
    const wrap = h("div", { class: "boardwrap" });
    const left = h("div", {}, wrap, this.status, this.controls, this.error);
    const concede = h("details", {}, h("summary", {}, "Concede"),
      ...(["board", "game", "match"] as const).map((w) => {
        const b = h("button", { class: "secondary", type: "button" }, `the ${w}`);
        b.addEventListener("click", () => { if (confirm(`Concede the ${w}?`)) this.send({ type: "concede", what: w }); });
        return b;
      }));
    const help = h("p", { class: "help" },
      "Drag along your base line to place the striker; press on the striker and pull back to aim and set the power; release to shoot, or bring it back onto the striker to cancel. Keys: ",
      h("kbd", {}, "←"), h("kbd", {}, "→"), " place, ", h("kbd", {}, "A"), h("kbd", {}, "D"), " aim, ",
      h("kbd", {}, "↑"), h("kbd", {}, "↓"), " power, ", h("kbd", {}, "Space"), " shoot, ", h("kbd", {}, "Esc"), " cancel, ",
      h("kbd", {}, "M"), " sound.");
    this.panel.el.prepend(this.links);
    this.panel.el.append(concede, help);
    root.replaceChildren(h("div", { class: "play" }, left, this.panel.el));
    this.board = new BoardView(wrap, cfg, sound);
    this.board.extra = () => this.extra();
    this.bindInput();
    this.loadHistory();
    this.connect();
    setInterval(() => this.showStatus(), 250);
  }

  // loadHistory fills the move list with what happened before this page
  // was opened (after a reload, or when joining late).
  private async loadHistory(): Promise<void> {
    try {
      const r = await api<Replay>("GET", `/api/matches/${this.id}/replay`);
      if (r.start) this.panel.note(r.start.seq, r.start.state);
      const past = r.events.filter((ev) => ev.seq <= this.seq || this.seq === 0);
      for (const ev of past) this.panel.add(ev, undefined, true);
      if (past.length && !this.draining) this.panel.show(past[past.length - 1]);
    } catch {
      // The history is a convenience; the table plays on without it.
    }
  }

  private connect(): void {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${this.id}?since=${this.seq}`);
    this.ws = ws;
    this.asked.clear();
    ws.onmessage = (e) => this.receive(JSON.parse(e.data) as ServerMsg);
    let welcomed = false;
    ws.addEventListener("message", () => { welcomed = true; }, { once: true });
    ws.onclose = async () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.pending = false;
      this.status.textContent = "Connection lost; reconnecting…";
      // Refused at once: the table may be unknown, or over and closed.
      if (!welcomed && (await this.gone())) return;
      setTimeout(() => this.connect(), 1000);
    };
  }

  // gone reports (and shows) whether the table is no longer in play.
  private async gone(): Promise<boolean> {
    let info: { table: TableInfo; state?: unknown };
    try {
      info = await api("GET", `/api/tables/${this.id}`);
    } catch (e) {
      if (e instanceof Error && /not found|no such/i.test(e.message)) {
        this.ended = true;
        this.status.textContent = "There is no such table.";
        return true;
      }
      return false;
    }
    if (info.state || !info.table.finished) return false;
    this.ended = true;
    this.status.replaceChildren("This match is over: ", h("a", { href: `/replay/${this.id}` }, "replay it"), ".");
    return true;
  }

  private send(m: Record<string, unknown>): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) { this.error.textContent = "Not connected."; return; }
    this.error.textContent = "";
    this.ws.send(JSON.stringify({ v: 1, ...m }));
    if (m.type !== "sit" && m.type !== "ping") this.pending = true;
  }

  private receive(m: ServerMsg): void {
    switch (m.type) {
      case "welcome": {
        this.held = m.seats;
        // One browser at several seats is hot-seat play: the server names
        // the players "Player 1", "Player 2", … rather than all alike.
        const name = this.want.length === 1 ? localStorage.getItem("carrom-nickname") || undefined : undefined;
        for (const s of this.want) {
          if (!this.held.includes(s) && !this.asked.has(s)) {
            this.asked.add(s);
            this.send({ type: "sit", seat: s, nickname: name });
          }
        }
        this.refresh();
        return;
      }
      case "error":
        this.pending = false;
        this.error.textContent = m.error.replace(/^server: /, "");
        this.refresh();
        return;
      case "pong":
        return;
    }
    this.queue.push(m);
    this.drain();
  }

  // drain applies the queued table messages in order, playing each stroke
  // before the state that follows it.
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    while (this.queue.length) {
      const m = this.queue.shift()!;
      if (m.type === "event") {
        if (m.seq <= this.seq) continue;
        this.pending = false;
        const traj = m.outcome.trajectory;
        if (traj && this.st) {
          this.aim = null; this.mode = "none";
          this.showStatus();
          await this.board.animate(traj);
        }
        this.panel.add(m);
        this.apply(m.seq, m.state);
      } else if (m.type === "state") {
        if (m.seq < this.seq) continue;
        this.apply(m.seq, m.state);
      }
    }
    this.draining = false;
  }

  private apply(seq: number, st: GameState): void {
    const turnChanged = !this.st || seq !== this.seq;
    this.seq = seq;
    this.st = st;
    this.panel.note(seq, st);
    this.board.canvas.dataset.seq = String(seq);
    this.board.pieces = st.pieces;
    if (turnChanged) {
      this.aim = null; this.coin = null;
      const r = st.to_act.striker_ranges ?? [];
      if (r.length && !inRanges(this.x, r)) this.x = nearestLegal(0, r);
    }
    this.refresh();
  }

  private get mine(): boolean {
    const st = this.st;
    return !!st && st.started && !st.over && this.held.includes(st.to_act.seat) && !this.board.animating && !this.pending;
  }

  private refresh(): void {
    const st = this.st;
    if (!st) return;
    // The viewer's own base line is at the bottom; a browser holding several
    // seats (hot-seat) turns the board to whichever of them is to act.
    let view = 0;
    if (this.held.includes(st.to_act.seat)) view = st.to_act.position;
    else if (this.held.length) view = st.seats[this.held[0]].position;
    this.board.r.setView(view);
    this.board.canvas.dataset.view = String(view);
    this.panel.update(st, this.held);
    this.showLinks(st);
    this.showControls(st);
    this.showStatus();
    this.board.invalidate();
  }

  private showLinks(st: GameState): void {
    const free = st.seats.filter((s) => s.kind === "human" && !s.taken);
    if (!free.length) { this.links.replaceChildren(); return; }
    this.links.replaceChildren(h("h3", {}, "Invite players"), ...free.map((s) => {
      const url = `${location.origin}/t/${st.table}?seat=${s.seat}`;
      const input = h("input", { readonly: "", value: url, "data-seat": String(s.seat) });
      input.addEventListener("focus", () => input.select());
      return h("label", {}, `Seat ${s.seat + 1} (side ${s.side + 1})`, input);
    }));
  }

  private showControls(st: GameState): void {
    const b: HTMLButtonElement[] = [];
    if (this.mine && st.to_act.need === "place") {
      const hint = st.to_act.place_hint;
      if (hint) {
        const p = h("button", { type: "button", id: "place-hint" }, "Place at the marked spot");
        p.addEventListener("click", () => this.send({ type: "place", x: hint[0], y: hint[1] }));
        b.push(p);
      }
      const f = h("button", { type: "button", class: "secondary", id: "forgo" }, "Forgo");
      f.addEventListener("click", () => this.send({ type: "forgo" }));
      b.push(f);
    }
    if (this.mine && st.to_act.need === "strike") {
      const s = h("button", { type: "button", id: "shoot" }, this.aim ? "Shoot" : "Aim with keys");
      s.addEventListener("click", () => { if (this.aim) this.shoot(); else this.startKeyAim(); });
      b.push(s);
      if (this.aim) {
        const c = h("button", { type: "button", class: "secondary" }, "Cancel");
        c.addEventListener("click", () => this.cancel());
        b.push(c);
      }
    }
    this.controls.replaceChildren(...b);
  }

  private showStatus(): void {
    if (this.ended) return;
    const st = this.st;
    if (!st) { this.status.textContent = "Connecting…"; return; }
    const t = st.to_act, who = seatName(st.seats[t.seat]);
    let text: string;
    if (st.over) {
      const w = st.match.match_winner;
      text = w === null ? "The match is over." : `Match over: ${st.seats.filter((s) => s.side === w).map(seatName).join(" & ")} won.`;
    } else if (!st.started) {
      text = "Waiting for the players to take their seats…";
    } else if (this.board.animating) {
      text = "…";
    } else if (this.mine) {
      const many = this.held.length > 1 ? `${who}: ` : "";
      text = t.need === "place"
        ? `${many}Place a ${t.colour} c/m: drag it into the outer circle (green), or forgo.`
        : `${many}Your stroke: place the striker, then pull back from it to aim.`;
    } else {
      const s = st.seats[t.seat];
      text = t.need === "place" ? `${who} places a c/m…` : s.kind === "computer" ? `${who} is thinking…` : `${who} to play (${colourOf(st, s.side)}).`;
    }
    if (t.deadline && !st.over && st.started) {
      const left = Math.max(0, Math.ceil((t.deadline - Date.now()) / 1000));
      text += ` (${left} s left)`;
      this.status.classList.toggle("low", left <= 5);
    }
    if (t.deadline) this.board.invalidate(); // the clock's ring empties
    if (st.over) this.status.replaceChildren(text + " ", h("a", { href: `/replay/${this.id}` }, "Replay it."));
    else this.status.textContent = text;
  }

  // What to draw over the pieces: the striker waiting on its base line,
  // the legal places, the aim and its guide line, a c/m being placed.
  private extra(): { pieces: DrawPiece[]; overlay: Overlay } {
    // What the viewer may grab, in CSS pixels on the canvas, for tests and
    // assistive tools; set again below while it is there.
    delete this.board.canvas.dataset.striker;
    delete this.board.canvas.dataset.coin;
    const st = this.st, g = this.cfg.geometry;
    if (!st || st.over || !st.started) return { pieces: [], overlay: {} };
    const t = st.to_act;
    if (t.need === "strike") {
      const mine = this.mine;
      const ranges = t.striker_ranges ?? [];
      // The striker stays where this browser put it while its stroke is on its way.
      const x = this.held.includes(t.seat) ? this.x : nearestLegal(0, ranges);
      const at = strikerAt(g, t.position, x);
      const legal = inRanges(x, ranges);
      const overlay: Overlay = {};
      if (mine) {
        overlay.ranges = { pos: t.position, ranges };
        this.board.canvas.dataset.striker = this.cssAt(at);
        if (this.aim) overlay.aim = { from: at, dir: this.aim.dir, power: this.aim.power, ghost: !legal, ...this.guide(at, this.aim.dir) };
      }
      if (this.mode === "pull" && this.pointer) overlay.pull = { from: at, to: this.pointer };
      overlay.clock = this.clock(at, g.striker_radius + 0.005);
      return { pieces: [{ id: "s", kind: "striker", x: at.x, y: at.y, ghost: mine && !legal }], overlay };
    }
    if (t.need === "place" && this.mine) {
      const at = this.coin ?? this.tray(t.position);
      this.board.canvas.dataset.coin = this.cssAt(at);
      return {
        pieces: [],
        overlay: {
          placing: { pieces: st.pieces }, drag: { at, kind: t.colour ?? "white", legal: this.placeLegal(at) },
          clock: this.clock(at, g.coin_radius + 0.008),
        },
      };
    }
    return { pieces: [], overlay: {} };
  }

  // clock is the shot clock's ring around what the player to act holds.
  private clock(at: Vec, r: number): Overlay["clock"] {
    const st = this.st;
    if (!st || !st.to_act.deadline || !st.config.clock) return undefined;
    const left = Math.max(0, Math.min(1, (st.to_act.deadline - Date.now()) / (st.config.clock * 1000)));
    return { at, r, left };
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
  private placeLegal(p: Vec): boolean {
    const g = this.cfg.geometry, r = g.coin_radius, d = len(p);
    if (d + r > g.outer_radius || d < g.centre_radius + r) return false;
    return (this.st?.pieces ?? []).every((q) => len(sub(p, vec(q.x, q.y))) >= r + (q.kind === "striker" ? g.striker_radius : r));
  }

  // guide follows the striker's path to the first piece or cushion it meets.
  private guide(from: Vec, dir: Vec): { hit: Vec; after?: { at: Vec; dir: Vec } } {
    const g = this.cfg.geometry, R = g.striker_radius;
    let best = Infinity, hitPiece: Vec | null = null;
    for (const p of this.st?.pieces ?? []) {
      const c = vec(p.x, p.y);
      const d = rayCircle(from, dir, c, R + g.coin_radius);
      if (d < best) { best = d; hitPiece = c; }
    }
    const wall = g.half - R;
    for (const [comp, lim] of [[dir.x, wall], [dir.y, wall]] as const) {
      if (comp === 0) continue;
      const pos = comp === dir.x ? from.x : from.y;
      const d = ((comp > 0 ? lim : -lim) - pos) / comp;
      if (d >= 0 && d < best) { best = d; hitPiece = null; }
    }
    const hit = add(from, scale(dir, best));
    if (hitPiece) return { hit, after: { at: hitPiece, dir: norm(sub(hitPiece, hit)) } };
    return { hit };
  }

  private pointer: Vec | null = null;

  private bindInput(): void {
    const c = this.board.canvas;
    const at = (e: PointerEvent) => {
      const b = c.getBoundingClientRect();
      return this.board.r.toWorld(e.clientX - b.left, e.clientY - b.top);
    };
    c.addEventListener("pointerdown", (e) => {
      const st = this.st;
      if (!st || !this.mine) return;
      const w = at(e), g = this.cfg.geometry, t = st.to_act;
      if (t.need === "place") {
        const coin = this.coin ?? this.tray(t.position);
        if (len(sub(w, coin)) < Math.max(g.coin_radius * 2, this.board.r.toWorldLen(24))) {
          this.mode = "drag"; this.coin = w;
        }
      } else if (t.need === "strike") {
        const s = strikerAt(g, t.position, this.x);
        const along = alongBaseline(g, t.position, w);
        if (len(sub(w, s)) < Math.max(g.striker_radius * 1.6, this.board.r.toWorldLen(22))) {
          this.mode = "pull";
        } else if (Math.abs(along.off) < 0.04 && Math.abs(along.x) < 0.26) {
          this.mode = "slide"; this.aim = null; this.x = this.clampX(along.x);
        } else return;
      }
      this.pointer = w;
      c.setPointerCapture(e.pointerId);
      e.preventDefault();
      this.board.invalidate();
    });
    c.addEventListener("pointermove", (e) => {
      if (this.mode === "none" || !this.st) return;
      const w = at(e), g = this.cfg.geometry, t = this.st.to_act;
      this.pointer = w;
      if (this.mode === "slide") this.x = this.clampX(alongBaseline(g, t.position, w).x);
      else if (this.mode === "drag") this.coin = w;
      else if (this.mode === "pull") {
        const s = strikerAt(g, t.position, this.x), back = sub(s, w), d = len(back);
        this.aim = d < g.striker_radius ? null : { dir: norm(back), power: Math.min(1, (d - g.striker_radius) / FULL_PULL) };
        this.showControls(this.st);
      }
      this.board.invalidate();
    });
    const up = () => {
      const mode = this.mode;
      this.mode = "none";
      this.pointer = null;
      const st = this.st;
      if (!st) return;
      const r = st.to_act.striker_ranges ?? [];
      if (mode === "slide" && !inRanges(this.x, r)) this.x = nearestLegal(this.x, r);
      if (mode === "pull") {
        if (this.aim) this.shoot(); else this.cancelled();
      }
      if (mode === "drag" && this.coin) {
        if (this.placeLegal(this.coin)) this.send({ type: "place", x: this.coin.x, y: this.coin.y });
        else { this.error.textContent = "Not a legal place: wholly inside the outer circle, clear of the centre circle and every piece (PL-1, PL-5)."; this.coin = null; }
      }
      this.board.invalidate();
    };
    c.addEventListener("pointerup", up);
    c.addEventListener("pointercancel", () => { this.mode = "none"; this.aim = null; this.board.invalidate(); });
    document.addEventListener("keydown", (e) => this.key(e));
  }

  private clampX(x: number): number {
    const g = this.cfg.geometry, lim = Math.abs(g.base_circles[0][1][0]) + g.base_circle_radius;
    return Math.max(-lim, Math.min(lim, x));
  }

  private startKeyAim(): void {
    if (!this.st) return;
    this.aim = { dir: onBoard(this.st.to_act.position, direction(90)), power: 0.5, angle: 90 };
    this.showControls(this.st);
    this.board.invalidate();
  }

  private key(e: KeyboardEvent): void {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "m" || e.key === "M") { toggleMute(this.sound); return; }
    const st = this.st;
    if (!st || !this.mine) return;
    const t = st.to_act, fine = e.shiftKey;
    let handled = true;
    if (t.need === "strike") {
      switch (e.key) {
        case "ArrowLeft": case "ArrowRight": {
          const step = (fine ? 0.001 : 0.005) * (e.key === "ArrowLeft" ? -1 : 1);
          this.x = this.clampX(this.x + step);
          break;
        }
        case "a": case "A": case "d": case "D": {
          if (!this.aim) this.startKeyAim();
          const a = this.aim!, pos = t.position, step = (fine ? 0.5 : 2) * (e.key.toLowerCase() === "a" ? 1 : -1);
          // A pulled aim becomes the nearest half degree, then turns by whole steps.
          const from = a.angle ?? Math.round(Math.atan2(dot(a.dir, forward(pos)), dot(a.dir, right(pos))) * 360 / Math.PI) / 2;
          a.angle = (((from + step) % 360) + 360) % 360;
          a.dir = onBoard(pos, direction(a.angle));
          break;
        }
        case "ArrowUp": case "ArrowDown":
          if (!this.aim) this.startKeyAim();
          this.aim!.power = Math.max(0.02, Math.min(1, this.aim!.power + (e.key === "ArrowUp" ? 0.05 : -0.05)));
          break;
        case " ": case "Enter":
          if (this.aim) this.shoot(); else this.startKeyAim();
          break;
        case "Escape": this.cancel(); break;
        default: handled = false;
      }
    } else if (t.need === "place") {
      const hint = t.place_hint ? vec(t.place_hint[0], t.place_hint[1]) : this.tray(t.position);
      const p = this.coin ?? hint;
      const step = fine ? 0.001 : 0.005, view = this.board.r.viewPos;
      switch (e.key) {
        case "ArrowLeft": this.coin = add(p, scale(right(view), -step)); break;
        case "ArrowRight": this.coin = add(p, scale(right(view), step)); break;
        case "ArrowUp": this.coin = add(p, scale(forward(view), step)); break;
        case "ArrowDown": this.coin = add(p, scale(forward(view), -step)); break;
        case "Enter": case " ":
          if (this.placeLegal(p)) this.send({ type: "place", x: p.x, y: p.y });
          else this.error.textContent = "Not a legal place (PL-1, PL-5).";
          break;
        case "f": case "F": this.send({ type: "forgo" }); break;
        case "Escape": this.coin = null; break;
        default: handled = false;
      }
    } else handled = false;
    if (handled) { e.preventDefault(); this.board.invalidate(); }
  }

  private cancelled(): void {
    this.board.canvas.dataset.cancelled = String(++this.cancels);
  }

  private cancel(): void {
    if (this.aim) this.cancelled();
    this.aim = null; this.mode = "none";
    if (this.st) this.showControls(this.st);
    this.board.invalidate();
  }

  // shoot sends the stroke: the direction in the shooter's own frame (x to
  // his right, y ahead), the power as a fraction of the hardest flick.
  private shoot(): void {
    const st = this.st, a = this.aim;
    if (!st || !a) return;
    const t = st.to_act;
    if (!inRanges(this.x, t.striker_ranges ?? [])) {
      this.error.textContent = "The striker is not on a legal place (ST-2, ST-3): slide it to the green part of the base line.";
      return;
    }
    const power = Math.max(0.01, a.power);
    this.aim = null;
    if (a.angle !== undefined) this.send({ type: "strike", x: this.x, angle: a.angle, power });
    else this.send({ type: "strike", x: this.x, dir: [dot(a.dir, right(t.position)), dot(a.dir, forward(t.position))], power });
    this.board.invalidate();
  }
}


export function toggleMute(sound: Sound): void {
  const muted = sound.toggle();
  const b = document.getElementById("mute");
  if (b) b.textContent = muted ? "sound off" : "sound on";
}
