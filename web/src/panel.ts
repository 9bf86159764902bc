// The information around the board: seats and colours, whose turn, the
// scores, owed c/m, the queen, the last ruling and the move list.
import type { EventMsg, GameState, SeatState } from "./protocol";
import { describeAction, describeResult, describeRuling } from "./rules";

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

export function colourOf(st: GameState, side: number): "white" | "black" {
  return st.match.board.white === side ? "white" : "black";
}

// Panel is the side column; update redraws it from a state.
export class Panel {
  readonly el = h("div", { class: "side" });
  private seats = h("div", { class: "seats" });
  private score = h("div", { class: "score" });
  private ruling = h("div", { class: "ruling", id: "ruling" });
  readonly moves = h("ol", { class: "moves", id: "moves" });
  private seen = new Set<number>();

  constructor() {
    this.el.append(h("h3", {}, "Players"), this.seats, h("h3", {}, "Score"), this.score,
      h("h3", {}, "Last ruling"), this.ruling, h("h3", {}, "Moves"), this.moves);
  }

  // update shows a state; live says whether seats come and go (not in a replay).
  update(st: GameState, held: number[], live = true): void {
    const m = st.match;
    this.seats.replaceChildren(...st.seats.map((s) => {
      const you = held.includes(s.seat) ? " (you)" : "";
      const away = !live ? "" : s.kind === "human" && s.taken && !s.connected ? " · away" : !s.taken ? " · free" : "";
      const row = h("div", { "data-seat": String(s.seat) }, h("span", { class: `chip ${colourOf(st, s.side)}` }), `${seatName(s)}${you}${away}`);
      if (st.to_act.seat === s.seat && !st.over) row.classList.add("toact");
      return row;
    }));
    const queen = m.board.queen === "board" ? "on the board"
      : `${m.board.queen === "pending" ? "pending cover" : "covered"} by ${m.board.queen_side === null ? "?" : sideName(st, m.board.queen_side)}`;
    this.score.replaceChildren(
      h("div", { id: "games" }, `Games: ${m.games[0]} – ${m.games[1]}`),
      h("div", { id: "points" }, `Game ${m.game}: ${m.score[0]} – ${m.score[1]} points`),
      h("div", {}, `Board ${m.board.number}, ${sideName(st, m.board.white)} plays white`),
      h("div", {}, `On the board: ${m.board.on_board.white} white, ${m.board.on_board.black} black`),
      h("div", {}, `Owed c/m: ${m.board.owed[0]} – ${m.board.owed[1]}`),
      h("div", {}, h("span", { class: "chip queen" }), ` Queen: ${queen}`),
    );
  }

  // add puts an event in the move list and shows its ruling; an event
  // seen before (a reconnect) is not added twice.
  add(ev: EventMsg, onClick?: () => void): HTMLLIElement | null {
    if (this.seen.has(ev.seq)) return null;
    this.seen.add(ev.seq);
    const r = ev.state.match.ruling;
    const text = describeAction(ev.action, ev.outcome.stroke, actor(ev));
    const li = h("li", { value: String(ev.seq) }, r && r.rules.length ? `${text} · ${r.rules.join(", ")}` : text);
    li.title = rulingOf(ev);
    if (onClick) li.addEventListener("click", onClick);
    // In order of sequence, though the history and live events may arrive
    // in either order.
    const after = [...this.moves.children].find((el) => (el as HTMLLIElement).value > ev.seq);
    this.moves.insertBefore(li, after ?? null);
    this.moves.scrollTop = this.moves.scrollHeight;
    this.setRuling(rulingOf(ev));
    return li;
  }

  setRuling(text: string): void { this.ruling.textContent = text; }
}

function actor(ev: EventMsg): string {
  return ev.action.kind === "toss" ? "" : seatName(ev.state.seats[ev.action.seat]);
}

// rulingOf is the referee's ruling of an event in words, with its rule IDs,
// and how the board, game or match ended if it did.
export function rulingOf(ev: EventMsg): string {
  const st = ev.state, r = st.match.ruling;
  const words = !r ? "" : r.rules.length ? describeRuling(r.rules) : r.turn_kept ? "Turn continues" : "Turn passes";
  const result = describeResult(st.match, (s) => sideName(st, s));
  return [words, result].filter(Boolean).join(". ") || describeAction(ev.action, ev.outcome.stroke, actor(ev));
}
