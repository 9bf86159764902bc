package web_test

// End-to-end tests of what a player reads and sees: the rulings, the end
// of a board and of the match, the layout at common screen sizes.

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// wireEvent is the part of an event message the checks read.
type wireEvent struct {
	Seq    int `json:"seq"`
	Action struct {
		Kind string `json:"kind"`
		Seat int    `json:"seat"`
	} `json:"action"`
	Outcome struct {
		Stroke *struct {
			White, Black         int
			Queen, Striker, Foul bool
		} `json:"stroke"`
	} `json:"outcome"`
	State wireState `json:"state"`
}

type wireState struct {
	Over  bool `json:"over"`
	ToAct struct {
		Seat int `json:"seat"`
	} `json:"to_act"`
	Match struct {
		Game  int `json:"game"`
		Board struct {
			Number int    `json:"number"`
			Queen  string `json:"queen"`
			White  int    `json:"white"`
		} `json:"board"`
		Ruling *struct {
			Rules    []string `json:"rules"`
			TurnKept bool     `json:"turn_kept"`
		} `json:"ruling"`
		Result *struct {
			Winner *int `json:"winner"`
			Points int  `json:"points"`
		} `json:"result"`
		GameWinner  *int `json:"game_winner"`
		MatchWinner *int `json:"match_winner"`
	} `json:"match"`
}

type wireReplay struct {
	Start *struct {
		Seq   int       `json:"seq"`
		State wireState `json:"state"`
	} `json:"start"`
	Events []wireEvent `json:"events"`
}

var ruleID = regexp.MustCompile(`\b[A-Z]{1,2}-\d+`)

// rulingSeen is what a test found in the rulings it checked: each case
// must come up for the check to mean something.
type rulingSeen struct{ kept, passed, covered, notCovered, board, why, game bool }

// checkRulings compares the words the page gave each event (seq to text,
// seq to rule IDs) with the server's ruling: every fact stated once and
// truly, none contradicted.
func checkRulings(t *testing.T, r wireReplay, words, ids map[int]string) rulingSeen {
	t.Helper()
	var seen rulingSeen
	var prev *wireState
	if r.Start != nil {
		prev = &r.Start.State
	}
	for i := range r.Events {
		ev := &r.Events[i]
		m := ev.State.Match
		text, ok := words[ev.Seq]
		if !ok {
			t.Errorf("event %d (%s) has no ruling on the page", ev.Seq, ev.Action.Kind)
			prev = &ev.State
			continue
		}
		bad := func(format string, args ...any) {
			t.Errorf("event %d (%s, rules %v): %q: %s", ev.Seq, ev.Action.Kind, m.Ruling, text, fmt.Sprintf(format, args...))
		}
		var rules []string
		if m.Ruling != nil {
			rules = m.Ruling.Rules
		}
		if got, want := ids[ev.Seq], strings.Join(rules, " "); got != want {
			bad("rule IDs %q; want the server's %q", got, want)
		}
		ended := m.Result != nil || m.GameWinner != nil || m.MatchWinner != nil
		has := func(s string) bool { return strings.Contains(text, s) }
		if ruleID.MatchString(text) {
			bad("a rule ID in the words: IDs belong in the detail line")
		}
		if has("Board to") != (m.Result != nil && m.Result.Winner != nil) {
			bad("a board won said or unsaid wrongly (result %v)", m.Result)
		} else if m.Result != nil && m.Result.Winner != nil {
			seen.board = true
			seen.why = seen.why || has(" c/m left")
			if !has(fmt.Sprintf(": %d point", m.Result.Points)) {
				bad("want %d points", m.Result.Points)
			}
		}
		if has("Game to") != (m.GameWinner != nil) {
			bad("a game won said or unsaid wrongly (game winner %v)", m.GameWinner)
		}
		seen.game = seen.game || m.GameWinner != nil
		if has("Match to") != (m.MatchWinner != nil) {
			bad("a match won said or unsaid wrongly (match winner %v)", m.MatchWinner)
		}
		stroke := ev.Action.Kind == "strike" || ev.Action.Kind == "timeout"
		if m.Ruling != nil && stroke && !ended {
			continues, passes := has("turn continues"), has("turn passes")
			switch {
			case continues && passes:
				bad("the turn both continues and passes")
			case m.Ruling.TurnKept && !continues:
				bad("the turn was kept; the page does not say so")
			case !m.Ruling.TurnKept && !passes:
				bad("the turn passed; the page does not say so")
			}
			seen.kept = seen.kept || m.Ruling.TurnKept
			seen.passed = seen.passed || !m.Ruling.TurnKept
		} else if has("turn continues") || has("turn passes") {
			bad("a turn said to continue or pass where the stroke ended the board or had no ruling")
		}
		if m.Ruling == nil && (has("Board to") || has("Game to") || has("turn")) {
			bad("an action without a ruling reads as a ruling")
		}
		// The queen, read from its state before and after.
		if prev != nil && stroke && !ended && prev.Match.Board.Number == m.Board.Number {
			coveredNow := prev.Match.Board.Queen != "covered" && m.Board.Queen == "covered"
			failed := prev.Match.Board.Queen == "pending" && m.Board.Queen == "board"
			if has("not covered") != failed {
				bad("queen %s → %s: 'not covered' said or unsaid wrongly", prev.Match.Board.Queen, m.Board.Queen)
			}
			if coveredNow && !has("covered") {
				bad("the queen was covered; the page does not say so")
			}
			if !coveredNow && has("covered") && !failed {
				bad("queen %s → %s: the page says covered", prev.Match.Board.Queen, m.Board.Queen)
			}
			seen.covered = seen.covered || coveredNow
			seen.notCovered = seen.notCovered || failed
		}
		// A failed break: only what happened.
		if b3, b4, b5 := slices.Contains(rules, "B-3"), slices.Contains(rules, "B-4"), slices.Contains(rules, "B-5"); has("another attempt") != (b3 && !b4 && !b5) || has("Three break attempts missed") != b4 {
			bad("the break attempt said wrongly")
		}
		if ev.Outcome.Stroke != nil && ev.Outcome.Stroke.Queen && !has("queen") {
			bad("the queen was pocketed; the page does not say so")
		}
		prev = &ev.State
	}
	return seen
}

// TestRulingsReadTrue plays a whole match between two computers, then
// reads every ruling the page gives, on the replay page and on the
// table's own page, and checks each against the server's ruling.
func TestRulingsReadTrue(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"computer","level":"club"},{"kind":"computer","level":"club"}],"seed":5}`)
	e.watch(id)
	for end := time.Now().Add(120 * time.Second); ; time.Sleep(500 * time.Millisecond) {
		var info struct {
			Table struct {
				Finished *time.Time `json:"finished"`
			} `json:"table"`
		}
		getJSON(t, e.base+"/api/tables/"+id, &info)
		if info.Table.Finished != nil {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the computers' match did not end in 120 s")
		}
	}
	var r wireReplay
	getJSON(t, e.base+"/api/matches/"+id+"/replay", &r)
	for _, page := range []string{"/replay/" + id, "/t/" + id} {
		e.run(ctx, chromedp.Navigate(e.base+page))
		e.waitFor(ctx, "the move list", fmt.Sprintf(`document.querySelectorAll("#moves li").length === %d`, len(r.Events)), 20*time.Second)
		var rows []struct {
			Seq   int    `json:"seq"`
			Words string `json:"words"`
			Rules string `json:"rules"`
		}
		e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#moves li")].map((li) => ({seq: li.value, words: li.dataset.ruling, rules: li.dataset.rules}))`, &rows))
		words, ids := map[int]string{}, map[int]string{}
		for _, row := range rows {
			words[row.Seq], ids[row.Seq] = row.Words, row.Rules
		}
		seen := checkRulings(t, r, words, ids)
		if !seen.kept || !seen.passed || !seen.covered || !seen.board || !seen.why || !seen.game {
			t.Errorf("%s: the match of %d events did not show every case: %+v", page, len(r.Events), seen)
		}
	}
	// The replay page shows the ruling of the stroke it is at, the same words.
	e.run(ctx, chromedp.Navigate(e.base+"/replay/"+id))
	e.waitFor(ctx, "the replay", `document.getElementById("status")?.textContent.startsWith("Stroke 0 of")`, 10*time.Second)
	var ok bool
	// "c/m" and "due" are explained the first time a ruling shown says
	// them, and only then.
	for _, term := range []string{"c/m", "due"} {
		e.run(ctx, chromedp.Navigate(e.base+"/replay/"+id))
		e.waitFor(ctx, "the replay", `document.getElementById("status")?.textContent.startsWith("Stroke 0 of")`, 10*time.Second)
		e.run(ctx, chromedp.Evaluate(fmt.Sprintf(`(() => { const term = %q, re = new RegExp("\\b" + term.replace("/", "\\/") + "\\b");
		const lis = [...document.querySelectorAll("#moves li")].filter((li) => re.test(li.dataset.ruling));
		const gloss = () => [...document.querySelectorAll("#ruling .gloss")].some((g) => g.textContent.startsWith(term + ":"));
		if (lis.length < 2) return false;
		lis[0].click(); const first = gloss();
		lis[1].click(); const again = gloss();
		return first && !again; })()`, term), &ok))
		if !ok {
			t.Errorf("%q is not explained exactly once, where a ruling first says it", term)
		}
	}
	e.run(ctx, chromedp.Click(`button[title="end"]`, chromedp.ByQuery))
	e.waitFor(ctx, "the last ruling", `document.querySelector("#ruling .words")?.textContent === document.querySelector("#moves li:last-child").dataset.ruling`, 10*time.Second)
	e.run(ctx, chromedp.Evaluate(`(() => { const li = document.querySelector("#moves li:last-child");
		const ids = [...document.querySelectorAll("#ruling .detail abbr")];
		return ids.map((a) => a.textContent).join(" ") === li.dataset.rules && ids.every((a) => a.title.length > 3); })()`, &ok))
	if !ok {
		t.Error("the ruling's detail line does not list the rule IDs with their phrases")
	}
	// The ruling links the part of How to play that explains it.
	var href, first string
	e.run(ctx, chromedp.Evaluate(`document.querySelector("#ruling a.explain")?.getAttribute("href") ?? ""`, &href),
		chromedp.Evaluate(`document.querySelector("#moves li:last-child").dataset.rules.split(" ")[0]`, &first))
	sections := map[string]string{"B": "break", "T": "turn", "Q": "queen", "D": "dues", "PL": "dues", "SC": "scoring", "SP": "scoring", "G": "match", "TM": "match"}
	if want := "/rules#" + sections[strings.Split(first, "-")[0]]; href != want {
		t.Errorf("the last ruling (%s) links %q; want %q", first, href, want)
	}
}

// TestHowToPlay starts a game with the lobby's one button, then opens the
// rules in plain words from the lobby's link: every section a ruling may
// link to is there.
func TestHowToPlay(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	var link string
	e.run(ctx, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#how-to-play", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("how-to-play").getAttribute("href")`, &link))
	if link != "/rules" {
		t.Fatalf("the lobby's How to play links %q; want /rules", link)
	}
	// "Play now" starts a game against the computer at once.
	e.run(ctx, chromedp.Click("#play-now", chromedp.ByID))
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		var loc string
		chromedp.Run(ctx, chromedp.Location(&loc))
		if strings.Contains(loc, "/t/") && strings.HasSuffix(loc, "?seat=0") {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("after Play now the page is at %s; want a table at seat 0", loc)
		}
	}
	e.waitFor(ctx, "my stroke after Play now", myStroke, 60*time.Second)
	var opponent string
	e.run(ctx, chromedp.Evaluate(`document.querySelector('.seats [data-seat="1"]').textContent`, &opponent))
	if !strings.HasPrefix(opponent, "Computer (") {
		t.Errorf("after Play now seat 2 is %q; want the computer", opponent)
	}
	e.run(ctx, chromedp.Navigate(e.base+link))
	e.waitFor(ctx, "the rules page", `!!document.querySelector("article.rules")`, 10*time.Second)
	// The break's diagram: the server's break played on a small board, again and again.
	// The diagrams: the server's strokes played on a small board, again and
	// again; each played twice, and what the server ruled on each step is
	// what the caption shows.
	for _, d := range []struct{ id, rulings string }{
		{"break", "B-2 T-1"},
		{"queen", "Q-4 T-1, Q-4 T-1"}, // pocketed, then covered, the turn kept (T-1)
		{"dues", "D-1, "},             // the striker pocketed: a due (D-1); the placing is ruled nothing
	} {
		sel := "#" + d.id + " canvas.diagram"
		e.waitFor(ctx, "the "+d.id+" diagram played twice", `+(document.querySelector("`+sel+`")?.dataset.played ?? 0) >= 2`, 30*time.Second)
		var rulings string
		e.run(ctx, chromedp.Evaluate(`document.querySelector("`+sel+`").dataset.rulings`, &rulings))
		if rulings != d.rulings {
			t.Errorf("the %s diagram's steps were ruled %q; want %q", d.id, rulings, d.rulings)
		}
	}
	e.shot(ctx, "rules")
	e.run(ctx, chromedp.Evaluate(`document.querySelector("#queen canvas.diagram").scrollIntoView()`, nil))
	e.shot(ctx, "rules-queen")
	for _, id := range []string{"aim", "break", "turn", "queen", "dues", "scoring", "match", "words"} {
		var text string
		e.run(ctx, chromedp.Evaluate(`document.getElementById(`+"`"+id+"`"+`)?.textContent ?? ""`, &text))
		if len(text) < 80 {
			t.Errorf("section %q of How to play: %q; want a few plain sentences", id, text)
		}
	}
	var text string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("queen").textContent`, &text))
	if !strings.Contains(text, "cover") || !strings.Contains(text, "3 points") {
		t.Errorf("the queen's section %q says nothing of its cover or its points", text)
	}
}

// shot saves a screenshot of the viewport as name.png in the directory
// CARROM_SHOTS names, to look at the page as a player does; without it,
// nothing. With -update-screenshot, the README's pictures (readme names
// them under docs/) are written too.
func (e *env) shot(ctx context.Context, name string, readme ...string) {
	dir := os.Getenv("CARROM_SHOTS")
	if dir == "" && (len(readme) == 0 || !*updateScreenshot) {
		return
	}
	var buf []byte
	e.run(ctx, chromedp.CaptureScreenshot(&buf))
	if dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
			e.t.Fatal(err)
		}
	}
	for _, r := range readme {
		if *updateScreenshot {
			if err := os.WriteFile(filepath.Join("..", "docs", r), buf, 0o644); err != nil {
				e.t.Fatal(err)
			}
		}
	}
}

// TestEndOfBoardAndMatch plays against the computer, concedes a board and
// reads its summary (the points the server scored, the colour of the next
// board), paces the next board with "Next board", concedes the match and
// reaches the match-over screen, then plays a rematch; the lobby lists the
// finished match with its winner and score. Conceding is asked again in
// the page, never in the browser's bare confirm box, and "Keep playing"
// changes nothing, as does Escape; the match-over screen offers no Concede.
func TestEndOfBoardAndMatch(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	chromedp.ListenTarget(ctx, func(ev any) {
		if d, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			t.Errorf("the browser's own %s box opened: %q; want the page's dialog", d.Type, d.Message)
			go chromedp.Run(ctx, page.HandleJavaScriptDialog(true))
		}
	})
	url := e.playBeginner(ctx)
	id := strings.TrimSuffix(url[strings.Index(url, "/t/")+3:], "?seat=0")
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)

	// Asked, then kept: nothing is sent, the stroke is still to play.
	before := e.seq(ctx)
	e.run(ctx, chromedp.Click("details.concede summary", chromedp.ByQuery), chromedp.Click(`//button[text()="the board"]`, chromedp.BySearch))
	e.waitFor(ctx, "the page's question", `document.getElementById("concede-confirm")?.open === true && document.activeElement?.id === "concede-no"`, 5*time.Second)
	if q := strings.Join(strings.Fields(e.text(ctx, "#concede-confirm")), " "); !strings.HasPrefix(q, "Concede the board? The other side wins this board") {
		t.Errorf("the page asks %q; want whether to concede the board, and what follows", q)
	}
	e.run(ctx, chromedp.Click("#concede-no", chromedp.ByID))
	e.waitFor(ctx, "the question gone", `!document.getElementById("concede-confirm")`, 5*time.Second)
	e.run(ctx, chromedp.Click("details.concede summary", chromedp.ByQuery), chromedp.Click(`//button[text()="the match"]`, chromedp.BySearch))
	e.waitFor(ctx, "the page's question", `document.getElementById("concede-confirm")?.open === true`, 5*time.Second)
	e.run(ctx, chromedp.KeyEvent(kb.Escape))
	e.waitFor(ctx, "the question gone at Escape", `!document.getElementById("concede-confirm")`, 5*time.Second)
	if int64(before) != serverSeq(t, e.base, id) {
		t.Fatalf("after Keep playing the server is at action %d; want %d, nothing conceded", serverSeq(t, e.base, id), before)
	}
	e.concede(ctx, "board")
	e.waitFor(ctx, "the board's summary", `!!document.getElementById("summary")`, 10*time.Second)
	// The page holds the board that ended until the player goes on, though
	// the server has started the next.
	var r wireReplay
	getJSON(t, e.base+"/api/matches/"+id+"/replay", &r)
	var ev wireEvent
	for _, x := range r.Events {
		if x.Action.Kind == "concede" {
			ev = x
		}
	}
	if ev.State.Match.Result == nil || ev.State.Match.Result.Winner == nil || *ev.State.Match.Result.Winner != 1 {
		t.Fatalf("the conceded board's result on the server: %+v; want won by side 2", ev.State.Match.Result)
	}
	if got := e.seq(ctx); got != before {
		t.Errorf("under the summary the board shows action %d; want the board that ended (%d)", got, before)
	}
	e.shot(ctx, "summary", "screenshot-summary.png")
	sum := strings.Join(strings.Fields(e.text(ctx, "#summary")), " ")
	if want := fmt.Sprintf("Board 1 to Computer (beginner) You conceded the board (G-4): the board goes to Computer (beginner), %d points: 9 c/m left + queen 3 = 12.", ev.State.Match.Result.Points); !strings.Contains(sum, want) {
		t.Errorf("summary %q; want %q", sum, want)
	}
	colour := "black"
	if ev.State.Match.Board.White == 0 {
		colour = "white"
	}
	if want := "You play " + colour + " in the next board."; !strings.Contains(sum, want) {
		t.Errorf("summary %q; want %q", sum, want)
	}
	var sound string
	e.run(ctx, chromedp.Evaluate(`document.body.dataset.sound`, &sound))
	if sound != "board lost" {
		t.Errorf("the sound at the end of a board lost is %q; want the board lost", sound)
	}
	e.run(ctx, chromedp.Click("#next-board", chromedp.ByID))
	e.waitFor(ctx, "the next board", fmt.Sprintf(`!document.getElementById("summary") && +document.getElementById("board").dataset.seq >= %d`, ev.Seq), 10*time.Second)

	for end := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if _, _, ok := e.striker(ctx); ok && int64(e.seq(ctx)) == serverSeq(t, e.base, id) {
			break
		}
		e.playMine(ctx, nil, true) // a due to place first
		if time.Now().After(end) {
			t.Fatal("no stroke of mine on the next board")
		}
	}
	e.concede(ctx, "match")
	e.waitFor(ctx, "the match-over screen", `!!document.getElementById("match-over")`, 10*time.Second)
	e.shot(ctx, "match-over")
	over := e.text(ctx, "#match-over")
	if !strings.Contains(over, "Match over: Computer (beginner) wins") || !strings.Contains(over, "Games won") {
		t.Errorf("match-over screen %q; want the winner and the games", over)
	}
	var offered int
	e.run(ctx, chromedp.Evaluate(`document.querySelectorAll("details.concede").length`, &offered))
	if offered != 0 {
		t.Error("the match-over screen still offers Concede")
	}
	for _, sel := range []string{"#rematch", "#new-game", "#lobby"} {
		var n int
		e.run(ctx, chromedp.Evaluate(`document.querySelectorAll(`+"`"+sel+"`"+`).length`, &n))
		if n != 1 {
			t.Errorf("the match-over screen has no %s", sel)
		}
	}
	e.run(ctx, chromedp.Click("#rematch", chromedp.ByID))
	// The page navigates away: read its address until it is a new table.
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		var loc string
		chromedp.Run(ctx, chromedp.Location(&loc))
		if strings.Contains(loc, "/t/") && !strings.Contains(loc, id) && strings.HasSuffix(loc, "?seat=0") {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("after Rematch the page is at %s; want a new table at seat 0", loc)
		}
	}
	e.waitFor(ctx, "my stroke in the rematch", myStroke, 60*time.Second)

	e.run(ctx, chromedp.Navigate(e.base+"/"))
	e.waitFor(ctx, "the finished match's result", `[...document.querySelectorAll("#finished td.result")].some((td) => td.textContent === "computer (beginner) won, games 0–0, last game 0–12")`, 10*time.Second)
}

// outside lists the visible controls and messages of the current step
// (the board, the score bar, the turn, clock and power, the buttons, the
// ruling, the summary or match-over screen) whose box leaves the viewport.
const outside = `(() => {
	const sel = "#board, #scorebar, #status, #clock, #power, #error, #ruling, .step button, .step select, .step a, .step input, details.concede > summary, .summary, .summary button, .summary a";
	const out = [];
	for (const el of document.querySelectorAll(sel)) {
		const r = el.getBoundingClientRect();
		if (!el.offsetParent || r.width === 0 || r.height === 0) continue;
		if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
			out.push((el.id || el.className || el.tagName) + " " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
	}
	return out;
})()`

// TestLayout checks, at four common screen sizes, that the board and every
// control and message of the step in play fit in the viewport without
// scrolling: waiting for a stroke, mid-aim (the power shown, and no
// Shoot popping up mid-drag), and in a replay; on a phone the score comes first, then the board, then the
// actions.
func TestLayout(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"clock":30,"seats":[{"kind":"human"},{"kind":"computer","level":"beginner"}],"seed":3}`)
	sizes := []struct {
		w, h  int64
		phone bool
	}{{1280, 800, false}, {1366, 768, false}, {1920, 1080, false}, {390, 844, true}}
	check := func(what string) {
		t.Helper()
		var out []string
		e.run(ctx, chromedp.Evaluate(outside, &out))
		if len(out) > 0 {
			t.Errorf("%s: outside the viewport: %v", what, out)
		}
	}
	// One stroke first, so that a ruling and the last stroke's buttons are there.
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/t/"+id+"?seat=0"))
	e.take(ctx, 0)
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	x, y, _ := e.striker(ctx)
	before := e.seq(ctx)
	e.run(ctx, pull(x, y, 5, 100), release(x+5, y+100))
	e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
	for _, sz := range sizes {
		name := fmt.Sprintf("%dx%d", sz.w, sz.h)
		emulate := chromedp.EmulateViewport(sz.w, sz.h)
		if sz.phone {
			emulate = chromedp.EmulateViewport(sz.w, sz.h, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
		}
		e.run(ctx, emulate, chromedp.Navigate(e.base+"/t/"+id+"?seat=0"), chromedp.WaitVisible("#board", chromedp.ByID))
		for end := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			if _, _, ok := e.striker(ctx); ok {
				break
			}
			e.playMine(ctx, nil, true)
			if time.Now().After(end) {
				t.Fatalf("%s: no stroke of mine", name)
			}
		}
		e.waitFor(ctx, "the last stroke's button", `!!document.getElementById("replay-last")`, 10*time.Second)
		check(name + ", my stroke")
		e.shot(ctx, "layout-"+name)
		if sz.phone {
			var small []string
			e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("button, select, input, summary")].filter((el) => el.offsetParent && el.getBoundingClientRect().height < 44).map((el) => (el.id || el.textContent) + " " + el.getBoundingClientRect().height)`, &small))
			if len(small) > 0 {
				t.Errorf("%s: tap targets under 44 px: %v", name, small)
			}
			var order []float64
			e.run(ctx, chromedp.Evaluate(`["#scorebar", "#board", "#status", ".step .controls"].map((s) => document.querySelector(s).getBoundingClientRect().top)`, &order))
			if !slices.IsSorted(order) {
				t.Errorf("%s: the tops of the score, board, status and actions are %v; want them in that order", name, order)
			}
			// Mid-aim with a finger: Shoot and Cancel in view too.
			touch := func(typ input.TouchType, px, py float64) chromedp.Action {
				pts := []*input.TouchPoint{{X: px, Y: py, ID: 1}}
				if typ == input.TouchEnd {
					pts = []*input.TouchPoint{}
				}
				return input.DispatchTouchEvent(typ, pts)
			}
			x, y, _ := e.striker(ctx)
			aim := []chromedp.Action{touch(input.TouchStart, x, y)}
			for i := 1; i <= 6; i++ {
				aim = append(aim, touch(input.TouchMove, x+float64(i), y+10*float64(i)))
			}
			// A touch screen has no "Aim with keys".
			var got string
			e.run(ctx, chromedp.Evaluate(`document.getElementById("shoot")?.textContent ?? ""`, &got))
			if got != "" {
				t.Errorf("%s: before aiming the page offers %q; want no keys to aim with on a touch screen", name, got)
			}
			e.run(ctx, aim...)
			e.waitFor(ctx, "the power while aiming, and no Shoot mid-drag", `document.getElementById("power").textContent.startsWith("Power") && !document.getElementById("shoot")`, 5*time.Second)
			check(name + ", aiming")
			e.shot(ctx, "aim-"+name, "screenshot-phone.png")
			e.run(ctx, touch(input.TouchMove, x, y), touch(input.TouchEnd, 0, 0))
			continue
		}
		// Mid-aim: the pull held, Shoot and Cancel shown.
		x, y, _ := e.striker(ctx)
		e.run(ctx, pull(x, y, 10, 90))
		e.waitFor(ctx, "the power while aiming, and no Shoot mid-drag", `document.getElementById("power").textContent.startsWith("Power") && !document.getElementById("shoot")`, 5*time.Second)
		check(name + ", aiming")
		if sz.w == 1280 {
			e.shot(ctx, "aim-"+name, "screenshot-aim.png")
		} else {
			e.shot(ctx, "aim-"+name)
		}
		e.run(ctx, chromedp.MouseEvent("mouseMoved", x, y, chromedp.ButtonLeft), release(x, y))
	}
	// A replay of the match, at each size.
	e.run(ctx, chromedp.EmulateViewport(1280, 800))
	e.run(ctx, chromedp.Navigate(e.base+"/t/"+id+"?seat=0"))
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	e.concede(ctx, "match")
	e.waitFor(ctx, "the match-over screen", `!!document.getElementById("match-over")`, 10*time.Second)
	check("1280x800, match over")
	for _, sz := range sizes {
		name := fmt.Sprintf("replay %dx%d", sz.w, sz.h)
		e.run(ctx, chromedp.EmulateViewport(sz.w, sz.h), chromedp.Navigate(e.base+"/replay/"+id))
		e.waitFor(ctx, "the replay", `document.getElementById("status")?.textContent.startsWith("Stroke 0 of")`, 10*time.Second)
		check(name)
	}
}

// luminance is the relative luminance of an sRGB colour (WCAG 2).
func luminance(r, g, b float64) float64 {
	lin := func(c float64) float64 {
		c /= 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

func contrast(a, b float64) float64 { return (max(a, b) + 0.05) / (min(a, b) + 0.05) }

// TestSpectatorClockAndAccess checks what a spectator is offered (no
// concede, no how-to), the invite link's copy button, the shot clock's
// low style and tick, the sound toggle's state, the live regions, the
// base line's zones and the power arrow against the wood, the favicon,
// and the lobby's tap targets on a phone.
func TestSpectatorClockAndAccess(t *testing.T) {
	e := newEnv(t)
	player, spectator := e.tab(), e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"clock":15,"seats":[{"kind":"human"},{"kind":"human"}],"seed":4}`)
	e.run(player, chromedp.Navigate(e.base+"/t/"+id+"?seat=0"))
	e.take(player, 0)
	e.waitFor(player, "the invite link", `!!document.querySelector('.links button.copy[data-seat="1"]')`, 10*time.Second)
	// The clipboard of a headless browser in its own context cannot be read
	// back; the page's call to it is what is checked.
	var copied string
	e.run(player, chromedp.Evaluate(`navigator.clipboard.writeText = async (text) => { window.copied = text; }`, nil),
		chromedp.Click(`.links button.copy[data-seat="1"]`, chromedp.ByQuery))
	e.waitFor(player, "the link copied", `document.querySelector('.links button.copy[data-seat="1"]').textContent === "Copied"`, 5*time.Second)
	e.run(player, chromedp.Evaluate(`window.copied`, &copied))
	if want := e.base + "/t/" + id + "?seat=1"; copied != want {
		t.Errorf("the copy button copied %q; want %q", copied, want)
	}

	// The second player takes seat 1 from the link; a spectator watches.
	other := e.tab()
	e.run(other, chromedp.Navigate(e.base+"/t/"+id+"?seat=1"))
	e.take(other, 1)
	e.run(spectator, chromedp.Navigate(e.base+"/t/"+id))
	e.waitFor(spectator, "the game to start", `document.getElementById("board")?.dataset.seq !== undefined && !!document.querySelector(".seats .toact")`, 20*time.Second)
	var offered struct{ Concede, Howto bool }
	e.run(spectator, chromedp.Evaluate(`({concede: !!document.querySelector("details.concede")?.offsetParent, howto: !!document.querySelector("details.howto")?.offsetParent})`, &offered))
	if offered.Concede || offered.Howto {
		t.Errorf("a spectator is offered concede %v, how-to %v; want neither", offered.Concede, offered.Howto)
	}
	e.run(player, chromedp.Evaluate(`({concede: !!document.querySelector("details.concede")?.offsetParent, howto: !!document.querySelector("details.howto")?.offsetParent})`, &offered))
	if !offered.Concede || !offered.Howto {
		t.Errorf("a player is offered concede %v, how-to %v; want both", offered.Concede, offered.Howto)
	}
	var live bool
	e.run(player, chromedp.Evaluate(`document.getElementById("status").getAttribute("role") === "status" && document.getElementById("ruling").getAttribute("aria-live") === "polite"`, &live))
	if !live {
		t.Error("the status and the ruling are not live regions")
	}

	// Seat 0 breaks (RULES B-7: the first board's breaker is seat 0 unless
	// a toss): wait for the clock to run low on whichever page is to act.
	e.waitFor(player, "my stroke", myStroke, 20*time.Second)
	e.run(player, chromedp.Click("#mute", chromedp.ByID), chromedp.Click("#mute", chromedp.ByID)) // a gesture: the sound may start
	var pressed []string
	e.run(player, chromedp.Evaluate(`(() => { const b = document.getElementById("mute"); const a = [b.getAttribute("aria-pressed") + " " + b.textContent.trim()]; b.click(); a.push(b.getAttribute("aria-pressed") + " " + b.textContent.trim() + " " + !!b.querySelector("svg")); b.click(); return a; })()`, &pressed))
	if len(pressed) != 2 || pressed[0] != "false Sound on" || pressed[1] != "true Sound off true" {
		t.Errorf("the sound toggle reads %q; want on, then off (pressed) with its speaker icon", pressed)
	}
	// The zones and the arrow, from a screenshot of the board.
	var zones string
	e.run(player, chromedp.Evaluate(`document.getElementById("board").dataset.zones`, &zones))
	var lx, ly, ix, iy float64
	if _, err := fmt.Sscanf(zones, "%g,%g;%g,%g", &lx, &ly, &ix, &iy); err != nil {
		t.Fatalf("the board's zones %q: %v", zones, err)
	}
	var buf []byte
	e.run(player, chromedp.Screenshot("#board", &buf, chromedp.ByID))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	var dpr, cssWidth float64
	e.run(player, chromedp.Evaluate(`devicePixelRatio`, &dpr), chromedp.Evaluate(`document.getElementById("board").getBoundingClientRect().width`, &cssWidth))
	lum := func(x, y float64) float64 {
		s := float64(img.Bounds().Dx()) / cssWidth
		r, g, b, _ := img.At(int(x*s), int(y*s)).RGBA()
		return luminance(float64(r>>8), float64(g>>8), float64(b>>8))
	}
	legal, illegal := lum(lx, ly), lum(ix, iy)
	t.Logf("base line: legal luminance %.3f, illegal %.3f, contrast %.2f", legal, illegal, contrast(legal, illegal))
	if c := contrast(legal, illegal); c < 2 || legal < illegal {
		t.Errorf("legal base line luminance %.3f, illegal %.3f: contrast %.2f; want the legal part brighter by 2:1 or more", legal, illegal, c)
	}
	wood := lum(cssWidth*0.68, cssWidth*0.5) // the playing surface, between the centre and a base line
	x, y, _ := e.striker(player)
	for _, back := range []float64{20, 60, 120} {
		e.run(player, pull(x, y, 0, back))
		var colour string
		e.waitFor(player, "the aim", `!!document.getElementById("board").dataset.aimColour`, 5*time.Second)
		e.run(player, chromedp.Evaluate(`(() => { const d = document.createElement("div"); d.style.color = document.getElementById("board").dataset.aimColour; document.body.append(d); const c = getComputedStyle(d).color; d.remove(); return c; })()`, &colour))
		var r, g, b float64
		fmt.Sscanf(colour, "rgb(%g, %g, %g)", &r, &g, &b)
		t.Logf("pull %v px: power arrow %s, contrast %.2f on the wood", back, colour, contrast(luminance(r, g, b), wood))
		if c := contrast(luminance(r, g, b), wood); c < 3 {
			t.Errorf("pull %v px: the power arrow %s on the wood (luminance %.3f): contrast %.2f; want 3:1 or more", back, colour, wood, c)
		}
		e.run(player, chromedp.MouseEvent("mouseMoved", x, y, chromedp.ButtonLeft), release(x, y))
	}
	e.shot(player, "zones")

	// The clock: below five seconds the status and the clock turn red and tick.
	e.waitFor(player, "the low clock", `document.getElementById("clock").classList.contains("low") && document.getElementById("status").classList.contains("low")`, 20*time.Second)
	var colours []string
	e.run(player, chromedp.Evaluate(`[getComputedStyle(document.getElementById("status")).color, getComputedStyle(document.querySelector(".side")).color]`, &colours))
	if len(colours) != 2 || colours[0] == colours[1] {
		t.Errorf("the low clock's status colour %v; want it unlike the page's", colours)
	}
	e.waitFor(player, "the clock's tick", `document.body.dataset.sound === "tick"`, 5*time.Second)
	var icon int
	e.run(player, chromedp.Evaluate(`fetch("/favicon.ico").then((r) => r.status)`, &icon, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if icon != http.StatusOK {
		t.Errorf("GET /favicon.ico = %d; want 200", icon)
	}

	// On a phone every control of the lobby is 44 px tall or more.
	e.run(spectator, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)),
		chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-computer", chromedp.ByID))
	var small []string
	e.run(spectator, chromedp.Evaluate(`[...document.querySelectorAll("button, select, input, a.button, summary")].filter((el) => el.offsetParent && el.getBoundingClientRect().height < 44).map((el) => (el.id || el.tagName) + " " + el.getBoundingClientRect().height)`, &small))
	if len(small) > 0 {
		t.Errorf("tap targets under 44 px on a phone: %v", small)
	}
}

// TestInstantReplay plays a stroke, then plays it again from the button
// (nothing is sent: the server's table stays where it was) and turns slow
// motion on and off.
func TestInstantReplay(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	url := e.playBeginner(ctx)
	id := strings.TrimSuffix(url[strings.Index(url, "/t/")+3:], "?seat=0")
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	x, y, _ := e.striker(ctx)
	before := e.seq(ctx)
	e.run(ctx, pull(x, y, 5, 100), release(x+5, y+100))
	e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
	e.waitFor(ctx, "the last stroke button", `!!document.getElementById("replay-last") && !document.getElementById("board").dataset.busy`, 30*time.Second)

	e.run(ctx, chromedp.Click("#slow", chromedp.ByID))
	e.waitFor(ctx, "slow motion", `document.getElementById("slow").getAttribute("aria-pressed") === "true" && document.getElementById("board").dataset.speed === "0.25"`, 5*time.Second)
	e.run(ctx, chromedp.Click("#slow", chromedp.ByID))
	e.waitFor(ctx, "normal speed", `document.getElementById("slow").getAttribute("aria-pressed") === "false" && document.getElementById("board").dataset.speed === "1"`, 5*time.Second)

	seq := e.seq(ctx)
	e.run(ctx, chromedp.Click("#replay-last", chromedp.ByID))
	e.waitFor(ctx, "the last stroke again", `document.getElementById("board").dataset.replays === "1"`, 5*time.Second)
	e.waitFor(ctx, "the replay's end", `!document.getElementById("board").dataset.busy && !!document.getElementById("replay-last")`, 30*time.Second)
	// The computer may have played meanwhile; this browser's seat has not.
	var r wireReplay
	getJSON(t, e.base+"/api/matches/"+id+"/replay", &r)
	for _, ev := range r.Events {
		if ev.Seq > seq && ev.Action.Seat == 0 && ev.Action.Kind != "toss" {
			t.Errorf("after the instant replay the server took action %d (%s) from this browser's seat", ev.Seq, ev.Action.Kind)
		}
	}
	e.checkBoard(ctx, "after the instant replay")
}
