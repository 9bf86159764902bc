// "Resume your game": the unfinished tables where this browser holds a
// seat (GET /api/mine), offered in the header on every page but their own
// and at the top of the lobby, so that a game left for another page is
// found again (a game against the computer waits for its player).
import { api } from "./api";
import { h } from "./dom";
import type { TableInfo } from "./protocol";

export interface MyTable extends TableInfo { mine: number[]; resume: string }

let current: Promise<MyTable[]> | null = null;

// myTables is this browser's unfinished tables, asked once per page.
export function myTables(): Promise<MyTable[]> {
  current ??= api<MyTable[]>("GET", "/api/mine").catch(() => []);
  return current;
}

// elsewhere is this browser's unfinished tables but the one this page shows.
async function elsewhere(): Promise<MyTable[]> {
  return (await myTables()).filter((t) => location.pathname !== `/t/${t.id}`);
}

// resumeNav puts "Resume your game" in the header: the game itself, or,
// with several, the lobby's list of them.
export function resumeNav(): void {
  void elsewhere().then((ts) => {
    const nav = document.getElementById("account-nav");
    if (!ts.length || !nav || location.pathname === "/") return;
    // On a phone the header says only "Resume", so that it holds on one line.
    const rest = h("span", { class: "nav-long" }, ts.length === 1 ? " your game" : ` your games (${ts.length})`);
    nav.prepend(h("a", { href: ts.length === 1 ? ts[0].resume : "/#your-games", id: "nav-resume", "aria-label": "Resume" + rest.textContent }, "Resume", rest));
  });
}

// opponents names the other seats of a table of mine.
export function opponents(t: MyTable): string {
  const others = t.seats.filter((s) => !t.mine.includes(s.seat));
  if (!others.length) return "hot-seat";
  return "against " + others.map((s) => s.kind === "computer" ? `the computer (${s.level})` : s.nickname || (s.taken ? "a player" : "a free seat")).join(" & ");
}
