// Replay of a match stroke by stroke, from the server's recorded events:
// every stroke is animated from its trajectory, nothing is simulated.
import { useEffect, useRef, useState } from "preact/hooks";
import type { App } from "./app";
import { BoardCanvas } from "./boardcanvas";
import { BoardView } from "./boardview";
import { forBoard } from "./input";
import { MoveLog, Ruling, ScoreBar, Side } from "./panel";
import { api } from "./api";
import type { GameState, Replay } from "./protocol";
import { pocketRings } from "./variants";
import { t } from "./i18n";

export function ReplayScreen({ app, id }: { app: App; id: string }) {
  const [data, setData] = useState<Replay | null>(null);
  const [err, setErr] = useState("");
  useEffect(() => { api<Replay>("GET", `/api/matches/${id}/replay`).then(setData, (e: Error) => setErr(e.message)); }, [id]);
  if (err) return <>{t("replay.cannot", { Error: err })}</>;
  if (!data) return null;
  return <Player app={app} id={id} data={data} />;
}

function Player({ app, id, data }: { app: App; id: string; data: Replay }) {
  const evs = data.events;
  const canvas = useRef<HTMLCanvasElement>(null);
  const board = useRef<BoardView | null>(null);
  const log = useRef<MoveLog | null>(null);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState("1");
  const atRef = useRef(0), playRef = useRef(false);
  if (!log.current) {
    const l = new MoveLog();
    if (data.start) l.note(data.start.seq, data.start.state);
    evs.forEach((ev, i) => l.add(ev, () => { stop(); show(i + 1); }, true));
    log.current = l;
  }
  const stateAt = (k: number): GameState | undefined => (k === 0 ? data.start?.state : evs[k - 1].state);
  const show = (k: number) => {
    const b = board.current!;
    b.finish();
    atRef.current = k;
    setAt(k);
    const st = stateAt(k);
    if (st) { b.pieces = st.pieces; b.r.rings = pocketRings(st); }
    log.current!.show(k === 0 ? null : evs[k - 1]);
    b.invalidate();
  };
  const forward = async () => {
    const b = board.current!;
    // A step while a stroke plays ends that stroke at once.
    if (b.animating) { b.finish(); return true; }
    const k = atRef.current;
    if (k >= evs.length) return false;
    const traj = evs[k].outcome.trajectory;
    if (traj) await b.animate(traj);
    show(k + 1);
    return true;
  };
  const stop = () => { playRef.current = false; setPlaying(false); };
  const play = async () => {
    if (playRef.current) { stop(); return; }
    playRef.current = true; setPlaying(true);
    while (playRef.current && (await forward())) await new Promise((r) => setTimeout(r, 300));
    stop();
  };
  useEffect(() => {
    board.current = new BoardView(canvas.current!, app.cfg, app.sound);
    show(0);
    const keys = (e: KeyboardEvent) => {
      if (!forBoard(e)) return;
      if (e.key === "ArrowRight") { stop(); void forward(); }
      if (e.key === "ArrowLeft") { stop(); show(Math.max(0, atRef.current - 1)); }
    };
    document.addEventListener("keydown", keys);
    return () => document.removeEventListener("keydown", keys);
  }, []);
  const st = stateAt(at) ?? null;
  const btn = (label: string, title: string, onClick: () => void) => <button type="button" title={title} onClick={onClick}>{label}</button>;
  return (
    <div class="play">
      <ScoreBar st={st} />
      <div class="boardcol"><div class="boardwrap"><BoardCanvas canvas={canvas} /></div></div>
      <div class="step">
        <div class="status" id="status">{t("replay.at", { N: at, Total: evs.length })}{st?.over && st.aborted ? <p id="unrated">{t("table.aborted.unrated")}</p> : null}</div>
        <div class="controls">
          {btn("|◀", t("replay.start"), () => { stop(); show(0); })}
          {btn("◀", t("replay.previous"), () => { stop(); show(Math.max(0, atRef.current - 1)); })}
          {btn(playing ? t("replay.pause") : t("replay.play"), t("replay.playOn"), () => void play())}
          {btn("▶", t("replay.next"), () => { stop(); void forward(); })}
          {btn("▶|", t("replay.end"), () => { stop(); show(evs.length); })}
          <select value={speed} onChange={(e) => { const v = (e.target as HTMLSelectElement).value; setSpeed(v); board.current!.speed = +v; }}>
            {[["0.5", "½×"], ["1", "1×"], ["2", "2×"], ["4", "4×"]].map(([v, l]) => <option value={v}>{l}</option>)}
          </select>
          {/* The match record (docs/notation.md), which carrom replay re-simulates. */}
          <a href={`/api/matches/${id}.txt`} id="record" title={t("replay.record")}>.txt</a>
        </div>
        <Ruling log={log.current} />
      </div>
      <Side st={st} held={[]} log={log.current} live={false} current={at > 0 ? evs[at - 1].seq : undefined} />
    </div>
  );
}
