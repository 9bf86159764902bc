// Quick pairing (docs/pairing.md): "Play online" puts the player in a
// pool by rules, clock and rated or not; a waiting panel shows how many
// wait there, offers Cancel and a game against the computer meanwhile (in
// another tab, so that this page keeps the place), and goes to the table
// the moment a wave pairs the player, pushed on the live channel.
import type { Ref } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { api, me } from "./api";
import { onLive } from "./live";
import type { PoolSpec, PoolStatus, Seek, TableConfig, TableInfo } from "./protocol";
import { choose } from "./seating";
import { t } from "./i18n";
import { ruleName } from "./variants";

// go takes the seat of a pairing: chosen in this tab, so that the table's
// page sits at once.
function go(link: string): void {
  const [path, query] = link.split("?");
  const seats = new URLSearchParams(query ?? "").getAll("seat").map(Number);
  choose(path.replace("/t/", ""), seats);
  location.href = link;
}

export const perStroke = (clock: number): string => clock ? t("lobby.perStroke", { Seconds: clock }) : t("lobby.noClock");

const query = (p: PoolSpec) => `rules=${p.rules}&clock=${p.clock}&rated=${p.rated}`;

export function QuickPlay({ lowest }: { lowest: string }) {
  const [signedIn, setSignedIn] = useState(false);
  const [wait, setWait] = useState<PoolStatus | null>(null);
  const [err, setErr] = useState("");
  // Rated is ticked by default for a player signed in, and stays as he sets it.
  const [ratedOn, setRatedOn] = useState(true);
  const rules = useRef<HTMLSelectElement>(null), clock = useRef<HTMLSelectElement>(null), rated = useRef<HTMLInputElement>(null);
  useEffect(() => { void me().then((m) => setSignedIn(m.signed_in)); }, []);

  const join = async (spec: PoolSpec) => {
    setErr("");
    try {
      const st = await api<PoolStatus>("POST", "/api/pool", spec);
      if (st.link) go(st.link);
      else setWait(st);
    } catch (e) {
      setErr((e as Error).message);
    }
  };
  const start = () => void join({ rules: rules.current!.value, clock: +clock.current!.value, rated: signedIn && rated.current!.checked });

  // While waiting: paired, go; the live channel back after a break (the
  // server dropped the place when it closed), ask again; every 2 s the
  // count, and the place asked again if a server has lost it.
  useEffect(() => {
    if (!wait) return;
    const spec = wait.pool;
    const off = onLive((m) => {
      if (m.type === "paired") go(m.link);
      if (m.type === "hello") void join(spec);
    });
    const timer = setInterval(() => {
      api<PoolStatus>("GET", "/api/pool?" + query(spec)).then((st) => {
        if (st.link) go(st.link);
        else if (!st.waiting) void join(spec);
        else setWait(st);
      }, () => undefined);
    }, 2000);
    return () => { off(); clearInterval(timer); };
  }, [wait?.pool.rules, wait?.pool.clock, wait?.pool.rated]);

  const cancel = () => {
    setWait(null);
    api("DELETE", "/api/pool").catch((e: Error) => setErr(e.message));
  };
  // The computer meanwhile, in a new tab opened at the click (a tab
  // opened later is a pop-up the browser may block).
  const computer = () => {
    const tab = window.open("", "_blank");
    const cfg: TableConfig = { rules: wait?.pool.rules ?? "icf", players: 2, clock: 0, seats: [{ kind: "human" }, { kind: "computer", level: lowest }] };
    api<TableInfo>("POST", "/api/tables", cfg).then((t) => {
      if (tab) tab.location.href = `/t/${t.id}?seat=0`;
    }, (e: Error) => { tab?.close(); setErr(e.message); });
  };

  if (wait) {
    const p = wait.pool;
    return (
      <div id="pool-wait" class="card quick-pairing" role="status">
        <h2>{t("pool.looking")}</h2>
        <p>{[ruleName(p.rules), perStroke(p.clock), t(p.rated ? "lobby.rated" : "lobby.unrated")].join(t("list.comma")) + t("sentence.end")}</p>
        <p id="pool-count">{t("pool.count", { Count: wait.count })}</p>
        <p>
          <button id="pool-cancel" type="button" class="secondary" onClick={cancel}>{t("pool.cancel")}</button>{" "}
          <button id="pool-computer" type="button" class="secondary" onClick={computer}>{t("pool.computer")}</button>
        </p>
        <p class="help">{t("pool.help")}</p>
        <div class="error">{err}</div>
      </div>
    );
  }
  // The games offered are shown only while the player waits in no pool:
  // an offer and a place in a pool are one at a time.
  return (
    <>
    <div id="quick-pairing" class="card quick-pairing">
      <h2>{t("pool.title")}</h2>
      <p class="help">{t("pool.tagline")}</p>
      <label>{t("lobby.rules")} <RulesMenu id="pool-rules" sel={rules} /></label>
      <label>{t("lobby.clock")} <ClockMenu id="pool-clock" sel={clock} secs={[15, 30]} /></label>
      <label title={signedIn ? "" : t("lobby.signInRated")}>
        <input id="pool-rated" type="checkbox" ref={rated} disabled={!signedIn} checked={signedIn && ratedOn}
          onChange={(e) => setRatedOn((e.target as HTMLInputElement).checked)} />{ratedLabel(signedIn)}
      </label>
      <button id="play-pool" type="button" onClick={start}>{t("pool.title")}</button>
      <div class="error">{err}</div>
    </div>
    <Seeks />
    </>
  );
}

// The menus of the pools' rules and clocks, and the Rated box's label.
const RulesMenu = ({ id, sel }: { id: string; sel: Ref<HTMLSelectElement> }) =>
  <select id={id} ref={sel}>{["icf", "family"].map((r) => <option value={r}>{ruleName(r)}</option>)}</select>;
const ClockMenu = ({ id, sel, secs }: { id: string; sel: Ref<HTMLSelectElement>; secs: number[] }) =>
  <select id={id} ref={sel}>{secs.map((s) => <option value={String(s)}>{perStroke(s)}</option>)}</select>;
const ratedLabel = (signedIn: boolean) => " " + t("lobby.ratedBox") + (signedIn ? "" : " " + t("lobby.signInNote"));

const seekText = (s: Seek) => {
  const range = s.min && s.max ? t("seek.rangeBoth", { Min: s.min, Max: s.max }) : s.min ? t("seek.rangeMin", { Min: s.min }) : s.max ? t("seek.rangeMax", { Max: s.max }) : "";
  return [ruleName(s.rules), perStroke(s.clock), t(s.rated ? "lobby.rated" : "lobby.unrated")].join(t("list.comma")) + (range ? " — " + t("seek.for", { Range: range }) : "");
};

// Seeks lists the games offered, live: read again whenever the server
// says they changed. A game is taken with one click; one's own offer is
// withdrawn with one, and the page goes to the table when it is taken.
function Seeks() {
  const [seeks, setSeeks] = useState<Seek[]>([]);
  const [signedIn, setSignedIn] = useState(false);
  const [err, setErr] = useState("");
  const mine = useRef(false);
  const rules = useRef<HTMLSelectElement>(null), clock = useRef<HTMLSelectElement>(null), rated = useRef<HTMLInputElement>(null);
  const lo = useRef<HTMLInputElement>(null), hi = useRef<HTMLInputElement>(null);
  const load = () => api<Seek[]>("GET", "/api/seeks").then((l) => { mine.current = l.some((s) => s.mine); setSeeks(l); }, () => undefined);
  useEffect(() => {
    void me().then((m) => setSignedIn(m.signed_in));
    void load();
    return onLive((m) => {
      if (m.type === "seeks" || m.type === "hello") void load();
      if (m.type === "paired" && mine.current) go(m.link);
    });
  }, []);
  const act = (f: () => Promise<unknown>) => () => { setErr(""); f().catch((e: Error) => setErr(e.message)); };
  const offer = act(async () => {
    await api<Seek>("POST", "/api/seeks", { rules: rules.current!.value, clock: +clock.current!.value, rated: signedIn && rated.current!.checked, min: +lo.current!.value || 0, max: +hi.current!.value || 0 });
    await load();
  });
  const take = (id: string) => act(async () => {
    const st = await api<PoolStatus>("POST", `/api/seeks/${id}/accept`);
    if (st.link) go(st.link);
  });
  const withdraw = act(async () => { await api("DELETE", "/api/seeks"); await load(); });
  return (
    <div id="seeks-box" class="card quick-pairing">
      <h2>{t("seek.title")}</h2>
      {seeks.length ? (
        <table id="seeks" class="list">
          {seeks.map((s) => (
            <tr data-seek={s.id}>
              <td>{`${s.by || t("seek.guest")} (${s.rating})`}</td>
              <td>{seekText(s)}</td>
              <td>{s.mine
                ? <button type="button" class="secondary withdraw-seek" onClick={withdraw}>{t("seek.withdraw")}</button>
                : <button type="button" class="join-seek" disabled={s.rated && !signedIn} title={s.rated && !signedIn ? t("lobby.signInRated") : ""} onClick={take(s.id)}>{t("lobby.play")}</button>}</td>
            </tr>
          ))}
        </table>
      ) : <p class="help" id="no-seeks">{t("seek.none")}</p>}
      <details id="offer">
        <summary>{t("seek.offerTitle")}</summary>
        <label>{t("lobby.rules")} <RulesMenu id="seek-rules" sel={rules} /></label>
        <label>{t("lobby.clock")} <ClockMenu id="seek-clock" sel={clock} secs={[0, 15, 30]} /></label>
        <label><input id="seek-rated" type="checkbox" ref={rated} disabled={!signedIn} />{ratedLabel(signedIn)}</label>
        <label>{t("seek.from")} <input id="seek-min" type="number" min={0} max={4000} step={50} ref={lo} placeholder={t("seek.any")} /></label>
        <label>{t("seek.to")} <input id="seek-max" type="number" min={0} max={4000} step={50} ref={hi} placeholder={t("seek.any")} /></label>
        <button id="offer-seek" type="button" onClick={offer}>{t("seek.offer")}</button>
        <p class="help">{t("seek.help")}</p>
      </details>
      <div class="error">{err}</div>
    </div>
  );
}
