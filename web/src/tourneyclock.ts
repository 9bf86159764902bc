// A round's countdown (docs/tournaments.md, The round's clock): the hall
// screen, /tournaments/{id}/clock, big enough to read from across a hall,
// and the clock line of the tournament's page. The time left is the
// server's (left_ms at its now), counted down here from when it was read,
// so every screen shows the same whatever its own clock says; a screen
// reads it again every 5 s and at each push of the live channel.
import { api } from "./api";
import { h } from "./dom";
import { t } from "./i18n";
import { onLive } from "./live";

export interface RoundClock { round: number; started: string; ends: string; minutes: number; warning: number; now: string; left_ms: number }
interface Hall { id: string; name: string; clock: RoundClock | null }

// A clock read at a moment of this page's own steady clock.
export interface ReadClock { clock: RoundClock; at: number }

// leftOf is the time left of a clock read, in ms, now.
export const leftOf = (r: ReadClock): number => Math.max(0, r.clock.left_ms - (performance.now() - r.at));

// mmss writes ms as minutes and seconds, rounded up: a round with 0.4 s
// left still shows 0:01, and 0:00 only when the time is up.
export function mmss(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// phase: "running", "warning" in the last warning minutes, "over" at the bell.
export function phase(r: ReadClock): "running" | "warning" | "over" {
  const left = leftOf(r);
  if (left <= 0) return "over";
  return left <= r.clock.warning * 60000 ? "warning" : "running";
}

// hallClock is /tournaments/{id}/clock.
export function hallClock(root: HTMLElement, id: string): void {
  document.body.classList.add("hall-page");
  const name = h("h1", { id: "hall-name" });
  const round = h("p", { id: "hall-round" });
  const time = h("div", { id: "hall-time", "aria-live": "off" }, "–:––");
  const note = h("p", { id: "hall-note", role: "status" });
  const err = h("p", { class: "error", role: "alert" });
  root.replaceChildren(h("div", { id: "hall" }, name, round, time, note, err));
  let read: ReadClock | null = null;
  const draw = () => {
    if (!read) {
      round.textContent = "";
      time.textContent = "–:––";
      note.textContent = t("tournament.hall.notStarted");
      document.body.dataset.phase = "";
      return;
    }
    const p = phase(read);
    document.body.dataset.phase = p;
    round.textContent = t("tournament.hall.round", { N: read.clock.round });
    time.textContent = mmss(leftOf(read));
    note.textContent = p === "over" ? t("tournament.hall.over") : p === "warning" ? t("tournament.hall.warning", { Count: read.clock.warning })
      : t("tournament.hall.length", { Count: read.clock.minutes });
  };
  const load = () => api<Hall>("GET", `/api/tournaments/${id}/clock`).then((v) => {
    err.textContent = "";
    name.textContent = v.name;
    document.title = t("tournament.hall.title", { Name: v.name });
    read = v.clock ? { clock: v.clock, at: performance.now() } : null;
    draw();
  }).catch((e: Error) => { err.textContent = e.message; });
  void load();
  // The time left is read again every 5 s, so that a screen left on for
  // hours (or a computer that slept) keeps the server's time, not its own.
  setInterval(() => { void load(); }, 5000);
  setInterval(draw, 250);
  onLive((m) => { if (m.type === "tournament-clock" && m.tournament.tournament === id) void load(); });
}
