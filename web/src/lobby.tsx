// The lobby: start a game against the computer, on one device (hot-seat)
// or online, watch a table in play, or replay a finished match.
import { useSignal } from "@preact/signals";
import type { ComponentChildren, Ref } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { App } from "./app";
import { askFirstStroke } from "./guide";
import { api } from "./api";
import type { Geometry, Piece, Practiced, StateMsg, TableConfig, TableInfo } from "./protocol";
import { perStroke, QuickPlay } from "./pool";
import { levelName, nickName } from "./names";
import { type MyTable, myTables, opponents } from "./resume";
import { choose } from "./seating";
import { Thumb } from "./thumb";
import { isVariant, playersOf, RULE_SETS, ruleName } from "./variants";
import { dateTime } from "./format";
import { t } from "./i18n";

type Options = [string, string][];

// Select is read when a button is pressed, not kept in state: what the
// page shows is what a game is made of, however the value was set. Its
// first value is an option's selected, which a later render leaves alone.
function Select({ id, options, value, sel, onChange }: { id?: string; options: Options; value: string; sel: Ref<HTMLSelectElement>; onChange?: () => void }) {
  return (
    <select id={id} ref={sel} onChange={onChange}>
      {options.map(([v, label]) => <option value={v} selected={v === value}>{label}</option>)}
    </select>
  );
}

const Label = ({ text, children }: { text: string; children: ComponentChildren }) => <label>{text + " "}{children}</label>;

const rulesOptions = (): Options => RULE_SETS.map((r) => [r.id, ruleName(r.id)]);
const clocks = (...secs: number[]): Options => secs.map((s) => [String(s), perStroke(s)]);
// The numbers of players a rule set seats, as options.
const playerOptions = (rules: string): Options =>
  playersOf(rules).map((n) => [String(n), n === 4 && !isVariant(rules) ? t("lobby.doubles") : t("lobby.playersN", { Count: n })]);

// Players is the choice of the number of players, its options those of
// the rule set chosen; a number the new rule set also seats stays chosen.
function Players({ id, rules, sel, onChange }: { id: string; rules: string; sel: Ref<HTMLSelectElement>; onChange?: () => void }) {
  const box = sel as { current: HTMLSelectElement | null };
  const keep = useRef("2");
  if (box.current) keep.current = box.current.value;
  // A new rule set makes a new select (key), with the number kept if it may.
  const opts = playerOptions(rules);
  const chosen = opts.some(([v]) => v === keep.current) ? keep.current : opts[0][0];
  useLayoutEffect(() => onChange?.(), [rules]);
  return (
    <select id={id} ref={sel} onChange={onChange} key={rules}>
      {opts.map(([v, label]) => <option value={v} selected={v === chosen}>{label}</option>)}
    </select>
  );
}

// create makes the table and goes to it; guide asks for the first-stroke
// guide there (for Play now, the newcomer's way in).
async function create(cfg: TableConfig, sit: number[], guide = false): Promise<void> {
  const t = await api<TableInfo>("POST", "/api/tables", cfg);
  choose(t.id, sit);
  if (guide) askFirstStroke(t.id);
  location.href = `/t/${t.id}` + (sit.length ? "?" + sit.map((s) => `seat=${s}`).join("&") : "");
}

export function Lobby({ app }: { app: App }) {
  const levels = app.cfg.levels;
  // A newcomer starts against the gentlest level.
  const lowest = levels[0] ?? "";
  const err = useSignal("");
  const go = (f: () => Promise<void>) => () => { err.value = ""; f().catch((e: Error) => { err.value = e.message; }); };
  const sel = () => useRef<HTMLSelectElement>(null);
  const level = sel(), r1 = sel(), c1 = sel(), hp = sel(), r2 = sel(), c2 = sel(), op = sel(), r3 = sel(), c3 = sel();
  const seatKinds = [sel(), sel(), sel(), sel()];
  const v = (r: Ref<HTMLSelectElement>) => (r as { current: HTMLSelectElement }).current.value;
  const [players, setPlayers] = useState(2);
  // The cards' pictures, one board each: the break, and the board after
  // three different breaks, played by the server as in practice.
  const [pics, setPics] = useState<(Piece[] | null)[]>(PICTURES.map(() => null));
  useEffect(() => {
    PICTURES.forEach((b, i) => api<Practiced>("POST", "/api/practice", { position: "", ...(b && { action: { v: 1, type: "strike", x: 0, ...b } }) })
      .then((r) => setPics((ps) => ps.map((p, j) => (j === i ? r.state.pieces : p))), () => undefined));
  }, []);
  // The rule set chosen on each card: it decides the numbers of players.
  const [rules1, setRules1] = useState("icf"), [rules2, setRules2] = useState("icf"), [rules3, setRules3] = useState("icf");
  const p1 = sel();
  const now = useRef<HTMLButtonElement>(null), vs = useRef<HTMLButtonElement>(null);
  // "New game" at the end of a match comes here to choose again. The
  // button focused shows its ring, as from the keyboard: Enter plays.
  useEffect(() => { (location.hash === "#new" ? vs : now).current?.focus({ focusVisible: true } as FocusOptions); }, []);

  // One click to a game: the computer at the lowest level, ICF rules, no clock.
  const playNow = go(() => create({ rules: "icf", players: 2, clock: 0, seats: [{ kind: "human" }, { kind: "computer", level: lowest }] }, [0], true));
  // Against the computer.
  // You at seat 0, the computer at every other seat.
  const playComputer = go(() => create({
    rules: v(r1), players: +v(p1), clock: +v(c1),
    seats: Array.from({ length: +v(p1) }, (_, i) => i === 0 ? { kind: "human" as const } : { kind: "computer" as const, level: v(level) }),
  }, [0]));
  // Hot-seat: every seat human, all held by this browser.
  const playHotseat = go(() => {
    const n = +v(hp);
    return create({ rules: v(r2), players: n, clock: +v(c2), seats: Array.from({ length: n }, () => ({ kind: "human" as const })) },
      Array.from({ length: n }, (_, i) => i));
  });
  // Online: each seat a human (by link) or a computer; this browser sits at seat 1.
  const playOnline = go(() => {
    const seats = seatKinds.slice(0, +v(op)).map(v).map((s) => s === "human" ? { kind: "human" as const } : { kind: "computer" as const, level: s.slice(9) });
    return create({ rules: v(r3), players: seats.length, clock: +v(c3), seats }, seats[0].kind === "human" ? [0] : []);
  });

  const RULES = rulesOptions(), CLOCKS = clocks(0, 15, 30);
  const dash = (href: string, id: string, link: string, help: string) => <><a href={href} id={id}>{t(link)}</a>{` — ${t(help)}${t("sentence.end")} `}</>;
  return (
    <>
      <h1>Carrom</h1>
      <YourGames />
      <p class="quick"><button id="play-now" type="button" class="big" ref={now} onClick={playNow}>{t("lobby.playNow")}</button> <span class="help">{t("lobby.playNowHelp", { Level: levelName(lowest) })}</span></p>
      <QuickPlay lowest={lowest} />
      <p>{dash("/rules", "how-to-play", "lobby.howTo", "lobby.howToHelp")}{dash("/practice", "practice", "lobby.practice", "lobby.practiceHelp")}{dash("/umpire/", "umpire-link", "lobby.umpire", "lobby.umpireHelp")}</p>
      <p><Label text={t("lobby.name")}><input id="nickname" maxLength={32} placeholder={t("lobby.namePlaceholder")} defaultValue={localStorage.getItem("carrom-nickname") ?? ""}
        onChange={(e) => localStorage.setItem("carrom-nickname", (e.target as HTMLInputElement).value.trim())} /></Label></p>
      <div class="cards">
        <div class="card"><h2>{t("lobby.computer.title")}</h2>
          <Picture g={app.cfg.geometry} pieces={pics[0]} label={t("lobby.pic.break")} />
          <Label text={t("lobby.level")}><Select id="level" options={levels.map((l) => [l, levelName(l)])} value={lowest} sel={level} /></Label>
          <Label text={t("lobby.rules")}><Select id="computer-rules" options={RULES} value="icf" sel={r1} onChange={() => setRules1(v(r1))} /></Label>
          <Label text={t("lobby.players")}><Players id="computer-players" rules={rules1} sel={p1} /></Label>
          <Label text={t("lobby.clock")}><Select options={CLOCKS} value="0" sel={c1} /></Label>
          <button id="play-computer" type="button" ref={vs} onClick={playComputer}>{t("lobby.play")}</button>
        </div>
        <div class="card"><h2>{t("lobby.hotseat.title")}</h2>
          <Picture g={app.cfg.geometry} pieces={pics[1]} label={t("lobby.pic.after")} />
          <p class="help">{t("lobby.hotseat.help")}</p>
          <Label text={t("lobby.rules")}><Select id="hot-rules" options={RULES} value="icf" sel={r2} onChange={() => setRules2(v(r2))} /></Label>
          <Label text={t("lobby.players")}><Players id="hot-players" rules={rules2} sel={hp} /></Label>
          <Label text={t("lobby.clock")}><Select options={CLOCKS} value="0" sel={c2} /></Label>
          <button id="play-hotseat" type="button" onClick={playHotseat}>{t("lobby.play")}</button>
        </div>
        <div class="card"><h2>{t("lobby.online.title")}</h2>
          <Picture g={app.cfg.geometry} pieces={pics[2]} label={t("lobby.pic.after")} />
          <Label text={t("lobby.rules")}><Select id="online-rules" options={RULES} value="icf" sel={r3} onChange={() => setRules3(v(r3))} /></Label>
          <Label text={t("lobby.players")}><Players id="online-players" rules={rules3} sel={op} onChange={() => setPlayers(+v(op))} /></Label>
          <div>
            {Array.from({ length: players }, (_, i) => (
              <Label text={isVariant(rules3) ? t("lobby.seat", { N: i + 1 }) : t("lobby.seatSide", { N: i + 1, Side: (i % 2) + 1 })}>
                <select id={`seat-${i}`} ref={seatKinds[i]}>
                  <option value="human">{i === 0 ? t("lobby.seat.you") : t("lobby.seat.link")}</option>
                  {levels.map((l) => <option value={"computer:" + l}>{t("lobby.seat.computer", { Level: levelName(l) })}</option>)}
                </select>
              </Label>
            ))}
          </div>
          <Label text={t("lobby.clock")}><Select options={clocks(15, 30, 0)} value="15" sel={c3} /></Label>
          <p class="help">{t("lobby.online.help")}</p>
          <button id="play-online" type="button" onClick={playOnline}>{t("lobby.createTable")}</button>
        </div>
        <div class="card"><h2>{t("lobby.practice.title")}</h2>
          <Picture g={app.cfg.geometry} pieces={pics[3]} label={t("lobby.pic.practice")} />
          <p class="help">{t("lobby.practice.help")}</p>
          <a class="button" href="/practice" id="practice-card">{t("lobby.practise")}</a>
        </div>
      </div>
      <div class="error">{err.value}</div>
      <h2>{t("lobby.inPlay")}</h2>
      <Tables g={app.cfg.geometry} />
      <h2>{t("lobby.finished")}</h2>
      <Finished />
    </>
  );
}

// YourGames offers this browser's unfinished games, first in the lobby.
function YourGames() {
  const [ts, setTs] = useState<MyTable[]>([]);
  useEffect(() => { void myTables().then(setTs); }, []);
  if (!ts.length) return null;
  return (
    <div id="your-games" class="card">
      <h2>{t("lobby.yourGames", { Count: ts.length })}</h2>
      <table class="list">
        {ts.map((g) => (
          <tr data-table={g.id}>
            <td>{ruleName(g.config.rules) + t("list.comma") + opponents(g)}</td>
            <td><a class="button" href={g.resume}>{t("lobby.resume")}</a></td>
          </tr>
        ))}
      </table>
    </div>
  );
}

// seatWord names a seat in the lists: its player, the computer, or free.
const seatWord = (s: TableInfo["seats"][number]) => s.kind === "computer" ? t("lobby.computerLevel", { Level: levelName(s.level ?? "") }) : nickName(s.nickname ?? "") || (s.taken ? t("lobby.player") : t("lobby.free"));
const names = (tb: TableInfo) => tb.seats.map(seatWord).join(" · ");

// useList fetches a list once: undefined while loading, null if unavailable.
function useList(path: string): TableInfo[] | null | undefined {
  const [list, setList] = useState<TableInfo[] | null | undefined>(undefined);
  useEffect(() => { api<TableInfo[]>("GET", path).then(setList, () => setList(null)); }, [path]);
  return list;
}

// PICTURES are the cards' boards: none for the break, else a break stroke
// (angle in degrees, power from 0 to 1) from the middle of the base line.
const PICTURES: ({ angle: number; power: number } | undefined)[] = [undefined, { angle: 90, power: 1 }, { angle: 80, power: 0.7 }, { angle: 100, power: 0.5 }];

const Picture = ({ g, pieces, label }: { g: Geometry; pieces: Piece[] | null; label: string }) =>
  pieces ? <Thumb g={g} pieces={pieces} label={label} /> : null;

// LIVE_MS is how often the tables' thumbnails are brought up to date.
const LIVE_MS = 2000;

// Live is a table's board as it is now, asked for again every LIVE_MS
// while the lobby is open.
function Live({ g, id }: { g: Geometry; id: string }) {
  const [st, setSt] = useState<StateMsg | null>(null);
  useEffect(() => {
    let on = true;
    const get = () => api<{ state?: StateMsg }>("GET", `/api/tables/${id}`).then((r) => { if (on && r.state) setSt(r.state); }, () => undefined);
    void get();
    const timer = window.setInterval(get, LIVE_MS);
    return () => { on = false; clearInterval(timer); };
  }, [id]);
  return st ? <Thumb g={g} pieces={st.state.pieces} label={t("lobby.thumbNow")} seq={st.seq} /> : null;
}

// THUMBS is how many tables in play show their board live.
const THUMBS = 12;

function Tables({ g }: { g: Geometry }) {
  const ts = useList("/api/tables");
  const [mine, setMine] = useState<Map<string, string>>(new Map());
  useEffect(() => { void myTables().then((m) => setMine(new Map(m.map((t) => [t.id, t.resume])))); }, []);
  return (
    <div id="open-tables">
      {listState(ts) ?? (
        <table class="list">
          {ts!.map((tb, i) => (
            <tr>
              <td class="live">{i < THUMBS && <Live g={g} id={tb.id} />}</td>
              <td>{names(tb)}</td><td>{ruleName(tb.config.rules) + t("list.comma") + t("lobby.playersN", { Count: tb.config.players })}</td>
              <td>{mine.has(tb.id) ? <a href={mine.get(tb.id)}>{t("lobby.resumeLink")}</a> : <a href={`/t/${tb.id}`}>{t("lobby.watch")}</a>}{tb.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => <span>{" · "}<a href={`/t/${tb.id}?seat=${s.seat}`} onClick={() => choose(tb.id, [s.seat])}>{t("lobby.sitAt", { N: s.seat + 1 })}</a></span>)}</td>
            </tr>
          ))}
        </table>
      )}
    </div>
  );
}

// listState is what a list shows instead of its rows: loading, unavailable
// or empty; null when it has rows.
const listState = (ts: TableInfo[] | null | undefined): string | null =>
  ts === undefined ? t("lobby.loading") : ts === null ? t("lobby.unavailable") : !ts.length ? t("lobby.none") : null;

function Finished() {
  const ts = useList("/api/matches");
  return (
    <div id="finished">
      {listState(ts) ?? (
        <table class="list">
          {ts!.slice(0, 50).map((tb) => (
            <tr>
              <td>{names(tb)}</td><td class="result">{outcome(tb)}</td><td>{tb.finished ? dateTime(tb.finished) : ""}</td>
              <td><a href={`/replay/${tb.id}`}>{t("lobby.replay")}</a></td>
            </tr>
          ))}
        </table>
      )}
    </div>
  );
}

// outcome is a finished match's winner and games, from the summary the
// server keeps: {winner: side, games: [side 0, side 1], score: the points
// of the game in play at the end}.
function outcome(tb: TableInfo): string {
  const r = tb.result as { winner?: number; games?: [number, number]; score?: [number, number]; points?: number[] } | undefined;
  // A variant's summary: the winner and each player's points.
  if (r?.points) {
    const who = (s: number) => { const x = tb.seats[s]; return !x ? "?" : seatWord({ ...x, taken: true }); };
    const points = t("lobby.points", { List: r.points.join("–") });
    return r.winner !== undefined && r.winner >= 0 ? t("lobby.won", { Who: who(r.winner) }) + t("list.comma") + points : points;
  }
  if (!r || !r.games) return "";
  const side = (s: number) => tb.seats.filter((x) => x.seat % 2 === s).map((x) => seatWord({ ...x, taken: true })).join(" & ");
  const games = t("lobby.games", { A: r.games[0], B: r.games[1] }) + (r.score && (r.score[0] || r.score[1]) ? t("list.comma") + t("lobby.lastGame", { A: r.score[0], B: r.score[1] }) : "");
  return (r.winner === 0 || r.winner === 1 ? t("lobby.won", { Who: side(r.winner) }) : t("lobby.noWinner")) + t("list.comma") + games;
}
