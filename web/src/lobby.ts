// The lobby: start a game against the computer, on one device (hot-seat)
// or online, watch a table in play, or replay a finished match.
import { h } from "./panel";
import { api, type ClientConfig, type TableConfig, type TableInfo } from "./protocol";
import { isVariant, playersOf, RULE_SETS } from "./variants";

function select(id: string, options: [string, string][], value?: string): HTMLSelectElement {
  const s = h("select", id ? { id } : {});
  for (const [v, label] of options) s.append(h("option", { value: v }, label));
  if (value) s.value = value;
  return s;
}

const label = (text: string, el: HTMLElement) => h("label", {}, text + " ", el);

async function create(cfg: TableConfig, sit: number[]): Promise<void> {
  const t = await api<TableInfo>("POST", "/api/tables", cfg);
  location.href = `/t/${t.id}` + (sit.length ? "?" + sit.map((s) => `seat=${s}`).join("&") : "");
}

export function lobby(root: HTMLElement, cfg: ClientConfig): void {
  const levels = cfg.levels.map((l) => [l, l] as [string, string]);
  const middle = cfg.levels[Math.floor(cfg.levels.length / 2)] ?? "";
  const rules = (id: string) => select(id, RULE_SETS.map((r) => [r.id, r.name] as [string, string]));
  // players lists the numbers of players the rule set chosen in r seats,
  // redrawn when r changes; onChange follows.
  const players = (id: string, r: HTMLSelectElement, onChange: () => void = () => undefined) => {
    const s = h("select", { id });
    const fill = () => {
      const keep = s.value;
      s.replaceChildren(...playersOf(r.value).map((n) => h("option", { value: String(n) },
        n === 4 && !isVariant(r.value) ? "4 players (doubles)" : `${n} players`)));
      if ([...s.options].some((o) => o.value === keep)) s.value = keep;
    };
    r.addEventListener("change", () => { fill(); onChange(); });
    s.addEventListener("change", onChange);
    fill();
    return s;
  };
  const clock = () => select("", [["0", "no clock"], ["15", "15 s a stroke"], ["30", "30 s a stroke"]]);
  const err = h("div", { class: "error" });
  const go = (f: () => Promise<void>) => () => { err.textContent = ""; f().catch((e: Error) => { err.textContent = e.message; }); };

  const nick = h("input", { id: "nickname", maxlength: "32", placeholder: "your name", value: localStorage.getItem("carrom-nickname") ?? "" });
  nick.addEventListener("change", () => localStorage.setItem("carrom-nickname", nick.value.trim()));

  // One click to a game: the computer at the middle level, ICF rules, no clock.
  const now = h("button", { id: "play-now", type: "button", class: "big" }, "Play now");
  now.addEventListener("click", go(() => create({
    rules: "icf", players: 2, clock: 0, seats: [{ kind: "human" }, { kind: "computer", level: middle }],
  }, [0])));

  // Against the computer.
  // You at seat 0, the computer at every other seat.
  const level = select("level", levels, middle), r1 = rules("computer-rules"), p1 = players("computer-players", r1), c1 = clock();
  const vs = h("button", { id: "play-computer", type: "button" }, "Play");
  vs.addEventListener("click", go(() => create({
    rules: r1.value, players: +p1.value, clock: +c1.value,
    seats: Array.from({ length: +p1.value }, (_, i) => i === 0 ? { kind: "human" as const } : { kind: "computer" as const, level: level.value }),
  }, [0])));

  // Hot-seat: every seat human, all held by this browser.
  const r2 = rules("hot-rules"), hp = players("hot-players", r2), c2 = clock();
  const hot = h("button", { id: "play-hotseat", type: "button" }, "Play");
  hot.addEventListener("click", go(() => {
    const n = +hp.value;
    return create({ rules: r2.value, players: n, clock: +c2.value, seats: Array.from({ length: n }, () => ({ kind: "human" as const })) },
      Array.from({ length: n }, (_, i) => i));
  }));

  // Online: each seat a human (by link) or a computer; this browser sits at seat 1.
  const r3 = rules("online-rules"), c3 = select("", [["15", "15 s a stroke"], ["30", "30 s a stroke"], ["0", "no clock"]]);
  const seatRows = h("div");
  const seatKinds: HTMLSelectElement[] = [];
  const drawSeats = (): void => {
    seatKinds.length = 0;
    seatRows.replaceChildren(...Array.from({ length: +op.value }, (_, i) => {
      const opts: [string, string][] = [["human", i === 0 ? "you" : "a player (by link)"], ...cfg.levels.map((l) => ["computer:" + l, "computer, " + l] as [string, string])];
      const s = select(`seat-${i}`, opts, "human");
      seatKinds.push(s);
      return label(isVariant(r3.value) ? `Seat ${i + 1}` : `Seat ${i + 1} (side ${(i % 2) + 1})`, s);
    }));
  };
  const op = players("online-players", r3, drawSeats);
  drawSeats();
  const online = h("button", { id: "play-online", type: "button" }, "Create table");
  online.addEventListener("click", go(() => {
    const seats = seatKinds.map((s) => s.value === "human" ? { kind: "human" as const } : { kind: "computer" as const, level: s.value.slice(9) });
    return create({ rules: r3.value, players: +op.value, clock: +c3.value, seats }, seats[0].kind === "human" ? [0] : []);
  }));

  const open = h("div", { id: "open-tables" }, "Loading…");
  const done = h("div", { id: "finished" }, "Loading…");
  root.replaceChildren(
    h("h1", {}, "Carrom"),
    h("p", { class: "quick" }, now, " ", h("span", { class: "help" }, `against the computer (${middle}), ICF rules, no clock`)),
    h("p", {}, h("a", { href: "/rules", id: "how-to-play" }, "How to play"), " — the rules in plain words."),
    h("p", {}, label("Your name:", nick)),
    h("div", { class: "cards" },
      h("div", { class: "card" }, h("h2", {}, "Play the computer"), label("Level", level), label("Rules", r1), label("Players", p1), label("Clock", c1), vs),
      h("div", { class: "card" }, h("h2", {}, "Hot-seat"), h("p", { class: "help" }, "Everyone plays on this device; the board turns to the player to act."), label("Rules", r2), label("Players", hp), label("Clock", c2), hot),
      h("div", { class: "card" }, h("h2", {}, "Online"), label("Rules", r3), label("Players", op), seatRows, label("Clock", c3), online, h("p", { class: "help" }, "Then share the links shown beside the board.")),
    ),
    err,
    h("h2", {}, "Tables in play"), open,
    h("h2", {}, "Finished matches"), done,
  );
  const names = (t: TableInfo) => t.seats.map((s) => s.kind === "computer" ? `computer (${s.level})` : s.nickname || (s.taken ? "player" : "free")).join(" · ");
  api<TableInfo[]>("GET", "/api/tables").then((ts) => {
    open.replaceChildren(ts.length ? h("table", { class: "list" }, ...ts.map((t) => h("tr", {},
      h("td", {}, names(t)), h("td", {}, `${t.config.rules}, ${t.config.players} players`),
      h("td", {}, h("a", { href: `/t/${t.id}` }, "watch"), ...t.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => h("span", {}, " · ", h("a", { href: `/t/${t.id}?seat=${s.seat}` }, `sit at seat ${s.seat + 1}`))))))) : "None.");
  }).catch(() => { open.textContent = "Unavailable."; });
  api<TableInfo[]>("GET", "/api/matches").then((ts) => {
    done.replaceChildren(ts.length ? h("table", { class: "list" }, ...ts.slice(0, 50).map((t) => h("tr", {},
      h("td", {}, names(t)), h("td", { class: "result" }, outcome(t)), h("td", {}, t.finished ? new Date(t.finished).toLocaleString() : ""),
      h("td", {}, h("a", { href: `/replay/${t.id}` }, "replay"))))) : "None.");
  }).catch(() => { done.textContent = "Unavailable."; });
  // "New game" at the end of a match comes here to choose again.
  if (location.hash === "#new") vs.focus(); else now.focus();
}

// outcome is a finished match's winner and games, from the summary the
// server keeps: {winner: side, games: [side 0, side 1], score: the points
// of the game in play at the end}.
function outcome(t: TableInfo): string {
  const r = t.result as { winner?: number; games?: [number, number]; score?: [number, number]; points?: number[] } | undefined;
  // A variant's summary: the winner and each player's points.
  if (r?.points) {
    const who = (s: number) => { const x = t.seats[s]; return !x ? "?" : x.kind === "computer" ? `computer (${x.level})` : x.nickname || "player"; };
    return `${r.winner !== undefined && r.winner >= 0 ? `${who(r.winner)} won, ` : ""}points ${r.points.join("–")}`;
  }
  if (!r || !r.games) return "";
  const side = (s: number) => t.seats.filter((x) => x.seat % 2 === s).map((x) => x.kind === "computer" ? `computer (${x.level})` : x.nickname || "player").join(" & ");
  const games = `games ${r.games[0]}–${r.games[1]}` + (r.score && (r.score[0] || r.score[1]) ? `, last game ${r.score[0]}–${r.score[1]}` : "");
  return r.winner === 0 || r.winner === 1 ? `${side(r.winner)} won, ${games}` : `no winner, ${games}`;
}
