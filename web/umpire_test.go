package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// tap presses the buttons with these ids, one after the other.
func tap(ids ...string) chromedp.Action {
	var acts chromedp.Tasks
	for _, id := range ids {
		acts = append(acts, chromedp.Click("#"+id, chromedp.ByID))
	}
	return acts
}

// offline cuts the page's network, or gives it back (navigator.onLine
// follows, so the page hears "online" when it returns).
func offline(off bool) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if _, err := network.EmulateNetworkConditionsByRule(off, []*network.Conditions{{DownloadThroughput: -1, UploadThroughput: -1}}).Do(ctx); err != nil {
			return err
		}
		return network.OverrideNetworkState(off, 0, -1, -1).Do(ctx)
	})
}

type umpireView struct {
	Seq     int64 `json:"seq"`
	Entries []struct {
		Line  json.RawMessage `json:"line"`
		Reply json.RawMessage `json:"reply"`
	} `json:"entries"`
	Boards []struct {
		Winner *int   `json:"winner"`
		Points int    `json:"points"`
		Rule   string `json:"rule"`
		Queen  *int   `json:"queen"`
		Signed bool   `json:"signed"`
	} `json:"boards"`
	State json.RawMessage `json:"state"`
}

// TestUmpireScoresheet: an umpire on a phone keeps the sheet of a real
// board by taps: a due (RULES D-1, placed by the opponent), the queen
// pocketed and waiting for its cover, then covered, a wrong entry
// undone, another corrected; mid-board the network goes (the entries wait on the device), the
// umpire leaves the page and opens it again once the network is back (they go out in order), and
// one answer is lost on the way
// (the entry is sent again and stored once). The board is won and
// signed; the stored entries are exactly the umpire's, and the stored
// answers and result are what carrom referee gives for them.
func TestUmpireScoresheet(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)), network.Enable())

	e.run(ctx, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#umpire-link", chromedp.ByID), chromedp.Click("#umpire-link", chromedp.ByID),
		chromedp.WaitVisible("#u-open", chromedp.ByID),
		chromedp.SendKeys("#u-name-0", "Asha", chromedp.ByID), chromedp.SendKeys("#u-name-1", "Ben", chromedp.ByID),
		chromedp.SendKeys("#u-event", "Club night, table 2", chromedp.ByID), chromedp.Click("#u-open", chromedp.ByID),
		chromedp.WaitVisible("#u-enter", chromedp.ByID))
	var url string
	e.run(ctx, chromedp.Location(&url))
	id := url[strings.LastIndex(url, "/")+1:]

	seq := func() int {
		var s string
		e.run(ctx, chromedp.Evaluate(`document.getElementById("u-now").dataset.seq`, &s))
		var n int
		fmt.Sscan(s, &n)
		return n
	}
	// entry taps what a stroke did and enters it; online, it waits for
	// the server's answer.
	entry := func(online bool, taps ...string) {
		t.Helper()
		before := seq()
		e.run(ctx, tap(append(taps, "u-enter")...))
		if online {
			e.waitFor(ctx, "the server's answer", fmt.Sprintf(`+document.getElementById("u-now").dataset.seq > %d`, before), 10*time.Second)
		}
	}
	turn := func(want string) {
		t.Helper()
		if got := e.text(ctx, "#u-turn"); !strings.Contains(got, want) {
			t.Errorf("whose turn: %q; want %q", got, want)
		}
	}

	// The umpire's entries, as the referee reads them: what the test
	// expects the server to keep.
	var want []string
	entry(true, "u-white-plus") // the break pockets a white
	want = append(want, `{"stroke":{"white":1}}`)
	turn("Asha to play (white)")
	entry(true, "u-striker") // a due
	want = append(want, `{"stroke":{"striker":true}}`)
	if got := e.text(ctx, "#u-now"); !strings.Contains(got, "1 white c/m (due, D-1); Ben places it") {
		t.Errorf("after the striker the page says %q; want the due placed by Ben (D-1, PL-1)", got)
	}
	turn("Ben to play (black)")
	e.shot(ctx, "umpire-due")
	// The server's answers update the pad in place: a button under the
	// umpire's finger is never swapped for another.
	e.run(ctx, chromedp.Evaluate(`window.padButton = document.getElementById("u-black-plus"); true`, nil))
	entry(true, "u-black-plus", "u-black-plus")
	want = append(want, `{"stroke":{"black":2}}`)
	var same bool
	e.run(ctx, chromedp.Evaluate(`window.padButton === document.getElementById("u-black-plus")`, &same))
	if !same {
		t.Errorf("the pad's buttons were replaced by the server's answer; want them updated in place")
	}
	entry(true, "u-queen")
	want = append(want, `{"stroke":{"queen":true}}`)
	if got := e.text(ctx, "#u-queenstate"); !strings.Contains(got, "waits for Ben's cover") {
		t.Errorf("after the queen: %q; want it waiting for Ben's cover (Q-4)", got)
	}
	// A wrong entry, undone.
	entry(true, "u-missed")
	before := seq()
	e.run(ctx, tap("u-undo"))
	e.waitFor(ctx, "the undo", fmt.Sprintf(`+document.getElementById("u-now").dataset.seq > %d`, before), 10*time.Second)
	if got := e.text(ctx, "#u-queenstate"); !strings.Contains(got, "waits for Ben's cover") {
		t.Errorf("after the undo: %q; want the queen waiting again", got)
	}
	entry(true, "u-black-plus") // the cover
	want = append(want, `{"stroke":{"black":1}}`)
	if got := e.text(ctx, "#u-queenstate"); !strings.Contains(got, "covered by Ben") {
		t.Errorf("after the cover: %q; want the queen covered by Ben", got)
	}
	e.shot(ctx, "umpire-cover", "screenshot-umpire.png")

	// The network goes: the entries wait on the device, in order.
	e.run(ctx, offline(true))
	entry(false, "u-black-plus", "u-black-plus", "u-black-plus")
	entry(false, "u-black-plus", "u-black-plus")
	entry(false) // nothing pocketed: the turn passes
	want = append(want, `{"stroke":{"black":3}}`, `{"stroke":{"black":2}}`, `{"stroke":{}}`)
	e.waitFor(ctx, "the offline notice", `document.getElementById("u-sync").dataset.state === "offline" && document.querySelectorAll("li.u-waiting").length === 3`, 10*time.Second)
	var kept int
	e.run(ctx, chromedp.Evaluate(fmt.Sprintf(`JSON.parse(localStorage.getItem("carrom-umpire-%s")).ops.length`, id), &kept))
	if kept != 3 {
		t.Errorf("%d entries kept on the device while offline; want 3", kept)
	}
	e.shot(ctx, "umpire-offline")
	if n := storedSeq(t, e.base, id); n != 7 {
		t.Errorf("the server has %d operations while the page is offline; want 7", n)
	}

	// The umpire leaves the page while offline, and opens it again once
	// the network is back: the entries kept on the device go out, in order.
	e.run(ctx, chromedp.Navigate("about:blank"), offline(false), chromedp.Navigate(url), chromedp.WaitVisible("#u-enter", chromedp.ByID))
	e.waitFor(ctx, "the entries sent", `document.getElementById("u-sync").dataset.state === "saved" && document.querySelectorAll("li.u-waiting").length === 0`, 30*time.Second)
	turn("Asha to play (white)")

	// The answer to the next entry is lost after the server stored it:
	// the page sends it again, and it is stored once.
	var lost atomic.Int32
	chromedp.ListenTarget(ctx, func(ev any) {
		if p, ok := ev.(*fetch.EventRequestPaused); ok {
			// A listener may not wait for the browser: answer from a goroutine.
			go func() {
				exec := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Target)
				if lost.Add(1) == 1 {
					fetch.FailRequest(p.RequestID, network.ErrorReasonConnectionReset).Do(exec)
					return
				}
				fetch.ContinueRequest(p.RequestID).Do(exec)
			}()
		}
	})
	e.run(ctx, fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*/entries", RequestStage: fetch.RequestStageResponse}}))
	// Three white entered where four fell: corrected through Edit below.
	entry(true, "u-white-plus", "u-white-plus", "u-white-plus")
	e.run(ctx, fetch.Disable())
	if lost.Load() < 2 {
		t.Errorf("%d answers intercepted; want the lost one and its resend", lost.Load())
	}
	if n := storedSeq(t, e.base, id); n != 11 {
		t.Errorf("the server has %d operations after the lost answer; want 11, the entry once", n)
	}
	e.run(ctx, chromedp.Click(`#u-entries li[data-n="9"] button`, chromedp.ByQuery))
	if got := e.text(ctx, "#u-white"); got != "3" {
		t.Errorf("editing entry 9 the pad shows %s white; want its 3", got)
	}
	entry(true, "u-white-plus")
	if got := e.text(ctx, `#u-entries li[data-n="9"]`); !strings.Contains(got, "Asha pocketed 4 white (own)") {
		t.Errorf("entry 9 after the correction: %q; want 4 white", got)
	}
	entry(true) // the turn passes
	entry(true, "u-black-plus")
	want = append(want, `{"stroke":{"white":4}}`, `{"stroke":{}}`, `{"stroke":{"black":1}}`)
	e.waitFor(ctx, "the board's result", `!!document.getElementById("u-sign")`, 10*time.Second)
	res := e.text(ctx, "#u-result")
	why := e.text(ctx, "#u-ruling")
	if !strings.Contains(res, "to Ben: 8 points (SC-2)") || !strings.Contains(why, "5 c/m left + queen 3 = 8") {
		t.Errorf("the board's result reads %q, the ruling %q; want Ben's 8 points, 5 white left + queen 3 (SC-1, SC-2)", res, why)
	}
	if got, want := e.text(ctx, "#u-why"), "Ben pocketed the last black c/m with the queen covered (SC-2): the board goes to Ben, 8 points: 5 c/m left + queen 3 = 8."; got != want {
		t.Errorf("why the board ended: %q; want %q", got, want)
	}
	e.shot(ctx, "umpire-result")
	before = seq()
	e.run(ctx, tap("u-sign"))
	e.waitFor(ctx, "the signature", fmt.Sprintf(`+document.getElementById("u-now").dataset.seq > %d`, before), 10*time.Second)
	turn("Ben to play")

	// What the server keeps: the umpire's entries, once each, in order.
	got := storedLines(t, e.base, id)
	var v struct {
		View umpireView `json:"view"`
	}
	getJSON(t, e.base+"/api/umpire/"+id, &v)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("stored entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Their answers and the result are carrom referee's for the same lines.
	resp, err := http.Get(e.base + "/api/umpire/" + id + ".jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m, _ := rules.NewMatch(rules.ICF(), 2)
	var out strings.Builder
	record.ServeLines(strings.NewReader(string(lines)), &out, func(line []byte, err error) []byte {
		if err != nil {
			return record.RefereeReply(m, nil, err)
		}
		var reply []byte
		m, reply = record.RefereeLine(m, line)
		return reply
	})
	referee := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(referee) != len(v.View.Entries) {
		t.Fatalf("the referee answered %d lines for %d entries", len(referee), len(v.View.Entries))
	}
	for i, en := range v.View.Entries {
		if string(en.Reply) != referee[i] {
			t.Errorf("entry %d: stored %s; carrom referee %s", i+1, en.Reply, referee[i])
		}
	}
	if string(v.View.State) != referee[len(referee)-1] {
		t.Errorf("the sheet's state %s; carrom referee's last answer %s", v.View.State, referee[len(referee)-1])
	}
	last := record.Match{}
	if err := json.Unmarshal([]byte(referee[len(referee)-1]), &last); err != nil || last.Result == nil {
		t.Fatalf("the referee's last answer %s ends no board (%v)", referee[len(referee)-1], err)
	}
	b := v.View.Boards
	if len(b) != 1 || b[0].Winner == nil || *b[0].Winner != *last.Result.Winner || b[0].Points != last.Result.Points || b[0].Rule != last.Result.Rule ||
		b[0].Queen == nil || *b[0].Queen != 1 || !b[0].Signed {
		t.Errorf("the stored board %+v; carrom referee: %+v, the queen covered by side 1, signed", b, *last.Result)
	}

	// The printed scoresheet: the board, the signatures' lines, nothing of the pad.
	e.run(ctx, emulation.SetEmulatedMedia().WithMedia("print"))
	e.shot(ctx, "umpire-print")
	var visible struct {
		Pad, Sheet bool
		Signatures int
	}
	e.run(ctx, chromedp.Evaluate(`({pad: document.getElementById("u-pad").offsetParent !== null, sheet: document.getElementById("u-boards").offsetParent !== null,
		signatures: document.querySelectorAll(".u-signline").length})`, &visible))
	if visible.Pad || !visible.Sheet || visible.Signatures != 3 {
		t.Errorf("printed: pad shown %v, sheet shown %v, %d signature lines; want only the sheet, with 3 lines (two players, the umpire)", visible.Pad, visible.Sheet, visible.Signatures)
	}
}

// storedSeq is the number of operations the server holds for sheet id.
func storedSeq(t *testing.T, base, id string) int64 {
	t.Helper()
	var v struct {
		View umpireView `json:"view"`
	}
	getJSON(t, base+"/api/umpire/"+id, &v)
	return v.View.Seq
}

// TestUmpireDoublesAndVariants: a doubles sheet names the sides by their
// two players and passes the turn round the four seats; a sheet of a
// variant without colours (point carrom, three players) keeps each
// player's score.
func TestUmpireDoublesAndVariants(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	open := func(rules, players string, names ...string) {
		t.Helper()
		e.run(ctx, chromedp.Navigate(e.base+"/umpire/"), chromedp.WaitVisible("#u-open", chromedp.ByID),
			chromedp.SetValue("#u-rules", rules, chromedp.ByID), chromedp.Evaluate(`document.getElementById("u-rules").dispatchEvent(new Event("change"))`, nil),
			chromedp.SetValue("#u-players", players, chromedp.ByID), chromedp.Evaluate(`document.getElementById("u-players").dispatchEvent(new Event("change"))`, nil))
		for i, n := range names {
			e.run(ctx, chromedp.SendKeys(fmt.Sprintf("#u-name-%d", i), n, chromedp.ByID))
		}
		e.run(ctx, chromedp.Click("#u-open", chromedp.ByID), chromedp.WaitVisible("#u-enter", chromedp.ByID))
	}
	enter := func(taps ...string) {
		t.Helper()
		var before string
		e.run(ctx, chromedp.Evaluate(`document.getElementById("u-now").dataset.seq`, &before))
		e.run(ctx, tap(append(taps, "u-enter")...))
		e.waitFor(ctx, "the answer", fmt.Sprintf(`document.getElementById("u-now").dataset.seq !== %q`, before), 10*time.Second)
	}

	open("icf", "4", "Asha", "Ben", "Cleo", "Dev")
	// The stroke clock (TM-1) counts down once started, and is started
	// afresh for the next stroke.
	e.run(ctx, tap("u-clock"))
	e.waitFor(ctx, "the clock running", `/^\d+ s$/.test(document.getElementById("u-clock").textContent)`, 5*time.Second)
	if got := e.text(ctx, "#u-score"); got != "Asha & Cleo 0 – Ben & Dev 0" {
		t.Errorf("doubles score %q; want the sides by their players", got)
	}
	enter("u-white-plus")
	if got := e.text(ctx, "#u-clock"); got != "Start the 15 s clock" {
		t.Errorf("the clock after the stroke: %q; want it ready for the next", got)
	}
	enter()
	if got := e.text(ctx, "#u-turn"); !strings.Contains(got, "Ben to play (black)") {
		t.Errorf("after the breaker's miss: %q; want Ben (seat 2) to play black", got)
	}
	enter()
	if got := e.text(ctx, "#u-turn"); !strings.Contains(got, "Cleo to play (white)") {
		t.Errorf("then: %q; want Cleo, Asha's partner, with white", got)
	}

	open("point", "3", "Ann", "Bo", "Cy")
	enter("u-white-plus", "u-white-plus", "u-black-plus")
	if got := e.text(ctx, "#u-score"); !strings.HasPrefix(got, "Ann ") || !strings.Contains(got, "Bo 0 – Cy 0") {
		t.Errorf("point carrom's scores %q; want Ann's points, Bo 0, Cy 0", got)
	}
	if got := e.text(ctx, "#u-turn"); !strings.Contains(got, "Ann to play") {
		t.Errorf("after Ann pocketed: %q; want Ann to play on", got)
	}

	// The form offers a rated match where the server rates one: ICF and
	// family, and point carrom and buying the pockets between two players.
	e.run(ctx, chromedp.Navigate(e.base+"/umpire/"), chromedp.WaitVisible("#u-open", chromedp.ByID))
	for _, tc := range []struct {
		rules, players string
		rated          bool
	}{{"icf", "4", true}, {"point", "2", true}, {"point", "3", false}, {"pockets", "2", true}, {"three", "3", false}} {
		var hidden bool
		e.run(ctx, chromedp.SetValue("#u-rules", tc.rules, chromedp.ByID), chromedp.Evaluate(`document.getElementById("u-rules").dispatchEvent(new Event("change"))`, nil),
			chromedp.SetValue("#u-players", tc.players, chromedp.ByID), chromedp.Evaluate(`document.getElementById("u-players").dispatchEvent(new Event("change"))`, nil),
			chromedp.Evaluate(`document.querySelector(".u-rated").hidden`, &hidden))
		if hidden == tc.rated {
			t.Errorf("%s with %s players: rated match offered %v; want %v", tc.rules, tc.players, !hidden, tc.rated)
		}
	}
}

// TestUmpireRated: a rated sheet between two accounts; each player opens
// it in his own signed-in browser and confirms the result (the page sends
// his session's CSRF token); after both, the match is rated.
func TestUmpireRated(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ump, ann, bob := e.tab(), e.tab(), e.tab()
	for ctx, name := range map[context.Context]string{ann: "ann", bob: "bob"} {
		var code int
		e.run(ctx, chromedp.Navigate(e.base+"/umpire/"), chromedp.WaitVisible("#u-open", chromedp.ByID),
			chromedp.Evaluate(fmt.Sprintf(`fetch("/api/account/signup", {method: "POST", headers: {"Content-Type": "application/json"},
				body: JSON.stringify({name: %q, password: "password one"})}).then((r) => r.status)`, name), &code, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
				return p.WithAwaitPromise(true)
			}))
		if code != http.StatusOK {
			t.Fatalf("sign-up of %s: %d", name, code)
		}
	}
	e.run(ump, chromedp.Navigate(e.base+"/umpire/"), chromedp.WaitVisible("#u-open", chromedp.ByID),
		chromedp.SendKeys("#u-name-0", "Ann", chromedp.ByID), chromedp.SendKeys("#u-name-1", "Bob", chromedp.ByID),
		chromedp.Click(".u-rated summary", chromedp.ByQuery),
		chromedp.SendKeys("#u-account-0", "ann", chromedp.ByID), chromedp.SendKeys("#u-account-1", "bob", chromedp.ByID),
		chromedp.Click("#u-open", chromedp.ByID), chromedp.WaitVisible("#u-enter", chromedp.ByID))
	var url string
	e.run(ump, chromedp.Location(&url))
	step := func(open, sel string) {
		t.Helper()
		var before string
		e.run(ump, chromedp.Evaluate(`document.getElementById("u-now").dataset.seq`, &before))
		if open != "" {
			e.run(ump, chromedp.Click(open, chromedp.ByQuery))
		}
		e.run(ump, chromedp.Click(sel, chromedp.ByQuery))
		e.waitFor(ump, "the answer", fmt.Sprintf(`document.getElementById("u-now").dataset.seq !== %q`, before), 10*time.Second)
	}
	step(".u-more summary", "#u-concede-board")
	step("", "#u-sign")
	step(".u-more summary", "#u-concede-match")
	if got := e.text(ump, "#u-rating"); !strings.Contains(got, "Confirmed by nobody yet") {
		t.Errorf("the umpire's page: %q; want the match waiting for the players' confirmations", got)
	}
	for i, ctx := range []context.Context{ann, bob} {
		e.run(ctx, chromedp.Navigate(url), chromedp.WaitVisible("#u-confirm", chromedp.ByID), chromedp.Click("#u-confirm", chromedp.ByID))
		want := []string{"Confirmed by ann", "Rated."}[i]
		e.waitFor(ctx, want, fmt.Sprintf(`document.getElementById("u-rating").textContent.includes(%q)`, want), 10*time.Second)
	}
	var exp struct{ Expected []float64 }
	getJSON(t, e.base+"/api/expected?rules=icf&players=ann,bob", &exp)
	if len(exp.Expected) != 2 || exp.Expected[0] <= 0.5 {
		t.Errorf("expected scores after Ann won the rated match: %v; want above ½ for Ann", exp.Expected)
	}
	// Bob's profile lists the match with its scoresheet in place of a replay.
	e.run(bob, chromedp.Navigate(e.base+"/u/bob"), chromedp.WaitVisible("#matches", chromedp.ByID))
	if got := e.text(bob, "#matches"); !strings.Contains(got, "v ann") || !strings.Contains(got, "lost") || !strings.Contains(got, "scoresheet") || strings.Contains(got, "replay") {
		t.Errorf("Bob's matches: %q; want the rated sheet lost v ann (the account, not the name typed) with its scoresheet and no replay", got)
	}
	var href string
	e.run(bob, chromedp.AttributeValue("#matches a", "href", &href, nil, chromedp.ByQuery))
	if !strings.HasSuffix(url, href) {
		t.Errorf("the profile's link: %q; want the sheet %q", href, url)
	}
}

// TestScoresheetPrintedInLanguage (issue 29): the printed scoresheet in
// the umpire's language, the Italian federation's first: the heading,
// the columns, the statistics and the signatures' lines in the rule
// book's words (referto, spaccata, l'Arbitro), the date in Italian; and
// in every other language its catalogue's words, no English left.
func TestScoresheetPrintedInLanguage(t *testing.T) {
	e := newEnv(t)
	type printed struct {
		Title, Head, Date string
		Columns, Stats    []string
		Signatures        []string
		Pad, Sheet, Print bool
	}
	read := `({title: document.querySelector("#u-sheet h2").textContent, head: document.querySelector(".u-head").textContent,
		date: new Date().toLocaleDateString(document.documentElement.lang, {dateStyle: "long"}),
		columns: [...document.querySelectorAll("#u-boards th")].map((th) => th.textContent),
		stats: [...document.querySelectorAll(".u-stats th")].map((th) => th.textContent).slice(1),
		signatures: [...document.querySelectorAll(".u-signline")].map((s) => s.textContent),
		pad: document.getElementById("u-pad").offsetParent !== null, sheet: document.getElementById("u-boards").offsetParent !== null,
		print: document.getElementById("u-print").offsetParent !== null})`
	for _, lang := range []string{"it", "fr", "pl", "hi", "ur", "en"} {
		ctx := e.tab()
		e.run(ctx, network.Enable(), network.SetExtraHTTPHeaders(network.Headers{"Accept-Language": lang}), chromedp.EmulateViewport(1280, 800),
			chromedp.Navigate(e.base+"/umpire/"), chromedp.WaitVisible("#u-open", chromedp.ByID),
			chromedp.SendKeys("#u-name-0", "Asha", chromedp.ByID), chromedp.SendKeys("#u-name-1", "Ben", chromedp.ByID),
			chromedp.SendKeys("#u-umpire", "Rossi", chromedp.ByID), chromedp.Click("#u-open", chromedp.ByID),
			chromedp.WaitVisible("#u-boards", chromedp.ByID), emulation.SetEmulatedMedia().WithMedia("print"))
		var p printed
		e.run(ctx, chromedp.Evaluate(read, &p))
		msg := func(id string, data map[string]any) string { return strings.Join(said(t, lang, id, data), "") }
		want := printed{
			Title:      msg("sheet.title", nil),
			Columns:    []string{msg("sheet.game", nil), msg("sheet.board", nil), msg("sheet.break", nil), msg("sheet.wonBy", nil), msg("sheet.points", nil), msg("sheet.queen", nil), "asha", "ben", msg("sheet.signed", nil)},
			Stats:      []string{msg("sheet.stats.boards", nil), msg("sheet.stats.queens", nil), msg("sheet.stats.slams", nil), msg("sheet.stats.strokes", nil), msg("sheet.stats.scoring", nil), msg("sheet.stats.fouls", nil)},
			Signatures: []string{"asha", "ben", msg("sheet.signUmpireName", map[string]any{"Name": "rossi"})},
		}
		if lang == "it" {
			want.Title, want.Signatures[2] = "referto di gara", "l'arbitro: rossi"
			want.Columns[2], want.Columns[3] = "spaccata", "vinto da"
		}
		lower := func(ss []string) []string {
			out := make([]string, len(ss))
			for i, s := range ss {
				out[i] = strings.ToLower(s)
			}
			return out
		}
		if strings.ToLower(p.Title) != want.Title || fmt.Sprint(lower(p.Columns)) != fmt.Sprint(want.Columns) || fmt.Sprint(lower(p.Stats)) != fmt.Sprint(want.Stats) ||
			fmt.Sprint(lower(p.Signatures)) != fmt.Sprint(want.Signatures) {
			t.Errorf("%s: the printed sheet reads %q, columns %q, statistics %q, signatures %q; want %q, %q, %q, %q", lang, p.Title, p.Columns, p.Stats, p.Signatures, want.Title, want.Columns, want.Stats, want.Signatures)
		}
		if !strings.Contains(p.Head, p.Date) || !holds(p.Head, said(t, lang, "sheet.rules", map[string]any{"Rules": "ICF"})) {
			t.Errorf("%s: the sheet's first line %q; want the date as %q and the rules in the language", lang, p.Head, p.Date)
		}
		if p.Pad || !p.Sheet || p.Print {
			t.Errorf("%s printed: pad shown %v, sheet shown %v, print button shown %v; want only the sheet", lang, p.Pad, p.Sheet, p.Print)
		}
		if lang == "it" {
			e.shot(ctx, "umpire-print-it")
		}
	}
}
