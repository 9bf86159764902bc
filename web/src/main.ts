// The page's entry: read the configuration the server put in the page,
// then show the lobby, a table (/t/{id}) or a replay (/replay/{id}).
import { accountNav, accountPage, installCSRF } from "./account";
import { challengesPage } from "./challenges";
import { lobby } from "./lobby";
import type { ClientConfig } from "./protocol";
import { leaderboardPage, profilePage } from "./profile";
import { ratedBanner } from "./rematch";
import { replay } from "./replay";
import { rulesPage } from "./rulespage";
import { Sound } from "./sound";
import { showMute, TableView, toggleMute } from "./table";
import { umpire } from "./umpire";

const cfg = JSON.parse(document.getElementById("config")!.textContent!) as ClientConfig;
const root = document.getElementById("app")!;
const sound = new Sound();
const mute = document.getElementById("mute")!;
showMute(sound.muted);
mute.addEventListener("click", () => toggleMute(sound));
// Browsers start audio only in answer to a gesture: the first touch, click or key.
for (const ev of ["pointerdown", "keydown"]) document.addEventListener(ev, () => sound.unlock(), { capture: true });

installCSRF();
accountNav();

const path = location.pathname;
let m: RegExpMatchArray | null;
if ((m = path.match(/^\/t\/([0-9a-f]+)$/))) {
  const seats = new URLSearchParams(location.search).getAll("seat").map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n < 4);
  new TableView(root, cfg, m[1], seats, sound);
  ratedBanner(m[1]);
} else if ((m = path.match(/^\/replay\/([0-9a-f]+)$/))) {
  replay(root, cfg, m[1], sound).catch((e: Error) => { root.textContent = `Cannot replay this match: ${e.message}`; });
} else if ((m = path.match(/^\/umpire\/([0-9a-f]*)$/))) {
  umpire(root, m[1] || undefined);
} else if ((m = path.match(/^\/u\/([^/]+)$/))) {
  profilePage(root, decodeURIComponent(m[1]));
} else if (path === "/account") {
  accountPage(root);
} else if (path === "/leaderboard") {
  leaderboardPage(root);
} else if (path === "/challenges") {
  challengesPage(root);
} else if (path === "/rules") {
  rulesPage(root);
} else {
  lobby(root, cfg);
}
