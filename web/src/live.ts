// The live channel (GET /live, docs/protocol.md): one WebSocket per page
// for everything that is not a table. A challenge received, a challenge
// accepted, a rematch offered and a friend come online arrive the moment
// they happen: a toast, and on the header's Challenges a badge with the
// open challenges received. Screens listen for the pushes (onLive) instead of polling.
import { api, me } from "./api";
import { h } from "./dom";
import type { FriendMsg, PairedMsg, SeeksMsg, TournamentCall } from "./protocol";
import { choose } from "./seating";

export interface Challenge { id: string; from: string; to: string; rules: string; clock: number; rated: boolean; status: string; table?: string; link?: string; created: string }

export type LiveMsg =
  | { v: number; type: "hello" }
  | { v: number; type: "challenge"; challenge: Challenge }
  | { v: number; type: "rematch"; table: string; rematch: string; link: string; by?: string }
  | PairedMsg
  | SeeksMsg
  | FriendMsg
  | { v: number; type: "tournament"; tournament: TournamentCall }
  | { v: number; type: "tournament-clock" | "tournament-changed"; tournament: TournamentCall };

const listeners = new Set<(m: LiveMsg) => void>();

// onLive calls f with every push (a "hello" at each connection, after
// which nothing is missed: a screen reads its lists again then).
export function onLive(f: (m: LiveMsg) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

// openLive opens the page's live channel, again after it closes: 1 s,
// doubling to 30 s while it cannot connect.
export function openLive(): void {
  let wait = 1000;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // A tournament's pages hear of its round's clock too.
    const t = /^\/tournaments\/([0-9a-f]{12})(\/|$)/.exec(location.pathname);
    const ws = new WebSocket(`${proto}//${location.host}/live${t ? `?tournament=${t[1]}` : ""}`);
    ws.onmessage = (e) => {
      wait = 1000;
      const m = JSON.parse(e.data as string) as LiveMsg;
      show(m);
      for (const f of listeners) f(m);
    };
    ws.onclose = () => {
      setTimeout(connect, wait);
      wait = Math.min(2 * wait, 30000);
    };
  };
  connect();
}

const rulesName = (c: Challenge) => `${c.rules === "icf" ? "ICF" : "family"} rules, ${c.clock ? `${c.clock} s a stroke` : "no clock"}${c.rated ? ", rated" : ""}`;

// show tells the player of a push: a toast, and the badge counted again.
function show(m: LiveMsg): void {
  if (m.type === "paired") {
    // Another tab of the player (the lobby's waiting panel goes there
    // by itself): the way to the table.
    const seats = new URLSearchParams(m.link.split("?")[1] ?? "").getAll("seat").map(Number);
    const go = h("a", { class: "button", href: m.link }, "Go to the table");
    go.addEventListener("click", () => choose(m.table, seats));
    toast(`An opponent is found${m.opponent ? `: ${m.opponent}` : ""}.`, go);
    return;
  }
  if (m.type === "rematch") {
    // The table's own page shows the offer over the board.
    if (location.pathname === `/t/${m.table}`) return;
    const seats = new URLSearchParams(m.link.split("?")[1] ?? "").getAll("seat").map(Number);
    const go = h("a", { class: "button", href: m.link }, "Play the rematch");
    go.addEventListener("click", () => choose(m.rematch, seats));
    toast(`${m.by || "Your opponent"} asks for a rematch: your seat is kept for you.`, go);
    return;
  }
  if (m.type === "seeks" || m.type === "tournament-clock" || m.type === "tournament-changed") return;
  if (m.type === "friend") {
    toast(`${m.name} is online.`, h("a", { class: "button", href: `/challenges?to=${encodeURIComponent(m.name)}` }, "Challenge"));
    return;
  }
  if (m.type === "tournament") {
    const c = m.tournament;
    const go = h("a", { class: "button", href: c.link, id: "toast-tournament" }, "Go to the table");
    go.addEventListener("click", () => choose(c.table, new URLSearchParams(c.link.split("?")[1] ?? "").getAll("seat").map(Number)));
    toast(`${c.name}, round ${c.round}: your match against ${c.opponent} is on board ${c.board}, an online table.`, go);
    return;
  }
  // A page left while it counts drops the count, quietly.
  badge().catch(() => undefined);
  if (m.type !== "challenge") return;
  void me().then((who) => {
    const c = m.challenge;
    const mine = c.from === who.name;
    if (!mine && c.status === "open") toast(`${c.from} challenges you: ${rulesName(c)}.`, h("a", { class: "button", href: "/challenges" }, "See the challenge"));
    if (mine && c.status === "accepted" && c.link) toast(`${c.to} accepted your challenge.`, h("a", { class: "button", href: c.link, id: "toast-table" }, "Go to the table"));
    if (mine && c.status === "declined") toast(`${c.to} declined your challenge.`);
    if (!mine && c.status === "withdrawn") toast(`${c.from} withdrew the challenge.`);
  });
}

// toast shows a message at the foot of the page until its close button
// (or, with no action, for 10 s).
function toast(text: string, action?: HTMLElement): void {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const close = h("button", { type: "button", class: "secondary", "aria-label": "Close" }, "×");
  const el = h("div", { class: "toast" }, h("span", {}, text), ...(action ? [action] : []), close);
  close.addEventListener("click", () => el.remove());
  box.append(el);
  if (!action) setTimeout(() => el.remove(), 10000);
}

// badge shows on the header's Challenges how many challenges received
// wait for an answer.
async function badge(): Promise<void> {
  const who = await me();
  const link = document.getElementById("nav-challenges");
  if (!who.signed_in || !link) return;
  const open = (await api<Challenge[]>("GET", "/api/challenges")).filter((c) => c.status === "open" && c.to === who.name).length;
  let b = document.getElementById("challenge-badge");
  if (!open) { b?.remove(); return; }
  if (!b) {
    b = h("span", { id: "challenge-badge", class: "badge" });
    link.append(b);
  }
  b.textContent = String(open);
  b.setAttribute("aria-label", `${open} waiting`);
}
