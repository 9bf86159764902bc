// Quick pairing (docs/pairing.md): "Play online" puts the player in a
// pool by rules, clock and rated or not; a waiting panel shows how many
// wait there, offers Cancel and a game against the computer meanwhile (in
// another tab, so that this page keeps the place), and goes to the table
// the moment a wave pairs the player, pushed on the live channel.
import { useEffect, useRef, useState } from "preact/hooks";
import { api, me } from "./api";
import { onLive } from "./live";
import type { PoolSpec, PoolStatus, Seek, TableConfig, TableInfo } from "./protocol";
import { choose } from "./seating";

// go takes the seat of a pairing: chosen in this tab, so that the table's
// page sits at once.
function go(link: string): void {
  const [path, query] = link.split("?");
  const seats = new URLSearchParams(query ?? "").getAll("seat").map(Number);
  choose(path.replace("/t/", ""), seats);
  location.href = link;
}

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
        <h2>Looking for an opponent</h2>
        <p>{`${p.rules === "icf" ? "ICF" : "Family"} rules, ${p.clock} s a stroke, ${p.rated ? "rated" : "unrated"}.`}</p>
        <p id="pool-count">{wait.count === 1 ? "You are the only player waiting in this pool." : `${wait.count} players waiting in this pool, you included.`}</p>
        <p>
          <button id="pool-cancel" type="button" class="secondary" onClick={cancel}>Cancel</button>{" "}
          <button id="pool-computer" type="button" class="secondary" onClick={computer}>Play the computer meanwhile</button>
        </p>
        <p class="help">The computer's game opens in a new tab; keep this page open to keep your place. You go to your table the moment an opponent is found.</p>
        <div class="error">{err}</div>
      </div>
    );
  }
  // The games offered are shown only while the player waits in no pool:
  // an offer and a place in a pool are one at a time.
  return (
    <>
    <div id="quick-pairing" class="card quick-pairing">
      <h2>Play online</h2>
      <p class="help">An opponent of your level, found in seconds.</p>
      <label>Rules <select id="pool-rules" ref={rules}><option value="icf">ICF</option><option value="family">Family</option></select></label>
      <label>Clock <select id="pool-clock" ref={clock}><option value="15">15 s a stroke</option><option value="30">30 s a stroke</option></select></label>
      <label title={signedIn ? "" : "Sign in to play rated games"}>
        <input id="pool-rated" type="checkbox" ref={rated} disabled={!signedIn} checked={signedIn && ratedOn}
          onChange={(e) => setRatedOn((e.target as HTMLInputElement).checked)} /> Rated{signedIn ? "" : " (sign in)"}
      </label>
      <button id="play-pool" type="button" onClick={start}>Play online</button>
      <div class="error">{err}</div>
    </div>
    <Seeks />
    </>
  );
}

const seekText = (s: Seek) => {
  const range = s.min && s.max ? `, rated ${s.min}–${s.max}` : s.min ? `, rated ${s.min} or more` : s.max ? `, rated ${s.max} or less` : "";
  return `${s.rules === "icf" ? "ICF" : "Family"} rules, ${s.clock ? `${s.clock} s a stroke` : "no clock"}, ${s.rated ? "rated" : "unrated"}${range ? ` — for players${range.slice(1)}` : ""}`;
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
      <h2>Games offered</h2>
      {seeks.length ? (
        <table id="seeks" class="list">
          {seeks.map((s) => (
            <tr data-seek={s.id}>
              <td>{`${s.by || "A guest"} (${s.rating})`}</td>
              <td>{seekText(s)}</td>
              <td>{s.mine
                ? <button type="button" class="secondary withdraw-seek" onClick={withdraw}>Withdraw</button>
                : <button type="button" class="join-seek" disabled={s.rated && !signedIn} title={s.rated && !signedIn ? "Sign in to play rated games" : ""} onClick={take(s.id)}>Play</button>}</td>
            </tr>
          ))}
        </table>
      ) : <p class="help" id="no-seeks">No game is offered now: offer yours.</p>}
      <details id="offer">
        <summary>Offer a game</summary>
        <label>Rules <select id="seek-rules" ref={rules}><option value="icf">ICF</option><option value="family">Family</option></select></label>
        <label>Clock <select id="seek-clock" ref={clock}><option value="0">no clock</option><option value="15">15 s a stroke</option><option value="30">30 s a stroke</option></select></label>
        <label><input id="seek-rated" type="checkbox" ref={rated} disabled={!signedIn} /> Rated{signedIn ? "" : " (sign in)"}</label>
        <label>Opponent rated from <input id="seek-min" type="number" min={0} max={4000} step={50} ref={lo} placeholder="any" /></label>
        <label>to <input id="seek-max" type="number" min={0} max={4000} step={50} ref={hi} placeholder="any" /></label>
        <button id="offer-seek" type="button" onClick={offer}>Offer</button>
        <p class="help">Your offer is listed until someone takes it, you withdraw it, or you leave this page.</p>
      </details>
      <div class="error">{err}</div>
    </div>
  );
}
