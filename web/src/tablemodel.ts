// A table in play as signals: the state the server sent, the seats this
// browser holds, what is on show (a board's summary, the match's end),
// and the status line; the connection feeds it and the view reads it.
import { batch, computed, effect, signal } from "@preact/signals";
import type { App } from "./app";
import { BoardView } from "./boardview";
import { Connection } from "./connection";
import { Input } from "./input";
import { toggleMute } from "./mute";
import { colourOf, colourWord, MoveLog, seatName, sideName } from "./panel";
import { t as tr } from "./i18n";
import { hintWords } from "./coach";
import { api, ApiError, me } from "./api";
import { sayCode } from "./errors";
import { chosen } from "./seating";
import type { Action, AimMsg, ClientMsg, EventMsg, GameState, Hint, Replay, SeatsMsg, StateMsg, Stroke, TableInfo, Trajectory } from "./protocol";
import { offerRematch } from "./rematch";
import { boardEnd, capital, describeResult } from "./rules";
import { BuyPanel, finalPoints, pocketRings } from "./variants";
import { dot, forward, right, type Vec } from "./vec";
import { Words } from "./words";

// A live aim goes out at most this often, ms: under the server's message
// rate, and often enough to follow.
const AIM_MS = 125;

// A board's end, held until the player goes on (wait) or for a moment.
export interface BoardSummary {
  title: string; why: string; score: string; colour: string; chip: string;
  wait: boolean; deadline?: number; next: () => void;
}

// The match's end: the points by game and the games won.
// A variant's match is one board: each player's points instead (points).
export interface MatchSummary { title: string; names: [string, string]; games: [string, [number, number]][]; won: [number, number]; points?: HTMLElement; why?: string }

export class TableModel {
  readonly st = signal<GameState | null>(null);
  // Connections watching the table that hold no seat (a seats message's).
  readonly spectators = signal(0);
  readonly held = signal<number[]>([]);
  readonly pending = signal(false);      // an intent was sent and awaits its answer
  readonly error = signal("");
  readonly ended = signal<"" | "gone" | "over">(""); // the table is not in play
  readonly lost = signal(false);
  readonly summary = signal<BoardSummary | null>(null);
  readonly over = signal<MatchSummary | null>(null);
  // The last stroke's trajectory, for an instant replay.
  readonly lastTraj = signal<Trajectory | null>(null);
  readonly slow = signal(false);
  readonly replaying = signal(false);
  readonly busy = signal(false);         // a stroke is playing on the board
  readonly now = signal(Date.now());     // ticks for the clocks
  // The coach's hint on show: its words and shot, for the position at seq.
  readonly hint = signal<{ words: string; h: Hint } | null>(null);
  readonly asking = signal(false);
  // The aim of the seat to strike on another page, or a computer's.
  readonly remote = signal<AimMsg | null>(null);
  private nextAim: ClientMsg | null = null;
  private aimSent = 0;
  private aimTimer = 0;
  readonly log = new MoveLog();
  readonly words = new Words();
  // The purchase of a pocket, in buying the pockets (RULES V-3).
  readonly buy = new BuyPanel((pocket, pay) => this.send({ type: "buy", pocket, ...pay }));
  board!: BoardView;
  input!: Input;
  private conn!: Connection;
  private seq = 0;
  private asked = new Set<number>();     // seats asked for on this connection
  private draining = false;
  private lastTick = -1;

  // The seats this tab's player chose on one of the site's own pages; the
  // table's page takes them by itself.
  private readonly picked: number[];

  // want are the seats the address offers (?seat=N): any site can link
  // to them, so each waits for the player's click (offered, take).
  constructor(readonly app: App, readonly id: string, private want: number[]) {
    this.picked = chosen(id);
  }

  // offered: the seats the address offers that are free and not this
  // browser's, each with its Take seat button.
  readonly offered = computed(() => {
    const st = this.st.value, held = this.held.value;
    return this.want.filter((s) => !held.includes(s) && !this.picked.includes(s) && st?.seats[s]?.kind === "human" && !st.seats[s].taken);
  });

  // mine: this browser is to act now.
  readonly mine = computed(() => {
    const st = this.st.value;
    return !!st && st.started && !st.over && this.held.value.includes(st.to_act.seat) && !this.busy.value && !this.pending.value && !this.summary.value;
  });

  // start puts the board on the canvas and connects.
  start(canvas: HTMLCanvasElement): void {
    this.board = new BoardView(canvas, this.app.cfg, this.app.sound, this.busy);
    this.input = new Input(this.board, this.app.cfg, {
      state: () => this.st.peek(), mine: () => this.mine.peek(), held: () => this.held.peek(),
      send: (m) => this.send(m), fail: (msg) => { this.error.value = msg; }, toggleMute: () => toggleMute(this.app.sound),
      remote: () => { const r = this.remote.peek(); return r && r.seq === this.seq ? r : null; },
    });
    this.board.extra = () => this.input.extra();
    // The viewer's own base line is at the bottom; a browser holding several
    // seats (hot-seat) turns the board to whichever of them is to act.
    effect(() => {
      const st = this.st.value, held = this.held.value;
      this.input.aim.value; this.input.x.value; this.input.coin.value; this.input.mode.value; this.mine.value; this.remote.value;
      if (st) {
        let view = 0;
        if (held.includes(st.to_act.seat)) view = st.to_act.position;
        else if (held.length) view = st.seats[held[0]].position;
        this.board.r.setView(view);
        this.board.canvas.dataset.view = String(view);
        this.board.r.rings = pocketRings(st);
        this.board.canvas.dataset.owners = (st.variant?.board.owner ?? []).map((o) => o ?? "-").join(",");
        this.buy.update(st, this.seq, this.mine.value, view);
      }
      this.board.invalidate();
    });
    // The player's aim, live, for the other pages at the table.
    effect(() => {
      const aim = this.input.aim.value, x = this.input.x.value;
      if (aim && this.mine.peek() && this.input.mode.peek() !== "slide") this.streamAim(x, aim.dir, aim.power);
    });
    void this.loadHistory();
    this.conn = new Connection(this.id, {
      since: () => this.seq,
      welcome: (seats) => this.welcome(seats),
      rematch: (m) => offerRematch(canvas.parentElement!, m, this.held.peek()),
      // An aim may come for the position after a stroke still playing here:
      // it is kept, and shown once that position is.
      aim: (m) => { if (m.seq >= this.seq && !this.held.peek().includes(m.seat)) this.remote.value = m; },
      said: (m) => this.words.hear(m),
      refused: (e, code, params) => batch(() => { this.pending.value = false; this.error.value = (code && sayCode(code, params)) || e; }),
      table: (m) => this.table(m),
      lost: async (welcomed) => {
        batch(() => { this.pending.value = false; this.lost.value = true; });
        this.asked.clear();
        return !welcomed && (await this.gone());
      },
    });
    setInterval(() => this.tick(), 250);
  }

  // streamAim sends the aim at most every AIM_MS, the last one always.
  private streamAim(x: number, dir: Vec, power: number): void {
    const pos = this.st.peek()?.to_act.position ?? 0;
    this.nextAim = { type: "aim", x, dir: [dot(dir, right(pos)), dot(dir, forward(pos))], power };
    const flush = () => {
      this.aimTimer = 0;
      if (!this.nextAim || !this.mine.peek()) return;
      this.conn.send(this.nextAim);
      this.nextAim = null;
      this.aimSent = Date.now();
    };
    const wait = this.aimSent + AIM_MS - Date.now();
    if (wait <= 0) flush();
    else if (!this.aimTimer) this.aimTimer = window.setTimeout(flush, wait);
  }

  send(m: ClientMsg): void {
    if (!this.conn.send(m)) { this.error.value = tr("table.notConnected"); return; }
    this.error.value = "";
    if (m.type !== "sit" && m.type !== "ping" && m.type !== "say") { this.pending.value = true; this.hint.value = null; }
  }

  private tick(): void {
    this.now.value = Date.now();
    const st = this.st.peek();
    const t = st?.to_act;
    if (!st || !t?.deadline || st.over || !st.started) return;
    const left = Math.max(0, Math.ceil((t.deadline - Date.now()) / 1000));
    // A tick for each of the last five seconds of the player's own clock.
    if (left <= 5 && left > 0 && left !== this.lastTick && this.mine.peek()) this.app.sound.tick();
    this.lastTick = left;
    this.board.invalidate(); // the clock's ring empties
  }

  private welcome(seats: number[]): void {
    this.lost.value = false;
    this.held.value = seats;
    this.log.hold(seats);
    for (const s of this.picked) {
      if (!seats.includes(s) && !this.asked.has(s)) {
        this.asked.add(s);
        void this.sit(s, this.picked.length === 1);
      }
    }
  }

  // take takes a seat the address offers, at its player's click.
  take(seat: number): void {
    this.asked.add(seat);
    void this.sit(seat, this.want.length === 1);
  }

  // sit asks for a seat with the session's CSRF token, which the server
  // wants of a signed-in player. One browser at several seats is hot-seat
  // play (alone false): the server names the players "Player 1",
  // "Player 2", … rather than all alike.
  private async sit(seat: number, alone: boolean): Promise<void> {
    const name = alone ? localStorage.getItem("carrom-nickname") || undefined : undefined;
    const { csrf } = await me();
    this.send({ type: "sit", seat, nickname: name, csrf });
  }

  // loadHistory fills the move list with what happened before this page
  // was opened (after a reload, or when joining late).
  private async loadHistory(): Promise<void> {
    try {
      const r = await api<Replay>("GET", `/api/matches/${this.id}/replay`);
      if (r.start) this.log.note(r.start.seq, r.start.state);
      const past = r.events.filter((ev) => ev.seq <= this.seq || this.seq === 0);
      for (const ev of past) this.log.add(ev, undefined, true);
      if (!this.lastTraj.peek()) this.lastTraj.value = past.map((ev) => ev.outcome.trajectory).filter((t) => !!t).pop() ?? null;
      if (past.length && !this.draining) this.log.show(past[past.length - 1]);
    } catch {
      // The history is a convenience; the table plays on without it.
    }
  }

  // gone reports (and shows) whether the table is no longer in play.
  private async gone(): Promise<boolean> {
    let info: { table: TableInfo; state?: unknown };
    try {
      info = await api("GET", `/api/tables/${this.id}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        this.ended.value = "gone";
        return true;
      }
      return false;
    }
    if (info.state || !info.table.finished) return false;
    this.ended.value = "over";
    return true;
  }

  // table applies the table's messages in order, playing each stroke
  // before the state that follows it.
  private async table(m: StateMsg | EventMsg | SeatsMsg): Promise<void> {
    this.draining = true;
    try {
      if (m.type === "seats") {
        // Only the seats changed: the state as it is, with them.
        const st = this.st.peek();
        batch(() => {
          if (st) this.st.value = { ...st, seats: m.seating };
          this.spectators.value = m.spectators;
        });
        return;
      }
      if (m.type === "state") {
        if (m.seq >= this.seq) this.apply(m.seq, m.state);
        return;
      }
      if (m.seq <= this.seq) return;
      this.pending.value = false;
      const traj = m.outcome.trajectory;
      if (traj && this.st.peek()) {
        this.input.drop();
        this.lastTraj.value = traj;
        await this.board.animate(traj);
      }
      const prev = this.st.peek();
      this.log.add(m);
      if (m.outcome.stroke?.foul || m.state.match.ruling?.place.length) this.app.sound.foul();
      const mm = m.state.match;
      if (mm.match_winner === null && !m.state.over && !m.state.variant && (mm.result || mm.game_winner !== null)) {
        // The board is over; the state is already the next board's. A
        // player reads the summary and goes on when ready, over the board
        // that ended, whose score is the one the box gives.
        if (prev) {
          const gs = mm.game_winner !== null && mm.game_score ? mm.game_score : mm.score;
          this.st.value = { ...prev, match: { ...prev.match, score: gs, games: mm.games } };
        }
        await this.boardOver(m.state, prev, m.outcome.stroke, m.action, this.held.peek().length > 0);
      }
      this.apply(m.seq, m.state);
    } finally {
      this.draining = false;
    }
  }

  // sideWord names a side: "You" for the side of the one seat this browser holds.
  sideWord(st: GameState, side: number): string {
    const held = this.held.peek();
    if (held.length === 1 && st.seats[held[0]]?.side === side) return "You";
    return sideName(st, side);
  }

  // boardOver shows how the board ended and the next board's colours;
  // with wait, it resolves when the player goes on, else at once.
  private boardOver(st: GameState, prev: GameState | null, stroke: Stroke | undefined, action: Action, wait: boolean): Promise<void> {
    const m = st.match, names = (s: number) => this.sideWord(st, s);
    const res = m.result;
    const n = prev?.match.board.number ?? "";
    const title = res && res.winner !== null ? (names(res.winner) === "You" ? tr("table.boardToYou", { N: n }) : tr("table.boardTo", { N: n, Who: names(res.winner) })).replace("  ", " ") : tr("table.boardOver");
    // Why the board ended and how its points were counted, in words.
    const why = boardEnd(m, prev ?? undefined, stroke, action, names) || describeResult(m, names, prev ?? undefined, stroke);
    const gs = m.game_winner !== null && m.game_score ? m.game_score : m.score;
    const score = m.game_winner !== null ? tr("table.gameFinal", { Game: prev?.match.game ?? m.game - 1, A: gs[0], B: gs[1], GA: m.games[0], GB: m.games[1] }) : tr("table.gameScore", { Game: m.game, A: gs[0], B: gs[1] });
    const held = this.held.peek();
    const mineSeat = held.length === 1 ? st.seats[held[0]] : undefined;
    const white = this.sideWord(st, m.board.white);
    const colour = mineSeat ? tr(colourOf(st, mineSeat.side) === "white" ? "table.nextYou.white" : "table.nextYou.black")
      : white === "You" ? tr("table.nextYou.white") : tr("table.nextWhite", { Who: white });
    this.app.sound.fanfare(!!mineSeat && res?.winner === mineSeat.side);
    // The server's shot clock does not wait for the summary: when the next
    // board's first stroke is this browser's and timed, the summary counts
    // its seconds down and goes on by itself before they run out.
    const t = st.to_act;
    const deadline = wait && t.deadline && held.includes(t.seat) ? t.deadline : undefined;
    return new Promise((resolve) => {
      const box: BoardSummary = {
        title, why, score, colour, chip: mineSeat ? colourOf(st, mineSeat.side) : "white", wait, deadline,
        next: () => { if (this.summary.peek() === box) this.summary.value = null; resolve(); },
      };
      this.summary.value = box;
      if (!wait) {
        setTimeout(() => { if (this.summary.peek() === box) this.summary.value = null; }, 4000);
        resolve();
      }
    });
  }

  // whyOver adds to the end of the match why it ended early, from the
  // last action of the table's record: a player left it (a forfeit, RULES
  // TM-3) or conceded it.
  private async whyOver(st: GameState): Promise<void> {
    let last: { kind: string; seat: number; rule?: string } | undefined;
    try {
      const r = await api<{ actions: { action: { kind: string; seat: number; rule?: string } }[] }>("GET", `/api/matches/${this.id}`);
      last = r.actions[r.actions.length - 1]?.action;
    } catch {
      return;
    }
    if (!last) return;
    const who = this.sideWord(st, st.seats[last.seat]?.side ?? last.seat), you = who === "You";
    let why = "";
    if (st.aborted) why = last.kind === "concede" ? (you ? tr("table.aborted.conceded.you") : tr("table.aborted.conceded", { Who: who })) : (you ? tr("table.aborted.left.you") : tr("table.aborted.left", { Who: who }));
    else if (last.kind === "forfeit" && last.rule === "TM-3") why = you ? tr("table.left.you") : tr("table.left", { Who: who });
    else if (last.kind === "concede") why = you ? tr("table.concededBy.you") : tr("table.concededBy", { Who: who });
    const over = this.over.peek();
    if (why && over) this.over.value = { ...over, why };
  }

  // matchOver holds the end of the match: who won and the score by game.
  private matchOver(st: GameState): MatchSummary {
    const m = st.match, w = m.match_winner;
    const title = st.aborted ? tr("table.aborted.title") : w === null ? tr("table.matchOver") : this.sideWord(st, w) === "You" ? tr("table.matchOver.you") : tr("table.matchOver.who", { Who: this.sideWord(st, w) });
    const scores = this.log.gameScores;
    const games: [string, [number, number]][] = [...scores.entries()].sort((a, b) => a[0] - b[0]).map(([g, sc]) => [String(g), sc]);
    // A match ended within a game (a concession) shows that game's points too.
    if (!scores.has(m.game) && (m.score[0] || m.score[1])) games.push([tr("table.unfinished", { Game: m.game }), m.score]);
    const points = st.variant ? finalPoints(st, (s) => this.sideWord(st, s)) : undefined;
    const you = (s: number) => { const w = this.sideWord(st, s); return w === "You" ? capital(tr("name.you")) : w; };
    return { title, names: [you(0), you(1)], games, won: m.games, points };
  }

  private apply(seq: number, st: GameState): void {
    const turnChanged = !this.st.peek() || seq !== this.seq;
    const wasMine = this.mine.peek();
    this.seq = seq;
    batch(() => {
      this.st.value = st;
      this.log.note(seq, st);
      if (st.over && !this.over.peek()) { this.summary.value = null; this.over.value = this.matchOver(st); void this.whyOver(st); }
      if (turnChanged) {
        this.input.reset(st); this.hint.value = null;
        if ((this.remote.peek()?.seq ?? -1) < seq) this.remote.value = null;
      }
    });
    this.board.canvas.dataset.seq = String(seq);
    this.board.pieces = st.pieces;
    this.board.invalidate();
    if (!wasMine && this.mine.peek() && st.started) this.app.sound.turn();
  }

  // replayLast plays the last stroke again over the board as it is, then
  // shows the board as it is again; a stroke that arrives meanwhile ends it.
  async replayLast(): Promise<void> {
    const traj = this.lastTraj.peek();
    if (!traj || this.board.animating) return;
    this.input.drop();
    this.board.canvas.dataset.replays = String(+(this.board.canvas.dataset.replays ?? "0") + 1);
    const played = this.board.animate(traj);
    this.replaying.value = true;
    await played;
    this.replaying.value = false;
  }

  // coached: a computer plays at this table, so the coach may help (under
  // the ICF and family rules, which its search knows).
  readonly coached = computed(() => !this.st.value?.variant && !!this.st.value?.seats.some((s) => s.kind === "computer"));

  // askHint asks the coach for the stroke to play now and shows it as a
  // ghost aim, with its chance in words.
  async askHint(): Promise<void> {
    const seq = this.seq;
    this.asking.value = true;
    try {
      const h = await api<Hint>("POST", `/api/tables/${this.id}/hint`);
      if (h.seq !== this.seq || seq !== this.seq || !this.mine.peek()) return;
      this.input.showHint(h);
      this.hint.value = { words: hintWords(h, this.board.r), h };
    } catch (e) {
      this.error.value = e instanceof Error ? e.message : String(e);
    } finally {
      this.asking.value = false;
    }
  }

  toggleSlow(): void {
    this.slow.value = !this.slow.peek();
    this.board.speed = this.slow.peek() ? 0.25 : 1;
    this.board.canvas.dataset.speed = String(this.board.speed);
  }

  // status is the line that says whose turn it is and what to do.
  readonly status = computed(() => {
    const st = this.st.value;
    if (!st) return this.lost.value ? tr("table.lost") : tr("table.connecting");
    const t = st.to_act, who = seatName(st.seats[t.seat]);
    const held = this.held.value;
    if (st.over) {
      const w = st.match.match_winner;
      if (st.aborted) return tr("table.aborted.status");
      return w === null ? tr("table.isOver") : tr("table.overWon", { Who: st.seats.filter((s) => s.side === w).map(seatName).join(" & ") });
    }
    if (this.lost.value) return tr("table.lost");
    if (this.summary.value) return tr("table.boardIsOver");
    if (!st.started) return st.seats.every((s) => s.taken) ? tr("table.waitCome") : tr("table.waitSeats");
    if (this.busy.value) {
      // The state is still the one the stroke was played in: its player
      // is the one to act.
      const s = st.seats[t.seat];
      return this.replaying.value ? tr("table.againStroke")
        : held.length === 1 && held[0] === t.seat ? tr("table.yourStroking")
        : s.kind === "computer" ? tr("table.computerStroking", { Colour: colourWord(colourOf(st, s.side)) }) : tr("table.whoStroking", { Who: who });
    }
    if (this.mine.value) {
      const many = held.length > 1 ? tr("table.seatPrefix", { Who: who }) : "";
      return many + (t.need === "place"
        ? tr(st.variant ? "table.placeNoForgo" : "table.place", { Colour: colourWord(t.colour ?? "") })
        : tr("table.yourStroke"));
    }
    const s = st.seats[t.seat];
    // The server paces a computer's actions so that the last ruling
    // can be read meanwhile.
    const r = this.remote.value, aiming = !!r && r.seq === this.seq && r.seat === t.seat;
    const Colour = colourWord(colourOf(st, s.side));
    return s.kind === "computer" ? tr(t.need === "place" ? "table.computer.placing" : aiming ? "table.computer.aiming" : "table.computer.about", { Colour })
      : t.need === "place" ? tr("table.whoPlaces", { Who: who }) : tr(aiming ? "table.whoAiming" : "table.whoToPlay", { Who: who, Colour });
  });

  // clock is the seconds left on the shot clock, when it runs.
  readonly clock = computed(() => {
    const st = this.st.value, now = this.now.value;
    const t = st?.to_act;
    if (!st || !t?.deadline || st.over || !st.started) return null;
    return Math.max(0, Math.ceil((t.deadline - now) / 1000));
  });
}
