// Tournaments (docs/tournaments.md): /tournaments, where a signed-in
// organiser lists and creates them, and /tournaments/{id}, the live page
// anyone may read — the pairings by board, the standings with their
// tie-breaks and the crosstable — with, for its organiser, the forms that
// register players, pair the next round, enter results and withdraw. The
// page reads the tournament again every 5 s and at each push of the live
// channel, so the standings move as results enter.
import { api, me } from "./api";
import { h } from "./dom";
import { sayCode } from "./errors";
import { championshipsCard, finalsDesk, prizeList, showFinals, type Finals, type Rank } from "./finals";
import { date as day, figure, num } from "./format";
import * as i18n from "./i18n";
import { onLive } from "./live";
import { leftOf, mmss, phase, type ReadClock, type RoundClock } from "./tourneyclock";

interface Player { num: number; name: string; account: boolean; club: string; country: string; rating: number; withdrawn: boolean; entered: number }
interface Match { board: number; a: number; b: number; a_name: string; b_name: string; score: [number, number] | null; source: string; table?: string; link?: string; sheet?: string; sheet_link?: string }
interface Round { round: number; matches: Match[]; final?: number }
interface Standing { rank: number; num: number; name: string; points: number; buchholz: number; net: number; total: number }
interface Tournament {
  id: string; name: string; date: string; place: string; rules: string; singles: boolean; system: string; method?: string; rounds: number;
  points: { win: number; draw: number; loss: number }; phantom_score: number; format: string; delay_top: number; avoid_compatriots: number; avoid_clubmates: number; seed: string; organiser: string; mine: boolean; online: boolean; sheets: boolean;
  players: Player[]; paired: Round[]; standings: Standing[]; log: LogEntry[]; next: string; next_code?: string; next_params?: Record<string, string | number>;
  finals: Finals; ranking: Rank[];
  clock: RoundClock | null;
}
// A log entry: its English text, and its code and values (docs/tournaments.md),
// which the page says in its language; an entry stored before them has its text alone.
interface LogEntry { at: string; round: number; text: string; code?: string; params?: Record<string, string | number | LogChange[]> }
interface LogChange { Board: number; A: string; B: string; WasA: string; WasB: string }
interface Summary { id: string; name: string; date: string; place: string; system: string }

// The page's words are i18n.t's: t names a tournament here.
const systemName = (t: { system: string; method?: string }) =>
  t.system === "swiss" ? (t.method ? i18n.t("tournament.system.swissBy", { Method: methodName(t.method) }) : i18n.t("tournament.system.swiss"))
    : t.system === "roundrobin" ? i18n.t("tournament.system.roundrobin.short") : i18n.t("tournament.system.knockout.short");
// The Swiss pairing methods (docs/tournaments.md), by the server's names.
const methodKeys: Record<string, string> = {
  dazed: "tournament.method.dazed", serial: "tournament.method.serial", staggered: "tournament.method.staggered", dutch: "tournament.method.dutch",
};
const methodName = (m: string) => methodKeys[m] ? i18n.t(methodKeys[m]) : m;

const sourceKeys: Record<string, string> = { hand: "tournament.source.hand", online: "tournament.source.online", sheet: "tournament.source.sheet", phantom: "tournament.source.phantom", noshow: "tournament.source.noshow", withdrawn: "tournament.source.withdrawn" };
const sourceName = (s: string) => sourceKeys[s] ? i18n.t(sourceKeys[s]) : s;
// logText is a log entry in the page's language, from its code and values;
// an entry without a code, or with one the page has no words for, keeps its text.
function logText(e: LogEntry): string {
  const p = e.params ?? {}, v = (k: string) => p[k] as string | number;
  const pair = (a: string, b: string) => i18n.t("tournament.log.pair", { A: a, B: b || i18n.t("tournament.phantomPlayer") });
  switch (e.code) {
    case "corrected": return i18n.t("tournament.log.corrected", { Round: v("Round"),
      Changes: (p.Changes as LogChange[]).map((c) => i18n.t("tournament.log.change", { Board: c.Board, Now: pair(c.A, c.B), Was: pair(c.WasA, c.WasB) })).join("; ") });
    case "result_typed": return i18n.t("tournament.log.resultTyped", { Round: v("Round"), Board: v("Board"), Pair: pair(String(v("A")), String(v("B"))),
      Score: v("Score"), Was: v("Was"), Source: sourceName(String(v("Source"))) });
    case "no_show": return i18n.t("tournament.log.noShow", { Round: v("Round"), Board: v("Board"), Absent: v("Absent"), Count: v("Count"), Present: v("Present"), Score: v("Score") });
    case "bell_draw": return i18n.t("tournament.log.bellDraw", { Round: v("Round"), Board: v("Board"), A: v("A"), B: v("B"), Score: v("Score") });
  }
  return e.text;
}
const rulesName = (r: string) => r === "icf" ? i18n.t("tournament.rules.icf") : i18n.t("tournament.rules.family");
// The Swiss options a tournament pairs with, as the creation form names
// them, with their rounds.
const swissOptions = (t: Tournament) => ([["tournament.delayTop", t.delay_top], ["tournament.avoidCompatriots", t.avoid_compatriots], ["tournament.avoidClubmates", t.avoid_clubmates]] as const)
  .filter(([, n]) => n > 0).map(([key, n]) => `${i18n.t(key)} ${n}`);
// A tournament's date ("2026-11-27") in the reader's language; a date the
// page cannot read is shown as it is.
const dateOf = (d: string) => d && !Number.isNaN(Date.parse(d)) ? day(d + "T12:00:00") : d;

// tournamentsPage is /tournaments: the organiser's tournaments and a new one.
export async function tournamentsPage(root: HTMLElement): Promise<void> {
  const m = await me();
  if (!m.signed_in) {
    root.replaceChildren(h("h1", {}, i18n.t("tournament.title")), h("p", {}, h("a", { href: "/account?next=/tournaments" }, i18n.t("account.signin")), i18n.t("tournament.signin.after")));
    return;
  }
  const name = h("input", { id: "t-name", required: "", maxlength: "80" });
  const date = h("input", { id: "t-date", type: "date" });
  const place = h("input", { id: "t-place", maxlength: "80" });
  const rules = h("select", { id: "t-rules" }, h("option", { value: "icf" }, i18n.t("tournament.rules.icf")), h("option", { value: "family" }, i18n.t("tournament.rules.family")));
  const system = h("select", { id: "t-system" }, h("option", { value: "swiss" }, i18n.t("tournament.system.swiss")), h("option", { value: "roundrobin" }, i18n.t("tournament.system.roundrobin")), h("option", { value: "knockout" }, i18n.t("tournament.system.knockout")));
  const method = h("select", { id: "t-method" }, ...Object.keys(methodKeys).map((x) => h("option", { value: x }, methodName(x))));
  const rounds = h("input", { id: "t-rounds", type: "number", min: "1", max: "30", value: "5", required: "" });
  const phantom = h("input", { id: "t-phantom", type: "number", min: "0", max: "999", value: "25" });
  const format = h("select", { id: "t-format" }, h("option", { value: "singles" }, i18n.t("tournament.format.singles")), h("option", { value: "doubles" }, i18n.t("tournament.format.doubles")));
  const match = h("select", { id: "t-match" }, h("option", { value: "laws" }, i18n.t("tournament.match.laws")), h("option", { value: "bell" }, i18n.t("tournament.match.bell")));
  // A Swiss's pairing options, each a number of rounds (0: none).
  const option = (id: string) => h("input", { id, type: "number", min: "0", max: "30", value: "0", class: "t-in" });
  const delayTop = option("t-delay-top"), avoidCompatriots = option("t-avoid-compatriots"), avoidClubmates = option("t-avoid-clubmates");
  const swissOnly = [method, delayTop, avoidCompatriots, avoidClubmates];
  system.addEventListener("change", () => { for (const x of swissOnly) x.disabled = system.value !== "swiss"; });
  const err = h("div", { class: "error", role: "alert", id: "t-error" });
  const f = h("form", { class: "card", id: "tournament-new" }, h("h2", {}, i18n.t("tournament.new")),
    h("label", {}, i18n.t("tournament.name") + " ", name), h("label", {}, i18n.t("tournament.date") + " ", date), h("label", {}, i18n.t("tournament.place") + " ", place), h("label", {}, rules), h("label", {}, format), h("label", {}, match),
    h("label", {}, i18n.t("tournament.system") + " ", system, " ", method), h("label", {}, i18n.t("tournament.rounds") + " ", rounds), h("label", {}, i18n.t("tournament.phantom") + " ", phantom, "–0"),
    h("label", { class: "t-option" }, i18n.t("tournament.delayTop") + " ", delayTop), h("label", { class: "t-option" }, i18n.t("tournament.avoidCompatriots") + " ", avoidCompatriots),
    h("label", { class: "t-option" }, i18n.t("tournament.avoidClubmates") + " ", avoidClubmates),
    h("button", { type: "submit", id: "t-create" }, i18n.t("tournament.create")), err);
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    err.textContent = "";
    const body: Record<string, unknown> = { name: name.value, place: place.value, rules: rules.value, system: system.value, rounds: +rounds.value, phantom_score: +phantom.value, singles: format.value === "singles", format: match.value };
    if (date.value) body.date = date.value;
    if (system.value === "swiss") Object.assign(body, { method: method.value, delay_top: +delayTop.value, avoid_compatriots: +avoidCompatriots.value, avoid_clubmates: +avoidClubmates.value });
    api<Tournament>("POST", "/api/tournaments", body)
      .then((t) => { location.href = `/tournaments/${t.id}`; })
      .catch((e: Error) => { err.textContent = e.message; });
  });
  const list = h("div", { id: "tournament-list" });
  const imp = importForm();
  const mine = await api<Summary[]>("GET", "/api/tournaments");
  list.replaceChildren(mine.length ? h("table", { class: "list" }, ...mine.map((t) =>
    h("tr", {}, h("td", {}, h("a", { href: `/tournaments/${t.id}` }, t.name)), h("td", {}, dateOf(t.date)), h("td", {}, t.place), h("td", {}, systemName(t)))))
    : h("p", {}, i18n.t("tournament.none")));
  root.replaceChildren(h("h1", {}, i18n.t("tournament.title")), f, imp, h("h2", {}, i18n.t("tournament.yours")), list, await championshipsCard(mine));
}

// importForm sends a carrom-tourney file or a SoL dump, as it is (a
// dump may be gzipped), to make a new tournament of it.
function importForm(): HTMLElement {
  const file = h("input", { id: "t-import-file", type: "file", accept: ".json,.sol,.yaml,.gz", required: "" });
  const index = h("input", { id: "t-import-tourney", type: "number", min: "1", value: "1" });
  const err = h("div", { class: "error", role: "alert", id: "t-import-error" });
  const f = h("form", { class: "card", id: "tournament-import" }, h("h2", {}, i18n.t("tournament.import")),
    h("p", {}, i18n.t("tournament.import.about")),
    h("label", {}, i18n.t("tournament.import.file") + " ", file), h("label", {}, i18n.t("tournament.import.index") + " ", index),
    h("button", { type: "submit", id: "t-import" }, i18n.t("tournament.import.submit")), err);
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    err.textContent = "";
    const chosen = file.files?.[0];
    if (!chosen) return;
    importFile(chosen, +index.value || 1)
      .then((t) => { location.href = `/tournaments/${t.id}`; })
      .catch((e: Error) => { err.textContent = e.message; });
  });
  return f;
}

// importFile posts a file's bytes unchanged.
function importFile(file: File, index: number): Promise<Tournament> {
  return api<Tournament>("POST", `/api/tournaments/import?tourney=${index}`, file);
}

// tournamentPage is /tournaments/{id}: the live page, and its organiser's desk.
export function tournamentPage(root: HTMLElement, id: string): void {
  document.body.classList.add("tournament-page");
  const head = h("div", { id: "t-head" });
  const desk = h("div", { id: "t-desk", class: "t-noprint" });
  const rounds = h("div", { id: "t-rounds" });
  const standings = h("div", { id: "t-standings" });
  const cross = h("div", { id: "t-cross" });
  const prizes = h("div", { id: "t-prizes" });
  const log = h("div", { id: "t-log", class: "t-noprint" });
  const cards = h("div", { id: "t-scorecards" });
  const err = h("div", { class: "error t-noprint", role: "alert", id: "t-error" });
  // Printing: the round's pairings by board, its scorecards, or the
  // standings with the crosstable, one at a time (style.css, @media print).
  const printWhat = { pairings: "tournament.print.pairings", scorecards: "tournament.print.scorecards", standings: "tournament.print.standings", prizes: "tournament.print.prizes" };
  const printBar = h("p", { class: "t-noprint t-print" }, i18n.t("tournament.print") + " ", ...(["pairings", "scorecards", "standings", "prizes"] as const).map((what) => {
    const b = h("button", { type: "button", class: "secondary", "data-print": what }, i18n.t(printWhat[what]));
    b.addEventListener("click", () => { document.body.dataset.print = what; window.print(); });
    return b;
  }));
  // The round's clock, counted down here from the server's time left.
  const clockLine = h("p", { id: "t-clock", class: "t-noprint" });
  let clock: ReadClock | null = null;
  const tick = () => {
    const hall = h("a", { href: `/tournaments/${id}/clock`, id: "t-hall" }, i18n.t("tournament.clock.hall"));
    if (!clock) { clockLine.replaceChildren(i18n.t("tournament.clock.none") + " ", hall); return; }
    const p = phase(clock);
    clockLine.dataset.phase = p;
    const n = clock.clock.round, left = mmss(leftOf(clock));
    clockLine.replaceChildren(i18n.t(p === "over" ? "tournament.clock.up" : p === "warning" ? "tournament.clock.leftWarning" : "tournament.clock.left", { N: n, Left: left }) + " ", hall);
  };
  setInterval(tick, 1000);
  // The organiser's clock form, drawn once so that what is typed stays:
  // it starts (again) the clock of the last round paired.
  const clockDesk = h("p", { id: "t-clock-desk", class: "t-noprint" });
  let lastRound = 0;
  const drawClockDesk = () => {
    const minutes = h("input", { type: "number", min: "1", max: "240", value: "45", class: "t-in", id: "clock-minutes" });
    const warning = h("input", { type: "number", min: "0", max: "239", value: "5", class: "t-in", id: "clock-warning" });
    const start = h("button", { type: "button", class: "secondary", id: "clock-start" }, i18n.t("tournament.clock.start"));
    start.addEventListener("click", () => { act(`/rounds/${lastRound}/clock`, { minutes: +minutes.value, warning: +warning.value }).catch(() => undefined); });
    clockDesk.replaceChildren(start, " ", h("label", {}, i18n.t("tournament.clock.minutes") + " ", minutes), " ", h("label", {}, i18n.t("tournament.clock.warning") + " ", warning));
  };
  root.replaceChildren(head, clockLine, clockDesk, printBar, err, desk, rounds, standings, cross, prizes, log, cards);
  let deskFor = "";
  const show = (t: Tournament) => {
    head.replaceChildren(h("h1", {}, t.name), h("p", {}, [dateOf(t.date), t.place, rulesName(t.rules), t.singles ? "" : i18n.t("tournament.doubles"), systemName(t), t.format === "bell" ? i18n.t("tournament.match.bell") : "", ...swissOptions(t),
      i18n.t("tournament.roundsOf", { N: t.paired.filter((r) => !r.final).length, Count: t.rounds }), t.organiser ? i18n.t("tournament.organiser", { Name: t.organiser }) : ""].filter(Boolean).join(" · ")),
      h("p", { class: "t-noprint" }, h("a", { id: "t-export", href: `/api/tournaments/${t.id}/export`, download: "" }, i18n.t("tournament.download")), i18n.t("tournament.download.after")));
    // The organiser's forms are drawn once, not at each reading, so that
    // what is being typed stays.
    if (t.mine && deskFor !== t.id) { deskFor = t.id; desk.replaceChildren(organiserDesk(t, act)); }
    if (t.mine && !document.getElementById("finals-form")) desk.firstElementChild?.append(finalsDesk(t, act));
    showFinals(t);
    prizes.replaceChildren(...prizeList(t));
    const pairBtn = document.getElementById("pair-next") as HTMLButtonElement | null;
    const next = t.next_code ? sayCode(t.next_code, t.next_params) ?? t.next : t.next;
    if (pairBtn) { pairBtn.disabled = t.next !== ""; pairBtn.title = next; pairBtn.textContent = i18n.t("tournament.pairRound", { N: t.paired.length + 1 }); }
    const why = document.getElementById("pair-why");
    if (why) why.textContent = next;
    clock = t.clock ? { clock: t.clock, at: performance.now() } : null;
    tick();
    lastRound = t.paired.length;
    if (t.mine && lastRound > 0 && !clockDesk.hasChildNodes()) drawClockDesk();
    rounds.replaceChildren(...[...t.paired].reverse().map((r) => roundTable(t, r, act)));
    standings.replaceChildren(h("h2", {}, i18n.t("tournament.standings")), standingsTable(t));
    cross.replaceChildren(h("h2", {}, i18n.t("tournament.crosstable")), crosstable(t));
    const current = t.paired[t.paired.length - 1];
    cards.replaceChildren(...(current ? scorecards(t, current) : []));
    log.replaceChildren(...(t.log.length ? [h("h2", {}, i18n.t("tournament.log")), h("ul", {}, ...t.log.map((e) => h("li", {}, `${e.at} UTC: ${logText(e)}`)))] : []));
    if (t.mine) playersTable(t, act);
  };
  const load = () => api<Tournament>("GET", `/api/tournaments/${id}`).then(show);
  // act sends an organiser's change and shows the tournament it answers.
  const act = (path: string, body: unknown): Promise<void> => {
    err.textContent = "";
    return api<Tournament>("POST", `/api/tournaments/${id}${path}`, body).then(show)
      .catch((e: Error) => { err.textContent = e.message; throw e; });
  };
  load().catch((e: Error) => { err.textContent = e.message; });
  // Told of every change on the live channel; read again at each
  // (re)connection, for what changed while it was down.
  onLive((m) => {
    if (m.type === "hello" || (m.type === "tournament" || m.type === "tournament-clock" || m.type === "tournament-changed") && m.tournament.tournament === id) load().catch(() => undefined);
  });
}

type Act = (path: string, body: unknown) => Promise<void>;

function organiserDesk(t: Tournament, act: Act): HTMLElement {
  const account = h("input", { id: "reg-account", autocomplete: "off" });
  const name = h("input", { id: "reg-name", maxlength: "80" });
  const club = h("input", { id: "reg-club", maxlength: "80" });
  const country = h("input", { id: "reg-country", maxlength: "80" });
  const rating = h("input", { id: "reg-rating", type: "number", min: "0", max: "4000" });
  // A tournament of doubles enters pairs: a player and a partner.
  const partnerAccount = h("input", { id: "reg-partner-account", autocomplete: "off" });
  const partnerName = h("input", { id: "reg-partner-name", maxlength: "80" });
  const partner = t.singles ? [] : [h("label", {}, i18n.t("tournament.register.partner") + " ", partnerAccount), h("label", {}, i18n.t("tournament.register.partnerGuest") + " ", partnerName)];
  const reg = h("form", { class: "card", id: "register" }, h("h2", {}, i18n.t(t.singles ? "tournament.register.title" : "tournament.register.pair")),
    h("label", {}, i18n.t("tournament.register.account") + " ", account), h("label", {}, i18n.t("tournament.register.guest") + " ", name), ...partner, h("label", {}, i18n.t("tournament.register.club") + " ", club),
    h("label", {}, i18n.t("tournament.register.country") + " ", country), h("label", {}, i18n.t("tournament.register.rating") + " ", rating), h("button", { type: "submit", id: "reg-add" }, i18n.t("tournament.register")));
  reg.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const body: Record<string, unknown> = { club: club.value, country: country.value, rating: rating.value ? +rating.value : 0 };
    if (account.value.trim()) body.account = account.value.trim(); else body.name = name.value;
    if (!t.singles) body.partner = partnerAccount.value.trim() ? { account: partnerAccount.value.trim() } : { name: partnerName.value };
    act("/players", body).then(() => { for (const el of [account, name, partnerAccount, partnerName, club, country, rating]) el.value = ""; account.focus(); }).catch(() => undefined);
  });
  const pair = h("button", { type: "button", id: "pair-next" }, i18n.t("tournament.pairNext"));
  pair.addEventListener("click", () => { act("/rounds", {}).catch(() => undefined); });
  return h("div", { class: "t-desk" }, reg,
    h("div", { class: "card" }, h("h2", {}, i18n.t("tournament.rounds.title")), pair, h("p", { id: "pair-why" }), h("div", { id: "t-players" })));
}

function playersTable(t: Tournament, act: Act): void {
  const box = document.getElementById("t-players");
  if (!box) return;
  box.replaceChildren(h("table", { class: "list" }, h("tr", {}, h("th", {}, i18n.t("tournament.col.num")), h("th", {}, i18n.t("tournament.col.player")), h("th", {}, i18n.t("tournament.col.rating")), h("th", {}, "")),
    ...t.players.map((p) => {
      const b = h("button", { type: "button", class: "secondary", "data-withdraw": String(p.num) }, p.withdrawn ? i18n.t("tournament.takeBack") : i18n.t("tournament.withdraw"));
      b.addEventListener("click", () => { act(`/players/${p.num}`, { withdrawn: !p.withdrawn }).catch(() => undefined); });
      return h("tr", { "data-num": String(p.num) }, h("td", {}, String(p.num)), h("td", {}, p.withdrawn ? i18n.t("tournament.withdrawn", { Name: p.name }) : p.name),
        h("td", {}, p.rating ? num(p.rating) : "–"), h("td", {}, b));
    })));
}

function roundTable(t: Tournament, r: Round, act: Act): HTMLElement {
  const last = r.round === t.paired.length;
  const rows = r.matches.map((m) => {
    const cells: (Node | string)[] = [];
    if (m.score) cells.push(h("span", { class: "t-score" }, `${m.score[0]}–${m.score[1]}`), " ", h("small", { class: "t-source" }, sourceName(m.source)));
    else if (m.source === "withdrawn") cells.push(h("small", { class: "t-source" }, sourceName(m.source)));
    if (t.mine && m.b !== 0) {
      const a = h("input", { type: "number", min: "0", max: "999", "data-side": "a", "aria-label": i18n.t("tournament.scoreOf", { Name: m.a_name }), class: "t-in" });
      const b = h("input", { type: "number", min: "0", max: "999", "data-side": "b", "aria-label": i18n.t("tournament.scoreOf", { Name: m.b_name }), class: "t-in" });
      const enter = h("button", { type: "button", class: "enter secondary" }, m.score ? i18n.t("tournament.correct") : i18n.t("tournament.enter"));
      enter.addEventListener("click", () => { act(`/rounds/${r.round}/boards/${m.board}`, { score: [+a.value, +b.value] }).catch(() => undefined); });
      cells.push(h("span", { class: "t-noprint t-enter" }, " ", a, "–", b, " ", enter));
    }
    const where = m.link ? h("a", { href: m.link, class: "t-noprint" }, m.score ? i18n.t("tournament.watch") : i18n.t("tournament.playOrWatch"))
      : m.sheet_link ? h("a", { href: m.sheet_link, class: "t-noprint" }, i18n.t("tournament.scoresheet")) : "";
    return h("tr", { "data-board": String(m.board), "data-a": String(m.a), "data-b": String(m.b) }, h("td", {}, String(m.board)), h("td", { class: "t-a" }, m.a_name),
      h("td", { class: "t-b" }, m.b === 0 ? (t.system === "knockout" ? i18n.t("tournament.bye") : i18n.t("tournament.phantomPlayer")) : m.b_name), h("td", { class: "t-result" }, ...cells), h("td", {}, where));
  });
  const sec = h("section", { "data-round": String(r.round), class: last ? "t-round t-current" : "t-round" },
    h("h2", {}, r.final ? i18n.t("tournament.finals.title", { N: r.final }) : i18n.t("tournament.round.title", { N: r.round })),
    h("table", { class: "list t-pairings" }, h("tr", {}, h("th", {}, i18n.t("tournament.col.board")), h("th", {}, i18n.t("tournament.col.player")), h("th", {}, i18n.t("tournament.col.opponent")), h("th", {}, i18n.t("tournament.col.result")), h("th", {}, "")), ...rows));
  const waiting = r.matches.some((m) => !m.score && !m.table && !m.sheet && m.b !== 0);
  if (t.mine && t.online && last && waiting) {
    const online = h("button", { type: "button", class: "secondary t-noprint", "data-online": String(r.round) }, i18n.t("tournament.online"));
    online.addEventListener("click", () => { act(`/rounds/${r.round}/online`, {}).catch(() => undefined); });
    sec.append(online, " ");
  }
  if (t.mine && t.sheets && last && waiting) {
    const sheets = h("button", { type: "button", class: "secondary t-noprint", "data-sheets": String(r.round) }, i18n.t("tournament.sheets"));
    sheets.addEventListener("click", () => { act(`/rounds/${r.round}/sheets`, {}).catch(() => undefined); });
    sec.append(sheets);
  }
  return sec;
}

function standingsTable(t: Tournament): HTMLElement {
  return h("table", { class: "list", id: "standings" },
    h("tr", {}, ...[i18n.t("tournament.col.rank"), i18n.t("tournament.col.player"), i18n.t("tournament.col.points"), i18n.t("tournament.col.buchholz"), i18n.t("tournament.col.net"), i18n.t("tournament.col.total")].map((x) => h("th", {}, x))),
    ...t.standings.map((s) => h("tr", { "data-num": String(s.num) }, ...[s.rank, s.name, s.points, s.buchholz, s.net, s.total].map((x) => h("td", {}, typeof x === "number" ? figure(x) : x)))));
}

// crosstable: a row per player in the standings' order, a column per
// round: the opponent's rank, W/D/L and the score.
function crosstable(t: Tournament): HTMLElement {
  const swiss = t.paired.filter((r) => !r.final);
  const rank = new Map(t.standings.map((s) => [s.num, s.rank]));
  const cell = (num: number, r: Round): string => {
    const m = r.matches.find((x) => x.a === num || x.b === num);
    if (!m) return "–";
    const mine = m.a === num ? 0 : 1;
    const opp = mine === 0 ? (m.b === 0 ? i18n.t("tournament.cross.phantom") : String(rank.get(m.b))) : String(rank.get(m.a));
    if (!m.score) return `${opp} …`;
    const [x, y] = mine === 0 ? m.score : [m.score[1], m.score[0]];
    return `${opp} ${x > y ? i18n.t("tournament.cross.won") : x < y ? i18n.t("tournament.cross.lost") : i18n.t("tournament.cross.drawn")} ${x}–${y}`;
  };
  return h("table", { class: "list", id: "crosstable" },
    h("tr", {}, h("th", {}, i18n.t("tournament.col.rank")), h("th", {}, i18n.t("tournament.col.player")), ...swiss.map((r) => h("th", {}, i18n.t("tournament.cross.round", { N: r.round }))), h("th", {}, i18n.t("tournament.col.points"))),
    ...t.standings.map((s) => h("tr", { "data-num": String(s.num) }, h("td", {}, String(s.rank)), h("td", {}, s.name),
      ...swiss.map((r) => h("td", {}, cell(s.num, r))), h("td", {}, figure(s.points)))));
}

// scorecards are the cards of a round's boards, one a printed page: the
// players, the board and the round, the score, and the signatures.
function scorecards(t: Tournament, r: Round): HTMLElement[] {
  return r.matches.filter((m) => m.b !== 0).map((m) => h("section", { class: "t-card", "data-board": String(m.board) },
    h("h2", {}, i18n.t("tournament.card.title", { Name: t.name, Round: r.round, Board: m.board })),
    h("p", {}, [dateOf(t.date), t.place, rulesName(t.rules)].filter(Boolean).join(" · ")),
    h("table", { class: "t-card-score" },
      h("tr", {}, h("th", {}, i18n.t("tournament.col.player")), h("th", {}, i18n.t("tournament.card.score")), h("th", {}, i18n.t("tournament.card.signature"))),
      ...[m.a_name, m.b_name].map((name) => h("tr", {}, h("td", {}, name), h("td", {}, ""), h("td", {}, "")))),
    h("p", { class: "t-card-sign" }, h("span", {}, i18n.t("tournament.card.umpire")), h("span", {}, i18n.t("tournament.card.organiser"))),
    ...(m.sheet_link ? [h("p", { class: "t-card-sheet" }, h("img", { class: "t-card-qr", src: `/api/tournaments/${t.id}/rounds/${r.round}/boards/${m.board}/qr.png`, width: "128", height: "128", alt: i18n.t("tournament.card.qr") }),
      h("span", {}, i18n.t("tournament.card.sheet", { Link: location.origin + m.sheet_link })))] : [])));
}
