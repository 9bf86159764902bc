// The referee's rulings in words. Each stroke gets one plain sentence
// built from what the ruling and the states before and after it say
// happened (the pieces pocketed, the turn kept or not, the pieces to put
// back, the queen's state before and after), never from the rule IDs
// alone, so the words cannot contradict the ruling. The rule IDs stay
// beside it as a detail, each with the short phrase of RULES.md.
import { mid, sentence, type Names } from "./names";
import type { Action, EventMsg, GameState, MatchState, Stroke } from "./protocol";
import { explainVariant } from "./variants";

const PHRASES: Record<string, string> = {
  "B-1": "Break: the breaker plays white",
  "B-2": "Break made",
  "B-3": "Break missed: another attempt",
  "B-4": "Three breaks missed: the opponent breaks with black",
  "B-5": "Break attempt failed: turn passes, no due",
  "B-6": "Break out of time",
  "B-7": "Next board: the other side breaks",
  "B-8": "Tie-break board: a toss decides the break",
  "T-1": "Own c/m pocketed: turn continues",
  "T-2": "Turn passes",
  "T-3": "Opponent's c/m pocketed: turn passes",
  "T-4": "Three idle turns each: board void",
  "D-1": "Striker pocketed: due",
  "D-2": "Nothing to pay: due owed",
  "D-3": "Striker with own c/m: those and a due go back, turn kept",
  "D-4": "Striker with opponent's c/m: due, turn passes",
  "D-5": "Foul: penalty",
  "D-6": "Foul while pocketing own c/m: they go back with a penalty",
  "D-7": "Foul with opponent's c/m: they count, penalty",
  "D-8": "Striker pocketed before the break: no due",
  "D-9": "Technical foul: penalty",
  "D-10": "Left the seat: board lost",
  "PL-1": "Due placed by the opponent",
  "PL-2": "Dues placed at once",
  "PL-3": "Placed by the player himself",
  "PL-4": "Placing forgone",
  "PL-5": "Placed clear of every piece",
  "Q-1": "Queen needs an own c/m first",
  "Q-2": "Queen pocketed too early: back to the centre",
  "Q-3": "Queen pocketed while owing: back to the centre",
  "Q-4": "The queen must be covered",
  "Q-5": "Queen covered",
  "Q-6": "Queen, c/m and striker: all go back with a due",
  "Q-7": "Queen and striker: queen back, due, turn kept",
  "Q-8": "Queen and striker at the break: queen back, due",
  "Q-9": "Covering stroke lost the striker: queen back, due",
  "Q-10": "Cover with the striker: c/m back, queen still pending",
  "Q-11": "Queen respotted on the centre",
  "Q-12": "Queen's three points",
  "J-1": "Piece off the board: back to the centre",
  "J-2": "Queen and c/m off the board: both to the centre",
  "J-3": "Both colours off the board: both to the centre",
  "J-4": "Pieces left as they lie",
  "SC-1": "All c/m pocketed: board won",
  "SC-2": "Board scored",
  "SC-3a": "Last c/m goes back with the due",
  "SC-4": "Special ending with a foul: one more point",
  "SC-5": "Slam",
  "G-1": "Game over",
  "G-2": "Tied after eight boards: extra board",
  "G-3": "Match over",
  "G-4": "Conceded",
  "TM-1": "Out of time",
  "TM-2": "Played out of turn: board lost",
  "TM-3": "Left the match: match lost",
  "ST-3": "No legal striker place: board replayed",
  "H-1": "Third break missed: foul",
  "H-2": "Foul",
  "H-3": "Penalty: a c/m back to the centre",
  "H-4": "Piece off the board: back to the centre",
  "H-5": "Board won",
  "H-6": "Board lost by the queen",
  "H-7": "Queen worth one point now",
  "S-2": "Turn passes to the right",
  "V-1": "Point carrom: black 1, white 2, queen 5; first to 17",
  "V-2": "Three players: 3 white and 3 black each",
  "V-3": "Buying the pockets: a pocket for 25, or 60 if owned",
};

export function phrase(id: string): string {
  if (PHRASES[id]) return PHRASES[id];
  if (/^SP-\d+$/.test(id)) return "Special ending";
  return "Rule";
}

function pocketList(s: Stroke, own: "white" | "black" | null): string {
  const parts: string[] = [];
  const kind = (c: "white" | "black") => own === null ? c : c === own ? `${c} (own)` : `${c} (opponent's)`;
  if (s.white) parts.push(`${s.white} ${kind("white")}`);
  if (s.black) parts.push(`${s.black} ${kind("black")}`);
  if (s.queen) parts.push("the queen");
  if (s.striker) parts.push("the striker");
  if (!parts.length) return "";
  return parts.length === 1 ? parts[0] : parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1];
}

// explain is the event's ruling as plain sentences. prev is the state the
// action was taken in, when known: the queen's state before, the colours
// and the counts of the board that may have just ended come from it.
export function explain(ev: EventMsg, prev: GameState | undefined, names: Names): string {
  if (ev.state.variant) return explainVariant(ev, prev, names);
  const st = ev.state, m = st.match, a = ev.action, r = m.ruling;
  const seat = a.kind === "toss" ? -1 : a.seat;
  const who = seat >= 0 ? names.seat(seat) : "";
  const you = seat >= 0 && names.you(seat);
  const side = seat >= 0 ? st.seats[seat]?.side ?? 0 : 0;
  const rules = new Set(r?.rules ?? []);
  // The board the action was played on is prev's: the state after may be
  // the next board, or the next game's.
  const before = prev;
  const ended = !!m.result || m.game_winner !== null || m.match_winner !== null;
  const boardOf = before?.match.board ?? (ended ? undefined : m.board);
  const own = boardOf ? (boardOf.white === side ? "white" : "black") : null;
  const out: string[] = [];

  switch (a.kind) {
    case "strike":
    case "timeout": {
      const s = ev.outcome.stroke;
      let first: string;
      if (a.kind === "timeout") first = `${who} ran out of time`;
      else if (!s) first = `${who} struck`;
      else {
        const list = pocketList(s, own);
        first = list ? `${who} pocketed ${list}` : s.touched ? `${who} pocketed nothing` : `${who} touched nothing`;
        if (s.foul) first += ": a foul";
      }
      out.push(first);
      break;
    }
    case "place": out.push(`${who} placed a c/m`); break;
    case "forgo": out.push(`${who} ${you ? "forgo" : "forgoes"} the placing`); break;
    case "concede": out.push(`${who} conceded the ${a.concede}`); break;
    case "toss": out.push(`${names.side(a.toss ?? 0)} won the toss`); break;
    case "forfeit": out.push(`${who} ${you ? "forfeit" : "forfeits"}`); break;
  }

  if (r) {
    // The break: only what happened, the attempt missed and what follows.
    if (rules.has("B-4")) out.push("three break attempts missed: the opponent breaks now, with black");
    else if (rules.has("B-5")) out.push("the break attempt failed, with no due");
    else if (rules.has("B-3")) out.push("break missed: another attempt");
    else if (rules.has("H-1")) out.push("third break missed: a foul");
    else if (rules.has("B-2")) out.push("the break is made");

    const q = queenWords(ev, before, ended, rules, you);
    if (q) out.push(q);

    // Pieces to put back, and who places them (RULES PL-1, PL-3).
    for (const p of r.place) {
      const owerSide = boardOf ? (p.colour === "white" ? boardOf.white : 1 - boardOf.white) : null;
      const oweYou = owerSide === side && you;
      const ower = owerSide === null ? "a piece is owed" : oweYou ? "you owe" : owerSide === side && seat >= 0 ? `${who} owes` : names.side(owerSide) === "you" ? "you owe" : `${names.side(owerSide)} owes`;
      const what = /^(D-[1-4]|Q-)/.test(p.rule) ? "due" : "penalty";
      const n = p.count === 1 ? `a piece (a ${what})` : `${p.count} pieces (${what}s)`;
      const placer = p.placer === null ? "on the centre" : `${names.you(p.placer) ? "you place" : `${names.seat(p.placer)} places`} ${p.count === 1 ? "it" : "them"}`;
      out.push(owerSide === null ? `${n} to put back, ${placer}` : `${ower} ${n}; ${placer}`);
    }
    if (rules.has("D-2")) out.push(`nothing to pay it with yet: the due waits until ${you ? "you pocket" : "a piece of that colour is pocketed"} one`);
    const centre = r.centre.filter((c) => c !== "queen");
    if (centre.length) out.push(`${centre.length === 1 ? `the ${centre[0]}` : centre.join(" and ")} ${centre.length === 1 ? "goes" : "go"} back to the centre`);

    if (!ended && (a.kind === "strike" || a.kind === "timeout")) {
      if (r.turn_kept) out.push(you ? "your turn continues" : "the turn continues");
      else out.push(`the turn passes to ${names.seat(st.to_act.seat)}`);
    }
  }
  const text = sentence(out, a.kind === "toss" ? names.side(a.toss ?? 0) : who);
  const end = describeResult(m, (s) => names.side(s), before, ev.outcome.stroke);
  return end ? `${text} ${end}` : text;
}

// queenWords says what became of the queen, read from its state before
// and after the stroke: RULES Q-4 applies to a cover and to a failed one alike.
function queenWords(ev: EventMsg, before: GameState | undefined, ended: boolean, rules: Set<string>, you: boolean): string {
  const s = ev.outcome.stroke, m = ev.state.match;
  const qBefore = before?.match.board.queen;
  const qAfter = ended ? undefined : m.board.queen;
  const back = (ev.state.match.ruling?.centre ?? []).includes("queen");
  const pocketed = !!s?.queen;
  if (pocketed) {
    if (qAfter === "pending") return you ? "queen pocketed: cover it with your next stroke (pocket one of your own)" : "queen pocketed: to cover it, the next stroke must pocket an own piece";
    if (qAfter === "covered" || (ended && rules.has("Q-5"))) return "queen pocketed and covered";
    if (back || qAfter === "board") {
      if (rules.has("Q-2")) return "the queen goes back to the centre: it may be pocketed only after one of your own";
      if (rules.has("Q-3")) return "the queen goes back to the centre: pocketed while owing a due";
      return "the queen goes back to the centre";
    }
    return "";
  }
  if (qBefore === "pending") {
    if (qAfter === "covered" || (ended && rules.has("Q-5"))) return "queen covered";
    if (qAfter === "pending") return "the queen still waits for its cover";
    if (qAfter === "board" || back) return "queen not covered: back to the centre";
    return "";
  }
  if (!before && back) return "the queen goes back to the centre";
  return "";
}

// breakdown is why a board scored what it did (RULES SC-2): the loser's
// c/m left and owed, the queen's three, the cap of 12; or "" when the
// counts at hand do not add up to the referee's points (a special ending).
export function breakdown(m: MatchState, before: GameState | undefined, stroke: Stroke | undefined): string {
  const res = m.result;
  if (!res || res.winner === null || !before) return "";
  const b = before.match.board, loser = 1 - res.winner;
  const loserColour = b.white === loser ? "white" : "black";
  const left = b.on_board[loserColour] - (stroke?.[loserColour] ?? 0) + (m.ruling?.centre ?? []).filter((c) => c === loserColour).length;
  const owed = b.owed[loser];
  const applied = m.ruling?.rules ?? [];
  // The queen's three: covered by the winner (RULES SC-2, Q-12), or, on a
  // conceded board, still on the board too (G-4).
  const won = (b.queen === "covered" && b.queen_side === res.winner) || applied.includes("Q-5") && (b.queen === "pending" || !!stroke?.queen)
    || applied.includes("G-4") && (b.queen === "board" || b.queen === "pending" && b.queen_side === res.winner);
  const queen = won && before.match.score[res.winner] <= 21 ? 3 : 0;
  const sum = left + owed + queen;
  if (Math.min(sum, 12) !== res.points || left < 0) return "";
  const parts = [`${left} c/m left`];
  if (owed) parts.push(`${owed} owed`);
  if (queen) parts.push("queen 3");
  let text = parts.length > 1 ? `${parts.join(" + ")} = ${sum}` : parts[0];
  if (sum > 12) text += ", capped at 12";
  return text;
}

// queenValue is what the queen adds to a board side w wins, by the score
// it had before (RULES Q-12; H-5, H-7 in the family rules).
function queenValue(m: MatchState, before: GameState, w: number): number {
  const score = before.match.score[w] ?? 0;
  return m.rules === "family" ? (score <= 19 ? 5 : 1) : score <= 21 ? 3 : 0;
}

// boardEnd says, in words, why a board ended and how its points were
// counted, from the referee's result (its rule: SC-2, SP-1…SP-14, G-4,
// H-5, H-6, …) and the board before the action: "Asha pocketed the last
// white c/m with the queen still on the board (SP-8): the board goes to
// Ravi, 3 points, as this ending always scores 3, or 1 once the winner has
// over 21." side names a side ("You" for this browser's); "" when the
// state ends no board won, or the board before is not known.
export function boardEnd(m: MatchState, before: GameState | undefined, stroke: Stroke | undefined, action: Action | undefined, side: (s: number) => string): string {
  const e = ending(m, before, stroke, action, side);
  if (!e) return "";
  const how = e.fixed ? `, as this ending always scores ${FIXED}${e.foul ? ", + 1 for the foul (SC-4)" : ""}` : e.count ? `: ${e.count}` : "";
  return `${e.reason} (${e.rule}): the board goes to ${mid(e.winner)}, ${e.points}${how}.${e.slam ? ` A ${e.slam} slam.` : ""}`;
}

// FIXED is what a special ending scores as "3 (1)" (RULES SC-3).
const FIXED = "3, or 1 once the winner has over 21";

// ending is why a board was won, in words: the reason, the winner, the
// points, and how they were counted ("", when no count of the board adds
// up to them).
function ending(m: MatchState, before: GameState | undefined, stroke: Stroke | undefined, action: Action | undefined, side: (s: number) => string):
  { reason: string; rule: string; winner: string; points: string; fixed: boolean; foul: boolean; count: string; slam?: string } | undefined {
  const res = m.result;
  if (!res || res.winner === null || !before) return undefined;
  const w = res.winner, loser = 1 - w;
  const b = before.match.board;
  const colour = (sd: number) => b.white === sd ? "white" : "black";
  // The side that struck, or conceded: its seat's, or the loser's.
  const seat = action?.seat ?? before.match.turn;
  const me = !action || action.kind === "strike" || action.kind === "timeout" ? before.seats[seat]?.side ?? loser : loser;
  const opp = 1 - me, S = side(me);
  const rules = m.ruling?.rules ?? [];
  const foul = rules.includes("SC-4");
  const qBefore = b.queen;
  const withStriker = stroke?.striker ? " and the striker" : "";
  let reason: string;
  let fixed = false; // the points are the ending's 3 (or 1), not a count
  let queen = false; // the count adds the queen's value
  let due = 0;       // the count adds the due of the stroke
  switch (res.rule) {
    case "SC-2": case "H-5": case "SC-1":
      reason = w === me ? `${S} pocketed the last ${colour(w)} c/m with the queen covered` : `${S} pocketed the opponent's last c/m (${colour(w)}) with the queen covered`;
      queen = (qBefore === "covered" && b.queen_side === w) || rules.includes("Q-5") && (qBefore === "pending" || !!stroke?.queen);
      break;
    case "SP-1": case "SP-2": reason = `${S} pocketed the last c/m of both colours in the stroke that was to cover the queen${foul ? ", with a foul" : ""}`; fixed = true; break;
    case "SP-3": reason = `${S} pocketed the opponent's last c/m (${colour(opp)})${withStriker} in the stroke that was to cover the queen`; queen = true; due = stroke?.striker ? 1 : 0; break;
    case "SP-4": case "SP-5": reason = `${S} pocketed the queen with the last c/m of both colours${foul ? ", with a foul" : ""}`; fixed = true; break;
    case "SP-6": reason = `${S} pocketed the last c/m of both colours with the queen still on the board`; fixed = true; break;
    case "SP-7": case "SP-12": reason = `${S} pocketed the opponent's last c/m (${colour(opp)})${withStriker} with the queen still on the board`; queen = true; due = res.rule === "SP-12" ? 1 : 0; break;
    case "SP-8": reason = `${S} pocketed the last ${colour(me)} c/m${withStriker} with the queen still on the board`; fixed = true; break;
    case "SP-9": reason = `${S} pocketed the queen, the last c/m of both colours and the striker`; fixed = true; break;
    case "SP-10": case "SP-11": reason = `${S} pocketed the last c/m of both colours and the striker`; fixed = res.rule === "SP-11"; break;
    case "SP-13": reason = `${S} pocketed the last c/m of both colours after the queen was covered`; fixed = true; break;
    case "SP-14": reason = `${S} pocketed the opponent's last c/m (${colour(opp)})${withStriker}`; queen = qBefore === "covered" && b.queen_side === w; due = stroke?.striker || stroke?.foul ? 1 : 0; break;
    case "H-6":
      reason = b.on_board[colour(me)] - (stroke?.[colour(me)] ?? 0) <= 0
        ? `${S} pocketed the last ${colour(me)} c/m before the queen was covered`
        : `${S} pocketed the opponent's last c/m (${colour(opp)}) before the queen was covered`;
      queen = true;
      break;
    case "G-4": reason = `${side(loser)} conceded the board`; queen = qBefore === "board" || qBefore === "pending" && b.queen_side === w || qBefore === "covered" && b.queen_side === w; break;
    case "TM-2": reason = `${side(loser)} played out of turn`; queen = qBefore !== "covered"; break;
    case "D-10": reason = `${side(loser)} left the seat`; queen = qBefore !== "covered" || b.queen_side === w; break;
    default: reason = `${phrase(res.rule)}`;
  }
  const p = res.points, pts = `${p} point${p === 1 ? "" : "s"}`;
  let count = "";
  if (!fixed) {
    // The count, said only when it adds up to the referee's points.
    const lc = colour(loser);
    const left = b.on_board[lc] - (stroke?.[lc] ?? 0) + (m.ruling?.centre ?? []).filter((c) => c === lc).length;
    const owed = b.owed[loser];
    const qv = queen ? queenValue(m, before, w) : 0;
    const extra = due + (foul ? 1 : 0);
    const sum = left + owed + qv + extra;
    if (left >= 0 && Math.min(sum, 12) === p) {
      const parts = [`${left} c/m left`];
      if (owed) parts.push(`${owed} owed`);
      if (due) parts.push(`1 for the due`);
      if (foul) parts.push("1 for the foul (SC-4)");
      if (qv) parts.push(`queen ${qv}`);
      count = parts.length > 1 ? `${parts.join(" + ")} = ${sum}` : parts[0];
      if (sum > 12) count += ", capped at 12";
    }
  }
  return { reason, rule: res.rule, winner: side(w), points: pts, fixed, foul, count, slam: res.slam };
}

// describeResult says how a board, game or match ended, if the state ends one.
export function describeResult(m: MatchState, side: (side: number) => string, before?: GameState, stroke?: Stroke): string {
  // Names within a sentence: "Board to you".
  const sideName = (s: number) => mid(side(s));
  const out: string[] = [];
  if (m.result) {
    const w = m.result.winner;
    if (w === null) out.push("Board drawn.");
    else {
      const why = breakdown(m, before, stroke);
      // A board whose points are no count of c/m left (a special ending)
      // says why it ended and what such an ending scores.
      const e = why ? undefined : ending(m, before, stroke, undefined, sideName);
      // The rule IDs stay in the detail line.
      const because = why || (e ? `${e.reason}${e.fixed ? `, an ending that always scores ${FIXED}${e.foul ? ", + 1 for the foul" : ""}` : e.count ? `: ${e.count.replace(" (SC-4)", "")}` : ""}` : "");
      out.push(`Board to ${sideName(w)}: ${m.result.points} point${m.result.points === 1 ? "" : "s"}${because ? ` (${because})` : ""}.`);
    }
    if (m.result.slam) out.push(`A ${m.result.slam} slam.`);
  }
  if (m.game_winner !== null) out.push(`Game to ${sideName(m.game_winner)}${m.game_score ? `, ${m.game_score[0]}–${m.game_score[1]}` : ""}.`);
  if (m.match_winner !== null) out.push(`Match to ${sideName(m.match_winner)}.`);
  return out.join(" ");
}

// describeAction is the short line of the move list.
export function describeAction(a: Action, stroke: Stroke | undefined, name: string): string {
  switch (a.kind) {
    case "strike": {
      const s = stroke ? pocketList(stroke, null) : "";
      return `${name}: ${s ? "pocketed " + s : stroke?.touched ? "pocketed nothing" : "touched nothing"}${stroke?.foul ? " (foul)" : ""}`;
    }
    case "place": return `${name}: placed a c/m`;
    case "forgo": return `${name}: forwent placing`;
    case "concede": return `${name}: conceded the ${a.concede}`;
    case "toss": return `toss won by side ${(a.toss ?? 0) + 1}`;
    case "timeout": return `${name}: out of time`;
    case "forfeit": return `${name}: forfeit (${a.rule})`;
    case "buy": return `${name}: bought pocket ${(a.buy?.pocket ?? 0) + 1}`;
  }
  return `${name}: ${a.kind}`;
}

// The words a newcomer may not know, explained where they first appear.
export const GLOSSARY: Record<string, string> = {
  "c/m": "c/m: a carrom man, one of the white or black playing pieces",
  due: "due: a piece a player pays back for pocketing the striker; the opponent places it on the board",
};
