package web_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"

	"github.com/carrom-game/carrom/internal/i18n"
	"github.com/carrom-game/carrom/internal/server"
)

// said is a message of the catalogues as the page writes it, in pieces:
// the text around its placeholders, lower-cased (a ruling's first word
// takes a capital), so that a ruling can be checked to hold it.
func said(t *testing.T, lang, id string, data map[string]any) []string {
	t.Helper()
	d := map[string]any{"Who": "\x00", "List": "\x00", "Side": "\x00"}
	for k, v := range data {
		d[k] = v
	}
	s, err := goi18n.NewLocalizer(i18n.Bundle(), lang).Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: d})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range strings.Split(strings.ToLower(s), "\x00") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func holds(words string, pieces []string) bool {
	for _, p := range pieces {
		if !strings.Contains(strings.ToLower(words), p) {
			return false
		}
	}
	return true
}

// TestRulingsInLanguage (issue 29): a browser set to French, Polish or
// Urdu (Accept-Language) plays the break against the computer and reads
// the ruling in its language, the sentence the catalogue makes of what
// the server ruled (the break made or missed, the turn kept or passed);
// the rules' titles cite the French rule book's article in French; the
// Urdu page is right to left and mirrored around the board, the board
// itself not.
func TestRulingsInLanguage(t *testing.T) {
	e := newEnv(t)
	sideOf := map[string]float64{}
	for _, lang := range []string{"fr", "pl", "ur"} {
		ctx := e.tab()
		e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": lang + ",en;q=0.5"}), chromedp.EmulateViewport(1280, 800))
		e.playBeginner(ctx)
		var page struct{ Lang, Dir, BoardDir, Transform string }
		e.run(ctx, chromedp.Evaluate(`(() => { const b = getComputedStyle(document.getElementById("board"));
			return {lang: document.documentElement.lang, dir: document.documentElement.dir, boardDir: b.direction, transform: b.transform}; })()`, &page))
		wantDir := map[bool]string{true: "rtl", false: "ltr"}[lang == "ur"]
		if page.Lang != lang || page.Dir != wantDir {
			t.Errorf("%s: the page is lang=%q dir=%q; want %q, %q", lang, page.Lang, page.Dir, lang, wantDir)
		}
		if page.BoardDir != "ltr" || page.Transform != "none" {
			t.Errorf("%s: the board's direction is %q, its transform %q; want the board unmirrored (ltr, none)", lang, page.BoardDir, page.Transform)
		}
		// Where the side column stands, from the board's centre: right of it
		// left to right, left of it right to left.
		var off float64
		e.run(ctx, chromedp.Evaluate(`(() => { const c = (el) => { const r = el.getBoundingClientRect(); return r.left + r.width / 2; };
			return c(document.querySelector(".play > .side")) - c(document.getElementById("board")); })()`, &off))
		sideOf[lang] = off

		e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
		rng := rand.New(rand.NewPCG(29, uint64(len(lang))))
		for !e.playMine(ctx, rng, false) {
			time.Sleep(200 * time.Millisecond)
		}
		e.waitFor(ctx, "the break's ruling", `!!document.querySelector("#moves li") && !!document.querySelector("#ruling .words")`, 60*time.Second)
		var r struct {
			Words, Rules, Shown, Detail string
			Titles                      []string
		}
		e.run(ctx, chromedp.Evaluate(`(() => { const li = document.querySelector("#moves li");
			return {words: li.dataset.ruling, rules: li.dataset.rules, shown: document.querySelector("#ruling .words").textContent,
				detail: document.querySelector("#ruling .detail")?.textContent ?? "",
				titles: [...document.querySelectorAll("#ruling abbr")].map((a) => a.title)}; })()`, &r))
		t.Logf("%s: %q (%s)", lang, r.Words, r.Rules)
		rules := strings.Fields(r.Rules)
		has := func(id string) bool { return strings.Contains(" "+r.Rules+" ", " "+id+" ") }
		for _, english := range []string{"pocketed", "the turn", "touched nothing", "is made"} {
			if strings.Contains(strings.ToLower(r.Words), english) {
				t.Errorf("%s: the ruling %q has the English %q", lang, r.Words, english)
			}
		}
		first := false
		for _, id := range []string{"act.pocketed.you", "act.nothing.you", "act.untouched.you"} {
			first = first || holds(r.Words, said(t, lang, id, nil))
		}
		if !first {
			t.Errorf("%s: the ruling %q does not say what the stroke pocketed in the catalogue's words", lang, r.Words)
		}
		for _, id := range []string{"B-2", "B-3"} {
			if has(id) && !holds(r.Words, said(t, lang, "say."+id, nil)) {
				t.Errorf("%s: the server ruled %s; the ruling %q does not say %q", lang, id, r.Words, said(t, lang, "say."+id, nil))
			}
		}
		turn := said(t, lang, "say.turnTo", nil)
		if has("T-1") {
			turn = said(t, lang, "say.turnKept.you", nil)
		}
		if !holds(r.Words, turn) {
			t.Errorf("%s: the server ruled %v; the ruling %q does not say %q", lang, rules, r.Words, turn)
		}
		if r.Shown != r.Words {
			t.Errorf("%s: the ruling shown reads %q, the move list's %q", lang, r.Shown, r.Words)
		}
		if want := said(t, lang, "ruling.rules", nil); len(rules) > 0 && !holds(r.Detail, want) {
			t.Errorf("%s: the ruling's detail reads %q; want %q", lang, r.Detail, want)
		}
		if lang == "fr" && has("B-2") && !strings.Contains(strings.Join(r.Titles, "|"), "(F 3.5 c)") {
			t.Errorf("fr: the rules' titles %q do not cite the French article of B-2, F 3.5 c", r.Titles)
		}
	}
	if sideOf["fr"] <= 0 || sideOf["ur"] >= 0 {
		t.Errorf("the side column stands %.0f px from the board's centre in French and %.0f px in Urdu; want right of it, then left of it", sideOf["fr"], sideOf["ur"])
	}
}

// TestLocaleChosenByMenu: the header's menu changes the language at the
// same address, and the choice outlives a reload (a cookie), over the
// browser's Accept-Language; the How to play page then cites the Italian
// laws' numbers beside our rule IDs.
func TestLocaleChosenByMenu(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": "fr"}), chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(e.base+"/rules"), chromedp.WaitVisible("#lang", chromedp.ByID))
	var h1 string
	e.run(ctx, chromedp.Text("h1", &h1, chromedp.ByQuery))
	if h1 != "Comment jouer au carrom" {
		t.Errorf("with Accept-Language fr the rules page's title is %q", h1)
	}
	// SetValue fires the menu's change, as a choice does.
	e.run(ctx, chromedp.SetValue("#lang", "it", chromedp.ByID))
	// The page reloads itself in the language chosen: settle, not waitFor,
	// rides over the reload.
	e.settle(ctx, "the page in Italian", `document.documentElement.lang === "it" && document.querySelector("h1")?.textContent === "Come si gioca a carrom"`, 20*time.Second)
	var got struct{ URL, Laws string }
	e.run(ctx, chromedp.Reload(), chromedp.WaitVisible("h1", chromedp.ByQuery),
		chromedp.Evaluate(`({url: location.pathname, laws: document.querySelector("#dues .laws")?.textContent ?? ""})`, &got))
	if got.URL != "/rules" {
		t.Errorf("after choosing Italian the page is %s; want the same address", got.URL)
	}
	if !strings.Contains(got.Laws, "I VIII, 41–43, 51–65, 97") {
		t.Errorf("the Italian section on dues cites %q; want the Italian laws I VIII, 41–43, 51–65, 97", got.Laws)
	}
}

// overflows lists the elements of the page that stick out of the screen
// (unless a scrolling box holds them) or whose text is cut: a button, a
// heading or a menu narrower than its words.
const overflows = `(() => {
  const held = (el) => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true; return false; };
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.split(" ").join(".") : "") + " " + JSON.stringify((el.textContent || "").slice(0, 30));
  const bad = [];
  for (const el of document.querySelectorAll("header *, main *")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === "hidden") continue;
    if ((r.right > innerWidth + 1 || r.left < -1) && !held(el)) bad.push(name(el) + " sticks out (" + Math.round(r.left) + "–" + Math.round(r.right) + " px)");
    else if (el.matches("button, a.button, summary, h1, h2, h3, select") && el.scrollWidth > el.clientWidth + 1) bad.push(name(el) + " cuts its text (" + el.scrollWidth + " px in " + el.clientWidth + ")");
  }
  return bad.slice(0, 8);
})()`

// TestLanguageFollowsAccount (issue 29): a player who chooses Polish in
// the menu while signed in reads Polish on a fresh browser, set to
// French, once he signs in there.
func TestLanguageFollowsAccount(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	home := e.tab()
	e.run(home, chromedp.EmulateViewport(1280, 800))
	e.signUp(home, "ann", "ann's password")
	e.run(home, chromedp.WaitVisible("#lang", chromedp.ByID), chromedp.SetValue("#lang", "pl", chromedp.ByID))
	e.settle(home, "the page in Polish", `document.documentElement.lang === "pl"`, 20*time.Second)

	away := e.tab()
	e.run(away, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": "fr"}), chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(e.base+"/account"), chromedp.WaitVisible("#signin", chromedp.ByID))
	e.waitFor(away, "the page in French", `document.documentElement.lang === "fr"`, 10*time.Second)
	e.run(away, chromedp.SendKeys(`#signin input[name="name"]`, "ann", chromedp.ByQuery),
		chromedp.SendKeys(`#signin input[name="password"]`, "ann's password", chromedp.ByQuery),
		chromedp.Click(`#signin button[type="submit"]`, chromedp.ByQuery))
	e.settle(away, "ann signed in, in Polish", `document.getElementById("nav-me")?.textContent === "ann" && document.documentElement.lang === "pl"`, 30*time.Second)
	var chosen string
	e.run(away, chromedp.Value("#lang", &chosen, chromedp.ByID))
	if chosen != "pl" {
		t.Errorf("the menu on the second browser shows %q; want pl", chosen)
	}
}

// layouts are the screens the pseudo-locale is laid out on: laptops,
// the common desktop, and a phone.
var layouts = []struct {
	w, h  int64
	phone bool
}{{1280, 800, false}, {1366, 768, false}, {1920, 1080, false}, {390, 844, true}}

// TestPseudoLocaleLayout: in the pseudo-locale (English accented and 40 %
// longer) the lobby, the How to play page and a table against the
// computer keep the header on one line and the page within the screen,
// and no element sticks out of it or clips its text, at 1280×800,
// 1366×768, 1920×1080 and on a 390×844 phone.
func TestPseudoLocaleLayout(t *testing.T) {
	e := newEnv(t)
	for _, vp := range layouts {
		ctx := e.tab()
		opts := []chromedp.EmulateViewportOption{}
		if vp.phone {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
		}
		e.run(ctx, chromedp.EmulateViewport(vp.w, vp.h, opts...), chromedp.Navigate(e.base+"/"),
			chromedp.Evaluate(`document.cookie = "lang=`+i18n.Pseudo+`; path=/"`, nil))
		for _, path := range []string{"/", "/rules", "/t/"} {
			if path == "/t/" {
				e.playBeginner(ctx)
				e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
			} else {
				e.run(ctx, chromedp.Navigate(e.base+path), chromedp.WaitVisible("#lang", chromedp.ByID))
			}
			e.waitFor(ctx, "the pseudo-locale", `document.documentElement.lang === "`+i18n.Pseudo+`"`, 10*time.Second)
			var h headerBox
			e.run(ctx, chromedp.Evaluate(headerLayout, &h))
			if h.Spread > h.Line/2 || h.Height > 60 {
				t.Errorf("%s at %d×%d: the header is %.0f px high, its text on lines %.0f px apart; want one line", path, vp.w, vp.h, h.Height, h.Spread)
			}
			if h.Width > float64(vp.w) {
				t.Errorf("%s at %d×%d: the page is %.0f px wide; want no sideways scrolling", path, vp.w, vp.h, h.Width)
			}
			var bad []string
			e.run(ctx, chromedp.Evaluate(overflows, &bad))
			if len(bad) > 0 {
				t.Errorf("%s at %d×%d: in the pseudo-locale %s", path, vp.w, vp.h, strings.Join(bad, "; "))
			}
			if path == "/rules" {
				var h1 string
				e.run(ctx, chromedp.Text("h1", &h1, chromedp.ByQuery))
				if !strings.Contains(h1, "Ĥöö") {
					t.Errorf("the rules page's title in the pseudo-locale is %q", h1)
				}
			}
		}
	}
}

// msg is a message of the catalogues in lang, filled with data (Count
// picks the plural form), as the page should write it.
func msg(t *testing.T, lang, id string, data map[string]any) string {
	t.Helper()
	cfg := &goi18n.LocalizeConfig{MessageID: id, TemplateData: data}
	if n, ok := data["Count"]; ok {
		cfg.PluralCount = n
	}
	s, err := goi18n.NewLocalizer(i18n.Bundle(), lang).Localize(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLobbyAndTableInLanguage (issue 29): with the browser set to French,
// then to Urdu, the lobby's cards, menus and lists and the table's status
// line, buttons, side column, power, concede dialog and match-over screen
// read the catalogue's words for that language, and none of the English
// ones they replaced.
func TestLobbyAndTableInLanguage(t *testing.T) {
	e := newEnv(t)
	for _, lang := range []string{"fr", "ur"} {
		m := func(id string, data map[string]any) string { return msg(t, lang, id, data) }
		ctx := e.tab()
		e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": lang}), chromedp.EmulateViewport(1280, 800),
			chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-computer", chromedp.ByID))
		var lobby struct {
			PlayNow, Pool, Play, Create string
			Players, Clocks, Headings   []string
		}
		e.run(ctx, chromedp.Evaluate(`(() => { const txt = (s) => document.querySelector(s)?.textContent ?? "";
			return {playNow: txt("#play-now"), pool: txt("#quick-pairing h2"), play: txt("#play-computer"), create: txt("#play-online"),
				players: [...document.querySelectorAll("#computer-players option")].map((o) => o.textContent),
				clocks: [...document.querySelectorAll("#seek-clock option")].map((o) => o.textContent),
				headings: [...document.querySelectorAll("main h2")].map((h) => h.textContent)}; })()`, &lobby))
		for _, c := range []struct{ got, want string }{
			{lobby.PlayNow, m("lobby.playNow", nil)}, {lobby.Pool, m("pool.title", nil)}, {lobby.Play, m("lobby.play", nil)}, {lobby.Create, m("lobby.createTable", nil)},
			{strings.Join(lobby.Players, "|"), m("lobby.playersN", map[string]any{"Count": 2}) + "|" + m("lobby.doubles", nil)},
			{strings.Join(lobby.Clocks, "|"), m("lobby.noClock", nil) + "|" + m("lobby.perStroke", map[string]any{"Seconds": 15}) + "|" + m("lobby.perStroke", map[string]any{"Seconds": 30})},
		} {
			if c.got != c.want {
				t.Errorf("%s: the lobby reads %q; want %q", lang, c.got, c.want)
			}
		}
		if lang == "ur" {
			e.shot(ctx, "lobby-ur", "screenshot-lobby-ur.png")
		}
		for _, id := range []string{"lobby.computer.title", "lobby.online.title", "seek.title", "lobby.inPlay", "lobby.finished"} {
			if !slices.Contains(lobby.Headings, m(id, nil)) {
				t.Errorf("%s: the lobby's headings %q lack %q (%s)", lang, lobby.Headings, m(id, nil), id)
			}
		}
		var levels []string
		e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#level option")].map((o) => o.textContent)`, &levels))
		if !slices.Contains(levels, m("level.beginner", nil)) {
			t.Errorf("%s: the computer's levels read %q; want %q among them", lang, levels, m("level.beginner", nil))
		}

		e.playBeginner(ctx)
		e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
		e.waitFor(ctx, "the status line", `document.getElementById("status").textContent === `+jsString(m("table.yourStroke", nil)), 10*time.Second)
		var table struct {
			Heads                                    []string
			Games, Lock, Hint, Concede, HowTo, Hello string
			Seats, Play                              string
		}
		e.run(ctx, chromedp.Evaluate(`(() => { const txt = (s) => document.querySelector(s)?.textContent ?? "";
			return {heads: [...document.querySelectorAll(".side h3")].map((h) => h.textContent), games: txt("#games"), lock: txt("#lock"), hint: txt("#hint"),
				concede: txt(".concede summary"), howTo: txt(".howto summary"), hello: txt('#words button[data-phrase="hello"]'),
				seats: txt(".seats"), play: document.querySelector(".play").innerText}; })()`, &table))
		for _, c := range []struct{ got, want string }{
			{strings.Join(table.Heads, "|"), m("table.players", nil) + "|" + m("table.score", nil) + "|" + m("table.moves", nil)},
			{table.Games, m("table.games", map[string]any{"A": 0, "B": 0})}, {table.Lock, m("table.lockOff", nil)}, {table.Hint, m("table.hint", nil)},
			{table.Concede, m("table.concede", nil)}, {table.HowTo, m("table.howto.title", nil)}, {table.Hello, m("table.phrase.hello", nil)},
		} {
			if c.got != c.want {
				t.Errorf("%s: the table reads %q; want %q", lang, c.got, c.want)
			}
		}
		// The server names the computer's level by its code and a player
		// who wrote no name "Player 1": the page writes both in its language.
		computer := m("table.computerLevel", map[string]any{"Level": m("level.beginner", nil)})
		if player := m("seat.default", map[string]any{"N": 1}); !strings.Contains(table.Seats, computer) || !strings.Contains(table.Seats, player) {
			t.Errorf("%s: the players read %q; want the computer named %q and the player %q", lang, table.Seats, computer, player)
		}
		for _, id := range []string{"table.players", "table.moves", "table.concede", "table.lockOff", "table.yourStroke", "table.howto.title", "table.aimKeys", "table.wordsSpectators"} {
			if english := msg(t, "en", id, nil); english != m(id, nil) && strings.Contains(table.Play, english) {
				t.Errorf("%s: the table has the English %q: %q", lang, english, table.Play)
			}
		}

		// Aimed with the keys, the power reads in the catalogue's words.
		e.run(ctx, chromedp.Click("#shoot", chromedp.ByID))
		e.waitFor(ctx, "the power", `!!document.getElementById("power").textContent`, 5*time.Second)
		if lang == "fr" {
			e.shot(ctx, "table-fr", "screenshot-table-fr.png")
		}
		var power string
		e.run(ctx, chromedp.Text("#power", &power, chromedp.ByID))
		found := false
		for n := 0; n <= 100 && !found; n++ {
			found = power == m("table.power", map[string]any{"Percent": m("table.percent", map[string]any{"N": n})})
		}
		if !found {
			t.Errorf("%s: the power reads %q; want %q with a percentage", lang, power, m("table.power", map[string]any{"Percent": m("table.percent", map[string]any{"N": 0})}))
		}

		// Conceded, the match ends in the catalogue's words.
		e.run(ctx, chromedp.Click(".concede summary", chromedp.ByQuery), chromedp.Click(".concede button:nth-of-type(3)", chromedp.ByQuery),
			chromedp.WaitVisible("#concede-confirm", chromedp.ByID))
		var q string
		e.run(ctx, chromedp.Text("#concede-title", &q, chromedp.ByID))
		if want := m("table.concedeQ.match", nil); q != want {
			t.Errorf("%s: the concede dialog asks %q; want %q", lang, q, want)
		}
		e.run(ctx, chromedp.Click("#concede-yes", chromedp.ByID))
		e.waitFor(ctx, "the match over", `!!document.getElementById("match-why")`, 20*time.Second)
		var over struct{ Title, Why, New string }
		e.run(ctx, chromedp.Evaluate(`({title: document.querySelector("#match-over h2").textContent, why: document.getElementById("match-why").textContent,
			new: document.getElementById("new-game").textContent})`, &over))
		winner := computer
		for _, c := range []struct{ got, want string }{
			{over.Title, m("table.matchOver.who", map[string]any{"Who": winner})}, {over.Why, m("table.concededBy.you", nil)}, {over.New, m("table.newGame", nil)},
		} {
			if c.got != c.want {
				t.Errorf("%s: the match's end reads %q; want %q", lang, c.got, c.want)
			}
		}
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// overflowing lists, as "tag#id.class: scroll width > width", the
// elements of the page's main part whose content is wider than their box
// and neither scrolls nor wraps (clipped or spilling over), and those
// that stand past the screen's right or left edge.
const overflowing = `(() => {
  const out = [];
  // Inside a box that scrolls sideways, a wide table is meant.
  const scrolled = (el) => { for (let p = el.parentElement; p; p = p.parentElement) if (/auto|scroll/.test(getComputedStyle(p).overflowX)) return true; return false; };
  for (const el of document.querySelectorAll("main *")) {
    if (!el.getClientRects().length) continue;
    const cs = getComputedStyle(el), r = el.getBoundingClientRect();
    const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.trim().replace(/\s+/g, ".") : "");
    if (cs.display !== "inline" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !/auto|scroll/.test(cs.overflowX) && !scrolled(el))
      out.push(name + ": " + el.scrollWidth + " > " + el.clientWidth);
    if ((r.right > innerWidth + 1 || r.left < -1) && !scrolled(el)) out.push(name + ": at " + Math.round(r.left) + "–" + Math.round(r.right) + " px");
  }
  return out.slice(0, 8);
})()`

// TestPseudoLocalePages (issue 29): the pages around the game in the
// pseudo-locale, signed in, on each of layouts: the account, a profile,
// the ratings, the challenges, the friends, the tournaments and one
// tournament, the umpire's form and a scoresheet. The header stays on one
// line, the page does not scroll sideways, and nothing in it is clipped
// or spills out of its box.
func TestPseudoLocalePages(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	setup := e.tab()
	e.signUp(setup, "ann", "ann's password")
	await := func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
	post := `(async (path, body) => {
		const me = await (await fetch("/api/account")).json();
		const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json", "X-CSRF-Token": me.csrf}, body: JSON.stringify(body)});
		return (await r.json()).id;
	})`
	var tourney, sheet string
	e.run(setup,
		chromedp.Evaluate(post+`("/api/tournaments", {name: "Club night", place: "Lyon", rules: "icf", system: "swiss", method: "dutch", rounds: 5, phantom_score: 25})`, &tourney, await),
		chromedp.Evaluate(post+`("/api/umpire", {rules: "icf", players: 2, names: ["Asha", "Ben"], event: "Club night, table 2", umpire: "Rossi"})`, &sheet, await))
	var cookies []*network.Cookie
	e.run(setup, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		cookies, err = network.GetCookies().Do(ctx)
		return err
	}))
	pages := []string{"/account", "/u/ann", "/leaderboard", "/challenges", "/friends", "/tournaments", "/tournaments/" + tourney, "/umpire/", "/umpire/" + sheet}
	for _, vp := range layouts {
		ctx := e.tab()
		opts := []chromedp.EmulateViewportOption{}
		if vp.phone {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
		}
		e.run(ctx, chromedp.EmulateViewport(vp.w, vp.h, opts...), network.Enable(), chromedp.ActionFunc(func(ctx context.Context) error {
			for _, c := range cookies {
				if err := network.SetCookie(c.Name, c.Value).WithDomain(c.Domain).WithPath(c.Path).Do(ctx); err != nil {
					return err
				}
			}
			return network.SetCookie("lang", i18n.Pseudo).WithURL(e.base).Do(ctx)
		}))
		for _, path := range pages {
			e.run(ctx, chromedp.Navigate(e.base+path), chromedp.WaitVisible("main h1, main h2", chromedp.ByQuery))
			e.waitFor(ctx, "the pseudo-locale", `document.documentElement.lang === "`+i18n.Pseudo+`" && !!document.getElementById("nav-me")`, 10*time.Second)
			var h headerBox
			var over []string
			e.run(ctx, chromedp.Evaluate(headerLayout, &h), chromedp.Evaluate(overflowing, &over))
			if h.Spread > h.Line/2 || h.Height > 60 {
				t.Errorf("%s at %d×%d: the header is %.0f px high, its text on lines %.0f px apart; want one line", path, vp.w, vp.h, h.Height, h.Spread)
			}
			if h.Width > float64(vp.w) {
				t.Errorf("%s at %d×%d: the page is %.0f px wide; want no sideways scrolling", path, vp.w, vp.h, h.Width)
			}
			if len(over) > 0 {
				t.Errorf("%s at %d×%d: overflowing %q", path, vp.w, vp.h, over)
			}
			var words string
			e.run(ctx, chromedp.Text("main", &words, chromedp.ByQuery))
			if !strings.ContainsAny(words, "áéîöûñ") {
				t.Errorf("%s at %d×%d: no pseudo-locale text in the page: %.200q", path, vp.w, vp.h, words)
			}
		}
	}
}

// TestErrorInLanguage (issue 29): a refusal the player meets is read in
// his language: a wrong password at sign-in, in French and in Urdu, is
// the catalogue's sentence for the server's code, not its English; so is,
// in French, following oneself on the friends page.
func TestErrorInLanguage(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	for _, lang := range []string{"fr", "ur"} {
		ctx := e.tab()
		e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": lang}), chromedp.EmulateViewport(1280, 800),
			chromedp.Navigate(e.base+"/account"), chromedp.WaitVisible("#signin", chromedp.ByID),
			chromedp.SendKeys(`#signin input[name="name"]`, "nobody", chromedp.ByQuery),
			chromedp.SendKeys(`#signin input[name="password"]`, "not the password", chromedp.ByQuery),
			chromedp.Click(`#signin button[type="submit"]`, chromedp.ByQuery))
		e.waitFor(ctx, "the refusal", `document.querySelector("#signin .error").textContent !== ""`, 10*time.Second)
		var got string
		e.run(ctx, chromedp.Text("#signin .error", &got, chromedp.ByQuery))
		if want := said(t, lang, "error.signIn", nil); !holds(got, want) {
			t.Errorf("%s: a wrong password reads %q; want %q", lang, got, want)
		}
	}
	ctx := e.tab()
	e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": "fr"}), chromedp.EmulateViewport(1280, 800))
	e.signUp(ctx, "ann", "ann's password")
	e.run(ctx, chromedp.Navigate(e.base+"/friends"), chromedp.WaitVisible("#friend-name", chromedp.ByID),
		chromedp.SendKeys("#friend-name", "ann", chromedp.ByID), chromedp.Click(`#follow button[type="submit"]`, chromedp.ByQuery))
	e.waitFor(ctx, "the refusal to follow oneself", `document.querySelector("#follow .error")?.textContent === `+jsString(msg(t, "fr", "error.followSelf", nil)), 10*time.Second)

	// A refusal at the table, over its WebSocket: a fourth phrase within
	// 10 s, in French.
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}],"seed":3}`)
	e.run(ctx, chromedp.Navigate(e.base+"/t/"+id+"?seat=0"))
	e.waitFor(ctx, "the seat offered", `!!document.getElementById("take-seat-0")`, 10*time.Second)
	e.run(ctx, chromedp.Click("#take-seat-0", chromedp.ByID))
	e.waitFor(ctx, "the phrases", `!!document.querySelector('#words [data-phrase="hello"]')`, 10*time.Second)
	for range 4 {
		e.run(ctx, chromedp.Click(`#words [data-phrase="hello"]`, chromedp.ByQuery))
	}
	e.waitFor(ctx, "the refusal of a fourth phrase", `document.getElementById("error")?.textContent === `+jsString(msg(t, "fr", "error.wordsWait", nil)), 10*time.Second)
}
