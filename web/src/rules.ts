// The referee's rulings in words: each rule ID of RULES.md with the short
// phrase a player reads beside it, e.g. "Striker pocketed: due — D-1".
import type { Action, MatchState, Stroke } from "./protocol";

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
  "Q-4": "Queen not covered: back to the centre",
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
};

export function phrase(id: string): string {
  if (PHRASES[id]) return PHRASES[id];
  if (/^SP-\d+$/.test(id)) return "Special ending";
  return "Rule";
}

// describeRuling gives each rule of a ruling as "phrase — ID".
export function describeRuling(rules: string[]): string {
  return rules.map((id) => `${phrase(id)} — ${id}`).join("; ");
}

function pocketed(s: Stroke): string {
  const parts: string[] = [];
  if (s.white) parts.push(`${s.white} white`);
  if (s.black) parts.push(`${s.black} black`);
  if (s.queen) parts.push("the queen");
  if (s.striker) parts.push("the striker");
  return parts.length ? "pocketed " + parts.join(", ") : s.touched ? "nothing pocketed" : "touched nothing";
}

// describeAction is one line of the move list.
export function describeAction(a: Action, stroke: Stroke | undefined, name: string): string {
  switch (a.kind) {
    case "strike": {
      const s = stroke ? pocketed(stroke) : "struck";
      return `${name}: ${s}${stroke?.foul ? " (foul)" : ""}`;
    }
    case "place": return `${name}: placed a c/m`;
    case "forgo": return `${name}: forwent placing`;
    case "concede": return `${name}: conceded the ${a.concede}`;
    case "toss": return `toss won by side ${(a.toss ?? 0) + 1}`;
    case "timeout": return `${name}: out of time`;
    case "forfeit": return `${name}: forfeit (${a.rule})`;
  }
  return `${name}: ${a.kind}`;
}

// describeResult says how a board, game or match ended, if the state ends one.
export function describeResult(m: MatchState, sideName: (side: number) => string): string {
  const out: string[] = [];
  if (m.result) {
    const w = m.result.winner;
    out.push(w === null ? "Board drawn" : `Board to ${sideName(w)}: ${m.result.points} point${m.result.points === 1 ? "" : "s"} — ${m.result.rule}`);
    if (m.result.slam) out.push(`${m.result.slam} slam`);
  }
  if (m.game_winner !== null) out.push(`Game to ${sideName(m.game_winner)}`);
  if (m.match_winner !== null) out.push(`Match to ${sideName(m.match_winner)}`);
  return out.join(". ");
}
