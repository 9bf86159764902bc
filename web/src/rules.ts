// The referee's rulings in words. Each stroke gets one plain sentence
// built from what the ruling and the states before and after it say
// happened (the pieces pocketed, the turn kept or not, the pieces to put
// back, the queen's state before and after), never from the rule IDs
// alone, so the words cannot contradict the ruling. The rule IDs stay
// beside it as a detail, each with the short phrase of RULES.md. Every
// word comes from the catalogue of the reader's language (i18n.ts,
// internal/i18n/locales): the sentences are composed from its messages.
import { and, mid, sentence, type Names } from "./names";
import type { Action, EventMsg, GameState, MatchState, Stroke } from "./protocol";
import { cite, t } from "./i18n";
import { explainVariant } from "./variants";

// phrase is a rule's short title (RULES.md's, in the page's language),
// with where the language's rule book has it: "Striker pocketed: due
// (F 3.11 a)".
export function phrase(id: string): string {
  const where = cite([id]);
  return where ? `${title(id)} (${where})` : title(id);
}

// title is a rule's short title alone.
function title(id: string): string {
  const key = `rule.${id}`, s = t(key);
  return s === key ? t(/^SP-\d+$/.test(id) ? "rule.special" : "rule.other") : s;
}

// word is a name in the page's language: "you" is the reader ("You", at
// the start of a sentence, keeps its capital).
const word = (name: string) => name === "you" ? t("name.you") : name === "You" ? capital(t("name.you")) : name;
export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
// toWord is a name a board or a game goes to: "to you".
const toWord = (name: string) => name === "you" || name === "You" ? t("name.youTo") : name;

function pocketList(s: Stroke, own: "white" | "black" | null): string {
  const parts: string[] = [];
  const kind = (c: "white" | "black", n: number) => own === null ? (c === "white" ? t("list.white", { Count: n }) : t("list.black", { Count: n }))
    : c === own ? (c === "white" ? t("list.white.own", { Count: n }) : t("list.black.own", { Count: n }))
      : c === "white" ? t("list.white.opp", { Count: n }) : t("list.black.opp", { Count: n });
  if (s.white) parts.push(kind("white", s.white));
  if (s.black) parts.push(kind("black", s.black));
  if (s.queen) parts.push(t("list.queen"));
  if (s.striker) parts.push(t("list.striker"));
  return and(parts);
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
      if (a.kind === "timeout") first = you ? t("act.timeout.you") : t("act.timeout", { Who: who });
      else if (!s) first = you ? t("act.struck.you") : t("act.struck", { Who: who });
      else {
        const list = pocketList(s, own);
        first = list ? (you ? t("act.pocketed.you", { List: list }) : t("act.pocketed", { Who: who, List: list }))
          : s.touched ? (you ? t("act.nothing.you") : t("act.nothing", { Who: who }))
            : you ? t("act.untouched.you") : t("act.untouched", { Who: who });
        if (s.foul) first = t("act.foul", { Text: first });
      }
      out.push(first);
      break;
    }
    case "place": out.push(you ? t("act.placed.you") : t("act.placed", { Who: who })); break;
    case "forgo": out.push(you ? t("act.forgo.you") : t("act.forgo", { Who: who })); break;
    case "concede": out.push(you ? t("act.conceded.you", { What: concedeWord(a.concede) }) : t("act.conceded", { Who: who, What: concedeWord(a.concede) })); break;
    case "toss": out.push(t("act.toss", { Side: word(names.side(a.toss ?? 0)) })); break;
    case "forfeit": out.push(you ? t("act.forfeit.you") : t("act.forfeit", { Who: who })); break;
    // A tournament's bell (docs/tournaments.md): the match ends on its
    // score, level a draw.
    case "bell": out.push(m.match_winner === null ? t("act.bell.drawn") : t("act.bell")); break;
  }

  if (r) {
    // The break: only what happened, the attempt missed and what follows.
    if (rules.has("B-4")) out.push(t("say.B-4"));
    else if (rules.has("B-5")) out.push(t("say.B-5"));
    else if (rules.has("B-3")) out.push(t("say.B-3"));
    else if (rules.has("H-1")) out.push(t("say.H-1"));
    else if (rules.has("B-2")) out.push(t("say.B-2"));

    const q = queenWords(ev, before, ended, rules, you);
    if (q) out.push(q);

    // Pieces to put back, and who places them (RULES PL-1, PL-3).
    for (const p of r.place) {
      const owerSide = boardOf ? (p.colour === "white" ? boardOf.white : 1 - boardOf.white) : null;
      const due = /^(D-[1-4]|Q-)/.test(p.rule);
      const pieces = due ? t("place.dues", { Count: p.count }) : t("place.penalties", { Count: p.count });
      const placer = p.placer === null ? t("place.centre")
        : names.you(p.placer) ? t("place.byYou", { Count: p.count }) : t("place.by", { Count: p.count, Who: names.seat(p.placer) });
      if (owerSide === null) { out.push(t("place.owed", { Pieces: pieces, Placer: placer })); continue; }
      const youOwe = owerSide === side ? you : names.side(owerSide) === "you";
      const ower = owerSide === side && seat >= 0 ? who : names.side(owerSide);
      out.push(youOwe ? t("place.youOwe", { Pieces: pieces, Placer: placer }) : t("place.owes", { Who: ower, Pieces: pieces, Placer: placer }));
    }
    if (rules.has("D-2")) out.push(you ? t("say.D-2.you") : t("say.D-2"));
    const centre = r.centre.filter((c) => c !== "queen");
    const whites = centre.filter((c) => c === "white").length, blacks = centre.length - whites;
    if (whites && blacks) out.push(t("say.centre.both"));
    else if (whites) out.push(t("say.centre.white", { Count: whites }));
    else if (blacks) out.push(t("say.centre.black", { Count: blacks }));

    if (!ended && (a.kind === "strike" || a.kind === "timeout")) {
      if (r.turn_kept) out.push(you ? t("say.turnKept.you") : t("say.turnKept"));
      else {
        const next = names.seat(st.to_act.seat);
        out.push(next === "you" ? t("say.turnToYou") : t("say.turnTo", { Who: next }));
      }
    }
  }
  const text = sentence(out, a.kind === "toss" ? names.side(a.toss ?? 0) : who);
  const end = describeResult(m, (s) => names.side(s), before, ev.outcome.stroke);
  return end ? `${text} ${end}` : text;
}

// concedeWord is what was conceded, with its article: "the board".
function concedeWord(c: string | undefined): string {
  return c === "match" ? t("concede.match") : c === "game" ? t("concede.game") : t("concede.board");
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
    if (qAfter === "pending") return you ? t("queen.pending.you") : t("queen.pending");
    if (qAfter === "covered" || (ended && rules.has("Q-5"))) return t("queen.pocketedCovered");
    if (back || qAfter === "board") {
      if (rules.has("Q-2")) return t("queen.back.Q-2");
      if (rules.has("Q-3")) return t("queen.back.Q-3");
      return t("queen.back");
    }
    return "";
  }
  if (qBefore === "pending") {
    if (qAfter === "covered" || (ended && rules.has("Q-5"))) return t("queen.covered");
    if (qAfter === "pending") return t("queen.waits");
    if (qAfter === "board" || back) return t("queen.notCovered");
    return "";
  }
  if (!before && back) return t("queen.back");
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
  const parts = [t("count.left", { Count: left })];
  if (owed) parts.push(t("count.owed", { Count: owed }));
  if (queen) parts.push(t("count.queen", { Count: queen }));
  return total(parts, sum);
}

// total is a count's parts and their sum: "5 c/m left + queen 3 = 8",
// capped at 12 (RULES SC-2).
function total(parts: string[], sum: number): string {
  const text = parts.length > 1 ? t("count.sum", { Parts: parts.join(" + "), Sum: sum }) : parts[0];
  return sum > 12 ? t("count.capped", { Text: text }) : text;
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
  const line = { Reason: e.reason, Rule: e.rule, Winner: toWord(mid(e.winner)), Points: e.points, Count: e.count };
  const text = e.fixed ? (e.foul ? t("end.fixedFoul", line) : t("end.fixed", line)) : e.count ? t("end.counted", line) : t("end.plain", line);
  return e.slam ? `${text} ${slam(e.slam)}` : text;
}

// slam is "A white slam." (RULES SC-5).
const slam = (s: string) => s === "white" ? t("end.slam.white") : t("end.slam.black");

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
  const colourWord = (sd: number) => b.white === sd ? t("colour.white") : t("colour.black");
  // The side that struck, or conceded: its seat's, or the loser's.
  const seat = action?.seat ?? before.match.turn;
  const me = !action || action.kind === "strike" || action.kind === "timeout" ? before.seats[seat]?.side ?? loser : loser;
  const opp = 1 - me, S = word(side(me));
  const rules = m.ruling?.rules ?? [];
  const foul = rules.includes("SC-4");
  const qBefore = b.queen;
  const withStriker = stroke?.striker ? t("end.withStriker") : "";
  const d = { Side: S, Own: colourWord(me), Opp: colourWord(opp), Won: colourWord(w), Striker: withStriker };
  let reason: string;
  let fixed = false; // the points are the ending's 3 (or 1), not a count
  let queen = false; // the count adds the queen's value
  let due = 0;       // the count adds the due of the stroke
  switch (res.rule) {
    case "SC-2": case "H-5": case "SC-1":
      reason = w === me ? t("why.SC-2", d) : t("why.SC-2.opp", d);
      queen = (qBefore === "covered" && b.queen_side === w) || rules.includes("Q-5") && (qBefore === "pending" || !!stroke?.queen);
      break;
    case "SP-1": case "SP-2": reason = foul ? t("why.SP-1.foul", d) : t("why.SP-1", d); fixed = true; break;
    case "SP-3": reason = t("why.SP-3", d); queen = true; due = stroke?.striker ? 1 : 0; break;
    case "SP-4": case "SP-5": reason = foul ? t("why.SP-4.foul", d) : t("why.SP-4", d); fixed = true; break;
    case "SP-6": reason = t("why.SP-6", d); fixed = true; break;
    case "SP-7": case "SP-12": reason = t("why.SP-7", d); queen = true; due = res.rule === "SP-12" ? 1 : 0; break;
    case "SP-8": reason = t("why.SP-8", d); fixed = true; break;
    case "SP-9": reason = t("why.SP-9", d); fixed = true; break;
    case "SP-10": case "SP-11": reason = t("why.SP-10", d); fixed = res.rule === "SP-11"; break;
    case "SP-13": reason = t("why.SP-13", d); fixed = true; break;
    case "SP-14": reason = t("why.SP-14", d); queen = qBefore === "covered" && b.queen_side === w; due = stroke?.striker || stroke?.foul ? 1 : 0; break;
    case "H-6":
      reason = b.on_board[colour(me)] - (stroke?.[colour(me)] ?? 0) <= 0 ? t("why.H-6", d) : t("why.H-6.opp", d);
      queen = true;
      break;
    case "G-4": reason = t("why.G-4", { Side: word(side(loser)) }); queen = qBefore === "board" || qBefore === "pending" && b.queen_side === w || qBefore === "covered" && b.queen_side === w; break;
    case "TM-2": reason = t("why.TM-2", { Side: word(side(loser)) }); queen = qBefore !== "covered"; break;
    case "D-10": reason = t("why.D-10", { Side: word(side(loser)) }); queen = qBefore !== "covered" || b.queen_side === w; break;
    default: reason = title(res.rule);
  }
  const p = res.points, pts = t("end.points", { Count: p });
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
      const parts = [t("count.left", { Count: left })];
      if (owed) parts.push(t("count.owed", { Count: owed }));
      if (due) parts.push(t("count.due"));
      if (foul) parts.push(t("count.foul"));
      if (qv) parts.push(t("count.queen", { Count: qv }));
      count = total(parts, sum);
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
    if (w === null) out.push(t("res.drawn"));
    else {
      const why = breakdown(m, before, stroke);
      // A board whose points are no count of c/m left (a special ending)
      // says why it ended and what such an ending scores.
      const e = why ? undefined : ending(m, before, stroke, undefined, sideName);
      // The rule IDs stay in the detail line.
      const because = why || (e ? (e.fixed ? (e.foul ? t("res.fixedFoul", { Reason: e.reason }) : t("res.fixed", { Reason: e.reason }))
        : e.count ? t("res.counted", { Reason: e.reason, Count: e.count.replace(" (SC-4)", "") }) : e.reason) : "");
      const d = { Side: toWord(sideName(w)), Count: m.result.points, Why: because };
      out.push(because ? t("res.boardWhy", d) : t("res.board", d));
    }
    if (m.result.slam) out.push(slam(m.result.slam));
  }
  if (m.game_winner !== null) {
    const d = { Side: toWord(sideName(m.game_winner)), A: m.game_score?.[0] ?? 0, B: m.game_score?.[1] ?? 0 };
    out.push(m.game_score ? t("res.gameScore", d) : t("res.game", d));
  }
  if (m.match_winner !== null) out.push(t("res.match", { Side: toWord(sideName(m.match_winner)) }));
  return out.join(" ");
}

// describeAction is the short line of the move list.
export function describeAction(a: Action, stroke: Stroke | undefined, name: string): string {
  switch (a.kind) {
    case "strike": {
      const s = stroke ? pocketList(stroke, null) : "";
      const what = s ? t("move.pocketed", { Name: name, List: s }) : stroke?.touched ? t("move.nothing", { Name: name }) : t("move.untouched", { Name: name });
      return stroke?.foul ? t("move.foul", { Text: what }) : what;
    }
    case "place": return t("move.placed", { Name: name });
    case "forgo": return t("move.forgo", { Name: name });
    case "concede": return t("move.conceded", { Name: name, What: concedeWord(a.concede) });
    case "toss": return t("move.toss", { Side: (a.toss ?? 0) + 1 });
    case "timeout": return t("move.timeout", { Name: name });
    case "forfeit": return t("move.forfeit", { Name: name, Rule: a.rule ?? "" });
    case "buy": return t("move.buy", { Name: name, Pocket: (a.buy?.pocket ?? 0) + 1 });
    case "bell": return t("move.bell");
  }
  return `${name}: ${a.kind}`;
}

// glossary is the words a newcomer may not know, explained where they
// first appear: each term, as the rulings write it, and its explanation.
export function glossary(): Record<string, string> {
  return { [t("glossary.cm.term")]: t("glossary.cm"), [t("glossary.due.term")]: t("glossary.due") };
}
