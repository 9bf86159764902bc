// The live channel (GET /live, docs/protocol.md): one WebSocket per page
// for everything that is not a table. A challenge received, a challenge
// accepted, a rematch offered and a friend come online arrive the moment
// they happen: a toast, and on the header's Challenges a badge with the
// open challenges received. Screens listen for the pushes (onLive) instead of polling.
import { api, me } from "./api";
import { h } from "./dom";
import { t } from "./i18n";
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

// terms are a challenge's rules, clock and rating, as its toast and the
// challenges page write them.
export const terms = (c: Challenge) => [c.rules === "icf" ? t("challenge.rules.icf.short") : t("challenge.rules.family.short"),
  c.clock ? t("challenge.clock", { N: c.clock }) : t("challenge.noClock"), ...(c.rated ? [t("challenge.rated")] : [])].join(", ");

// show tells the player of a push: a toast, and the badge counted again.
function show(m: LiveMsg): void {
  if (m.type === "paired") {
    // Another tab of the player (the lobby's waiting panel goes there
    // by itself): the way to the table.
    const seats = new URLSearchParams(m.link.split("?")[1] ?? "").getAll("seat").map(Number);
    const go = h("a", { class: "button", href: m.link }, t("challenge.goToTable"));
    go.addEventListener("click", () => choose(m.table, seats));
    toast(m.opponent ? t("live.paired.name", { Name: m.opponent }) : t("live.paired"), go);
    return;
  }
  if (m.type === "rematch") {
    // The table's own page shows the offer over the board.
    if (location.pathname === `/t/${m.table}`) return;
    const seats = new URLSearchParams(m.link.split("?")[1] ?? "").getAll("seat").map(Number);
    const go = h("a", { class: "button", href: m.link }, t("live.playRematch"));
    go.addEventListener("click", () => choose(m.rematch, seats));
    toast(m.by ? t("live.rematch", { Name: m.by }) : t("live.rematch.anon"), go);
    return;
  }
  if (m.type === "seeks" || m.type === "tournament-clock" || m.type === "tournament-changed") return;
  if (m.type === "friend") {
    toast(t("live.friendOnline", { Name: m.name }), h("a", { class: "button", href: `/challenges?to=${encodeURIComponent(m.name)}` }, t("live.challengeFriend")));
    return;
  }
  if (m.type === "tournament") {
    const c = m.tournament;
    const go = h("a", { class: "button", href: c.link, id: "toast-tournament" }, t("challenge.goToTable"));
    go.addEventListener("click", () => choose(c.table, new URLSearchParams(c.link.split("?")[1] ?? "").getAll("seat").map(Number)));
    toast(t("live.tournament", { Tournament: c.name, Round: c.round, Name: c.opponent, Board: c.board }), go);
    return;
  }
  // A page left while it counts drops the count, quietly.
  badge().catch(() => undefined);
  if (m.type !== "challenge") return;
  void me().then((who) => {
    const c = m.challenge;
    const mine = c.from === who.name;
    if (!mine && c.status === "open") toast(t("live.challenged", { Name: c.from, Terms: terms(c) }), h("a", { class: "button", href: "/challenges" }, t("live.seeChallenge")));
    if (mine && c.status === "accepted" && c.link) toast(t("live.accepted", { Name: c.to }), h("a", { class: "button", href: c.link, id: "toast-table" }, t("challenge.goToTable")));
    if (mine && c.status === "declined") toast(t("live.declined", { Name: c.to }));
    if (!mine && c.status === "withdrawn") toast(t("live.withdrawn", { Name: c.from }));
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
  const close = h("button", { type: "button", class: "secondary", "aria-label": t("live.close") }, "×");
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
  b.setAttribute("aria-label", t("live.waiting", { Count: open }));
}
