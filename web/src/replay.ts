// Replay of a match stroke by stroke, from the server's recorded events:
// every stroke is animated from its trajectory, nothing is simulated.
import { BoardView } from "./boardview";
import { h, Panel } from "./panel";
import { api, type ClientConfig, type EventMsg, type GameState, type Replay } from "./protocol";
import type { Sound } from "./sound";
import { pocketRings } from "./variants";

export async function replay(root: HTMLElement, cfg: ClientConfig, id: string, sound: Sound): Promise<void> {
  const data = await api<Replay>("GET", `/api/matches/${id}/replay`);
  const wrap = h("div", { class: "boardwrap" });
  const status = h("div", { class: "status", id: "status" });
  const panel = new Panel();
  const btn = (label: string, title: string) => h("button", { type: "button", title }, label);
  const first = btn("|◀", "start"), prev = btn("◀", "previous stroke"), play = btn("play", "play on"), next = btn("▶", "next stroke"), last = btn("▶|", "end");
  const speed = h("select", {}, ...[["0.5", "½×"], ["1", "1×"], ["2", "2×"], ["4", "4×"]].map(([v, l]) => h("option", { value: v }, l)));
  speed.value = "1";
  root.replaceChildren(h("div", { class: "play" }, panel.bar, h("div", { class: "boardcol" }, wrap),
    h("div", { class: "step" }, status, h("div", { class: "controls" }, first, prev, play, next, last, speed,
      // The match record (docs/notation.md), which carrom replay re-simulates.
      h("a", { href: `/api/matches/${id}.txt`, id: "record", title: "the match record, for carrom replay" }, ".txt")), panel.ruling), panel.el));
  const board = new BoardView(wrap, cfg, sound);
  speed.addEventListener("change", () => { board.speed = +speed.value; });
  const evs: EventMsg[] = data.events;
  if (data.start) panel.note(data.start.seq, data.start.state);
  const items = evs.map((ev, i) => panel.add(ev, () => { stop(); show(i + 1); }, true));
  let at = 0, playing = false;
  const stateAt = (k: number): GameState | undefined => (k === 0 ? data.start?.state : evs[k - 1].state);
  const show = (k: number) => {
    board.finish();
    at = k;
    const st = stateAt(k);
    if (st) { board.pieces = st.pieces; board.r.rings = pocketRings(st); panel.update(st, [], false); }
    panel.show(k === 0 ? null : evs[k - 1]);
    items.forEach((li, i) => li?.classList.toggle("current", i === k - 1));
    status.textContent = `Stroke ${k} of ${evs.length}`;
    board.invalidate();
  };
  const forward = async () => {
    // A step while a stroke plays ends that stroke at once.
    if (board.animating) { board.finish(); return true; }
    if (at >= evs.length) return false;
    const ev = evs[at], traj = ev.outcome.trajectory;
    if (traj) await board.animate(traj);
    show(at + 1);
    return true;
  };
  const stop = () => { playing = false; play.textContent = "play"; };
  first.addEventListener("click", () => { stop(); show(0); });
  last.addEventListener("click", () => { stop(); show(evs.length); });
  prev.addEventListener("click", () => { stop(); show(Math.max(0, at - 1)); });
  next.addEventListener("click", () => { stop(); void forward(); });
  play.addEventListener("click", async () => {
    if (playing) { stop(); return; }
    playing = true; play.textContent = "pause";
    while (playing && (await forward())) await new Promise((r) => setTimeout(r, 300));
    stop();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") { stop(); void forward(); }
    if (e.key === "ArrowLeft") { stop(); show(Math.max(0, at - 1)); }
  });
  show(0);
}
