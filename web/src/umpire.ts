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
import { lang, t } from "./i18n";
import { me, Queue, whoAmI, type Op, type SheetBoard, type SheetReply, type SheetView } from "./umpireQueue";

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

// The rules a sheet is opened under, and their names' keys.
const RULES: [string, string][] = [["icf", "umpire.rules.icf"], ["family", "umpire.rules.family"], ["point", "umpire.rules.point"], ["three", "umpire.rules.three"], ["pockets", "umpire.rules.pockets"]];
const rulesName = (r: string) => { const k = RULES.find(([v]) => v === r)?.[1]; return k ? t(k) : r; };

// colour is a side's colour as the sheet writes it.
const colour = (c: string) => c === "white" ? t("umpire.colour.white") : t("umpire.colour.black");

// umpire shows /umpire/ (open a sheet, list this device's sheets) or /umpire/{id}.
export function umpire(root: HTMLElement, id: string | undefined): void {
  document.body.classList.add("umpire-page");
  whoAmI().then(() => {
    if (!id) openSheet(root); else new SheetPage(root, id);
  });
}

function openSheet(root: HTMLElement): void {
  const rules = el("select", { id: "u-rules" });
  for (const [v, k] of RULES) rules.append(el("option", { value: v }, t(k)));
  const players = el("select", { id: "u-players" });
  const names = el("div", { class: "u-names" });
  const accounts = el("div", { class: "u-names" });
  const rated = el("details", { class: "u-rated" }, el("summary", {}, t("umpire.rated")),
    el("p", { class: "help" }, t("umpire.rated.help")), accounts);
  const drawPlayers = () => {
    const colours = rules.value === "icf" || rules.value === "family";
    const opts = colours ? [2, 4] : rules.value === "three" ? [3] : [2, 3, 4];
    const keep = +players.value;
    players.replaceChildren(...opts.map((n) => el("option", { value: String(n) }, colours ? (n === 2 ? t("umpire.singles") : t("umpire.doubles")) : t("umpire.players.n", { Count: n }))));
    if (opts.includes(keep)) players.value = String(keep);
    drawNames();
  };
  const drawNames = () => {
    const n = +players.value;
    const old = [...names.querySelectorAll("input")].map((i) => i.value);
    const oldAccounts = [...accounts.querySelectorAll("input")].map((i) => i.value);
    names.replaceChildren(...Array.from({ length: n }, (_, i) => el("label", {}, (n === 4 && (rules.value === "icf" || rules.value === "family") ? t("umpire.seat.side", { N: i + 1, Side: (i % 2) + 1 }) : t("umpire.seat", { N: i + 1 })) + " ",
      el("input", { id: `u-name-${i}`, maxlength: "80", required: "", value: old[i] ?? "", placeholder: i === 0 ? t("umpire.breaksFirst") : "" }))));
    accounts.replaceChildren(...Array.from({ length: n }, (_, i) => el("label", {}, t("umpire.accountOf", { N: i + 1 }) + " ",
      el("input", { id: `u-account-${i}`, maxlength: "80", value: oldAccounts[i] ?? "" }))));
    // Rated as online play rates: ICF and family, and point carrom and
    // buying the pockets between two players.
    rated.hidden = !(rules.value === "icf" || rules.value === "family" || ((rules.value === "point" || rules.value === "pockets") && n === 2));
  };
  rules.addEventListener("change", drawPlayers);
  players.addEventListener("change", drawNames);
  const event = el("input", { id: "u-event", maxlength: "80", placeholder: t("umpire.event.placeholder") });
  const ump = el("input", { id: "u-umpire", maxlength: "80" });
  const err = el("p", { class: "error", id: "error", role: "alert" });
  const start = button("u-open", t("umpire.open"), () => {
    const acc = rated.hidden ? [] : [...accounts.querySelectorAll("input")].map((i) => i.value.trim());
    const cfg = { rules: rules.value, players: +players.value, names: [...names.querySelectorAll("input")].map((i) => i.value.trim()),
      ...(acc.some(Boolean) ? { accounts: acc } : {}), event: event.value.trim(), umpire: ump.value.trim() };
    api<SheetReply>("POST", "/api/umpire", cfg)
      .then((data) => { location.href = `/umpire/${data.id}`; })
      .catch((e: Error) => { err.textContent = e.message; });
  });
  const mine = el("ul", { class: "u-mine" });
  root.replaceChildren(el("h1", {}, t("umpire.title")),
    el("p", {}, t("umpire.intro")),
    el("div", { class: "card u-form" }, el("label", {}, t("umpire.label.rules") + " ", rules), el("label", {}, t("umpire.label.players") + " ", players), names, rated,
      el("label", {}, t("umpire.label.event") + " ", event), el("label", {}, t("umpire.label.umpire") + " ", ump), start, err),
    el("h2", {}, t("umpire.mine")), mine);
  drawPlayers();
  api<{ id: string; config: { names: string[]; rules: string }; created: string; finished?: string }[]>("GET", "/api/umpire").then((list) => {
    if (!list.length) mine.append(el("li", {}, t("umpire.none")));
    for (const s of list) {
      mine.append(el("li", {}, el("a", { href: `/umpire/${s.id}` }, s.config.names.join(" v ")),
        ` · ${rulesName(s.config.rules)} · ${new Date(s.created).toLocaleString(lang())}${s.finished ? " · " + t("umpire.finished") : ""}`));
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
      el("h2", {}, t("umpire.thisBoard")), this.changeEl, this.entries), this.sheet);
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
      seat: (s) => cfg.names[s] ?? t("umpire.seat", { N: s + 1 }),
      side: (sd) => this.colours ? cfg.names.filter((_, i) => i % 2 === sd).join(" & ") : cfg.names[sd] ?? t("umpire.player", { N: sd + 1 }),
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
        const p = pieces(s.white, s.black, s.queen, s.striker);
        bits.push(p.length ? t("umpire.v.pocketed", { Who: who, List: p.join(", ") }) : s.touched === false ? t("umpire.v.touchedNothing", { Who: who }) : t("umpire.v.pocketedNothing", { Who: who }));
        if (s.foul) bits.push(t("umpire.v.foul"));
      } else if (line.buy) bits.push(t("umpire.v.bought", { Who: who, N: line.buy.pocket + 1 }));
      else if (line.concede) bits.push(t("umpire.v.conceded", { Who: who }));
      const v = after as unknown as VariantState;
      if (v.result && v.result.winner !== null) bits.push(t("umpire.v.boardTo", { Side: names.side(v.result.winner), Count: v.result.points }));
      return bits.join(" — ") + ".";
    }
    const state = (m: MatchState) => this.asGame(m);
    let action: EventMsg["action"] = { kind: "strike", seat };
    const stroke = strokeOf(line);
    if (line.concede) action = { kind: "concede", seat, concede: line.concede };
    else if (line.toss !== undefined) action = { kind: "toss", seat, toss: line.toss };
    else if (line.forfeit) action = { kind: "forfeit", seat: line.forfeit.side, rule: line.forfeit.rule };
    else if (!line.stroke) {
      const what = line.technical !== undefined ? t("umpire.technicalBy", { Side: names.side(line.technical) })
        : line.void ? t("umpire.voidBy", { Rule: line.void }) : line.claim ? t("umpire.twoTurns", { Who: who }) : t("umpire.entry");
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
      el("span", { class: "u-where" }, !colours ? t("umpire.bar.board") : signing ? t("umpire.bar.over", { Game: signing.game, N: signing.number }) : t("umpire.bar.where", { Game: st.game, N: st.board.number })),
      el("b", { class: "u-score", id: "u-score" }, sideList.map(score).join(" – ")),
      colours ? el("span", { class: "games" }, t("umpire.bar.games", { A: st.games[0], B: st.games[1] })) : "",
      this.sync);
    this.showSync();

    // Now: what the laws require.
    const rows: (Node | string)[] = [];
    const turnName = names.seat(st.turn);
    const colourOf = (sd: number) => st.board.white === sd ? "white" : "black";
    const boardName = (b: SheetBoard) => colours ? t("umpire.boardOf", { N: b.number, Game: b.game }) : t("umpire.boardN", { N: b.number });
    if (v.must_sign) {
      const b = v.boards[v.must_sign - 1];
      rows.push(el("p", { class: "u-turn", id: "u-turn" }, over ? t("umpire.over.matchToo", { Board: boardName(b) })
        : colours ? t("umpire.over.nextWith", { Board: boardName(b), Who: turnName, Colour: colour(colourOf(st.turn % 2)) }) : t("umpire.over.next", { Board: boardName(b), Who: turnName })));
    } else if (over) {
      const w = st.match_winner ?? (st as unknown as VariantState).match_winner;
      rows.push(el("p", { class: "u-turn", id: "u-turn" }, w !== null && w !== undefined ? t("umpire.matchTo", { Side: names.side(w) }) : t("umpire.matchOver")));
    } else if (st.awaiting === "toss") {
      rows.push(el("p", { class: "u-turn", id: "u-turn" }, t("umpire.toss")));
    } else {
      rows.push(el("p", { class: "u-turn", id: "u-turn" }, colours ? el("span", { class: `chip ${colourOf(st.turn % 2)}` }) : "",
        " " + (colours ? t("umpire.toPlayColour", { Who: turnName, Colour: colour(colourOf(st.turn % 2)) }) : t("umpire.toPlay", { Who: turnName }))));
    }
    const last = v.entries[v.entries.length - 1];
    const ruling = last ? st.ruling : undefined;
    if (ruling && !v.must_sign) {
      for (const p of ruling.place) {
        const placer = p.placer === null ? t("umpire.place.centre") : t("umpire.place.by", { Who: names.seat(p.placer), Count: p.count });
        const kind = /^(D-[1-4]|Q-)/.test(p.rule) ? t("umpire.due") : t("umpire.penalty");
        rows.push(el("p", { class: "u-place" }, t(p.colour === "white" ? "umpire.place.white" : "umpire.place.black", { Count: p.count, Kind: kind, Rule: p.rule, Placer: placer })));
      }
      const centre = ruling.centre;
      if (centre.length) rows.push(el("p", { class: "u-place" }, t("umpire.onCentre", { List: centre.join(", ") })));
    }
    if (colours) {
      const b = st.board;
      const q = b.queen === "pending" && b.queen_side !== null ? t("umpire.queen.pending", { Side: names.side(b.queen_side), Colour: colour(colourOf(b.queen_side)) })
        : b.queen === "covered" && b.queen_side !== null ? t("umpire.queen.covered", { Side: names.side(b.queen_side) }) : t("umpire.queen.on");
      rows.push(el("p", { id: "u-queenstate", "data-queen": b.queen }, `${q[0].toUpperCase()}${q.slice(1)}.`));
      rows.push(el("p", {}, t(b.on_board.queen ? "umpire.onBoardQueen" : "umpire.onBoard", { White: b.on_board.white, Black: b.on_board.black }) +
        (b.owed[0] || b.owed[1] ? " " + t("umpire.owed", { List: sideList.filter((sd) => b.owed[sd]).map((sd) => `${names.side(sd)} ${b.owed[sd]}`).join(", ") }) : "")));
      if (v.queen_value && !over) {
        const qv = v.queen_value;
        const full = Math.max(...qv);
        const reduced = sideList.filter((sd) => qv[sd] < full);
        rows.push(el("p", { id: "u-22" }, reduced.length
          ? t("umpire.q22.reduced", { Value: qv[reduced[0]], Side: names.side(reduced[0]), Score: st.score[reduced[0]], Full: full, Other: names.side(1 - reduced[0]) })
          : t("umpire.q22.full", { Full: full, Limit: cfg.rules === "family" ? 19 : 21 })));
      }
    } else {
      const vs = st as unknown as VariantState;
      rows.push(el("p", { id: "u-queenstate" }, t(vs.board.on_board.queen ? "umpire.v.onBoardQueen" : "umpire.v.onBoard", { White: vs.board.on_board.white, Black: vs.board.on_board.black, State: vs.board.queen })));
    }
    if (last) {
      const before = v.entries.length > 1 ? v.entries[v.entries.length - 2].reply : v.start;
      const text = this.words(last.line as Line, last.seat, before, st);
      rows.push(el("div", { class: "ruling", id: "u-ruling" }, el("p", {}, text),
        el("small", {}, ...(st.ruling?.rules ?? []).map((r) => el("abbr", { title: phrase(r) }, r + " ")))));
    }
    if (v.must_sign && !this.padEl.hidden) {
      const b = v.boards[v.must_sign - 1];
      const res = b.winner === null ? t("umpire.result.void") : t(b.slam ? "umpire.result.slam" : "umpire.result", { Board: boardName(b), Side: names.side(b.winner), Count: b.points, Rule: b.rule, Slam: b.slam ?? "" });
      // Why it ended and how its points were counted, as the table says it.
      const last = v.entries[b.last - 1], line = last.line as Line;
      const why = colours ? boardEnd(last.reply, this.asGame(b.last > 1 ? v.entries[b.last - 2].reply : v.start), strokeOf(line),
        { kind: line.concede ? "concede" : "strike", seat: last.seat }, names.side) : "";
      rows.push(el("div", { class: "u-result", id: "u-result" }, el("p", {}, res), why ? el("p", { id: "u-why" }, why) : "",
        el("p", {}, t("umpire.checkSign")),
        button("u-sign", t("umpire.sign", { N: b.n }), () => this.send({ sign: b.n }))));
    }
    if (colours && st.change_sides) rows.push(el("p", { class: "u-notice" }, t("umpire.changeSides")));
    if (colours && !over && st.game === 3 && st.board.number === 1 && !st.board.broken) rows.push(el("p", { class: "u-notice" }, t("umpire.interval")));
    if (this.queue.length) rows.push(el("p", { class: "u-notice", id: "u-waiting" }, t("umpire.waiting", { Count: this.queue.length })));
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
    this.clockBtn.textContent = this.clockEnd && left > 0 ? t("umpire.clock.left", { N: left }) : this.clockEnd ? t("umpire.clock.time") : t("umpire.clock.start");
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
      set(`u-${k}-plus`, left[c] <= 0, t(c === "white" ? "umpire.pad.whiteOn" : "umpire.pad.blackOn", { Count: on[c] }));
      set(`u-${k}-minus`, p[k] <= 0);
    }
    set("u-queen", !p.queen && (!on.queen || p.jq), on.queen ? "" : t("umpire.pad.noQueen"));
    set("u-jq", !p.jq && (!on.queen || p.queen), on.queen ? "" : t("umpire.pad.noQueen"));
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
      this.padEl.replaceChildren(el("div", { class: "u-row u-main" }, button("u-undo", t("umpire.undo.reopen"), () => this.send({ undo: true }), "secondary")));
      return;
    }
    if (st.awaiting === "over" && !this.editing) {
      this.padEl.replaceChildren(el("div", { class: "u-row u-main" }, button("u-undo", t("umpire.undo.last"), () => this.send({ undo: true }), "secondary")));
      return;
    }
    const enter = button("u-enter", this.editing ? t("umpire.save", { N: this.editing }) : t("umpire.enter"), () => {
      const line = strokeLine(this.pad);
      const k = this.editing;
      if (k) this.correct({ edit: { entry: k, line } }, (n) => n === k ? undefined : n);
      else this.send({ line });
    });
    const rows: (Node | string)[] = [
      el("div", { class: "u-row" }, el("b", {}, t("umpire.pad.pocketed")), counter(t("umpire.pad.white"), "white"), counter(t("umpire.pad.black"), "black"), toggle(t("umpire.pad.queen"), "queen"), toggle(t("umpire.pad.striker"), "striker")),
      el("div", { class: "u-row" }, toggle(t("umpire.pad.foul"), "foul"), toggle(t("umpire.pad.missed"), "missed")),
      el("details", { class: "u-off" }, el("summary", {}, t("umpire.pad.off")),
        el("div", { class: "u-row" }, counter(t("umpire.pad.white"), "jw"), counter(t("umpire.pad.black"), "jb"), toggle(t("umpire.pad.queen"), "jq"), toggle(t("umpire.pad.striker"), "off"))),
      el("div", { class: "u-row u-main" }, enter,
        this.editing ? button("u-cancel", t("umpire.cancel"), () => { this.editing = 0; this.pad = emptyPad(); this.redrawPad(); }, "secondary")
          : button("u-undo", t("umpire.undo"), () => this.send({ undo: true }), "secondary")),
    ];
    const more: (Node | string)[] = [
      button("u-time", t("umpire.timeOut"), () => this.send({ line: { stroke: { touched: false, foul: true } } }), "secondary"),
      button("u-concede-board", t("umpire.concede.board"), () => this.send({ line: { concede: "board" } }), "secondary"),
    ];
    if (colours) {
      more.push(button("u-concede-game", t("umpire.concede.game"), () => this.send({ line: { concede: "game" } }), "secondary"),
        button("u-concede-match", t("umpire.concede.match"), () => this.send({ line: { concede: "match" } }), "secondary"));
      for (const sd of [0, 1]) more.push(button("", t("umpire.technical", { Side: this.names().side(sd) }), () => this.send({ line: { technical: sd } }), "secondary"));
      more.push(button("", t("umpire.void"), () => this.send({ line: { void: "ST-3" } }), "secondary"));
      if (st.awaiting === "toss") for (const sd of [0, 1]) rows.unshift(button(`u-toss-${sd}`, t("umpire.tossWon", { Side: this.names().side(sd) }), () => this.send({ line: { toss: sd } })));
      if (st.claimable?.some(Boolean)) more.push(button("", t("umpire.claim"), () => this.send({ line: { claim: "two_turns" } }), "secondary"));
    } else {
      more.push(button("u-concede-match", t("umpire.concede.match"), () => this.send({ line: { concede: "match" } }), "secondary"));
    }
    rows.push(el("details", { class: "u-more" }, el("summary", {}, t("umpire.more")), el("div", { class: "u-row" }, ...more)));
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
        li.append(el("small", { class: "u-was" }, t("umpire.readBefore", { Words: was })));
      }
      if (!this.padEl.hidden) {
        if (this.confirming === e.n) {
          li.append(el("div", { class: "u-confirm", role: "group" },
            t("umpire.remove.ask", { N: e.n }),
            button("u-remove-yes", t("umpire.remove.yes", { N: e.n }), () => this.correct({ remove: e.n }, (n) => n >= e.n ? n + 1 : n, { entry: e.n, line }), "u-small"),
            button("u-remove-no", t("umpire.remove.no"), () => { this.confirming = 0; this.drawEntries(); }, "secondary u-small")));
        } else {
          if (line.stroke) li.append(button("", t("umpire.edit"), () => { this.editing = e.n; this.pad = padOf(line); this.redrawPad(); this.padEl.scrollIntoView({ block: "nearest" }); }, "secondary u-small"));
          li.append(button("", t("umpire.remove"), () => { this.confirming = e.n; this.drawEntries(); }, "secondary u-small u-remove"));
        }
      }
      items.push(li);
    }
    for (const q of this.queue.pending()) {
      items.push(el("li", { class: "u-waiting" }, t("umpire.waitingOp", { What: this.describeOp(q) })));
    }
    for (const q of this.queue.refused()) {
      items.push(el("li", { class: "u-refused" }, t("umpire.refusedOp", { What: this.describeOp(q.op), Error: q.error })));
    }
    if (this.queue.refused().length) items.push(el("li", {}, button("u-discard", t("umpire.discard"), () => { this.queue.discard(); this.draw(); }, "secondary")));
    this.entries.replaceChildren(...items);
    const r = ch?.removed;
    this.changeEl.replaceChildren(...(r && !this.padEl.hidden ? [el("p", { class: "u-notice", id: "u-removed" },
      `${t("umpire.removed", { N: r.entry, Words: r.words.replace(/[.।۔]$/, "") })} ${changed ? t("umpire.changedLater", { Count: changed }) : t("umpire.unchanged")} `,
      button("u-unremove", t("umpire.unremove", { N: r.entry }), () => this.correct({ insert: { entry: r.entry, line: r.line } }, (n) => n === r.entry ? undefined : n > r.entry ? n - 1 : n), "secondary u-small"))] : []));
  }

  // describeOp says in words what an operation waiting or refused was.
  private describeOp(op: Op): string {
    const names = this.names();
    if (op.line) return describeLine(op.line as Line, names);
    if (op.undo) return t("umpire.op.undo");
    if (op.edit) return t("umpire.op.edit", { N: op.edit.entry, Line: describeLine(op.edit.line as Line, names) });
    if (op.insert) return t("umpire.op.insert", { N: op.insert.entry });
    if (op.remove) return t("umpire.op.remove", { N: op.remove });
    if (op.sign) return t("umpire.op.sign", { N: op.sign });
    return t("umpire.op.entry");
  }

  // drawSheet is the ICF-style scoresheet: every board with its breaker,
  // winner, points and queen, the games, and the signatures' lines.
  private drawSheet(): void {
    const v = this.view!;
    const cfg = v.config;
    const names = this.names();
    const colours = this.colours;
    const sides = Array.from({ length: this.sides() }, (_, i) => i);
    const head = el("tr", {}, ...(colours ? [t("sheet.game"), t("sheet.board"), t("sheet.break")] : [t("sheet.board")]).map((w) => el("th", {}, w)),
      el("th", {}, t("sheet.wonBy")), el("th", {}, t("sheet.points")), el("th", {}, t("sheet.queen")), ...sides.map((sd) => el("th", {}, names.side(sd))), el("th", {}, t("sheet.signed")));
    const body = v.boards.map((b) => el("tr", { class: b.over ? "" : "u-inplay" },
      ...(colours ? [String(b.game), String(b.number), names.seat(b.breaker)] : [String(b.n)]).map((w) => el("td", {}, w)),
      el("td", {}, b.winner === null ? (b.over ? t("sheet.void") : t("sheet.inPlay")) : names.side(b.winner)),
      el("td", {}, b.over ? String(b.points) : ""), el("td", {}, b.queen === null ? "" : names.side(b.queen)),
      ...sides.map((sd) => el("td", {}, b.score ? String(b.score[sd] ?? "") : "")),
      el("td", {}, b.signed ? "✓" : "")));
    const games = colours ? el("p", {}, t("sheet.games", { A: names.side(0), GA: v.state.games[0], B: names.side(1), GB: v.state.games[1] }) +
      (v.winner !== null ? " " + t("umpire.matchTo", { Side: names.side(v.winner) }) : "")) : "";
    const statsHead = [t("sheet.stats.boards"), t("sheet.stats.queens"), t("sheet.stats.slams"), t("sheet.stats.strokes"), t("sheet.stats.scoring"), t("sheet.stats.fouls")];
    const stats = el("table", { class: "list u-stats" }, el("tr", {}, el("th", {}, ""), ...statsHead.map((w) => el("th", {}, w))),
      ...v.stats.map((s, sd) => el("tr", {}, el("td", {}, names.side(sd)), ...[s.boards, s.queens, s.slams, s.strokes, s.scoring, s.fouls].map((n) => el("td", {}, String(n))))));
    const rt = this.rating;
    let rating: HTMLElement | string = "";
    if (rt) {
      const who = rt.accounts.map((a, i) => `${a} (${cfg.names[i]})`).join(", ");
      const status = rt.rated ? t("sheet.rated") : v.over ? t("sheet.confirmedBy", { List: rt.confirmed.length ? rt.confirmed.join(", ") : t("sheet.nobody") })
        : t("sheet.confirmLater");
      rating = el("div", { class: "u-rating", id: "u-rating" }, el("p", {}, `${t("sheet.ratedMatch", { Who: who })} ${status}`));
      if (v.over && !rt.rated && me.name && rt.accounts.includes(me.name) && !rt.confirmed.includes(me.name)) {
        rating.append(el("p", { class: "u-noprint" }, button("u-confirm", t("sheet.confirm", { Name: me.name }), () => {
          api<SheetReply>("POST", `/api/umpire/${this.id}/confirm`, {}).then((data) => this.answer(data)).catch((e: Error) => { this.err.textContent = e.message; });
        })));
      }
    }
    const signLine = (who: string) => el("div", { class: "u-signline" }, el("span", {}, ""), who);
    this.sheet.replaceChildren(
      el("h2", {}, t("sheet.title")),
      el("p", { class: "u-head" }, `${cfg.event ? cfg.event + " · " : ""}${this.created ? new Date(this.created).toLocaleDateString(lang(), { dateStyle: "long" }) + " · " : ""}${t("sheet.rules", { Rules: rulesName(cfg.rules) })} · ${cfg.names.join(", ")}${cfg.umpire ? " · " + t("sheet.umpire", { Name: cfg.umpire }) : ""}`),
      el("div", { class: "u-scroll" }, el("table", { class: "list u-boards", id: "u-boards" }, el("thead", {}, head), el("tbody", {}, ...body))),
      games, rating, el("h3", {}, t("sheet.statistics")), el("div", { class: "u-scroll" }, stats),
      el("div", { class: "u-signatures" }, ...sides.map((sd) => signLine(names.side(sd))), signLine(cfg.umpire ? t("sheet.signUmpireName", { Name: cfg.umpire }) : t("sheet.signUmpire"))),
      el("p", { class: "u-noprint" }, button("u-print", t("sheet.print"), () => window.print(), "secondary"), " ",
        el("a", { href: `/api/umpire/${this.id}.jsonl`, download: "" }, t("sheet.entries")), " · ",
        el("a", { href: `/api/umpire/${this.id}.txt`, download: "" }, t("sheet.record"))));
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
    const list = (parts: string[]) => parts.length < 2 ? parts.join("") : t("umpire.and", { Most: parts.slice(0, -1).join(", "), Last: parts[parts.length - 1] });
    const down = pieces(s.white, s.black, s.queen, s.striker);
    const j = s.jumped;
    const off = pieces(j?.white, j?.black, j?.queen, s.striker_off);
    const what = down.length ? t("umpire.line.pocketing", { List: list(down) }) : s.touched === false ? t("umpire.line.touchedNothing") : t("umpire.line.pocketingNothing");
    return t("umpire.line.stroke", { What: what }) + (off.length ? t("umpire.line.off", { List: list(off) }) : "") + (s.foul ? t("umpire.line.foul") : "");
  }
  if (l.concede) return t(l.concede === "board" ? "umpire.line.concede.board" : l.concede === "game" ? "umpire.line.concede.game" : "umpire.line.concede.match");
  if (l.toss !== undefined) return t("umpire.line.toss", { Side: names.side(l.toss) });
  if (l.void) return t("umpire.line.void");
  if (l.technical !== undefined) return t("umpire.line.technical", { Side: names.side(l.technical) });
  if (l.claim) return t("umpire.line.claim");
  if (l.forfeit) return t("umpire.line.forfeit", { Side: names.side(l.forfeit.side) });
  if (l.buy) return t("umpire.line.buy", { N: l.buy.pocket + 1 });
  return t("umpire.op.entry");
}

// pieces lists what a stroke pocketed or put off the board: "2 white, the queen".
function pieces(white = 0, black = 0, queen = false, striker = false): string[] {
  return [white ? t("umpire.n.white", { Count: white }) : "", black ? t("umpire.n.black", { Count: black }) : "",
    queen ? t("umpire.theQueen") : "", striker ? t("umpire.theStriker") : ""].filter(Boolean);
}
