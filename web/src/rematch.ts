// Rematch and rated tables in the table's page: ask for a rematch of a
// finished match (the server seats the asker and tells the others, whose
// seats wait for their own click), show the offer when another player
// asked, and, for a rated match, the
// players' ratings and the score each side expects.
import { api } from "./api";
import { h } from "./dom";
import type { RematchMsg } from "./protocol";
import { choose } from "./seating";
import { num } from "./format";
import { t as tr } from "./i18n";

// requestRematch asks for the rematch and returns the link to this
// browser's seats at it.
export async function requestRematch(table: string): Promise<string> {
  const data = await api<{ table: string; seats: number[]; link: string }>("POST", `/api/tables/${table}/rematch`);
  // Asked second, the rematch was made already: its page takes the seats.
  choose(data.table, data.seats);
  return data.link;
}

// offerRematch shows, over the table, that a rematch is ready.
export function offerRematch(wrap: HTMLElement, m: RematchMsg, held: number[]): void {
  if (!held.length || document.getElementById("rematch-offer")) return;
  const link = `/t/${m.rematch}?` + held.map((s) => `seat=${s}`).join("&");
  // Nobody plays a match he did not ask for: his click takes the seats.
  const join = h("a", { class: "button", href: link, id: "join-rematch" }, tr("table.playRematch"));
  join.addEventListener("click", () => choose(m.rematch, held));
  wrap.append(h("div", { class: "summary", id: "rematch-offer", role: "dialog", "aria-live": "assertive", "aria-label": tr("table.rematch") },
    h("h2", {}, tr("table.rematch")), h("p", {}, tr("table.rematchAsked")),
    h("div", { class: "actions" }, join)));
}

interface TableAnswer { table: { config: { rules: string; players: number; rated?: boolean }; seats: { seat: number; nickname?: string; taken: boolean }[] } }

// ratedBanner shows, in a line under the header (the header keeps to one
// line on a phone), that the table's match is rated and, once every seat
// is taken, each side's ratings and expected score.
export async function ratedBanner(table: string, tries = 20): Promise<void> {
  const t = (await api<TableAnswer>("GET", `/api/tables/${table}`).catch(() => null))?.table;
  if (!t) return;
  if (!t.config.rated) return;
  let el = document.getElementById("rated");
  if (!el) {
    el = h("p", { id: "rated" }, tr("table.ratedMatch"));
    document.querySelector("header")?.after(el);
  }
  const names = t.seats.map((s) => s.nickname ?? "");
  if (names.some((n) => !n)) {
    if (tries > 0) setTimeout(() => { ratedBanner(table, tries - 1); }, 3000);
    return;
  }
  const x = await api<{ expected: [number, number]; players: { name: string; rating: number }[] }>("GET",
    `/api/expected?rules=${t.config.rules}&players=${names.map(encodeURIComponent).join(",")}`).catch(() => null);
  if (!x) return;
  const side = (s: number) => x.players.filter((_, i) => i % 2 === s).map((p) => `${p.name} ${num(p.rating)}`).join(" & ");
  const e = (n: number) => num(n, 2);
  el.textContent = tr("table.ratedVs", { A: side(0), B: side(1), EA: e(x.expected[0]), EB: e(x.expected[1]) });
}
