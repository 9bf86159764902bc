// A table in play: the WebSocket to the server, the board, aiming and
// placing for the seats this browser holds, and the panel around it.
import { BoardView } from "./boardview";
import { h, Panel, seatName, sideName, colourOf } from "./panel";
import { breakdown, describeResult } from "./rules";
import type { ClientConfig, ClientMsg, GameState, Replay, ServerMsg, Stroke, TableInfo, Trajectory } from "./protocol";
import { api } from "./protocol";
import { powerColour, type DrawPiece, type Overlay } from "./render";
import { offerRematch, requestRematch } from "./rematch";
import type { Sound } from "./sound";
import { BuyPanel, finalPoints, pocketRings } from "./variants";
import {
  add, alongBaseline, direction, dot, forward, inRanges, len, nearestLegal, norm, onBoard, rayCircle, right, scale, strikerAt, sub, vec, type Vec,
} from "./vec";

// How far back a full-power pull goes, metres on the board, and on a
// small screen at least this many CSS pixels, so that a pixel of pull is
// less than a percent of power.
const FULL_PULL = 0.16;
const FULL_PULL_PX = 120;

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
  private status = h("div", { class: "status", id: "status", role: "status" });
  private clockEl = h("span", { class: "clock", id: "clock" });
  private powerEl = h("span", { class: "power", id: "power" });
  private error = h("div", { class: "error", id: "error" });
  private controls = h("div", { class: "controls" });
  private links = h("div", { class: "links" });
  private wrap = h("div", { class: "boardwrap" });
  private concede = h("details", { class: "concede" });
  private help = h("p", { class: "help" });
  // The purchase of a pocket, in buying the pockets (RULES V-3).
  private buy = new BuyPanel((pocket, pay) => this.send({ type: "buy", pocket, ...pay }));
  // A board's summary on show: the page waits for "Next board" before it
  // shows the next board.
  private summary: HTMLElement | null = null;

  constructor(root: HTMLElement, private cfg: ClientConfig, private id: string, private want: number[], private sound: Sound) {
    const wrap = this.wrap;
    const concede = this.concede;
    concede.append(h("summary", {}, "Concede"),
      ...(["board", "game", "match"] as const).map((w) => {
        const b = h("button", { class: "secondary", type: "button" }, `the ${w}`);
        b.addEventListener("click", () => {
          this.concede.open = false;
          if (confirm(`Concede the ${w}?`)) this.send({ type: "concede", what: w });
        });
        return b;
      }));
    const help = this.help;
    help.append(
      "Drag along your base line to place the striker; press on the striker (or anywhere on the board off the base line) and pull back to aim and set the power; release to shoot, or bring it back onto the striker to cancel. Keys: ",
      h("kbd", {}, "←"), h("kbd", {}, "→"), " place, ", h("kbd", {}, "A"), h("kbd", {}, "D"), " aim, ",
      h("kbd", {}, "↑"), h("kbd", {}, "↓"), " power, ", h("kbd", {}, "Space"), " shoot, ", h("kbd", {}, "Esc"), " cancel, ",
      h("kbd", {}, "M"), " sound.");
    this.panel.el.append(h("details", { class: "howto" }, h("summary", {}, "How to play"), help));
    // The board, and beside it (below it on a phone) what the current step
    // needs: whose turn, the clock and the power, the buttons, the ruling.
    const step = h("div", { class: "step" }, this.status, h("div", { class: "meters" }, this.clockEl, this.powerEl),
      this.controls, this.buy.el, this.error, this.links, this.panel.ruling, concede);
    root.replaceChildren(h("div", { class: "play" }, this.panel.bar, h("div", { class: "boardcol" }, wrap), step, this.panel.el));
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
      if (!this.lastTraj) {
        this.lastTraj = past.map((ev) => ev.outcome.trajectory).filter((t) => !!t).pop() ?? null;
        this.refresh();
      }
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

  private send(m: ClientMsg): void {
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
      case "rematch":
        offerRematch(this.wrap, m, this.held);
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
          this.lastTraj = traj;
          await this.board.animate(traj);
        }
        const prev = this.st;
        this.panel.add(m);
        if (m.outcome.stroke?.foul || m.state.match.ruling?.place.length) this.sound.foul();
        const mm = m.state.match;
        if (mm.match_winner !== null || m.state.over) this.apply(m.seq, m.state);
        else if (!m.state.variant && (mm.result || mm.game_winner !== null)) {
          // The board is over; the state is already the next board's. A
          // player reads the summary and goes on when ready.
          await this.boardOver(m.state, prev, m.outcome.stroke, this.held.length > 0);
          this.apply(m.seq, m.state);
        } else this.apply(m.seq, m.state);
      } else if (m.type === "state") {
        if (m.seq < this.seq) continue;
        this.apply(m.seq, m.state);
      }
    }
    this.draining = false;
  }

  // boardOver shows how the board ended and the next board's colours;
  // with wait, it resolves when the player clicks "Next board", else at once.
  private boardOver(st: GameState, prev: GameState | null, stroke: Stroke | undefined, wait: boolean): Promise<void> {
    const m = st.match, names = (s: number) => this.sideWord(st, s);
    const res = m.result;
    const title = res && res.winner !== null ? `Board ${prev?.match.board.number ?? ""} to ${names(res.winner)}`.replace("  ", " ") : "Board over";
    const why = res && res.winner !== null ? breakdown(m, prev ?? undefined, stroke) : "";
    const rows: HTMLElement[] = [h("p", { class: "why" }, res && res.winner !== null
      ? `${res.points} point${res.points === 1 ? "" : "s"}${why ? `: ${why}` : ""}${res.slam ? `, a ${res.slam} slam` : ""}.`
      : describeResult(m, names, prev ?? undefined, stroke))];
    const gs = m.game_winner !== null && m.game_score ? m.game_score : m.score;
    rows.push(h("p", { id: "summary-score" }, m.game_winner !== null ? `Game ${prev?.match.game ?? m.game - 1} final: ${gs[0]} – ${gs[1]} points. Games: ${m.games[0]} – ${m.games[1]}.` : `Game ${m.game}: ${gs[0]} – ${gs[1]} points.`));
    const mineSeat = this.held.length === 1 ? st.seats[this.held[0]] : undefined;
    const colours = mineSeat ? `You play ${colourOf(st, mineSeat.side)} this board.`
      : `${this.sideWord(st, m.board.white)} ${this.sideWord(st, m.board.white) === "You" ? "play" : "plays"} white this board.`;
    rows.push(h("p", { id: "summary-colour", class: "colour" }, h("span", { class: `chip ${mineSeat ? colourOf(st, mineSeat.side) : "white"}` }), " ", colours));
    const next = h("button", { type: "button", id: "next-board" }, "Next board");
    const box = h("div", { class: "summary", id: "summary", role: "dialog", "aria-live": "assertive", "aria-label": title }, h("h2", {}, title), ...rows);
    if (wait) box.append(next);
    this.summary?.remove();
    this.summary = box;
    this.wrap.append(box);
    this.sound.fanfare(!!mineSeat && res?.winner === mineSeat.side);
    this.refresh(); // nothing to play on the board that ended
    if (!wait) {
      setTimeout(() => { if (this.summary === box) { box.remove(); this.summary = null; } }, 4000);
      return Promise.resolve();
    }
    next.focus();
    // The server's shot clock does not wait for the summary: when the next
    // board's first stroke is this browser's and timed, the button shows
    // the seconds and goes on by itself a few seconds before they run out.
    const t = st.to_act;
    let timer = 0;
    if (t.deadline && this.held.includes(t.seat)) {
      const tick = () => {
        const left = Math.ceil((t.deadline - Date.now()) / 1000);
        next.textContent = `Next board (${Math.max(0, left)} s on your clock)`;
        if (left <= 3) next.click();
      };
      tick();
      timer = window.setInterval(tick, 250);
    }
    return new Promise((resolve) => next.addEventListener("click", () => {
      clearInterval(timer);
      box.remove();
      if (this.summary === box) this.summary = null;
      resolve();
    }, { once: true }));
  }

  // matchOver shows the end of the match: who won, the score by game, and
  // what next.
  private matchOver(st: GameState): void {
    const m = st.match, w = m.match_winner;
    const title = w === null ? "Match over" : `Match over: ${this.sideWord(st, w)} ${this.sideWord(st, w) === "You" ? "win" : "wins"}`;
    const games: [string, [number, number]][] = [...this.panel.gameScores.entries()].sort((a, b) => a[0] - b[0]).map(([g, sc]) => [String(g), sc]);
    // A match ended within a game (a concession) shows that game's points too.
    if (!this.panel.gameScores.has(m.game) && (m.score[0] || m.score[1])) games.push([`${m.game} (unfinished)`, m.score]);
    const table = h("table", { class: "list", id: "game-scores" }, h("tr", {}, h("th", {}, "Game"), h("th", {}, this.sideWord(st, 0)), h("th", {}, this.sideWord(st, 1))),
      ...games.map(([g, sc]) => h("tr", {}, h("td", {}, g), h("td", {}, String(sc[0])), h("td", {}, String(sc[1])))),
      h("tr", { class: "total" }, h("th", {}, "Games won"), h("th", {}, String(m.games[0])), h("th", {}, String(m.games[1]))));
    // A variant's match is one board: each player's points instead of games.
    const scores = st.variant ? finalPoints(st, (s) => this.sideWord(st, s)) : table;
    const rematch = h("button", { type: "button", id: "rematch" }, "Rematch");
    rematch.addEventListener("click", async () => {
      rematch.disabled = true;
      try {
        location.href = await requestRematch(this.id);
      } catch (e) {
        this.error.textContent = e instanceof Error ? e.message : String(e);
        rematch.disabled = false;
      }
    });
    const box = h("div", { class: "summary over", id: "match-over", role: "dialog", "aria-live": "assertive", "aria-label": title },
      h("h2", {}, title), scores,
      h("div", { class: "actions" }, ...(this.held.length ? [rematch] : []),
        h("a", { class: "button", href: "/#new", id: "new-game" }, "New game"),
        h("a", { class: "button secondary", href: "/", id: "lobby" }, "Lobby"),
        h("a", { class: "button secondary", href: `/replay/${this.id}` }, "Replay")));
    this.summary?.remove();
    this.summary = box;
    this.wrap.append(box);
  }

  // sideWord names a side: "You" for the side of the one seat this browser holds.
  private sideWord(st: GameState, side: number): string {
    if (this.held.length === 1 && st.seats[this.held[0]]?.side === side) return "You";
    return sideName(st, side);
  }

  private apply(seq: number, st: GameState): void {
    const turnChanged = !this.st || seq !== this.seq;
    const wasMine = this.mine;
    this.seq = seq;
    this.st = st;
    this.panel.note(seq, st);
    if (st.over && !this.summary?.classList.contains("over")) this.matchOver(st);
    this.board.canvas.dataset.seq = String(seq);
    this.board.pieces = st.pieces;
    if (turnChanged) {
      this.aim = null; this.coin = null;
      const r = st.to_act.striker_ranges ?? [];
      if (r.length && !inRanges(this.x, r)) this.x = nearestLegal(0, r);
    }
    this.refresh();
    if (!wasMine && this.mine && this.st && this.st.started) this.sound.turn();
  }

  private lastTick = -1;
  // The last stroke's trajectory, for an instant replay.
  private lastTraj: Trajectory | null = null;
  private slow = false;
  private replaying = false;

  private get mine(): boolean {
    const st = this.st;
    return !!st && st.started && !st.over && this.held.includes(st.to_act.seat) && !this.board.animating && !this.pending && !this.summary;
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
    this.board.r.rings = pocketRings(st);
    this.board.canvas.dataset.owners = (st.variant?.board.owner ?? []).map((o) => o ?? "-").join(",");
    this.buy.update(st, this.seq, this.mine, view);
    this.panel.update(st, this.held);
    // Spectators neither concede nor need the how-to; nobody concedes a match that is over.
    this.concede.hidden = !this.held.length;
    (this.help.parentElement as HTMLElement).hidden = !this.held.length;
    for (const b of this.concede.querySelectorAll("button")) b.disabled = st.over;
    if (st.over) this.concede.open = false;
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
      const input = h("input", { readonly: "", value: url, "data-seat": String(s.seat), "aria-label": `Link for seat ${s.seat + 1}` });
      input.addEventListener("focus", () => input.select());
      const copy = h("button", { type: "button", class: "secondary copy", "data-seat": String(s.seat) }, "Copy");
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = "Copied";
        } catch {
          // No clipboard (an insecure origin, no permission): the link is
          // selected for the player to copy.
          input.focus(); input.select();
          copy.textContent = "Press Ctrl+C";
        }
      });
      const row = h("div", { class: "invite" }, input, copy);
      // A phone's share sheet, where there is one.
      if (typeof navigator.share === "function") {
        const share = h("button", { type: "button", class: "secondary share" }, "Share");
        share.addEventListener("click", () => { navigator.share({ title: "A game of carrom", url }).catch(() => undefined); });
        row.append(share);
      }
      return h("label", {}, st.variant ? `Seat ${s.seat + 1}` : `Seat ${s.seat + 1} (side ${s.side + 1})`, row);
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
      // Lock: letting go keeps the aim, to be turned by half degrees and
      // its power changed by a percent before shooting.
      const lock = h("button", { type: "button", class: "secondary", id: "lock", "aria-pressed": String(this.locked), title: "Let go without shooting, then fine-tune" }, this.locked ? "Lock: on" : "Lock: off");
      lock.addEventListener("click", () => { this.locked = !this.locked; this.showControls(st); });
      b.push(lock);
      if (this.locked && this.aim && this.mode === "none") {
        for (const [id, label, title, turn, dp] of [
          ["turn-left", "↶", "Turn the aim half a degree left", 0.5, 0], ["turn-right", "↷", "Turn the aim half a degree right", -0.5, 0],
          ["power-down", "−", "One percent less power", 0, -0.01], ["power-up", "+", "One percent more power", 0, 0.01],
        ] as const) {
          const n = h("button", { type: "button", class: "secondary nudge", id, title, "aria-label": title }, label);
          n.addEventListener("click", () => this.nudge(turn, dp));
          b.push(n);
        }
      }
    }
    // The last stroke again, at once, and slow motion for every stroke.
    if (this.lastTraj && !st.over && !this.summary) {
      const again = h("button", { type: "button", class: "secondary", id: "replay-last", title: "Play the last stroke again" }, "↺ Last stroke");
      again.addEventListener("click", () => this.replayLast());
      const slow = h("button", { type: "button", class: "secondary", id: "slow", "aria-pressed": String(this.slow), title: "Play strokes at a quarter of their speed" }, this.slow ? "Slow motion: on" : "Slow motion: off");
      slow.addEventListener("click", () => {
        this.slow = !this.slow;
        this.board.speed = this.slow ? 0.25 : 1;
        this.board.canvas.dataset.speed = String(this.board.speed);
        this.showControls(st);
      });
      b.push(again, slow);
    }
    this.controls.replaceChildren(...b);
  }

  // replayLast plays the last stroke again over the board as it is, then
  // shows the board as it is again; a stroke that arrives meanwhile ends it.
  private async replayLast(): Promise<void> {
    if (!this.lastTraj || this.board.animating) return;
    this.aim = null; this.mode = "none";
    this.board.canvas.dataset.replays = String(+(this.board.canvas.dataset.replays ?? "0") + 1);
    const played = this.board.animate(this.lastTraj);
    this.replaying = true;
    this.refresh();
    await played;
    this.replaying = false;
    this.refresh();
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
    } else if (this.summary) {
      text = "The board is over.";
    } else if (!st.started) {
      text = "Waiting for the players to take their seats…";
    } else if (this.board.animating) {
      // The state is still the one the stroke was played in: its player
      // is the one to act.
      const s = st.seats[t.seat];
      text = this.replaying ? "The last stroke again…"
        : this.held.length === 1 && this.held[0] === t.seat ? "Your stroke…"
        : s.kind === "computer" ? `Computer's stroke (${colourOf(st, s.side)})…` : `${who}'s stroke…`;
    } else if (this.mine) {
      const many = this.held.length > 1 ? `${who}: ` : "";
      text = t.need === "place"
        ? `${many}Place a ${t.colour} c/m: drag it into the outer circle (green), or forgo.`
        : `${many}Your stroke: place the striker, then pull back to aim.`;
    } else {
      const s = st.seats[t.seat];
      // The server paces a computer's actions so that the last ruling
      // can be read meanwhile.
      text = s.kind === "computer" ? `Computer's turn (${colourOf(st, s.side)}): ${t.need === "place" ? "placing a c/m" : "about to play"}…`
        : t.need === "place" ? `${who} places a c/m…` : `${who} to play (${colourOf(st, s.side)}).`;
    }
    this.clockEl.textContent = "";
    if (t.deadline && !st.over && st.started) {
      const left = Math.max(0, Math.ceil((t.deadline - Date.now()) / 1000));
      this.clockEl.textContent = `${left} s left`;
      this.clockEl.classList.toggle("low", left <= 5);
      this.status.classList.toggle("low", left <= 5);
      // A tick for each of the last five seconds of the player's own clock.
      if (left <= 5 && left > 0 && left !== this.lastTick && this.mine) this.sound.tick();
      this.lastTick = left;
    }
    if (t.deadline) this.board.invalidate(); // the clock's ring empties
    this.powerEl.textContent = this.aim && this.mine ? `Power ${Math.round(this.aim.power * 100)} %` : "";
    // Written only when it changes: the status is read out by screen readers.
    if (this.status.textContent !== text) this.status.textContent = text;
  }

  // What to draw over the pieces: the striker waiting on its base line,
  // the legal places, the aim and its guide line, a c/m being placed.
  private extra(): { pieces: DrawPiece[]; overlay: Overlay } {
    // What the viewer may grab, in CSS pixels on the canvas, for tests and
    // assistive tools; set again below while it is there.
    delete this.board.canvas.dataset.striker;
    delete this.board.canvas.dataset.coin;
    delete this.board.canvas.dataset.hint;
    delete this.board.canvas.dataset.zones;
    delete this.board.canvas.dataset.aimColour;
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
        this.board.canvas.dataset.zones = this.zones(t.position, x, ranges);
        if (this.aim) this.board.canvas.dataset.aimColour = powerColour(this.aim.power);
        if (this.aim) overlay.aim = { from: at, dir: this.aim.dir, power: this.aim.power, ghost: !legal, ...this.guide(at, this.aim.dir) };
      }
      if (this.mode === "pull" && this.pointer) overlay.pull = { from: this.anchor ?? at, to: this.pointer };
      overlay.clock = this.clock(at, g.striker_radius + 0.005);
      return { pieces: [{ id: "s", kind: "striker", x: at.x, y: at.y, ghost: mine && !legal }], overlay };
    }
    if (t.need === "place" && this.mine) {
      const at = this.coin ?? this.tray(t.position);
      this.board.canvas.dataset.coin = this.cssAt(at);
      const hint = t.place_hint ? vec(t.place_hint[0], t.place_hint[1]) : undefined;
      if (hint) this.board.canvas.dataset.hint = this.cssAt(hint);
      return {
        pieces: [],
        overlay: {
          placing: { pieces: st.pieces, hint }, drag: { at, kind: t.colour ?? "white", legal: this.placeLegal(at) },
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
  // locked: letting go of a pull keeps the aim, to be nudged and then shot.
  private locked = false;
  // Where a pull is measured from: the striker, or where the press landed.
  private anchor: Vec | null = null;

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
          this.mode = "pull"; this.anchor = s;
        } else if (Math.abs(along.off) < 0.04 && Math.abs(along.x) < 0.26) {
          this.mode = "slide"; this.aim = null; this.x = this.clampX(along.x);
        } else {
          // Anywhere else on the board the pull is measured from where
          // the press landed: the striker need not be under the finger.
          this.mode = "pull"; this.anchor = w;
        }
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
        const back = sub(this.anchor ?? strikerAt(g, t.position, this.x), w), d = len(back);
        const full = Math.max(FULL_PULL, this.board.r.toWorldLen(FULL_PULL_PX));
        this.aim = d < g.striker_radius ? null : { dir: norm(back), power: Math.min(1, (d - g.striker_radius) / full) };
        this.showControls(this.st);
        this.showStatus(); // the power readout follows the pull
      }
      this.board.invalidate();
    });
    const up = () => {
      const mode = this.mode;
      this.mode = "none";
      this.pointer = null; this.anchor = null;
      const st = this.st;
      if (!st) return;
      const r = st.to_act.striker_ranges ?? [];
      if (mode === "slide" && !inRanges(this.x, r)) this.x = nearestLegal(this.x, r);
      if (mode === "pull") {
        if (!this.aim) this.cancelled();
        else if (this.locked) this.showControls(st);
        else this.shoot();
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
        case "a": case "A": case "d": case "D":
          this.nudge((fine ? 0.5 : 2) * (e.key.toLowerCase() === "a" ? 1 : -1), 0);
          break;
        case "ArrowUp": case "ArrowDown":
          this.nudge(0, e.key === "ArrowUp" ? 0.05 : -0.05);
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

  // nudge turns the aim by turn degrees (anticlockwise) and changes its
  // power by dp; with no aim yet, it starts one straight ahead.
  private nudge(turn: number, dp: number): void {
    const st = this.st;
    if (!st) return;
    if (!this.aim) this.startKeyAim();
    const a = this.aim!, pos = st.to_act.position;
    if (turn) {
      // A pulled aim becomes the nearest half degree, then turns by whole steps.
      const from = a.angle ?? Math.round(Math.atan2(dot(a.dir, forward(pos)), dot(a.dir, right(pos))) * 360 / Math.PI) / 2;
      a.angle = (((from + turn) % 360) + 360) % 360;
      a.dir = onBoard(pos, direction(a.angle));
    }
    a.power = Math.max(0.02, Math.min(1, Math.round((a.power + dp) * 100) / 100));
    this.showStatus();
    this.board.invalidate();
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
  showMute(sound.toggle());
}

// speaker is a speaker icon, with sound waves or struck through.
function speaker(muted: boolean): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24"); svg.setAttribute("width", "20"); svg.setAttribute("height", "20");
  svg.setAttribute("aria-hidden", "true"); svg.setAttribute("class", "icon");
  const path = (d: string, fill: boolean) => {
    const p = document.createElementNS(ns, "path");
    p.setAttribute("d", d);
    p.setAttribute("fill", fill ? "currentColor" : "none");
    p.setAttribute("stroke", "currentColor"); p.setAttribute("stroke-width", "2"); p.setAttribute("stroke-linecap", "round");
    svg.append(p);
  };
  path("M3 9h4l5-4v14l-5-4H3z", true);
  if (muted) path("M16 9l6 6M22 9l-6 6", false);
  else path("M16 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13", false);
  return svg;
}

// showMute shows the sound's state on the header's toggle: a speaker, its
// word, and aria-pressed for "mute" pressed.
export function showMute(muted: boolean): void {
  const b = document.getElementById("mute");
  if (!b) return;
  b.replaceChildren(speaker(muted), muted ? " Sound off" : " Sound on");
  b.setAttribute("aria-pressed", String(muted));
  b.title = muted ? "Sound is off: turn it on (M)" : "Sound is on: turn it off (M)";
}
