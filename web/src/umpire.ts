// The umpire's scoresheet of a match on a real board (/umpire/, docs/umpire.md).
// The umpire taps what each stroke did; the server's referee (package
// rules, through internal/umpire) rules on it, and the page shows what the
// laws require now. The page applies no law itself: it sends numbered
// entries and shows the referee's answers. Entries made offline wait in
// localStorage (umpireQueue.ts) and go out in order when the network
// returns; their numbers make a resend harmless.
import { api } from "./api";
import type { EventMsg, GameState, MatchState, Stroke } from "./protocol";
import type { Names } from "./names";
import { boardEnd, describeResult, explain, phrase } from "./rules";
import { me, Queue, whoAmI, type Op, type SheetReply, type SheetView } from "./umpireQueue";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else e.setAttribute(k, v);
  }
  e.append(...kids);
  return e;
}

function button(id: string, text: string, onClick: () => void, cls = ""): HTMLButtonElement {
  const b = el("button", { type: "button", ...(id ? { id } : {}), ...(cls ? { class: cls } : {}) }, text);
  b.addEventListener("click", onClick);
  return b;
}

// A referee input line, as carrom referee reads it.
interface Line {
  stroke?: Partial<Stroke> & { jumped?: { white: number; black: number; queen: boolean } };
  concede?: string; toss?: number; void?: string; technical?: number; claim?: string;
  forfeit?: { side: number; rule: string };
  buy?: { pocket: number; white: number; black: number; queen: boolean };
}

// The variants without colours answer with the players' holdings instead
// of sides and colours (record.Variant).
interface VariantState {
  turn: number; awaiting: string; score: number[];
  board: { on_board: { white: number; black: number; queen: boolean }; queen: string; queen_side: number | null; owed: number[] };
  result: { winner: number | null; points: number; rule: string } | null; match_winner: number | null;
  ruling?: MatchState["ruling"];
}

const RULES: [string, string][] = [["icf", "ICF"], ["family", "Family"], ["point", "Point carrom"], ["three", "Three players"], ["pockets", "Buying the pockets"]];

// umpire shows /umpire/ (open a sheet, list this device's sheets) or /umpire/{id}.
export function umpire(root: HTMLElement, id: string | undefined): void {
  document.body.classList.add("umpire-page");
  whoAmI().then(() => {
    if (!id) openSheet(root); else new SheetPage(root, id);
  });
}

function openSheet(root: HTMLElement): void {
  const rules = el("select", { id: "u-rules" });
  for (const [v, t] of RULES) rules.append(el("option", { value: v }, t));
  const players = el("select", { id: "u-players" });
  const names = el("div", { class: "u-names" });
  const accounts = el("div", { class: "u-names" });
  const rated = el("details", { class: "u-rated" }, el("summary", {}, "Rated match: every player's account"),
    el("p", { class: "help" }, "The match is rated once it is over and every player has confirmed its result, signed in to his own account."), accounts);
  const drawPlayers = () => {
    const colours = rules.value === "icf" || rules.value === "family";
    const opts = colours ? [2, 4] : rules.value === "three" ? [3] : [2, 3, 4];
    const keep = +players.value;
    players.replaceChildren(...opts.map((n) => el("option", { value: String(n) }, colours ? (n === 2 ? "Singles" : "Doubles") : `${n} players`)));
    if (opts.includes(keep)) players.value = String(keep);
    drawNames();
  };
  const drawNames = () => {
    const n = +players.value;
    const old = [...names.querySelectorAll("input")].map((i) => i.value);
    const oldAccounts = [...accounts.querySelectorAll("input")].map((i) => i.value);
    names.replaceChildren(...Array.from({ length: n }, (_, i) => el("label", {}, `Seat ${i + 1}${n === 4 && (rules.value === "icf" || rules.value === "family") ? ` (side ${(i % 2) + 1})` : ""} `,
      el("input", { id: `u-name-${i}`, maxlength: "80", required: "", value: old[i] ?? "", placeholder: i === 0 ? "breaks first" : "" }))));
    accounts.replaceChildren(...Array.from({ length: n }, (_, i) => el("label", {}, `Account of seat ${i + 1} `,
      el("input", { id: `u-account-${i}`, maxlength: "80", value: oldAccounts[i] ?? "" }))));
    // Rated as online play rates: ICF and family, and point carrom and
    // buying the pockets between two players.
    rated.hidden = !(rules.value === "icf" || rules.value === "family" || ((rules.value === "point" || rules.value === "pockets") && n === 2));
  };
  rules.addEventListener("change", drawPlayers);
  players.addEventListener("change", drawNames);
  const event = el("input", { id: "u-event", maxlength: "80", placeholder: "tournament, round, table" });
  const ump = el("input", { id: "u-umpire", maxlength: "80" });
  const err = el("p", { class: "error", id: "error", role: "alert" });
  const start = button("u-open", "Open the scoresheet", () => {
    const acc = rated.hidden ? [] : [...accounts.querySelectorAll("input")].map((i) => i.value.trim());
    const cfg = { rules: rules.value, players: +players.value, names: [...names.querySelectorAll("input")].map((i) => i.value.trim()),
      ...(acc.some(Boolean) ? { accounts: acc } : {}), event: event.value.trim(), umpire: ump.value.trim() };
    api<SheetReply>("POST", "/api/umpire", cfg)
      .then((data) => { location.href = `/umpire/${data.id}`; })
      .catch((e: Error) => { err.textContent = e.message; });
  });
  const mine = el("ul", { class: "u-mine" });
  root.replaceChildren(el("h1", {}, "Umpire's scoresheet"),
    el("p", {}, "For a match on a real board: tap what each stroke did, and the referee says what the laws require now."),
    el("div", { class: "card u-form" }, el("label", {}, "Rules ", rules), el("label", {}, "Players ", players), names, rated,
      el("label", {}, "Event ", event), el("label", {}, "Umpire ", ump), start, err),
    el("h2", {}, "Scoresheets opened on this device"), mine);
  drawPlayers();
  api<{ id: string; config: { names: string[]; rules: string }; created: string; finished?: string }[]>("GET", "/api/umpire").then((list) => {
    if (!list.length) mine.append(el("li", {}, "None yet."));
    for (const s of list) {
      mine.append(el("li", {}, el("a", { href: `/umpire/${s.id}` }, s.config.names.join(" v ")),
        ` · ${s.config.rules} · ${new Date(s.created).toLocaleString()}${s.finished ? " · finished" : ""}`));
    }
  }).catch(() => undefined);
}

// The entry pad's counts.
interface Pad { white: number; black: number; queen: boolean; striker: boolean; foul: boolean; missed: boolean;
  jw: number; jb: number; jq: boolean; off: boolean }
const emptyPad = (): Pad => ({ white: 0, black: 0, queen: false, striker: false, foul: false, missed: false, jw: 0, jb: 0, jq: false, off: false });

function strokeLine(p: Pad): Line {
  const s: Line["stroke"] = {};
  if (p.white) s.white = p.white;
  if (p.black) s.black = p.black;
  if (p.queen) s.queen = true;
  if (p.striker) s.striker = true;
  if (p.missed) s.touched = false;
  if (p.foul) s.foul = true;
  if (p.off) s.striker_off = true;
  if (p.jw || p.jb || p.jq) s.jumped = { white: p.jw, black: p.jb, queen: p.jq };
  return { stroke: s };
}

function padOf(l: Line): Pad {
  const s = l.stroke ?? {};
  return { white: s.white ?? 0, black: s.black ?? 0, queen: !!s.queen, striker: !!s.striker, foul: !!s.foul, missed: s.touched === false,
    jw: s.jumped?.white ?? 0, jb: s.jumped?.black ?? 0, jq: !!s.jumped?.queen, off: !!s.striker_off };
}

class SheetPage {
  private view: SheetView | undefined;
  private created = "";
  private rating: SheetReply["rating"];
  private queue: Queue;
  private pad = emptyPad();
  private padKey = "";
  private editing = 0; // the entry being corrected, or 0
  private confirming = 0; // the entry whose Remove waits for its confirmation, or 0
  // change is the last correction sent (a removal, its undo, an edit): the
  // open entries' words before it, and where each entry after it was then
  // (undefined: it is the entry written), so that once the server has it
  // the entries that read differently are marked; a removal keeps what it
  // removed, for its Undo.
  private change: { seq: number; old: Map<number, string>; was: (n: number) => number | undefined; removed?: { entry: number; line: Line; words: string } } | undefined;
  private readonly changeEl = el("div", { id: "u-change", "aria-live": "polite" });
  private clockEnd = 0;
  private clockTimer = 0;
  private readonly bar = el("div", { class: "u-bar", id: "u-bar" });
  private readonly sync = el("span", { class: "u-sync", id: "u-sync", "aria-live": "polite" });
  private readonly now = el("section", { class: "u-now card", id: "u-now", "aria-live": "polite" });
  private readonly padEl = el("section", { class: "u-pad card", id: "u-pad" });
  private readonly entries = el("ol", { class: "u-entries", id: "u-entries" });
  private readonly sheet = el("section", { class: "u-sheet", id: "u-sheet" });
  private readonly err = el("p", { class: "error", id: "error", role: "alert" });
  private readonly clockBtn = button("u-clock", "", () => this.startClock(), "secondary");
  private readonly clockEl = el("p", { class: "u-clock" }, this.clockBtn);

  constructor(root: HTMLElement, private id: string) {
    this.queue = new Queue(id, (r) => this.answer(r), () => this.draw(), (e) => { this.err.textContent = e; });
    root.replaceChildren(el("div", { class: "u-live" }, this.bar, this.now, this.err, this.padEl,
      el("h2", {}, "This board"), this.changeEl, this.entries), this.sheet);
    api<SheetReply>("GET", `/api/umpire/${id}`).then((data) => {
      this.answer(data);
      this.queue.start();
    }).catch((e: Error) => { this.err.textContent = e.message; });
  }

  private answer(r: SheetReply): void {
    this.view = r.view;
    this.created = r.created;
    this.rating = r.rating;
    if (!r.yours) this.padEl.hidden = true;
    this.draw();
  }

  private showSync(): void { this.sync.textContent = this.queue.describe(); this.sync.dataset.state = this.queue.offline ? "offline" : this.queue.length ? "sending" : "saved"; }

  private send(op: Omit<Op, "seq">): number {
    this.err.textContent = "";
    // The next stroke's clock is started afresh.
    clearInterval(this.clockTimer);
    this.clockEnd = 0;
    this.change = undefined;
    this.confirming = 0;
    const seq = this.queue.push(op, this.view?.seq ?? 0);
    this.pad = emptyPad();
    this.editing = 0;
    this.draw();
    return seq;
  }

  // correct sends a correction, keeping the entries' words before it.
  private correct(op: Omit<Op, "seq">, was: (n: number) => number | undefined, removed?: { entry: number; line: Line }): void {
    const old = this.entryWords();
    const seq = this.send(op);
    this.change = { seq, old, was, removed: removed && { ...removed, words: old.get(removed.entry) ?? "" } };
    this.draw();
  }

  // padBoard is what is on the board for the pad's stroke: before the
  // entry corrected, or now. The pad offers no more than it holds.
  private padBoard(): { white: number; black: number; queen: boolean } {
    const v = this.view!;
    const st = this.editing ? (this.editing > 1 ? v.entries[this.editing - 2].reply : v.start) : v.state;
    return st.board.on_board;
  }

  private get colours(): boolean { const r = this.view?.config.rules; return r === "icf" || r === "family"; }

  private names(): Names {
    const cfg = this.view!.config;
    return {
      seat: (s) => cfg.names[s] ?? `Seat ${s + 1}`,
      side: (sd) => this.colours ? cfg.names.filter((_, i) => i % 2 === sd).join(" & ") : cfg.names[sd] ?? `Player ${sd + 1}`,
      you: () => false,
    };
  }

  private sides(): number { return this.colours ? 2 : this.view!.config.players; }

  // words is one entry in plain sentences: the online game's own wording
  // of the referee's answer (rules.ts), fed the entry as a stroke event.
  private words(line: Line, seat: number, before: MatchState, after: MatchState): string {
    const names = this.names();
    const who = names.seat(seat);
    if (!this.colours) {
      const s = line.stroke;
      const bits: string[] = [];
      if (s) {
        const p = [s.white ? `${s.white} white` : "", s.black ? `${s.black} black` : "", s.queen ? "the queen" : "", s.striker ? "the striker" : ""].filter(Boolean);
        bits.push(p.length ? `${who} pocketed ${p.join(", ")}` : s.touched === false ? `${who} touched nothing` : `${who} pocketed nothing`);
        if (s.foul) bits.push("a foul");
      } else if (line.buy) bits.push(`${who} bought pocket ${line.buy.pocket + 1}`);
      else if (line.concede) bits.push(`${who} conceded`);
      const v = after as unknown as VariantState;
      if (v.result && v.result.winner !== null) bits.push(`board to ${names.side(v.result.winner)}, ${v.result.points} points`);
      return bits.join(" — ") + ".";
    }
    const state = (m: MatchState) => this.asGame(m);
    let action: EventMsg["action"] = { kind: "strike", seat };
    const stroke = strokeOf(line);
    if (line.concede) action = { kind: "concede", seat, concede: line.concede };
    else if (line.toss !== undefined) action = { kind: "toss", seat, toss: line.toss };
    else if (line.forfeit) action = { kind: "forfeit", seat: line.forfeit.side, rule: line.forfeit.rule };
    else if (!line.stroke) {
      const what = line.technical !== undefined ? `Technical foul by ${names.side(line.technical)}: a penalty at its next turn`
        : line.void ? `Board void (${line.void}): replayed by the same breaker` : line.claim ? `${who} takes two turns (H-3)` : "Entry";
      const end = describeResult(after, names.side, state(before));
      return `${what}.${end ? " " + end : ""}`;
    }
    const ev = { v: 1, type: "event", seq: 0, action, outcome: { stroke, respotted: [], void: false }, state: state(after) } as EventMsg;
    return explain(ev, state(before), names);
  }

  // asGame is a referee's state as the table's sentences read a game's.
  private asGame(m: MatchState): GameState {
    return { match: m, seats: this.view!.config.names.map((_, i) => ({ seat: i, side: i % 2 })), to_act: { seat: m.turn } } as unknown as GameState;
  }

  private draw(): void {
    const v = this.view;
    if (!v) return;
    const cfg = v.config;
    const st = v.state;
    const names = this.names();
    const colours = this.colours;
    const over = st.awaiting === "over";
    // The bar: players, games, the game's score, where the match is.
    const score = (sd: number) => `${names.side(sd)} ${st.score[sd] ?? 0}`;
    const sideList = Array.from({ length: this.sides() }, (_, i) => i);
    const signing = v.must_sign ? v.boards[v.must_sign - 1] : undefined;
    this.bar.replaceChildren(
      el("span", { class: "u-where" }, !colours ? "Board" : signing ? `Game ${signing.game} · Board ${signing.number} over` : `Game ${st.game} · Board ${st.board.number}`),
      el("b", { class: "u-score", id: "u-score" }, sideList.map(score).join(" – ")),
      colours ? el("span", { class: "games" }, `Games ${st.games[0]}–${st.games[1]}`) : "",
      this.sync);
    this.showSync();

    // Now: what the laws require.
    const rows: (Node | string)[] = [];
    const turnName = names.seat(st.turn);
    const colourOf = (sd: number) => st.board.white === sd ? "white" : "black";
    if (v.must_sign) {
      const b = v.boards[v.must_sign - 1];
      rows.push(el("p", { class: "u-turn", id: "u-turn" }, `Board ${b.number}${colours ? ` of game ${b.game}` : ""} is over; ${over ? "the match too" : `next: ${turnName} breaks${colours ? `, with ${colourOf(st.turn % 2)}` : ""}`}.`));
    } else if (over) {
      const w = st.match_winner ?? (st as unknown as VariantState).match_winner;
      rows.push(el("p", { class: "u-turn", id: "u-turn" }, w !== null && w !== undefined ? `Match to ${names.side(w)}.` : "The match is over."));
    } else if (st.awaiting === "toss") {
      rows.push(el("p", { class: "u-turn", id: "u-turn" }, "Toss for the break of the extra board (G-2): enter who won it."));
    } else {
      rows.push(el("p", { class: "u-turn", id: "u-turn" }, colours ? el("span", { class: `chip ${colourOf(st.turn % 2)}` }) : "",
        ` ${turnName} to play${colours ? ` (${colourOf(st.turn % 2)})` : ""}`));
    }
    const last = v.entries[v.entries.length - 1];
    const ruling = last ? st.ruling : undefined;
    if (ruling && !v.must_sign) {
      for (const p of ruling.place) {
        const placer = p.placer === null ? "on the centre circle" : `${names.seat(p.placer)} places ${p.count === 1 ? "it" : "them"} inside the outer circle`;
        rows.push(el("p", { class: "u-place" }, `Back on the board: ${p.count} ${p.colour} c/m (${/^(D-[1-4]|Q-)/.test(p.rule) ? "due" : "penalty"}, ${p.rule}); ${placer}.`));
      }
      const centre = ruling.centre;
      if (centre.length) rows.push(el("p", { class: "u-place" }, `On the centre: ${centre.join(", ")}.`));
    }
    if (colours) {
      const b = st.board;
      const q = b.queen === "pending" && b.queen_side !== null ? `the queen waits for ${names.side(b.queen_side)}'s cover: the next stroke must pocket one of ${colourOf(b.queen_side)} (Q-4)`
        : b.queen === "covered" && b.queen_side !== null ? `the queen is covered by ${names.side(b.queen_side)}` : "the queen is on the board";
      rows.push(el("p", { id: "u-queenstate", "data-queen": b.queen }, `${q[0].toUpperCase()}${q.slice(1)}.`));
      rows.push(el("p", {}, `On the board: ${b.on_board.white} white, ${b.on_board.black} black${b.on_board.queen ? ", the queen" : ""}.` +
        (b.owed[0] || b.owed[1] ? ` Owed: ${sideList.filter((sd) => b.owed[sd]).map((sd) => `${names.side(sd)} ${b.owed[sd]}`).join(", ")}.` : "")));
      if (v.queen_value && !over) {
        const qv = v.queen_value;
        const full = Math.max(...qv);
        const reduced = sideList.filter((sd) => qv[sd] < full);
        rows.push(el("p", { id: "u-22" }, reduced.length
          ? `22-point rule (Q-12): the queen now adds ${qv[reduced[0]]} to a board ${names.side(reduced[0])} wins (${st.score[reduced[0]]} points), ${full} to ${names.side(1 - reduced[0])}.`
          : `The queen adds ${full} to the board's winner while his score is ${cfg.rules === "family" ? 19 : 21} or less (Q-12).`));
      }
    } else {
      const vs = st as unknown as VariantState;
      rows.push(el("p", { id: "u-queenstate" }, `On the board: ${vs.board.on_board.white} white, ${vs.board.on_board.black} black${vs.board.on_board.queen ? ", the queen" : ""}; queen ${vs.board.queen}.`));
    }
    if (last) {
      const before = v.entries.length > 1 ? v.entries[v.entries.length - 2].reply : v.start;
      const text = this.words(last.line as Line, last.seat, before, st);
      rows.push(el("div", { class: "ruling", id: "u-ruling" }, el("p", {}, text),
        el("small", {}, ...(st.ruling?.rules ?? []).map((r) => el("abbr", { title: phrase(r) }, r + " ")))));
    }
    if (v.must_sign && !this.padEl.hidden) {
      const b = v.boards[v.must_sign - 1];
      const res = b.winner === null ? "The board is void." : `Board ${b.number}${colours ? ` of game ${b.game}` : ""} to ${names.side(b.winner)}: ${b.points} point${b.points === 1 ? "" : "s"} (${b.rule}${b.slam ? `, ${b.slam} slam` : ""}).`;
      // Why it ended and how its points were counted, as the table says it.
      const last = v.entries[b.last - 1], line = last.line as Line;
      const why = colours ? boardEnd(last.reply, this.asGame(b.last > 1 ? v.entries[b.last - 2].reply : v.start), strokeOf(line),
        { kind: line.concede ? "concede" : "strike", seat: last.seat }, names.side) : "";
      rows.push(el("div", { class: "u-result", id: "u-result" }, el("p", {}, res), why ? el("p", { id: "u-why" }, why) : "",
        el("p", {}, "Check the board's entries below, then sign it: signed entries can no longer change."),
        button("u-sign", `Sign board ${b.n}`, () => this.send({ sign: b.n }))));
    }
    if (colours && st.change_sides) rows.push(el("p", { class: "u-notice" }, "The players change sides before the next board: at most 2 minutes (S-5)."));
    if (colours && !over && st.game === 3 && st.board.number === 1 && !st.board.broken) rows.push(el("p", { class: "u-notice" }, "Ten-minute interval between games 2 and 3 (G-3)."));
    if (this.queue.length) rows.push(el("p", { class: "u-notice", id: "u-waiting" }, `${this.queue.length} entr${this.queue.length === 1 ? "y waits" : "ies wait"} to be sent: what the laws require after ${this.queue.length === 1 ? "it" : "them"} shows once the server has ${this.queue.length === 1 ? "it" : "them"}.`));
    if (!over && !v.must_sign) rows.push(this.clock());
    this.now.replaceChildren(...rows);
    this.now.dataset.seq = String(v.seq);
    this.drawPad(st);
    this.drawEntries();
    this.drawSheet();
  }

  // clock is the stroke clock the umpire starts by hand (TM-1: 15 s).
  // clock is the stroke clock the umpire starts by hand (TM-1: 15 s): one
  // element kept across redraws, so that its countdown goes on.
  private clock(): HTMLElement {
    const left = Math.ceil((this.clockEnd - Date.now()) / 1000);
    this.clockBtn.textContent = this.clockEnd && left > 0 ? `${left} s` : this.clockEnd ? "Time! (TM-1)" : "Start the 15 s clock";
    this.clockBtn.className = left <= 5 && this.clockEnd ? "secondary low" : "secondary";
    return this.clockEl;
  }

  private startClock(): void {
    this.clockEnd = Date.now() + 15000;
    clearInterval(this.clockTimer);
    this.clockTimer = window.setInterval(() => {
      this.clock();
      if (Date.now() > this.clockEnd + 3000) clearInterval(this.clockTimer);
    }, 250);
    this.clock();
  }

  // drawPad shows the entry pad. It is rebuilt only when its layout
  // changes (a board to sign, a correction, a toss, a claim, the match's
  // end); otherwise its counts are updated in place, so that an answer of
  // the server arriving while the umpire taps never swaps a button from
  // under his finger.
  private drawPad(st: MatchState): void {
    const v = this.view!;
    const key = [v.must_sign, this.editing, st.awaiting, st.claimable?.join(), v.config.rules].join("|");
    if (key !== this.padKey) this.buildPad(st, key);
    const p = this.pad;
    for (const k of ["white", "black", "jw", "jb"] as const) {
      const o = this.padEl.querySelector(`#u-${k}`);
      if (o) o.textContent = String(p[k]);
    }
    for (const k of ["queen", "striker", "foul", "missed", "jq", "off"] as const) this.padEl.querySelector(`#u-${k}`)?.setAttribute("aria-pressed", String(p[k]));
    // What the board holds bounds the counts: a c/m pocketed or off the
    // board is one fewer for the other count of its colour, and the queen
    // is offered only while on the board, pocketed or off it, not both.
    const on = this.padBoard();
    const left = { white: on.white - p.white - p.jw, black: on.black - p.black - p.jb };
    const set = (id: string, off: boolean, why = "") => {
      const b = this.padEl.querySelector<HTMLButtonElement>(`#${id}`);
      if (!b) return;
      b.disabled = off;
      b.title = off ? why : "";
    };
    for (const [k, c] of [["white", "white"], ["jw", "white"], ["black", "black"], ["jb", "black"]] as const) {
      set(`u-${k}-plus`, left[c] <= 0, `${on[c]} ${c} on the board`);
      set(`u-${k}-minus`, p[k] <= 0);
    }
    set("u-queen", !p.queen && (!on.queen || p.jq), on.queen ? "" : "The queen is not on the board");
    set("u-jq", !p.jq && (!on.queen || p.queen), on.queen ? "" : "The queen is not on the board");
  }

  private redrawPad(): void { if (this.view) this.drawPad(this.view.state); }

  private buildPad(st: MatchState, key: string): void {
    this.padKey = key;
    const colours = this.colours;
    const counter = (label: string, k: "white" | "black" | "jw" | "jb") => el("span", { class: "u-count" }, `${label} `,
      button(`u-${k}-minus`, "−", () => { this.pad[k] = Math.max(0, this.pad[k] - 1); this.redrawPad(); }, "secondary"),
      el("output", { id: `u-${k}` }, "0"),
      button(`u-${k}-plus`, "+", () => { this.pad[k]++; this.redrawPad(); }, "secondary"));
    const toggle = (label: string, k: "queen" | "striker" | "foul" | "missed" | "jq" | "off") =>
      button(`u-${k}`, label, () => { this.pad[k] = !this.pad[k]; this.redrawPad(); }, "u-toggle");
    if (this.view?.must_sign && !this.editing) {
      this.padEl.replaceChildren(el("div", { class: "u-row u-main" }, button("u-undo", "Undo the last entry (reopens the board)", () => this.send({ undo: true }), "secondary")));
      return;
    }
    if (st.awaiting === "over" && !this.editing) {
      this.padEl.replaceChildren(el("div", { class: "u-row u-main" }, button("u-undo", "Undo the last entry", () => this.send({ undo: true }), "secondary")));
      return;
    }
    const enter = button("u-enter", this.editing ? `Save entry ${this.editing}` : "Enter the stroke", () => {
      const line = strokeLine(this.pad);
      const k = this.editing;
      if (k) this.correct({ edit: { entry: k, line } }, (n) => n === k ? undefined : n);
      else this.send({ line });
    });
    const rows: (Node | string)[] = [
      el("div", { class: "u-row" }, el("b", {}, "Pocketed"), counter("White", "white"), counter("Black", "black"), toggle("Queen", "queen"), toggle("Striker", "striker")),
      el("div", { class: "u-row" }, toggle("Foul", "foul"), toggle("Touched nothing", "missed")),
      el("details", { class: "u-off" }, el("summary", {}, "Off the board (jumped)"),
        el("div", { class: "u-row" }, counter("White", "jw"), counter("Black", "jb"), toggle("Queen", "jq"), toggle("Striker", "off"))),
      el("div", { class: "u-row u-main" }, enter,
        this.editing ? button("u-cancel", "Cancel", () => { this.editing = 0; this.pad = emptyPad(); this.redrawPad(); }, "secondary")
          : button("u-undo", "Undo", () => this.send({ undo: true }), "secondary")),
    ];
    const more: (Node | string)[] = [
      button("u-time", "Time ran out (TM-1)", () => this.send({ line: { stroke: { touched: false, foul: true } } }), "secondary"),
      button("u-concede-board", "Concede board", () => this.send({ line: { concede: "board" } }), "secondary"),
    ];
    if (colours) {
      more.push(button("u-concede-game", "Concede game", () => this.send({ line: { concede: "game" } }), "secondary"),
        button("u-concede-match", "Concede match", () => this.send({ line: { concede: "match" } }), "secondary"));
      for (const sd of [0, 1]) more.push(button("", `Technical foul: ${this.names().side(sd)}`, () => this.send({ line: { technical: sd } }), "secondary"));
      more.push(button("", "Void the board (ST-3)", () => this.send({ line: { void: "ST-3" } }), "secondary"));
      if (st.awaiting === "toss") for (const sd of [0, 1]) rows.unshift(button(`u-toss-${sd}`, `Toss won by ${this.names().side(sd)}`, () => this.send({ line: { toss: sd } })));
      if (st.claimable?.some(Boolean)) more.push(button("", "Claim two turns (H-3)", () => this.send({ line: { claim: "two_turns" } }), "secondary"));
    } else {
      more.push(button("u-concede-match", "Concede match", () => this.send({ line: { concede: "match" } }), "secondary"));
    }
    rows.push(el("details", { class: "u-more" }, el("summary", {}, "Other entries"), el("div", { class: "u-row" }, ...more)));
    this.padEl.replaceChildren(...rows);
  }

  // entryWords are the open entries' words, by number.
  private entryWords(): Map<number, string> {
    const v = this.view!;
    const out = new Map<number, string>();
    let before = v.locked ? v.entries[v.locked - 1].reply : v.start;
    for (const e of v.entries.filter((e) => e.n > v.locked)) {
      out.set(e.n, this.words(e.line as Line, e.seat, before, e.reply));
      before = e.reply;
    }
    return out;
  }

  private drawEntries(): void {
    const v = this.view!;
    const open = v.entries.filter((e) => e.n > v.locked);
    const words = this.entryWords();
    // The last correction, once the server has it: what now reads otherwise.
    const ch = this.change && v.seq >= this.change.seq ? this.change : undefined;
    let changed = 0;
    const items: HTMLElement[] = [];
    for (const e of open) {
      const line = e.line as Line;
      const w = words.get(e.n) ?? "";
      const li = el("li", { value: String(e.n), "data-n": String(e.n) }, el("span", {}, w));
      const k = ch?.was(e.n);
      const was = ch && k !== undefined ? ch.old.get(k) : undefined;
      if (was !== undefined && was !== w) {
        changed++;
        li.classList.add("u-changed");
        li.append(el("small", { class: "u-was" }, `Read before: ${was}`));
      }
      if (!this.padEl.hidden) {
        if (this.confirming === e.n) {
          li.append(el("div", { class: "u-confirm", role: "group" },
            `Remove entry ${e.n}? The entries after it are ruled again and may read differently; you can put it back after.`,
            button("u-remove-yes", `Remove entry ${e.n}`, () => this.correct({ remove: e.n }, (n) => n >= e.n ? n + 1 : n, { entry: e.n, line }), "u-small"),
            button("u-remove-no", "Keep it", () => { this.confirming = 0; this.drawEntries(); }, "secondary u-small")));
        } else {
          if (line.stroke) li.append(button("", "Edit", () => { this.editing = e.n; this.pad = padOf(line); this.redrawPad(); this.padEl.scrollIntoView({ block: "nearest" }); }, "secondary u-small"));
          li.append(button("", "Remove", () => { this.confirming = e.n; this.drawEntries(); }, "secondary u-small u-remove"));
        }
      }
      items.push(li);
    }
    for (const q of this.queue.pending()) {
      items.push(el("li", { class: "u-waiting" }, `Waiting to be sent: ${this.describeOp(q)}.`));
    }
    for (const q of this.queue.refused()) {
      items.push(el("li", { class: "u-refused" }, `Not entered: ${this.describeOp(q.op)}. ${q.error}`));
    }
    if (this.queue.refused().length) items.push(el("li", {}, button("u-discard", "Discard the refused entries", () => { this.queue.discard(); this.draw(); }, "secondary")));
    this.entries.replaceChildren(...items);
    const r = ch?.removed;
    this.changeEl.replaceChildren(...(r && !this.padEl.hidden ? [el("p", { class: "u-notice", id: "u-removed" },
      `Entry ${r.entry} removed (${r.words.replace(/\.$/, "")}). ${changed ? `${changed} later entr${changed === 1 ? "y now reads" : "ies now read"} differently, marked below.` : "The later entries read as before."} `,
      button("u-unremove", `Undo: put entry ${r.entry} back`, () => this.correct({ insert: { entry: r.entry, line: r.line } }, (n) => n === r.entry ? undefined : n > r.entry ? n - 1 : n), "secondary u-small"))] : []));
  }

  // describeOp says in words what an operation waiting or refused was.
  private describeOp(op: Op): string {
    const names = this.names();
    if (op.line) return describeLine(op.line as Line, names);
    if (op.undo) return "undo the last entry";
    if (op.edit) return `entry ${op.edit.entry} corrected to ${describeLine(op.edit.line as Line, names)}`;
    if (op.insert) return `entry ${op.insert.entry} put back`;
    if (op.remove) return `entry ${op.remove} removed`;
    if (op.sign) return `board ${op.sign} signed`;
    return "an entry";
  }

  // drawSheet is the ICF-style scoresheet: every board with its breaker,
  // winner, points and queen, the games, and the signatures' lines.
  private drawSheet(): void {
    const v = this.view!;
    const cfg = v.config;
    const names = this.names();
    const colours = this.colours;
    const sides = Array.from({ length: this.sides() }, (_, i) => i);
    const head = el("tr", {}, ...(colours ? ["Game", "Board", "Break"] : ["Board"]).map((t) => el("th", {}, t)),
      el("th", {}, "Won by"), el("th", {}, "Points"), el("th", {}, "Queen"), ...sides.map((sd) => el("th", {}, names.side(sd))), el("th", {}, "Signed"));
    const body = v.boards.map((b) => el("tr", { class: b.over ? "" : "u-inplay" },
      ...(colours ? [String(b.game), String(b.number), names.seat(b.breaker)] : [String(b.n)]).map((t) => el("td", {}, t)),
      el("td", {}, b.winner === null ? (b.over ? "void" : "in play") : names.side(b.winner)),
      el("td", {}, b.over ? String(b.points) : ""), el("td", {}, b.queen === null ? "" : names.side(b.queen)),
      ...sides.map((sd) => el("td", {}, b.score ? String(b.score[sd] ?? "") : "")),
      el("td", {}, b.signed ? "✓" : "")));
    const games = colours ? el("p", {}, `Games: ${names.side(0)} ${v.state.games[0]}, ${names.side(1)} ${v.state.games[1]}.${v.winner !== null ? ` Match to ${names.side(v.winner)}.` : ""}`) : "";
    const stats = el("table", { class: "list u-stats" }, el("tr", {}, el("th", {}, ""), ...["Boards", "Queens", "Slams", "Strokes", "Scoring", "Fouls"].map((t) => el("th", {}, t))),
      ...v.stats.map((s, sd) => el("tr", {}, el("td", {}, names.side(sd)), ...[s.boards, s.queens, s.slams, s.strokes, s.scoring, s.fouls].map((n) => el("td", {}, String(n))))));
    const rt = this.rating;
    let rating: HTMLElement | string = "";
    if (rt) {
      const who = rt.accounts.map((a, i) => `${a} (${cfg.names[i]})`).join(", ");
      const status = rt.rated ? "Rated." : v.over ? `Confirmed by ${rt.confirmed.length ? rt.confirmed.join(", ") : "nobody yet"}; rated once every player has confirmed.`
        : "Each player confirms the result from his own account once the match is over.";
      rating = el("div", { class: "u-rating", id: "u-rating" }, el("p", {}, `Rated match: ${who}. ${status}`));
      if (v.over && !rt.rated && me.name && rt.accounts.includes(me.name) && !rt.confirmed.includes(me.name)) {
        rating.append(el("p", { class: "u-noprint" }, button("u-confirm", `Confirm the result as ${me.name}`, () => {
          api<SheetReply>("POST", `/api/umpire/${this.id}/confirm`, {}).then((data) => this.answer(data)).catch((e: Error) => { this.err.textContent = e.message; });
        })));
      }
    }
    const signLine = (who: string) => el("div", { class: "u-signline" }, el("span", {}, ""), who);
    this.sheet.replaceChildren(
      el("h2", {}, "Scoresheet"),
      el("p", { class: "u-head" }, `${cfg.event ? cfg.event + " · " : ""}${this.created ? new Date(this.created).toLocaleDateString() + " · " : ""}${RULES.find(([r]) => r === cfg.rules)?.[1] ?? cfg.rules} rules · ${cfg.names.join(", ")}${cfg.umpire ? ` · umpire ${cfg.umpire}` : ""}`),
      el("div", { class: "u-scroll" }, el("table", { class: "list u-boards", id: "u-boards" }, el("thead", {}, head), el("tbody", {}, ...body))),
      games, rating, el("h3", {}, "Statistics"), el("div", { class: "u-scroll" }, stats),
      el("div", { class: "u-signatures" }, ...sides.map((sd) => signLine(names.side(sd))), signLine(`Umpire${cfg.umpire ? ": " + cfg.umpire : ""}`)),
      el("p", { class: "u-noprint" }, button("u-print", "Print the scoresheet", () => window.print(), "secondary"), " ",
        el("a", { href: `/api/umpire/${this.id}.jsonl`, download: "" }, "the entries (carrom referee's input)"), " · ",
        el("a", { href: `/api/umpire/${this.id}.txt`, download: "" }, "the match record")));
  }
}

// strokeOf is an entry's stroke as the table's sentences read one.
function strokeOf(line: Line): Stroke | undefined {
  const s = line.stroke;
  return s && { white: s.white ?? 0, black: s.black ?? 0, queen: !!s.queen, striker: !!s.striker, touched: s.touched ?? true, foul: !!s.foul };
}

// describeLine is an entry in words: "a stroke pocketing 2 white and the queen".
function describeLine(l: Line, names: Names): string {
  const s = l.stroke;
  if (s) {
    const list = (parts: string[]) => parts.length < 2 ? parts.join("") : parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1];
    const down = [s.white ? `${s.white} white` : "", s.black ? `${s.black} black` : "", s.queen ? "the queen" : "", s.striker ? "the striker" : ""].filter(Boolean);
    const j = s.jumped;
    const off = [j?.white ? `${j.white} white` : "", j?.black ? `${j.black} black` : "", j?.queen ? "the queen" : "", s.striker_off ? "the striker" : ""].filter(Boolean);
    const what = down.length ? `pocketing ${list(down)}` : s.touched === false ? "that touched nothing" : "pocketing nothing";
    return `a stroke ${what}${off.length ? `, ${list(off)} off the board` : ""}${s.foul ? ", a foul" : ""}`;
  }
  if (l.concede) return `a concession of the ${l.concede}`;
  if (l.toss !== undefined) return `the toss, won by ${names.side(l.toss)}`;
  if (l.void) return "the board voided";
  if (l.technical !== undefined) return `a technical foul of ${names.side(l.technical)}`;
  if (l.claim) return "a claim of two turns";
  if (l.forfeit) return `a forfeit by ${names.side(l.forfeit.side)}`;
  if (l.buy) return `the purchase of pocket ${l.buy.pocket + 1}`;
  return "an entry";
}
