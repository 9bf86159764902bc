// The variants without colours (RULES §14: point carrom, three players,
// buying the pockets): each player's holdings and points, the pockets'
// owners, the purchase of a pocket, and their rulings in words. The table,
// the panel, the lobby and the rulings call these where a state carries a
// variant's board; ICF and family play never reach them.
import type { Counts, EventMsg, GameState, VariantState } from "./protocol";
import { h } from "./dom";
import { t } from "./i18n";
import { and, sentence, type Names } from "./names";

// The rule sets a table may play, with the numbers of players each seats.
export const RULE_SETS: { id: string; name: string; players: number[] }[] = [
  { id: "icf", name: "ICF rules", players: [2, 4] },
  { id: "family", name: "Family rules", players: [2, 4] },
  { id: "point", name: "Point carrom", players: [2, 3, 4] },
  { id: "three", name: "Three players", players: [3] },
  { id: "pockets", name: "Buying the pockets", players: [2, 3, 4] },
];

// The rule sets' names in the page's language, by their IDs.
const RULE_NAMES: Record<string, string> = {
  icf: "lobby.rules.icf", family: "lobby.rules.family", point: "lobby.rules.point", three: "lobby.rules.three", pockets: "lobby.rules.pockets",
};
export const ruleName = (id: string): string => RULE_NAMES[id] ? t(RULE_NAMES[id]) : RULE_SETS.find((r) => r.id === id)?.name ?? id;

export const isVariant = (rules: string): boolean => !["icf", "family"].includes(rules);

export function playersOf(rules: string): number[] {
  return RULE_SETS.find((r) => r.id === rules)?.players ?? [2];
}

// What each variant asks, in a line.
const GOAL: Record<string, string> = { point: "variant.goal.point", three: "variant.goal.three", pockets: "variant.goal.pockets" };

// Each player's colour: the chips beside his name and the ring on each
// pocket he owns.
const PLAYER_COLOURS: [string, string][] = [["red", "#c0392b"], ["blue", "#2864b4"], ["green", "#2e8b3a"], ["violet", "#8e44ad"]];
export const playerColour = (p: number): string => PLAYER_COLOURS[p % 4][0];
export const playerHex = (p: number): string => PLAYER_COLOURS[p % 4][1];

// The pockets by where the viewer sees them: pocket k is at the right-hand
// end of base k's base line (board.Pocket).
const CORNERS = ["variant.corner.bottomRight", "variant.corner.topRight", "variant.corner.topLeft", "variant.corner.bottomLeft"];
export const pocketName = (k: number, view: number): string => t("variant.pocket", { N: k + 1, Corner: t(CORNERS[(k - view + 4) % 4]) });

export function holding(c: Counts): string {
  const parts = [];
  if (c.white) parts.push(t("variant.white", { Count: c.white }));
  if (c.black) parts.push(t("variant.black", { Count: c.black }));
  if (c.queen) parts.push(t("variant.theQueen"));
  return parts.length ? parts.join(t("list.comma")) : t("variant.nothing");
}

const worthOf = (v: VariantState, c: Counts): number => c.white * v.worth.white + c.black * v.worth.black + (c.queen ? v.worth.queen : 0);

function owned(v: VariantState, p: number): number {
  return (v.board.owner ?? []).filter((o) => o === p).length;
}

// scoreBar is the score bar of a variant: each player's points.
export function scoreBar(st: GameState, name: (seat: number) => string): HTMLElement[] {
  const v = st.variant!;
  return [
    ...v.score.map((pts, p) => h("span", { class: "side-score", "data-seat": String(p) },
      h("span", { class: `chip ${playerColour(p)}` }), ` ${name(p)} `, h("b", {}, String(pts)),
      v.prices ? h("span", { class: "games" }, ` · ${t("variant.pocketCount", { Count: owned(v, p) })}`) : "")),
    h("span", { class: "games" }, ruleName(v.rules)),
  ];
}

// scoreBox is the score column of a variant: what each player holds and
// its points, the pieces left, the queen, the debts, the goal.
export function scoreBox(st: GameState, name: (seat: number) => string): HTMLElement[] {
  const v = st.variant!, b = v.board;
  const rows = v.score.map((pts, p) => h("tr", {
    "data-seat": String(p), "data-points": String(pts), "data-white": String(v.held[p].white),
    "data-black": String(v.held[p].black), "data-queen": String(v.held[p].queen), "data-pockets": String(owned(v, p)),
  },
  h("td", {}, h("span", { class: `chip ${playerColour(p)}` }), " ", name(p)), h("td", {}, holding(v.held[p])),
  h("td", { class: "points" }, String(pts)), ...(v.prices ? [h("td", {}, String(owned(v, p)))] : [])));
  const queen = b.queen === "board" ? t("variant.queen.board")
    : t(b.queen === "pending" ? "variant.queen.pending" : "variant.queen.covered", { Name: b.queen_side === null ? "?" : name(b.queen_side) });
  const owing = b.owed.map((n, p) => n ? `${name(p)} ${n}` : "").filter(Boolean);
  return [
    h("p", { class: "help", id: "goal" }, GOAL[v.rules] ? t(GOAL[v.rules]) : ""),
    h("table", { class: "list", id: "holdings" }, holdingsHead(v), ...rows),
    h("div", {}, t("variant.onBoard", { White: b.on_board.white, Black: b.on_board.black })),
    h("div", {}, h("span", { class: "chip queen" }), " " + t("variant.queen", { State: queen })),
    ...(owing.length ? [h("div", {}, t("variant.owed", { List: owing.join(t("list.comma")) }))] : []),
  ];
}

// holdingsHead is the heading row of a variant's table of points.
const holdingsHead = (v: VariantState) => h("tr", {}, h("th", {}, t("variant.col.player")), h("th", {}, t("variant.col.holds")), h("th", {}, t("variant.col.points")),
  ...(v.prices ? [h("th", {}, t("variant.col.pockets"))] : []));

// pocketRings are the rings drawn on owned pockets, in their owners' colours.
export function pocketRings(st: GameState): { pocket: number; colour: string }[] {
  return (st.variant?.board.owner ?? []).flatMap((o, k) => o === null ? [] : [{ pocket: k, colour: playerHex(o) }]);
}

// cheapest is the payment worth at least price with the least worth over
// it, then the fewest pieces, from what c holds (the queen last).
function cheapest(v: VariantState, c: Counts, price: number): Counts | null {
  let best: Counts | null = null, bestWorth = Infinity, bestN = Infinity;
  for (const queen of c.queen ? [false, true] : [false]) {
    for (let w = 0; w <= c.white; w++) {
      for (let b = 0; b <= c.black; b++) {
        const pay = { white: w, black: b, queen }, worth = worthOf(v, pay), n = w + b + (queen ? 1 : 0);
        if (worth >= price && (worth < bestWorth || worth === bestWorth && n < bestN)) { best = pay; bestWorth = worth; bestN = n; }
      }
    }
  }
  return best;
}

// BuyPanel offers the player in turn the purchase of a pocket (RULES V-3):
// the pocket and the c/m to pay, each choice he may not make disabled with
// its reason. It redraws only when the position changes, so a choice in
// progress survives the page's other redraws.
export class BuyPanel {
  readonly el = h("fieldset", { class: "buy", id: "buy-panel" });
  private key = "";

  constructor(private send: (pocket: number, pay: Counts) => void) {
    this.el.hidden = true;
  }

  update(st: GameState, seq: number, mine: boolean, view: number): void {
    const v = st.variant;
    const show = !!v?.prices && mine && st.to_act.need === "strike";
    this.el.hidden = !show;
    const key = `${seq}/${show}/${view}`;
    if (!show || !v || key === this.key) { if (!show) this.key = ""; return; }
    this.key = key;
    const me = st.to_act.seat, banked = v.banked[me], prices = v.prices!;
    const have = worthOf(v, banked);
    const price = (k: number) => (v.board.owner?.[k] ?? null) === null ? prices.free : prices.owned;
    const why = (k: number): string => {
      const o = v.board.owner?.[k] ?? null;
      if (o === me) return t("variant.buy.yoursAlready");
      if (have < price(k)) return t("variant.buy.costs", { Price: price(k), Have: have });
      return "";
    };
    const pocket = h("select", { id: "buy-pocket" });
    for (let k = 0; k < 4; k++) {
      const o = v.board.owner?.[k] ?? null, reason = why(k);
      const whose = o === null ? t("variant.buy.free") : o === me ? t("variant.buy.yours") : t("variant.buy.owner", { N: o + 1 });
      const opt = h("option", { value: String(k), "data-reason": reason, title: reason }, `${pocketName(k, view)}: ${whose}${o === me ? "" : `, ${price(k)}${reason ? ` (${reason})` : ""}`}`);
      opt.disabled = !!reason;
      pocket.append(opt);
    }
    const first = [0, 1, 2, 3].find((k) => !why(k));
    pocket.value = String(first ?? 0);
    const num = (id: string, max: number) => h("input", { id, type: "number", min: "0", max: String(max), step: "1", value: "0", inputmode: "numeric" });
    const white = num("buy-white", banked.white), black = num("buy-black", banked.black);
    const queen = h("input", { id: "buy-queen", type: "checkbox" });
    queen.disabled = !banked.queen;
    const buy = h("button", { type: "button", id: "buy" }, t("variant.buy.button"));
    const reason = h("small", { id: "buy-why", class: "help" });
    const pay = (): Counts => ({ white: Math.floor(+white.value || 0), black: Math.floor(+black.value || 0), queen: queen.checked });
    const check = () => {
      const k = +pocket.value, p = pay(), worth = worthOf(v, p);
      let r = "";
      if (first === undefined) r = t("variant.buy.cannot", { Have: have, Free: prices.free, Owned: prices.owned });
      else if (p.white > banked.white || p.black > banked.black || p.white < 0 || p.black < 0) r = t("variant.buy.onlyHeld", { Held: holding(banked) });
      else if (worth < price(k)) r = t("variant.buy.short", { Pay: holding(p), Worth: worth, Pocket: pocketName(k, view), Price: price(k) });
      buy.disabled = !!r;
      buy.title = r;
      reason.textContent = r || t("variant.buy.pay", { Pay: holding(p), Count: worth, Pocket: pocketName(k, view) });
    };
    // The cheapest payment for the pocket chosen, to change at will.
    const suggest = () => {
      const k = +pocket.value, best = first === undefined ? null : cheapest(v, banked, price(k));
      white.value = String(best?.white ?? 0); black.value = String(best?.black ?? 0); queen.checked = !!best?.queen;
      check();
    };
    pocket.addEventListener("change", suggest);
    for (const i of [white, black, queen]) i.addEventListener("input", check);
    buy.addEventListener("click", () => { check(); if (!buy.disabled) this.send(+pocket.value, pay()); });
    pocket.disabled = first === undefined;
    this.el.replaceChildren(h("legend", {}, t("variant.buy.legend")),
      h("p", { class: "help" }, t("variant.buy.banked", { Held: holding(banked), Count: have })),
      h("label", { class: "pocket" }, t("variant.buy.pocket") + " ", pocket),
      h("span", { class: "pay" }, h("label", {}, t("variant.buy.white") + " ", white), h("label", {}, t("variant.buy.black") + " ", black), h("label", {}, queen, " " + t("variant.buy.queen"))),
      buy, reason);
    suggest();
  }
}

// pocketedList is what a stroke pocketed, in the move list's words.
function pocketedList(white: number, black: number, queen: boolean, striker: boolean): string {
  const parts: string[] = [];
  if (white) parts.push(t("list.white", { Count: white }));
  if (black) parts.push(t("list.black", { Count: black }));
  if (queen) parts.push(t("list.queen"));
  if (striker) parts.push(t("list.striker"));
  return and(parts);
}

// Why a variant's match ended, by the rule of its result.
const ENDS: Record<string, string> = {
  "V-1": "variant.end.V-1", "V-2": "variant.end.V-2", "V-3": "variant.end.V-3", "G-4": "variant.end.G-4",
  "TM-3": "variant.end.TM-3", "TM-2": "variant.end.TM-2", "D-10": "variant.end.D-10",
};

// explainVariant is a variant's ruling in plain words, read from the
// boards before (prev) and after: what was pocketed or bought, who was
// credited with what, the queen, what went back, the turn, and the end.
// Each clause is a catalogue message, with a second one for the reader
// (.you), as rules.ts writes the ICF game's.
export function explainVariant(ev: EventMsg, prev: GameState | undefined, names: Names): string {
  const st = ev.state, v = st.variant!, a = ev.action, r = st.match.ruling, before = prev?.variant;
  const who = names.seat(a.seat), you = names.you(a.seat);
  // said is a clause about player p: its second message for the reader.
  const said = (p: number, id: string, idYou: string, data: Record<string, string | number> = {}) =>
    names.you(p) ? t(idYou, data) : t(id, { Who: names.seat(p), ...data });
  const points = (p: number) => t("end.points", { Count: v.score[p] });
  const rules = new Set(r?.rules ?? []);
  const out: string[] = [];
  switch (a.kind) {
    case "strike": case "timeout": {
      const s = ev.outcome.stroke;
      let first = "";
      if (a.kind === "timeout") first = said(a.seat, "act.timeout", "act.timeout.you");
      else if (s) {
        const List = pocketedList(s.white, s.black, s.queen, s.striker);
        first = List ? said(a.seat, "act.pocketed", "act.pocketed.you", { List }) : s.touched ? said(a.seat, "act.nothing", "act.nothing.you") : said(a.seat, "act.untouched", "act.untouched.you");
      }
      out.push(s?.foul ? t("act.foul", { Text: first }) : first);
      break;
    }
    case "buy": {
      const b = a.buy!;
      const paid = { white: b.white, black: b.black, queen: b.queen };
      out.push(said(a.seat, "variant.say.bought", "variant.say.bought.you", { Pocket: b.pocket + 1, Pay: holding(paid), Count: worthOf(v, paid) }));
      out.push(said(a.seat, "variant.say.nowHasPockets", "variant.say.nowHasPockets.you", { Points: points(a.seat), Pockets: t("variant.pocketCount", { Count: owned(v, a.seat) }) }));
      break;
    }
    case "place": out.push(said(a.seat, "variant.say.placed", "variant.say.placed.you")); break;
    case "concede": out.push(said(a.seat, "act.conceded", "act.conceded.you", { What: t("concede.match") })); break;
    case "forfeit": out.push(said(a.seat, "act.forfeit", "act.forfeit.you")); break;
  }
  // RULES V-3: the striker costs every pocket bought and every c/m held.
  const lostAll = a.kind === "strike" && !!ev.outcome.stroke?.striker && rules.has("V-3");
  if (lostAll) out.push(said(a.seat, "variant.say.strikerCosts", "variant.say.strikerCosts.you"));
  if (rules.has("B-2")) out.push(t("say.B-2"));
  else if (rules.has("B-3")) out.push(t("say.B-3"));
  else if (rules.has("B-4")) out.push(t("variant.say.B-4"));
  else if (rules.has("B-5")) out.push(t("variant.say.B-5"));
  if (before) {
    // Who was credited with what (V-2: a colour a player has three of goes
    // to the next who needs it), and who paid a debt.
    v.held.forEach((now, p) => {
      const was = before.held[p];
      const gained = { white: Math.max(0, now.white - was.white), black: Math.max(0, now.black - was.black), queen: now.queen && !was.queen };
      const lost = { white: Math.max(0, was.white - now.white), black: Math.max(0, was.black - now.black), queen: was.queen && !now.queen };
      if (gained.white || gained.black || gained.queen) {
        if (p === a.seat) out.push(said(p, "variant.say.nowHas", "variant.say.nowHas.you", { Points: points(p) }));
        else out.push(said(p, "variant.say.credited", "variant.say.credited.you", { Pieces: holding(gained), Points: points(p) }));
      }
      if ((lost.white || lost.black) && a.kind !== "buy" && !(lostAll && p === a.seat)) out.push(said(p, "variant.say.paysBack", "variant.say.paysBack.you", { Pieces: holding(lost) }));
    });
    const bq = before.board.queen, aq = v.board.queen;
    if (bq !== "pending" && aq === "pending") out.push(you ? t("variant.say.queenPending.you") : t("variant.say.queenPending"));
    else if (aq === "covered" && bq !== "covered") out.push(said(v.board.queen_side ?? a.seat, "variant.say.queenCovered", "variant.say.queenCovered.you", { Count: v.worth.queen }));
    else if (bq === "pending" && aq === "board") out.push(t("queen.notCovered"));
    else if (ev.outcome.stroke?.queen && aq === "board") out.push(rules.has("Q-1") ? t("variant.say.queenBackQ-1") : t("queen.back"));
    v.board.owed.forEach((n, p) => {
      if (n > before.board.owed[p]) out.push(said(p, "variant.say.owes", "variant.say.owes.you", { Count: n }));
    });
  }
  const centre = (r?.centre ?? []).filter((c) => c !== "queen");
  const whites = centre.filter((c) => c === "white").length, blacks = centre.length - whites;
  if (a.kind !== "buy" && !lostAll) {
    if (whites && blacks) out.push(t("say.centre.both"));
    else if (whites) out.push(t("say.centre.white", { Count: whites }));
    else if (blacks) out.push(t("say.centre.black", { Count: blacks }));
  }
  // RULES V-1, V-2: dues, penalties and what they return are placed within
  // the outer circle, by the player the referee names.
  for (const p of r?.place ?? []) {
    const Pieces = p.colour === "white" ? t("variant.white", { Count: p.count }) : t("variant.black", { Count: p.count });
    out.push(p.placer === null ? t("variant.say.placeBack", { Pieces }) : said(p.placer, "variant.say.places", "variant.say.places.you", { Pieces }));
  }
  const over = st.match.match_winner !== null;
  if (!over && r && a.kind !== "concede" && a.kind !== "forfeit") {
    if (r.turn_kept) out.push(you ? t("say.turnKept.you") : t("say.turnKept"));
    else if (a.kind === "strike" || a.kind === "timeout") out.push(names.you(st.to_act.seat) ? t("say.turnToYou") : t("say.turnTo", { Who: names.seat(st.to_act.seat) }));
  }
  let text = sentence(out, who);
  const res = st.match.result;
  if (res && res.winner === null) text += " " + t("variant.say.replayed", { Rule: res.rule });
  if (over) {
    const w = st.match.match_winner!, why = ENDS[res?.rule ?? ""];
    text += " " + (why ? said(w, "variant.say.winsWhy", "variant.say.winsWhy.you", { Points: points(w), Why: t(why) }) : said(w, "variant.say.wins", "variant.say.wins.you", { Points: points(w) }));
  }
  return text;
}

// finalPoints is the table of each player's points at the end of a variant.
export function finalPoints(st: GameState, name: (seat: number) => string): HTMLElement {
  const v = st.variant!;
  return h("table", { class: "list", id: "final-points" },
    holdingsHead(v),
    ...v.score.map((pts, p) => h("tr", { "data-seat": String(p) }, h("td", {}, name(p)), h("td", {}, holding(v.held[p])), h("td", {}, String(pts)),
      ...(v.prices ? [h("td", {}, String(owned(v, p)))] : []))));
}
