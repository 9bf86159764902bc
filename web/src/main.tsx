// The page's entry: read the configuration the server put in the page and
// show the screen its path names. A screen lives in its own files and
// adds one line to routes; the first pattern that matches is shown.
import { options, render } from "preact";
import { accountNav, accountPage } from "./account";
import type { App, Route } from "./app";
import { challengesPage } from "./challenges";
import { speakErrors } from "./errors";
import { friendsPage } from "./friends";
import { languageMenu, loadLanguage } from "./i18n";
import { openLive } from "./live";
import { Lobby } from "./lobby";
import { Mount } from "./mount";
import { PracticeScreen } from "./practice";
import { MuteButton } from "./mute";
import type { ClientConfig } from "./protocol";
import { leaderboardPage, profilePage } from "./profile";
import { ratedBanner } from "./rematch";
import { ReplayScreen } from "./replay";
import { resumeNav } from "./resume";
import { RulesPage } from "./rulespage";
import { Sound } from "./sound";
import { TableScreen } from "./table";
import { tournamentPage, tournamentsPage } from "./tournament";
import { championshipPage } from "./finals";
import { hallClock } from "./tourneyclock";
import { umpire } from "./umpire";

const routes: Route[] = [
  [/^\/t\/([0-9a-f]+)$/, (app, [id], q) => { void ratedBanner(id); return <TableScreen app={app} id={id} seats={seatsOf(q)} />; }],
  [/^\/replay\/([0-9a-f]+)$/, (app, [id]) => <ReplayScreen app={app} id={id} />],
  [/^\/rules$/, (app) => <RulesPage app={app} />],
  [/^\/practice$/, (app) => <PracticeScreen app={app} />],
  [/^\/umpire\/([0-9a-f]*)$/, (_, [id]) => <Mount run={(root) => umpire(root, id || undefined)} />],
  [/^\/u\/([^/]+)$/, (_, [name]) => <Mount run={(root) => profilePage(root, decodeURIComponent(name))} />],
  [/^\/account$/, () => <Mount run={accountPage} />],
  [/^\/leaderboard$/, () => <Mount run={leaderboardPage} />],
  [/^\/challenges$/, () => <Mount run={challengesPage} />],
  [/^\/friends$/, () => <Mount run={friendsPage} />],
  [/^\/tournaments$/, () => <Mount run={tournamentsPage} />],
  [/^\/tournaments\/([0-9a-f]+)$/, (_, [id]) => <Mount run={(root) => tournamentPage(root, id)} />],
  [/^\/championships\/([0-9a-f]+)$/, (_, [id]) => <Mount run={(root) => championshipPage(root, id)} />],
  [/^\/tournaments\/([0-9a-f]+)\/clock$/, (_, [id]) => <Mount run={(root) => hallClock(root, id)} />],
  [/^/, (app) => <Lobby app={app} />],
];

// seatsOf reads the seats a link asks for (?seat=0&seat=1).
function seatsOf(q: URLSearchParams): number[] {
  return q.getAll("seat").map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n < 4);
}

// A change is drawn at once, not on the next tick: the page after a click
// or a key is already that click's page, for the player, a screen reader
// and the browser tests that read it back.
options.debounceRendering = (render) => render();

const app: App = { cfg: JSON.parse(document.getElementById("config")!.textContent!) as ClientConfig, sound: new Sound() };
// Browsers start audio only in answer to a gesture: the first touch, click or key.
for (const ev of ["pointerdown", "keydown"]) document.addEventListener(ev, () => app.sound.unlock(), { capture: true });
// The page is drawn once its words are here, in the reader's language.
void loadLanguage().then(() => {
  speakErrors();
  const sound = document.getElementById("sound")!;
  sound.before(languageMenu(), " ");
  render(<MuteButton sound={app.sound} />, sound);
  accountNav();
  resumeNav();
  openLive();
  const query = new URLSearchParams(location.search);
  for (const [re, screen] of routes) {
    const m = location.pathname.match(re);
    if (m) { render(screen(app, m.slice(1), query), document.getElementById("app")!); break; }
  }
});
