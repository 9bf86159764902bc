// Practice: any position, set by pasting a position string or by moving
// the pieces by hand, played from again and again with undo, with the
// coach's hint. The server keeps nothing (POST /api/practice): the page
// holds the positions, and undo goes back to the one before. The solo
// clearance is a timed challenge here, its best score kept by the browser.
import { signal } from "@preact/signals";
import { useEffect, useMemo, useRef } from "preact/hooks";
import type { App } from "./app";
import { BoardCanvas } from "./boardcanvas";
import { BoardView } from "./boardview";
import { hintWords } from "./coach";
import { Input } from "./input";
import { toggleMute } from "./mute";
import { MoveLog, Ruling } from "./panel";
import { api } from "./api";
import type { ClientMsg, GameState, Hint, Practiced } from "./protocol";
import { HintLine } from "./table";
import { num, wholePercent } from "./format";
import { t as tr } from "./i18n";
import { len, sub, vec, type Vec } from "./vec";

interface Step { position: string; state: GameState }

// A solo clearance against the clock: when it began (performance.now()),
// its strokes, and how long it took once cleared.
interface Solo { start: number; strokes: number; took?: number }
// The best clearance this browser has made: the fastest, with its strokes.
interface Best { ms: number; strokes: number }

const BEST_KEY = "carrom-solo-best";

function loadBest(): Best | null {
  try {
    const b = JSON.parse(localStorage.getItem(BEST_KEY) ?? "null") as Best | null;
    return b && Number.isFinite(b.ms) && Number.isFinite(b.strokes) ? b : null;
  } catch {
    return null;
  }
}

// seconds writes a duration as the clock shows it: "83.4 s".
export const seconds = (ms: number) => tr("practice.seconds", { S: num(ms / 1000, 1) });

// bold writes text with name in bold where its placeholder was filled with a NUL.
const bold = (text: string, name: string) => text.split("\u0000").flatMap((part, i) => i ? [<b>{name}</b>, part] : [part]);

class Practice {
  readonly step = signal<Step | null>(null);
  readonly undo = signal<Step[]>([]);
  readonly error = signal("");
  readonly busy = signal(false);          // a stroke is playing
  readonly waiting = signal(false);       // a request is on its way
  readonly editing = signal(false);       // the pieces move by hand
  readonly hint = signal<{ words: string; h: Hint } | null>(null);
  readonly solo = signal<Solo | null>(null);
  readonly now = signal(0);               // the clock's last tick, while a clearance runs
  readonly best = signal<Best | null>(loadBest());
  private tick = 0;
  readonly log = new MoveLog(true);
  board!: BoardView;
  input!: Input;
  private strokes = 0;
  private moving: { id: string; kind: string; at: Vec } | null = null;

  constructor(private app: App) {}

  start(canvas: HTMLCanvasElement): void {
    // Once: under the page's synchronous renders the first request's
    // "waiting" re-renders the screen while its effect is still pending,
    // and Preact runs the pending effect again; a second start would bind
    // the canvas twice and send every stroke and drag twice.
    if (this.board) return;
    this.board = new BoardView(canvas, this.app.cfg, this.app.sound, this.busy);
    this.input = new Input(this.board, this.app.cfg, {
      state: () => this.step.peek()?.state ?? null,
      mine: () => !this.busy.peek() && !this.waiting.peek() && !this.editing.peek(),
      held: () => { const st = this.step.peek()?.state; return st ? [st.to_act.seat] : []; },
      send: (m) => void this.play(m),
      fail: (msg) => { this.error.value = msg; },
      toggleMute: () => toggleMute(this.app.sound),
      remote: () => null,
    });
    this.board.extra = () => {
      const ex = this.input.extra();
      if (this.moving) ex.pieces.push({ id: this.moving.id, kind: this.moving.kind as "white", x: this.moving.at.x, y: this.moving.at.y });
      return ex;
    };
    this.bindEdit(canvas);
    void this.ask({ position: "" }, false);
  }

  private show(s: Step): void {
    this.step.value = s;
    this.hint.value = null;
    this.input.reset(s.state);
    // The player plays every seat: the one to act sits at the bottom.
    this.board.r.setView(s.state.to_act.position);
    this.board.pieces = s.state.pieces;
    this.board.canvas.dataset.position = s.position;
    this.board.invalidate();
  }

  // ask sends a practice request; keep puts the position left on the undo list.
  private async ask(body: object, keep: boolean): Promise<Practiced | null> {
    this.waiting.value = true;
    this.error.value = "";
    try {
      const r = await api<Practiced>("POST", "/api/practice", body);
      const before = this.step.peek();
      if (r.event?.outcome.trajectory && before) {
        this.input.drop();
        await this.board.animate(r.event.outcome.trajectory);
      }
      if (r.event) {
        // Numbered here: the server plays each stroke on its own.
        const seq = ++this.strokes;
        if (before) this.log.note(seq - 1, before.state);
        this.log.add({ ...r.event, seq });
        this.counted(r.state);
      }
      if (keep && before) this.undo.value = [...this.undo.peek(), before];
      this.show({ position: r.position, state: r.state });
      this.board.canvas.dataset.strokes = String(this.strokes);
      return r;
    } catch (e) {
      this.error.value = e instanceof Error ? e.message : String(e);
      return null;
    } finally {
      this.waiting.value = false;
    }
  }

  async play(m: ClientMsg): Promise<void> {
    const s = this.step.peek();
    if (s) await this.ask({ position: s.position, action: { v: 1, ...m } }, true);
  }

  // startSolo sets up a solo clearance from the break and starts its
  // clock; undo, hints and moving pieces wait until it is over.
  async startSolo(): Promise<void> {
    if (this.busy.peek() || this.waiting.peek()) return;
    this.stopClock();
    this.solo.value = null;
    this.editing.value = false;
    if (!await this.ask({ position: "", solo: true }, false)) return;
    // A new clearance: no ruling from before it stays on show.
    this.log.show(null);
    this.undo.value = [];
    this.solo.value = { start: performance.now(), strokes: 0 };
    this.now.value = performance.now();
    this.tick = window.setInterval(() => { this.now.value = performance.now(); }, 100);
  }

  // counted counts a stroke of a running clearance, and ends it once the
  // server says it is over, keeping the best.
  private counted(st: GameState): void {
    const s = this.solo.peek();
    if (!s || s.took !== undefined) return;
    const next: Solo = { ...s, strokes: s.strokes + 1 };
    if (st.over) {
      next.took = performance.now() - s.start;
      this.stopClock();
      const b = this.best.peek();
      if (!b || next.took < b.ms || next.took === b.ms && next.strokes < b.strokes) {
        this.best.value = { ms: next.took, strokes: next.strokes };
        localStorage.setItem(BEST_KEY, JSON.stringify(this.best.peek()));
      }
    }
    this.solo.value = next;
  }

  // abandon gives up a clearance (nothing is kept) and goes back to the
  // start of an ICF board.
  abandon(): void {
    if (this.busy.peek() || this.waiting.peek()) return;
    this.stopClock();
    this.solo.value = null;
    this.undo.value = [];
    void this.ask({ position: "" }, false);
  }

  stopClock(): void {
    clearInterval(this.tick);
    this.tick = 0;
  }

  setPosition(text: string): void {
    void this.ask({ position: text.trim() }, true);
  }

  back(): void {
    const u = this.undo.peek();
    if (!u.length || this.busy.peek()) return;
    this.undo.value = u.slice(0, -1);
    this.show(u[u.length - 1]);
    // The ruling on show was of the stroke undone.
    this.log.show(null);
    this.board.canvas.dataset.undone = String(+(this.board.canvas.dataset.undone ?? "0") + 1);
  }

  async askHint(): Promise<void> {
    const s = this.step.peek();
    if (!s) return;
    const r = await api<Practiced>("POST", "/api/practice", { position: s.position, hint: true }).catch((e: Error) => { this.error.value = e.message; return null; });
    if (!r?.hint || this.step.peek() !== s) return;
    this.input.showHint(r.hint);
    this.hint.value = { words: hintWords(r.hint, this.board.r), h: r.hint };
  }

  // bindEdit lets the pieces be dragged while editing; a piece let go is
  // sent as moved, and the server says whether the position stands.
  private bindEdit(c: HTMLCanvasElement): void {
    const at = (e: PointerEvent) => {
      const b = c.getBoundingClientRect();
      return this.board.r.toWorld(e.clientX - b.left, e.clientY - b.top);
    };
    c.addEventListener("pointerdown", (e) => {
      const st = this.step.peek()?.state;
      if (!this.editing.peek() || !st || this.waiting.peek()) return;
      const w = at(e), r = Math.max(this.app.cfg.geometry.coin_radius * 1.5, this.board.r.toWorldLen(22));
      const near = st.pieces.filter((p) => p.kind !== "striker").map((p) => ({ p, d: len(sub(w, vec(p.x, p.y))) })).sort((a, b) => a.d - b.d)[0];
      if (!near || near.d > r) return;
      this.moving = { id: near.p.id, kind: near.p.kind, at: w };
      this.board.pieces = st.pieces.filter((p) => p.id !== near.p.id);
      c.setPointerCapture(e.pointerId);
      e.preventDefault();
      this.board.invalidate();
    });
    c.addEventListener("pointermove", (e) => {
      if (!this.moving) return;
      this.moving.at = at(e);
      this.board.invalidate();
    });
    c.addEventListener("pointerup", () => {
      const m = this.moving, s = this.step.peek();
      this.moving = null;
      if (!m || !s) return;
      void this.ask({ position: s.position, moved: [{ id: m.id, kind: m.kind, x: m.at.x, y: m.at.y }] }, true).then((r) => {
        if (!r) { this.board.pieces = s.state.pieces; this.board.invalidate(); }
      });
    });
  }
}

export function PracticeScreen({ app }: { app: App }) {
  const p = useMemo(() => new Practice(app), []);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  useEffect(() => { p.start(canvas.current!); return () => p.stopClock(); }, [p]);
  const step = p.step.value, st = step?.state;
  // The position in play, written into the box only when it changes, so
  // that what is being pasted stays until it is set.
  useEffect(() => { if (text.current) text.current.value = step?.position ?? ""; }, [step?.position]);
  const busy = p.busy.value || p.waiting.value;
  const aim = p.input?.aim.value;
  const solo = p.solo.value, best = p.best.value;
  const running = !!solo && solo.took === undefined;
  return (
    <div class="play practice">
      <div class="scorebar" id="scorebar"><span class="games">{tr("practice.title")}</span></div>
      <div class="boardcol"><div class="boardwrap"><BoardCanvas canvas={canvas} /></div></div>
      <div class="step">
        <div class="status" id="status" role="status">
          {!st ? tr("practice.settingUp") : st.over ? tr("practice.cleared") : p.editing.value ? tr("practice.editing")
            : busy ? "…" : st.to_act.need === "place" ? tr("practice.place") : tr("table.yourStroke")}
        </div>
        <div class="meters"><span class="power" id="power">{aim ? tr("table.power", { Percent: wholePercent(aim.power) }) : ""}</span></div>
        <div class="controls">
          {aim && !p.editing.value && <button type="button" id="shoot" onClick={() => p.input.shoot()}>{tr("table.shoot")}</button>}
          <button type="button" class="secondary" id="hint" disabled={busy || running || p.editing.value || st?.to_act.need !== "strike"} onClick={() => void p.askHint()}>{tr("table.hint")}</button>
          <button type="button" class="secondary" id="undo" disabled={busy || running || !p.undo.value.length} onClick={() => p.back()}>{tr("practice.undo")}</button>
          <button type="button" class="secondary" id="edit" disabled={running} aria-pressed={p.editing.value} onClick={() => { p.editing.value = !p.editing.peek(); p.input.cancel(); }}>
            {p.editing.value ? tr("practice.moving") : tr("practice.move")}
          </button>
        </div>
        <div class="solo" id="solo">
          {solo && (
            <p class="solo-run" aria-live="polite">
              <span class="clock" id="solo-clock">{seconds(solo.took ?? p.now.value - solo.start)}</span>{" · "}
              <span id="solo-strokes">{tr("practice.strokes", { Count: solo.strokes })}</span>
              {solo.took !== undefined && <strong id="solo-done">{" · " + tr("practice.clearedSolo")}</strong>}
            </p>
          )}
          <p class="help">{tr("practice.solo.help")}</p>
          {running
            ? <button type="button" class="secondary" id="solo-abandon" disabled={busy} onClick={() => p.abandon()}>{tr("practice.abandon")}</button>
            : <button type="button" id="solo-start" disabled={busy} onClick={() => void p.startSolo()}>{solo ? tr("practice.tryAgain") : tr("practice.solo")}</button>}
          <p id="solo-best">{best ? tr("practice.best", { Time: seconds(best.ms), Count: best.strokes }) : tr("practice.bestNone")}</p>
        </div>
        <HintLine hint={p.hint.value} />
        <div class="error" id="error">{p.error.value}</div>
        <Ruling log={p.log} />
        <details class="position">
          <summary>{tr("practice.position")}</summary>
          <textarea id="position" rows={4} ref={text} aria-label={tr("practice.position")} spellcheck={false} />
          <button type="button" class="secondary" id="set-position" disabled={running} onClick={() => p.setPosition(text.current?.value ?? "")}>{tr("practice.setPosition")}</button>
          <p class="help">{bold(tr("practice.position.help", { SetButton: "\u0000" }), tr("practice.setPosition"))}</p>
        </details>
      </div>
    </div>
  );
}
