// The information around the board: seats and colours, whose turn, the
// scores, owed c/m, the queen, the last ruling and the move list.
import { signal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import type { EventMsg, GameState, SeatState } from "./protocol";
import { levelName, type Names, nickName } from "./names";
import { t } from "./i18n";
import { describeAction, explain, glossary, phrase } from "./rules";
import { sectionOf } from "./rulespage";
import { Nodes } from "./nodes";
import { playerColour, scoreBar, scoreBox } from "./variants";

export function seatName(s: SeatState | undefined): string {
  if (!s) return "?";
  if (s.kind === "computer") return t("table.computerLevel", { Level: levelName(s.level ?? "") });
  return nickName(s.nickname ?? "") || t("lobby.seat", { N: s.seat + 1 });
}

// COLOURS are the colours' words: white and black, and a variant's
// players' own colours.
const COLOURS: Record<string, string> = {
  white: "colour.white", black: "colour.black", red: "table.colour.red", blue: "table.colour.blue", green: "table.colour.green", violet: "table.colour.violet",
};
export const colourWord = (c: string): string => COLOURS[c] ? t(COLOURS[c]) : c;

export function sideName(st: GameState, side: number): string {
  return st.seats.filter((s) => s.side === side).map(seatName).join(" & ");
}

// colourOf is the colour a side plays; in a variant without colours, each
// player's own colour on the board (his chip and his pockets' rings).
export function colourOf(st: GameState, side: number): string {
  if (st.variant) return playerColour(side);
  return st.match.board.white === side ? "white" : "black";
}

// playerName names a seat for a variant's panels: "You" for the one seat
// this browser holds.
const playerName = (st: GameState, held: number[]) => (s: number) => held.length === 1 && held[0] === s ? "You" : seatName(st.seats[s]);

// A move in the list: its event, its ruling in words, and what a click does.
export interface Move { ev: EventMsg; words: string; onClick?: () => void }

// A ruling on show: the sentence, the rule IDs, and the words a newcomer
// may not know, explained the first time they appear.
export interface Shown { ev: EventMsg; words: string; gloss: string[] }

// MoveLog keeps the moves of a table or a replay, in order of sequence,
// and the ruling on show.
export class MoveLog {
  readonly moves = signal<Move[]>([]);
  readonly shown = signal<Shown | null>(null);
  // The points of each game won so far, by game number.
  readonly gameScores = new Map<number, [number, number]>();
  // The seats this browser holds: "you" in the rulings.
  private held: number[] = [];
  private seen = new Set<number>();
  private states = new Map<number, GameState>();
  private explained = new Set<string>();

  // note keeps a state by its sequence number: the state an action was
  // taken in is what its ruling is read against.
  note(seq: number, st: GameState): void { this.states.set(seq, st); }

  // add puts an event in the move list and, unless quiet (the history of
  // a table, a replay), shows its ruling; an event seen before (a
  // reconnect) is not added twice.
  add(ev: EventMsg, onClick?: () => void, quiet = false): boolean {
    if (this.seen.has(ev.seq)) return false;
    this.seen.add(ev.seq);
    const prev = this.states.get(ev.seq - 1);
    this.note(ev.seq, ev.state);
    const words = explain(ev, prev, this.names(ev.state));
    // In order of sequence, though the history and live events may arrive
    // in either order.
    const moves = [...this.moves.value, { ev, words, onClick }].sort((a, b) => a.ev.seq - b.ev.seq);
    this.moves.value = moves;
    const m = ev.state.match;
    if (m.game_winner !== null && m.game_score) this.gameScores.set(m.game, m.game_score);
    if (!quiet) this.show(ev);
    return true;
  }

  // hold sets the seats this browser holds and says every move again with
  // them: after a reload the history may be read before the server gives
  // the browser its seats back, and its rulings must say "you" all the same.
  hold(seats: number[]): void {
    this.held = seats;
    const say = (ev: EventMsg) => explain(ev, this.states.get(ev.seq - 1), this.names(ev.state));
    this.moves.value = this.moves.value.map((mv) => ({ ...mv, words: say(mv.ev) }));
    const s = this.shown.value;
    if (s) this.shown.value = { ...s, words: say(s.ev) };
  }

  // show puts an event's ruling on show (none for null).
  show(ev: EventMsg | null): void {
    if (!ev) { this.shown.value = null; return; }
    const words = this.moves.value.find((mv) => mv.ev.seq === ev.seq)?.words ?? explain(ev, this.states.get(ev.seq - 1), this.names(ev.state));
    const gloss: string[] = [];
    for (const [term, text] of Object.entries(glossary())) {
      // A term stands alone, between two non-letters, in any script.
      if (this.explained.has(term) || !new RegExp(`(^|[^\\p{L}])${term.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}($|[^\\p{L}])`, "u").test(words)) continue;
      this.explained.add(term);
      gloss.push(text);
    }
    this.shown.value = { ev, words, gloss };
  }

  // all: every seat is this browser's player's (practice).
  constructor(private readonly all = false) {}

  private names(st: GameState): Names {
    const held = this.held;
    const alone = held.length === 1;
    const you = (s: number) => this.all || alone && held[0] === s;
    return {
      seat: (s) => you(s) ? "you" : seatName(st.seats[s]),
      side: (s) => this.all || alone && st.seats[held[0]]?.side === s ? "you" : sideName(st, s),
      you,
    };
  }
}

const Chip = ({ c }: { c: string }) => <span class={`chip ${c}`} />;

// ScoreBar is the score in one line: above the board on a phone.
export function ScoreBar({ st, held = [] }: { st: GameState | null; held?: number[] }) {
  if (!st) return <div class="scorebar" id="scorebar" />;
  if (st.variant) return <div class="scorebar" id="scorebar"><Nodes nodes={scoreBar(st, playerName(st, held))} /></div>;
  const m = st.match;
  return (
    <div class="scorebar" id="scorebar">
      {[0, 1].map((side) => <span class="side-score"><Chip c={colourOf(st, side)} />{` ${sideName(st, side)} `}<b>{m.score[side]}</b></span>)}
      <span class="games">{t("table.scorebar", { A: m.games[0], B: m.games[1], N: m.board.number })}</span>
    </div>
  );
}

// Ruling shows the ruling on show: the sentence, then the rule IDs as a
// detail (each with its phrase as a tooltip), then the glossary's words.
export function Ruling({ log }: { log: MoveLog }) {
  const s = log.shown.value;
  const rules = s?.ev.state.match.ruling?.rules ?? [];
  return (
    <div class="ruling" id="ruling" aria-live="polite">
      {s && <p class="words" data-seq={String(s.ev.seq)}>{s.words}</p>}
      {s && rules.length > 0 && (
        <small class="detail">
          {t("ruling.rules")}
          {rules.map((id, i) => <>{i ? ", " : ""}<abbr title={phrase(id)}>{id}</abbr></>)}
          {" · "}<a href={`/rules#${sectionOf(rules[0])}`} target="_blank" class="explain">{t("ruling.explain")}</a>
        </small>
      )}
      {s?.gloss.map((g) => <small class="gloss">{g}</small>)}
    </div>
  );
}

// Side is the side column: the players, the score and the moves; live says
// whether seats come and go (not in a replay); current marks a move;
// spectators, how many others watch; said, the phrase each seat has just
// said (words.tsx).
export function Side({ st, held, log, live = true, current, spectators = 0, said = {}, children }: { st: GameState | null; held: number[]; log: MoveLog; live?: boolean; current?: number; spectators?: number; said?: Record<number, string>; children?: ComponentChildren }) {
  const list = useRef<HTMLOListElement>(null);
  const moves = log.moves.value;
  useEffect(() => { if (list.current) list.current.scrollTop = list.current.scrollHeight; }, [moves.length]);
  // The move on show (a replay's step) is kept in view within the list,
  // without scrolling the page.
  useEffect(() => {
    const ol = list.current, li = ol?.querySelector<HTMLElement>("li.current");
    if (!ol || !li) return;
    const box = ol.getBoundingClientRect(), at = li.getBoundingClientRect();
    if (at.top < box.top) ol.scrollTop -= box.top - at.top;
    else if (at.bottom > box.bottom) ol.scrollTop += at.bottom - box.bottom;
  }, [current, moves.length]);
  const m = st?.match;
  const queen = !m ? "" : m.board.queen === "board" ? t("table.queen.onBoard")
    : t(m.board.queen === "pending" ? "table.queen.pending" : "table.queen.covered", { Who: m.board.queen_side === null ? "?" : sideName(st!, m.board.queen_side) });
  return (
    <div class="side">
      <h3>{t("table.players")}</h3>
      <div class="seats">
        {st?.seats.map((s) => {
          const you = held.includes(s.seat) ? " " + t("table.you") : "";
          const away = !live ? "" : s.kind === "human" && s.taken && !s.connected ? " · " + t("table.away") : !s.taken ? " · " + t("lobby.free") : "";
          return <div data-seat={String(s.seat)} class={st.to_act.seat === s.seat && !st.over ? "toact" : undefined}><Chip c={colourOf(st, s.side)} />{`${seatName(s)}${you}${away}`}{said[s.seat] && <span class="said" aria-live="polite">{` “${said[s.seat]}”`}</span>}</div>;
        })}
        {spectators > 0 && <small id="spectators">{t("table.watching", { Count: spectators })}</small>}
      </div>
      <h3>{t("table.score")}</h3>
      <div class="score">
        {st?.variant ? <Nodes nodes={scoreBox(st, playerName(st, held))} /> : st && m && <>
          <div id="games">{t("table.games", { A: m.games[0], B: m.games[1] })}</div>
          <div id="points">{t("table.points", { Game: m.game, A: m.score[0], B: m.score[1] })}</div>
          <div>{t("table.boardWhite", { N: m.board.number, Who: sideName(st, m.board.white) })}</div>
          <div>{t("table.onBoard", { W: m.board.on_board.white, B: m.board.on_board.black })}</div>
          <div>{t("table.owed", { Cm: "\u0000", A: m.board.owed[0], B: m.board.owed[1] }).split("\u0000").flatMap((part, i) => i ? [<abbr title={t("glossary.cm")}>{t("glossary.cm.term")}</abbr>, part] : [part])}</div>
          <div><Chip c="queen" />{" " + t("table.queen", { State: queen })}</div>
        </>}
      </div>
      <h3>{t("table.moves")}</h3>
      <ol class="moves" id="moves" ref={list}>
        {moves.map(({ ev, words, onClick }) => {
          const r = ev.state.match.ruling;
          return (
            <li key={ev.seq} value={ev.seq} data-rules={(r?.rules ?? []).join(" ")} data-ruling={words} onClick={onClick}
              title={words + (r?.rules.length ? ` (${r.rules.join(", ")})` : "")} class={current === ev.seq ? "current" : undefined}>
              {describeAction(ev.action, ev.outcome.stroke, actor(ev))}
            </li>
          );
        })}
      </ol>
      {children}
    </div>
  );
}

function actor(ev: EventMsg): string {
  return ev.action.kind === "toss" ? "" : seatName(ev.state.seats[ev.action.seat]);
}
