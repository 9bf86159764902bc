// A player's profile (/u/NAME): his ratings and their history, his
// statistics, and every match he played; and the leaderboards
// (/leaderboard).
import { api, me } from "./api";
import { h } from "./dom";

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
  if (x.ended === "left") return lost ? ": left the match, away past the time allowed (RULES TM-3)" : ": the opponent left the match (RULES TM-3)";
  if (x.ended === "conceded") return lost ? ": conceded" : ": the opponent conceded";
  return "";
}
interface Stats {
  matches: number; matches_won: number; boards: number; boards_won: number; slams: number; queens_covered: number;
  strokes: number; scoring_strokes: number; fouls: number; strokes_per_board: number; scoring_rate: number;
}
interface Profile { name: string; since: string; ratings: Rating[]; matches: Played[]; stats: Stats }

const rulesName: Record<string, string> = { icf: "ICF", family: "Family", point: "Point carrom", pockets: "Buying the pockets" };
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const signed = (x: number) => (x > 0 ? "+" : x < 0 ? "−" : "±") + Math.abs(x).toFixed(1);

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
      h("h2", {}, `${rulesName[r.rules] ?? r.rules}, ${r.format}`),
      h("p", { class: "rating" }, h("strong", {}, r.rating.toFixed(0)), ` ± ${(2 * r.rd).toFixed(0)} · ${r.games} rated match${r.games === 1 ? "" : "es"}`),
      h("img", { src: `/api/players/${encodeURIComponent(p.name)}/rating.svg?rules=${r.rules}&format=${r.format}`, alt: `${p.name}'s rating after each rated ${rulesName[r.rules]} ${r.format} match`, class: "chart" }))))
    : h("p", { id: "ratings" }, "No rated match yet.");
  const stat = (label: string, value: string, title: string) => h("tr", {}, h("th", { title }, label), h("td", {}, value));
  const stats = h("table", { class: "list stats", id: "stats" },
    stat("Matches won", `${st.matches_won} of ${st.matches}`, "finished matches"),
    stat("Boards won", `${st.boards_won} of ${st.boards}`, "boards whose result names his side"),
    stat("Queens covered", String(st.queens_covered), "his strokes that covered the queen (RULES Q-4, Q-5)"),
    stat("Slams", String(st.slams), "boards won in his side's first turn (RULES SC-5)"),
    stat("Strokes per board", st.boards ? st.strokes_per_board.toFixed(1) : "–", "his strokes over the boards of his matches"),
    stat("Scoring-stroke rate", st.strokes ? pct(st.scoring_rate) : "–", "strokes that pocketed at least one own c/m"),
    stat("Fouls", String(st.fouls), "strokes ruled a foul (RULES D-5, H-2); a due is not one"));
  const rows = p.matches.map((x) => h("tr", {},
    h("td", {}, new Date(x.finished ?? x.created).toLocaleDateString()),
    h("td", {}, `${rulesName[x.rules] ?? x.rules}${x.players === 4 ? " doubles" : ""}${x.rated ? ", rated" : ""}`),
    h("td", {}, (x.partner ? `with ${x.partner}, ` : "") + "v " + x.opponents.join(" & ")),
    h("td", { class: `result ${x.result.replace(" ", "-")}` }, x.result === "in play" ? h("a", { href: x.table }, "in play")
      : x.result === "aborted" ? "aborted before its first stroke: not rated" : `${x.result} ${x.games[0]}–${x.games[1]}${endedWhy(x)}`),
    h("td", {}, x.change ? `${x.change.after.toFixed(0)} (${signed(x.change.delta)})` : ""),
    h("td", {}, ...(x.sheet ? [h("a", { href: x.sheet }, "scoresheet")]
      : [x.finished ? h("a", { href: x.replay }, "replay") : "", " ", h("a", { href: x.record }, "record")]))));
  const challenge = m.signed_in && m.name && m.name.toLowerCase() !== p.name.toLowerCase()
    ? h("a", { class: "button", href: `/challenges?to=${encodeURIComponent(p.name)}`, id: "challenge" }, `Challenge ${p.name}`) : "";
  root.replaceChildren(
    h("h1", {}, p.name), h("p", {}, `Playing since ${new Date(p.since).toLocaleDateString()}. `, challenge),
    h("div", { class: "profile-top" }, h("section", {}, h("h2", {}, "Ratings"), ratings), h("section", {}, h("h2", {}, "Statistics"), stats)),
    h("h2", {}, "Matches"),
    rows.length ? h("table", { class: "list", id: "matches" },
      h("tr", {}, h("th", {}, "Date"), h("th", {}, "Rules"), h("th", {}, "Opponents"), h("th", {}, "Result"), h("th", {}, "Rating"), h("th", {}, "")), ...rows)
      : h("p", { id: "matches" }, "No match yet."));
}

export async function leaderboardPage(root: HTMLElement): Promise<void> {
  const q = new URLSearchParams(location.search);
  const rules = q.get("rules") ?? "icf", format = q.get("format") ?? "singles";
  const pools = [["icf", "singles"], ["icf", "doubles"], ["family", "singles"], ["family", "doubles"], ["point", "singles"], ["pockets", "singles"]];
  const tabs = h("p", { class: "tabs" }, ...pools.map(([r, f]) =>
    r === rules && f === format ? h("strong", {}, `${rulesName[r]} ${f} `) : h("a", { href: `/leaderboard?rules=${r}&format=${f}` }, `${rulesName[r]} ${f} `)));
  root.replaceChildren(h("h1", {}, "Ratings"), tabs);
  const lb = await api<{ ratings: Rating[] }>("GET", `/api/leaderboard?rules=${rules}&format=${format}`);
  root.append(lb.ratings.length
    ? h("table", { class: "list", id: "leaderboard" }, h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "± (95 %)"), h("th", {}, "Matches")),
      ...lb.ratings.map((r) => h("tr", {}, h("td", {}, String(r.rank)), h("td", {}, h("a", { href: `/u/${encodeURIComponent(r.name)}` }, r.name)),
        h("td", {}, r.rating.toFixed(0)), h("td", {}, (2 * r.rd).toFixed(0)), h("td", {}, String(r.games)))))
    : h("p", { id: "leaderboard" }, "No rated match yet in this pool."),
  h("p", {}, "Glicko-2, a rating period a day; the computer levels are unrated. ", h("a", { href: "/challenges" }, "Challenge a player"), " to a rated match."));
}
