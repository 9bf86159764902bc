// A player's profile (/u/NAME): his ratings and their history, his
// statistics, and every match he played; and the leaderboards
// (/leaderboard).
import { api, me } from "./api";
import { h } from "./dom";
import { date, num, percent, signedNum } from "./format";
import { lang, t } from "./i18n";

interface Rating { rules: string; format: string; name: string; rank?: number; rating: number; rd: number; games: number }
interface Played {
  id: string; rules: string; players: number; rated: boolean; created: string; finished?: string;
  partner?: string; opponents: string[]; result: string; games: [number, number];
  change?: { before: number; after: number; delta: number }; replay: string; record: string; table: string;
  sheet?: string; // a rated match on a real board: its printed scoresheet, no replay
  ended?: "left" | "conceded"; // why it ended before it was played out
}

// endedWhy says, beside a result, why the match ended early: the loser
// left it (RULES TM-3) or conceded it.
function endedWhy(x: Played): string {
  const lost = x.result === "lost";
  if (x.ended === "left") return ": " + (lost ? t("profile.ended.left") : t("profile.ended.opponentLeft"));
  if (x.ended === "conceded") return ": " + (lost ? t("profile.ended.conceded") : t("profile.ended.opponentConceded"));
  return "";
}
interface Stats {
  matches: number; matches_won: number; boards: number; boards_won: number; slams: number; queens_covered: number;
  strokes: number; scoring_strokes: number; fouls: number; strokes_per_board: number; scoring_rate: number;
}
interface Profile { name: string; since: string; ratings: Rating[]; matches: Played[]; stats: Stats }

// The rating pools' names: the rules, and singles or doubles.
const rulesKeys: Record<string, string> = { icf: "ratings.rules.icf", family: "ratings.rules.family", point: "ratings.rules.point", pockets: "ratings.rules.pockets" };
const rulesName = (r: string) => rulesKeys[r] ? t(rulesKeys[r]) : r;
const formatName = (f: string) => f === "doubles" ? t("ratings.doubles") : f === "singles" ? t("ratings.singles") : f;
const pool = (r: string, f: string) => t("ratings.pool", { Rules: rulesName(r), Format: formatName(f) });
// A match's result in words: won, lost, drawn, in play.
const resultKeys: Record<string, string> = { won: "profile.result.won", lost: "profile.result.lost", drawn: "profile.result.drawn", "in play": "profile.result.inPlay" };
const resultName = (r: string) => resultKeys[r] ? t(resultKeys[r]) : r;

export async function profilePage(root: HTMLElement, name: string): Promise<void> {
  let p: Profile;
  try {
    p = await api<Profile>("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    root.replaceChildren(h("h1", {}, name), h("p", { class: "error" }, e instanceof Error ? e.message : String(e)));
    return;
  }
  const m = await me();
  const st = p.stats;
  const ratings = p.ratings.length
    ? h("div", { class: "cards", id: "ratings" }, ...p.ratings.map((r) => h("div", { class: "card" },
      h("h2", {}, t("profile.pool", { Rules: rulesName(r.rules), Format: formatName(r.format) })),
      h("p", { class: "rating" }, h("strong", {}, num(r.rating)), ` ± ${num(2 * r.rd)} · ${t("profile.ratedMatches", { Count: r.games })}`),
      h("img", { src: `/api/players/${encodeURIComponent(p.name)}/rating.svg?rules=${r.rules}&format=${r.format}&lang=${encodeURIComponent(lang())}`, alt: t("profile.chart", { Name: p.name, Pool: pool(r.rules, r.format) }), class: "chart" }))))
    : h("p", { id: "ratings" }, t("profile.noRated"));
  const stat = (label: string, value: string, title: string) => h("tr", {}, h("th", { title }, label), h("td", {}, value));
  const stats = h("table", { class: "list stats", id: "stats" },
    stat(t("profile.stat.matches"), t("profile.of", { N: num(st.matches_won), Of: num(st.matches) }), t("profile.stat.matches.help")),
    stat(t("profile.stat.boards"), t("profile.of", { N: num(st.boards_won), Of: num(st.boards) }), t("profile.stat.boards.help")),
    stat(t("profile.stat.queens"), num(st.queens_covered), t("profile.stat.queens.help")),
    stat(t("profile.stat.slams"), num(st.slams), t("profile.stat.slams.help")),
    stat(t("profile.stat.strokes"), st.boards ? num(st.strokes_per_board, 1) : "–", t("profile.stat.strokes.help")),
    stat(t("profile.stat.scoring"), st.strokes ? percent(st.scoring_rate) : "–", t("profile.stat.scoring.help")),
    stat(t("profile.stat.fouls"), num(st.fouls), t("profile.stat.fouls.help")));
  const rows = p.matches.map((x) => h("tr", {},
    h("td", {}, date(x.finished ?? x.created)),
    h("td", {}, (x.players === 4 ? pool(x.rules, "doubles") : rulesName(x.rules)) + (x.rated ? t("profile.rated") : "")),
    h("td", {}, x.partner ? t("profile.withPartner", { Partner: x.partner, Opponents: x.opponents.join(" & ") }) : t("profile.against", { Opponents: x.opponents.join(" & ") })),
    h("td", { class: `result ${x.result.replace(" ", "-")}` }, x.result === "in play" ? h("a", { href: x.table }, resultName(x.result))
      : x.result === "aborted" ? t("profile.aborted") : `${resultName(x.result)} ${x.games[0]}–${x.games[1]}${endedWhy(x)}`),
    h("td", {}, x.change ? `${num(x.change.after)} (${signedNum(x.change.delta)})` : ""),
    h("td", {}, ...(x.sheet ? [h("a", { href: x.sheet }, t("profile.scoresheet"))]
      : [x.finished ? h("a", { href: x.replay }, t("profile.replay")) : "", " ", h("a", { href: x.record }, t("profile.record"))]))));
  const challenge = m.signed_in && m.name && m.name.toLowerCase() !== p.name.toLowerCase()
    ? h("a", { class: "button", href: `/challenges?to=${encodeURIComponent(p.name)}`, id: "challenge" }, t("profile.challenge", { Name: p.name })) : "";
  root.replaceChildren(
    h("h1", {}, p.name), h("p", {}, t("profile.since", { Date: date(p.since) }) + " ", challenge),
    h("div", { class: "profile-top" }, h("section", {}, h("h2", {}, t("profile.ratings")), ratings), h("section", {}, h("h2", {}, t("profile.statistics")), stats)),
    h("h2", {}, t("profile.matches")),
    rows.length ? h("table", { class: "list", id: "matches" },
      h("tr", {}, h("th", {}, t("profile.col.date")), h("th", {}, t("profile.col.rules")), h("th", {}, t("profile.col.opponents")), h("th", {}, t("profile.col.result")), h("th", {}, t("profile.col.rating")), h("th", {}, "")), ...rows)
      : h("p", { id: "matches" }, t("profile.noMatch")));
}

export async function leaderboardPage(root: HTMLElement): Promise<void> {
  const q = new URLSearchParams(location.search);
  const rules = q.get("rules") ?? "icf", format = q.get("format") ?? "singles";
  const pools = [["icf", "singles"], ["icf", "doubles"], ["family", "singles"], ["family", "doubles"], ["point", "singles"], ["pockets", "singles"]];
  const tabs = h("p", { class: "tabs" }, ...pools.map(([r, f]) =>
    r === rules && f === format ? h("strong", {}, `${pool(r, f)} `) : h("a", { href: `/leaderboard?rules=${r}&format=${f}` }, `${pool(r, f)} `)));
  root.replaceChildren(h("h1", {}, t("ratings.title")), tabs);
  const lb = await api<{ ratings: Rating[] }>("GET", `/api/leaderboard?rules=${rules}&format=${format}`);
  root.append(lb.ratings.length
    ? h("table", { class: "list", id: "leaderboard" }, h("tr", {}, h("th", {}, "#"), h("th", {}, t("ratings.col.player")), h("th", {}, t("ratings.col.rating")), h("th", {}, t("ratings.col.deviation")), h("th", {}, t("ratings.col.matches"))),
      ...lb.ratings.map((r) => h("tr", {}, h("td", {}, num(r.rank ?? 0)), h("td", {}, h("a", { href: `/u/${encodeURIComponent(r.name)}` }, r.name)),
        h("td", {}, num(r.rating)), h("td", {}, num(2 * r.rd)), h("td", {}, num(r.games)))))
    : h("p", { id: "leaderboard" }, t("ratings.none")),
  h("p", {}, t("ratings.about") + " ", h("a", { href: "/challenges" }, t("ratings.challenge")), t("ratings.challenge.after")));
}
