package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// TestLiveAndTournamentInLanguage (issue 29): with the browsers set to
// Polish, a challenge's toast, the Swiss methods' names, a tournament's
// system, finals card, prize list and round's clock line, its hall screen
// and the championships' card read the catalogue's words, and none of the
// English ones they replaced.
func TestLiveAndTournamentInLanguage(t *testing.T) {
	const lang = "pl"
	m := func(id string, data map[string]any) string { return msg(t, lang, id, data) }
	// before is a message's text up to its placeholder Name (filled with a mark).
	before := func(id, name string, data map[string]any) string {
		data[name] = "\x00"
		return strings.Split(m(id, data), "\x00")[0]
	}
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	org, bob, hall := e.tab(), e.tab(), e.tab()
	for _, ctx := range []context.Context{org, bob, hall} {
		e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": lang}), chromedp.EmulateViewport(1280, 900))
	}
	e.signUp(org, "org", "org's password")
	e.signUp(bob, "bob", "bob's password")

	// The challenge's toast.
	e.run(bob, chromedp.Navigate(e.base+"/rules"))
	e.waitFor(bob, "bob's header", `!!document.getElementById("nav-challenges")`, 10*time.Second)
	e.run(org, chromedp.Navigate(e.base+"/challenges?to=bob"), chromedp.WaitVisible("#challenge", chromedp.ByID),
		chromedp.SetValue("#challenge-clock", "15", chromedp.ByID), chromedp.Click(`#challenge button[type="submit"]`, chromedp.ByQuery))
	terms := strings.Join([]string{m("challenge.rules.icf.short", nil), m("challenge.clock", map[string]any{"N": 15}), m("challenge.rated", nil)}, ", ")
	toast := m("live.challenged", map[string]any{"Name": "org", "Terms": terms})
	e.waitFor(bob, "the challenge's toast", `[...document.querySelectorAll("#toasts .toast")].some((t) => t.textContent.includes(`+jsString(toast)+`) && t.textContent.includes(`+jsString(m("live.seeChallenge", nil))+`))`, 10*time.Second)

	// A refusal with a code: a challenge to a name no account has.
	e.run(org, chromedp.Navigate(e.base+"/challenges?to=nobody"), chromedp.WaitVisible("#challenge", chromedp.ByID),
		chromedp.Click(`#challenge button[type="submit"]`, chromedp.ByQuery))
	e.waitFor(org, "the refusal", `document.querySelector("#challenge .error")?.textContent === `+jsString(m("error.noPlayer", nil)), 10*time.Second)

	// The tournament's finals card, prize list and round's clock.
	e.run(org, chromedp.Navigate(e.base+"/tournaments"), chromedp.WaitVisible("#tournament-new", chromedp.ByID))
	// The Swiss methods' names, in the new tournament's menu.
	var methods []string
	e.run(org, chromedp.Evaluate(`[...document.querySelectorAll("#t-method option")].map((o) => o.textContent)`, &methods))
	var want []string
	for _, id := range []string{"dazed", "serial", "staggered", "dutch"} {
		want = append(want, m("tournament.method."+id, nil))
	}
	if !slices.Equal(methods, want) {
		t.Errorf("the Swiss methods read %q; want %q", methods, want)
	}
	e.run(org, chromedp.SendKeys("#t-name", "Turniej", chromedp.ByID), chromedp.SetValue("#t-rounds", "1", chromedp.ByID),
		chromedp.Click("#t-create", chromedp.ByID))
	e.settle(org, "the tournament's page", `location.pathname.startsWith("/tournaments/") && document.getElementById("finals-form") != null`, 30*time.Second)
	system := m("tournament.system.swissBy", map[string]any{"Method": m("tournament.method.dazed", nil)})
	e.waitFor(org, "the tournament's system", `document.querySelector("#t-head p")?.textContent.includes(`+jsString(system)+`)`, 10*time.Second)
	// Why the round and the finals cannot be paired: the server's codes.
	e.waitFor(org, "why no round can be paired", `document.getElementById("pair-why")?.textContent === `+jsString(m("error.tooFewPlayers", map[string]any{"Count": 0}))+
		` && document.getElementById("finals-why")?.textContent === `+jsString(m("error.noFinals", nil)), 10*time.Second)
	var path string
	e.run(org, chromedp.Evaluate(`location.pathname`, &path))
	e.waitFor(org, "the finals card", `document.querySelector("#finals-form h2")?.textContent === `+jsString(m("tournament.finals.card", nil))+
		` && document.querySelector("#fin-places option")?.textContent === `+jsString(m("tournament.finals.none", nil))+
		` && document.querySelector("#t-prizes h2")?.textContent === `+jsString(m("tournament.ranking", nil)), 30*time.Second)
	e.run(org, chromedp.SetValue("#fin-prizes", "fixed", chromedp.ByID), chromedp.Click("#fin-save", chromedp.ByID))
	prizes := m("tournament.ranking.prizes", map[string]any{"Title": m("tournament.ranking", nil), "Method": m("tournament.prize.fixed", nil)})
	e.waitFor(org, "the prize list's heading", `document.querySelector("#t-prizes h2")?.textContent === `+jsString(prizes)+
		` && document.querySelector("#prizes th:nth-child(3)")?.textContent === `+jsString(m("tournament.ranking.prize", nil)), 30*time.Second)
	e.waitFor(org, "the clock line", `document.getElementById("t-clock")?.textContent.startsWith(`+jsString(m("tournament.clock.none", nil))+`)`, 30*time.Second)
	for i, name := range []string{"Ann", "Bob"} {
		e.run(org, chromedp.SendKeys("#reg-name", name, chromedp.ByID), chromedp.Click("#reg-add", chromedp.ByID))
		e.waitFor(org, name+" registered", `document.querySelectorAll("#t-players tr[data-num]").length === `+strconv.Itoa(i+1), 30*time.Second)
	}
	e.run(org, chromedp.Click("#pair-next", chromedp.ByID))
	e.waitFor(org, "the clock's form", `document.getElementById("clock-start")?.textContent === `+jsString(m("tournament.clock.start", nil)), 30*time.Second)
	e.run(org, chromedp.Click("#clock-start", chromedp.ByID))
	e.waitFor(org, "the clock line running", `document.getElementById("t-clock")?.textContent.startsWith(`+jsString(before("tournament.clock.left", "Left", map[string]any{"N": 1}))+`)`, 30*time.Second)

	// The hall screen.
	e.run(hall, chromedp.Navigate(e.base+path+"/clock"))
	e.waitFor(hall, "the hall's round", `document.getElementById("hall-round")?.textContent === `+jsString(m("tournament.hall.round", map[string]any{"N": 1}))+
		` && document.getElementById("hall-note").textContent === `+jsString(m("tournament.hall.length", map[string]any{"Count": 45})), 30*time.Second)

	// A result typed over another: the log's entry, from its code.
	var pair struct{ A, B string }
	e.run(org, chromedp.Evaluate(`(async () => {
		const me = await (await fetch("/api/account")).json();
		const post = (score) => fetch(location.pathname.replace("/tournaments/", "/api/tournaments/") + "/rounds/1/boards/1",
			{method: "POST", headers: {"Content-Type": "application/json", "X-CSRF-Token": me.csrf}, body: JSON.stringify({score})}).then((r) => r.json());
		await post([2, 0]);
		const m = (await post([0, 2])).paired[0].matches[0];
		return {a: m.a_name, b: m.b_name};
	})()`, &pair, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	entry := m("tournament.log.resultTyped", map[string]any{"Round": 1, "Board": 1, "Pair": m("tournament.log.pair", map[string]any{"A": pair.A, "B": pair.B}),
		"Score": "0-2", "Was": "2-0", "Source": m("tournament.source.hand", nil)})
	e.run(org, chromedp.Reload())
	e.waitFor(org, "the log's entry", `[...document.querySelectorAll("#t-log li")].some((li) => li.textContent.endsWith(`+jsString(entry)+`))`, 30*time.Second)

	// The championships' card on /tournaments.
	e.run(org, chromedp.Navigate(e.base+"/tournaments"))
	e.waitFor(org, "the championships' card", `document.querySelector("#championship-new h2")?.textContent === `+jsString(m("championship.new", nil))+
		` && document.getElementById("ch-create").textContent === `+jsString(m("championship.create", nil)), 30*time.Second)

	var english string
	e.run(org, chromedp.Evaluate(`["A new championship", "Create the championship", "No championship yet."].find((w) => document.body.textContent.includes(w)) ?? ""`, &english))
	if english != "" {
		t.Errorf("the Polish /tournaments still reads %q", english)
	}
}

// TestVariantInLanguage (issue 29): a variant's side column, watched with
// the browser set to Italian, reads its goal, its table's heading, the
// pieces on the board and its rule set's name in the catalogue's words;
// watched in Polish, the sentence after each stroke (explainVariant) is
// the catalogue's: the first says what the stroke pocketed, the break and
// the turn, and no ruling of the move list has the English words they
// replaced.
func TestVariantInLanguage(t *testing.T) {
	const lang = "it"
	m := func(id string, data map[string]any) string { return msg(t, lang, id, data) }
	e := newEnv(t)
	id := e.createTable(`{"rules":"three","players":3,"clock":0,"seats":[{"kind":"computer","level":"beginner"},{"kind":"computer","level":"beginner"},{"kind":"computer","level":"beginner"}],"seed":5}`)
	ctx := e.tab()
	e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": lang}), chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(e.base+"/t/"+id))
	head := strings.Join([]string{m("variant.col.player", nil), m("variant.col.holds", nil), m("variant.col.points", nil)}, "|")
	e.waitFor(ctx, "the variant's side column", `document.getElementById("goal")?.textContent === `+jsString(m("variant.goal.three", nil))+
		` && [...document.querySelectorAll("#holdings th")].map((th) => th.textContent).join("|") === `+jsString(head)+
		` && [...document.querySelectorAll(".games")].some((g) => g.textContent === `+jsString(m("lobby.rules.three", nil))+`)`+
		` && document.body.textContent.includes(`+jsString(strings.Split(m("variant.onBoard", map[string]any{"White": "\x00"}), "\x00")[0])+`)`, 30*time.Second)

	// The rulings after each stroke (explainVariant), watched in Polish.
	ctx = e.tab()
	e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": "pl"}), chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(e.base+"/t/"+id))
	e.waitFor(ctx, "three rulings", `document.querySelectorAll("#moves li").length >= 3`, 60*time.Second)
	var moves []struct{ Ruling, Rules string }
	e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#moves li")].map((li) => ({ruling: li.dataset.ruling, rules: li.dataset.rules}))`, &moves))
	first := moves[0]
	t.Logf("pl: %q (%s)", first.Ruling, first.Rules)
	has := func(id string) bool { return strings.Contains(" "+first.Rules+" ", " "+id+" ") }
	opened := false
	for _, id := range []string{"act.pocketed", "act.nothing", "act.untouched"} {
		opened = opened || holds(first.Ruling, said(t, "pl", id, nil))
	}
	if !opened {
		t.Errorf("the first ruling %q does not say what the stroke pocketed in the catalogue's words", first.Ruling)
	}
	for _, id := range []string{"B-2", "B-3"} {
		if has(id) && !holds(first.Ruling, said(t, "pl", "say."+id, nil)) {
			t.Errorf("the server ruled %s; the ruling %q does not say %q", id, first.Ruling, said(t, "pl", "say."+id, nil))
		}
	}
	if !holds(first.Ruling, said(t, "pl", "say.turnTo", nil)) && !holds(first.Ruling, said(t, "pl", "say.turnKept", nil)) {
		t.Errorf("the ruling %q does not say whose turn it is in the catalogue's words", first.Ruling)
	}
	for _, mv := range moves {
		for _, english := range []string{"pocketed", "touched nothing", "the turn", "is made", "now has", "credited", "goes back", "back to the centre"} {
			if strings.Contains(strings.ToLower(mv.Ruling), english) {
				t.Errorf("the ruling %q has the English %q", mv.Ruling, english)
			}
		}
	}
}

// stillClock is the server's time standing still, as the server's tests'
// fake clock: it moves, and its timers fire, only when the test advances
// it.
type stillClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*stillTimer
}

type stillTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

func (c *stillClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stillClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &stillTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// advance moves the clock on and fires the timers that fall due, the
// earliest first.
func (c *stillClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*stillTimer
	for _, t := range c.timers {
		if !t.stopped && !t.at.After(c.now) {
			t.stopped = true
			due = append(due, t)
		}
	}
	c.mu.Unlock()
	slices.SortFunc(due, func(a, b *stillTimer) int { return a.at.Compare(b.at) })
	for _, t := range due {
		t.f()
	}
}

// TestBellInLanguage (issue 29): a tournament's online table ended at the
// round's bell (the match format bell), watched with the browser set to
// Polish: the move list's last line is the bell's, and its ruling says
// in the catalogue's words that the round's time is up.
func TestBellInLanguage(t *testing.T) {
	const lang = "pl"
	clock := &stillClock{now: time.Now()}
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts); c.Clock = clock })
	ctx := context.Background()
	signUp := func(name string) (*servertest.Client, string) {
		c, err := servertest.NewClient(ctx, e.base)
		if err != nil {
			t.Fatal(err)
		}
		var a struct{ CSRF string }
		call(t, c, "POST", "/api/account/signup", fmt.Sprintf(`{"name":%q,"password":"%s's password"}`, name, name), "", &a)
		return c, a.CSRF
	}
	org, csrf := signUp("org")
	var tv struct {
		ID     string
		Paired []struct{ Matches []struct{ Table string } }
	}
	call(t, org, "POST", "/api/tournaments", `{"name":"Gong","rounds":1,"format":"bell"}`, csrf, &tv)
	base := "/api/tournaments/" + tv.ID
	players := map[string]string{}
	clients := map[string]*servertest.Client{}
	for i, n := range []string{"ann", "bob"} {
		clients[n], players[n] = signUp(n)
		call(t, org, "POST", base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1800-100*i), csrf, nil)
	}
	call(t, org, "POST", base+"/rounds", `{}`, csrf, nil)
	call(t, org, "POST", base+"/rounds/1/online", `{}`, csrf, &tv)
	call(t, org, "POST", base+"/rounds/1/clock", `{"minutes":1,"warning":0}`, csrf, nil)
	table := tv.Paired[0].Matches[0].Table
	// ann, rated higher, is A: seat 0.
	var conns [2]*servertest.Conn
	for seat, n := range []string{"ann", "bob"} {
		ws, err := clients[n].Connect(ctx, table, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(ws.Close)
		sit := protocol.Sit(seat, "")
		sit.CSRF = players[n]
		if err := ws.Send(ctx, sit); err != nil {
			t.Fatal(err)
		}
		conns[seat] = ws
	}
	// A stroke, so that the match has begun, then the bell.
	rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	rng := rand.New(rand.NewPCG(29, 1))
	for struck := false; !struck; {
		m, err := conns[0].Read(rctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == protocol.TypeEvent {
			struck = true
		} else if m.State != nil && m.State.Started && !m.State.Over && m.State.ToAct.Need == "strike" {
			if err := conns[m.State.ToAct.Seat].Send(rctx, servertest.Move(m.State, rng)); err != nil {
				t.Fatal(err)
			}
		}
	}
	clock.advance(61 * time.Second)

	page := e.tab()
	e.run(page, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": lang}), chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(e.base+"/t/"+table))
	e.waitFor(page, "the bell's line", `document.querySelector("#moves li:last-child")?.textContent === `+jsString(msg(t, lang, "move.bell", nil)), 30*time.Second)
	var ruling string
	e.run(page, chromedp.Evaluate(`document.querySelector("#moves li:last-child").dataset.ruling`, &ruling))
	t.Logf("%s: %q", lang, ruling)
	if !holds(ruling, said(t, lang, "act.bell", nil)) && !holds(ruling, said(t, lang, "act.bell.drawn", nil)) {
		t.Errorf("the bell's ruling reads %q; want the catalogue's %q or %q", ruling, msg(t, lang, "act.bell", nil), msg(t, lang, "act.bell.drawn", nil))
	}
}

// call sends a request with c's cookies (and its CSRF token, if any) and
// decodes its JSON answer into out; a status other than 2xx fails the test.
func call(t *testing.T, c *servertest.Client, method, path, body, csrf string, out any) {
	t.Helper()
	req, err := http.NewRequest(method, c.Base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if csrf != "" {
		req.Header.Set("X-CSRF-Token", csrf)
	}
	resp, err := c.HTTP().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}
