// The information around the board: seats and colours, whose turn, the
// scores, owed c/m, the queen, the last ruling and the move list.
import type { EventMsg, GameState, SeatState } from "./protocol";
import { describeAction, explain, GLOSSARY, type Names, phrase } from "./rules";
import { sectionOf } from "./rulespage";
import { playerColour, scoreBar, scoreBox } from "./variants";

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") el.className = v; else el.setAttribute(k, v);
  }
  el.append(...kids);
  return el;
}

export function seatName(s: SeatState | undefined): string {
  if (!s) return "?";
  if (s.kind === "computer") return `Computer (${s.level})`;
  return s.nickname || `Seat ${s.seat + 1}`;
}

export function sideName(st: GameState, side: number): string {
  return st.seats.filter((s) => s.side === side).map(seatName).join(" & ");
}

// colourOf is the colour a side plays; in a variant without colours, each
// player's own colour on the board (his chip and his pockets' rings).
export function colourOf(st: GameState, side: number): string {
  if (st.variant) return playerColour(side);
  return st.match.board.white === side ? "white" : "black";
}

// Panel is the side column; update redraws it from a state.
export class Panel {
  readonly el = h("div", { class: "side" });
  private seats = h("div", { class: "seats" });
  private score = h("div", { class: "score" });
  // The ruling and the score bar are placed by the page: beside the board
  // on a wide screen, above and below it on a phone.
  readonly ruling = h("div", { class: "ruling", id: "ruling", "aria-live": "polite" });
  readonly bar = h("div", { class: "scorebar", id: "scorebar" });
  readonly moves = h("ol", { class: "moves", id: "moves" });
  private seen = new Set<number>();
  private states = new Map<number, GameState>();
  private explained = new Set<string>();
  private held: number[] = [];
  // The points of each game won so far, by game number.
  readonly gameScores = new Map<number, [number, number]>();

  constructor() {
    this.el.append(h("h3", {}, "Players"), this.seats, h("h3", {}, "Score"), this.score,
      h("h3", {}, "Moves"), this.moves);
  }

  // update shows a state; live says whether seats come and go (not in a replay).
  update(st: GameState, held: number[], live = true): void {
    const m = st.match;
    this.held = held;
    this.seats.replaceChildren(...st.seats.map((s) => {
      const you = held.includes(s.seat) ? " (you)" : "";
      const away = !live ? "" : s.kind === "human" && s.taken && !s.connected ? " · away" : !s.taken ? " · free" : "";
      const row = h("div", { "data-seat": String(s.seat) }, h("span", { class: `chip ${colourOf(st, s.side)}` }), `${seatName(s)}${you}${away}`);
      if (st.to_act.seat === s.seat && !st.over) row.classList.add("toact");
      return row;
    }));
    if (st.variant) {
      const name = (s: number) => held.length === 1 && held[0] === s ? "You" : seatName(st.seats[s]);
      this.bar.replaceChildren(...scoreBar(st, name));
      this.score.replaceChildren(...scoreBox(st, name));
      return;
    }
    this.bar.replaceChildren(...[0, 1].map((side) => h("span", { class: "side-score" },
      h("span", { class: `chip ${colourOf(st, side)}` }), ` ${sideName(st, side)} `, h("b", {}, String(m.score[side])))),
      h("span", { class: "games" }, `games ${m.games[0]}–${m.games[1]} · board ${m.board.number}`));
    const queen = m.board.queen === "board" ? "on the board"
      : `${m.board.queen === "pending" ? "pending cover" : "covered"} by ${m.board.queen_side === null ? "?" : sideName(st, m.board.queen_side)}`;
    this.score.replaceChildren(
      h("div", { id: "games" }, `Games: ${m.games[0]} – ${m.games[1]}`),
      h("div", { id: "points" }, `Game ${m.game}: ${m.score[0]} – ${m.score[1]} points`),
      h("div", {}, `Board ${m.board.number}, ${sideName(st, m.board.white)} plays white`),
      h("div", {}, `On the board: ${m.board.on_board.white} white, ${m.board.on_board.black} black`),
      h("div", {}, "Owed ", h("abbr", { title: GLOSSARY["c/m"] }, "c/m"), `: ${m.board.owed[0]} – ${m.board.owed[1]}`),
      h("div", {}, h("span", { class: "chip queen" }), ` Queen: ${queen}`),
    );
  }

  // note keeps a state by its sequence number: the state an action was
  // taken in is what its ruling is read against.
  note(seq: number, st: GameState): void { this.states.set(seq, st); }

  // add puts an event in the move list and, unless quiet (the history of
  // a table, a replay), shows its ruling; an event seen before (a
  // reconnect) is not added twice.
  add(ev: EventMsg, onClick?: () => void, quiet = false): HTMLLIElement | null {
    if (this.seen.has(ev.seq)) return null;
    this.seen.add(ev.seq);
    const prev = this.states.get(ev.seq - 1);
    this.note(ev.seq, ev.state);
    const r = ev.state.match.ruling;
    const words = explain(ev, prev, this.names(ev.state));
    const li = h("li", { value: String(ev.seq), "data-rules": (r?.rules ?? []).join(" ") }, describeAction(ev.action, ev.outcome.stroke, actor(ev)));
    li.title = words + (r?.rules.length ? ` (${r.rules.join(", ")})` : "");
    li.dataset.ruling = words;
    if (onClick) li.addEventListener("click", onClick);
    // In order of sequence, though the history and live events may arrive
    // in either order.
    const after = [...this.moves.children].find((el) => (el as HTMLLIElement).value > ev.seq);
    this.moves.insertBefore(li, after ?? null);
    this.moves.scrollTop = this.moves.scrollHeight;
    if (ev.state.match.game_winner !== null && ev.state.match.game_score) this.gameScores.set(ev.state.match.game, ev.state.match.game_score);
    if (!quiet) this.show(ev);
    return li;
  }

  // show puts an event's ruling in the ruling box: the sentence, then the
  // rule IDs as a detail (each with its phrase as a tooltip), then the
  // words a newcomer may not know, the first time they appear.
  show(ev: EventMsg | null): void {
    if (!ev) { this.ruling.replaceChildren(); return; }
    const li = [...this.moves.children].find((el) => (el as HTMLLIElement).value === ev.seq) as HTMLLIElement | undefined;
    const words = li?.dataset.ruling ?? explain(ev, this.states.get(ev.seq - 1), this.names(ev.state));
    const rules = ev.state.match.ruling?.rules ?? [];
    const kids: Node[] = [h("p", { class: "words", "data-seq": String(ev.seq) }, words)];
    if (rules.length) {
      const d = h("small", { class: "detail" }, "Rules: ");
      rules.forEach((id, i) => { if (i) d.append(", "); d.append(h("abbr", { title: phrase(id) }, id)); });
      d.append(" · ", h("a", { href: `/rules#${sectionOf(rules[0])}`, target: "_blank", class: "explain" }, "what does this mean?"));
      kids.push(d);
    }
    for (const [term, gloss] of Object.entries(GLOSSARY)) {
      if (this.explained.has(term) || !new RegExp(`\\b${term.replace("/", "\\/")}\\b`).test(words)) continue;
      this.explained.add(term);
      kids.push(h("small", { class: "gloss" }, gloss));
    }
    this.ruling.replaceChildren(...kids);
  }

  private names(st: GameState): Names {
    const held = this.held;
    const alone = held.length === 1;
    return {
      seat: (s) => alone && held[0] === s ? "You" : seatName(st.seats[s]),
      side: (s) => alone && st.seats[held[0]]?.side === s ? "You" : sideName(st, s),
      you: (s) => alone && held[0] === s,
    };
  }
}

function actor(ev: EventMsg): string {
  return ev.action.kind === "toss" ? "" : seatName(ev.state.seats[ev.action.seat]);
}
