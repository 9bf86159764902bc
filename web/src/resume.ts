// "Resume your game": the unfinished tables where this browser holds a
// seat (GET /api/mine), offered in the header on every page but their own
// and at the top of the lobby, so that a game left for another page is
// found again (a game against the computer waits for its player).
import { api } from "./api";
import { h } from "./dom";
import type { TableInfo } from "./protocol";
import { t } from "./i18n";
import { levelName, nickName } from "./names";

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
    const rest = h("span", { class: "nav-long" }, " " + t("resume.navGames", { Count: ts.length }));
    nav.prepend(h("a", { href: ts.length === 1 ? ts[0].resume : "/#your-games", id: "nav-resume", "aria-label": t("resume.nav") + rest.textContent }, t("resume.nav"), rest));
  });
}

// opponents names the other seats of a table of mine.
export function opponents(g: MyTable): string {
  const others = g.seats.filter((s) => !g.mine.includes(s.seat));
  if (!others.length) return t("lobby.hotseatGame");
  return t("lobby.against", { Names: others.map((s) => s.kind === "computer" ? t("lobby.theComputer", { Level: levelName(s.level ?? "") }) : nickName(s.nickname ?? "") || (s.taken ? t("lobby.aPlayer") : t("lobby.aFreeSeat"))).join(" & ") });
}
