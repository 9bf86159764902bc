package web_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// umpireSheet opens an ICF singles sheet of Asha and Ravi on a 1280×800
// screen and returns its entry helper: it taps, enters, and waits for the
// server's answer.
func (e *env) umpireSheet(t *testing.T) (context.Context, string, func(taps ...string)) {
	t.Helper()
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/umpire/"), chromedp.WaitVisible("#u-open", chromedp.ByID),
		chromedp.SendKeys("#u-name-0", "Asha", chromedp.ByID), chromedp.SendKeys("#u-name-1", "Ravi", chromedp.ByID),
		chromedp.Click("#u-open", chromedp.ByID), chromedp.WaitVisible("#u-enter", chromedp.ByID))
	var url string
	e.run(ctx, chromedp.Location(&url))
	enter := func(taps ...string) {
		t.Helper()
		before := e.umpireSeq(ctx)
		e.run(ctx, tap(append(taps, "u-enter")...))
		e.waitFor(ctx, "the server's answer", fmt.Sprintf(`+document.getElementById("u-now").dataset.seq > %d`, before), 10*time.Second)
	}
	return ctx, url[strings.LastIndex(url, "/")+1:], enter
}

// storedLines are the entries the server holds for sheet id, in order.
func storedLines(t *testing.T, base, id string) []string {
	t.Helper()
	var v struct {
		View umpireView `json:"view"`
	}
	getJSON(t, base+"/api/umpire/"+id, &v)
	var lines []string
	for _, en := range v.View.Entries {
		lines = append(lines, string(en.Line))
	}
	return lines
}

func (e *env) umpireSeq(ctx context.Context) int {
	var s string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("u-now").dataset.seq`, &s))
	var n int
	fmt.Sscan(s, &n)
	return n
}

// TestUmpireRemoveConfirmUndo (issue 27, item 8): Remove asks first, in
// the page; once confirmed, the later entries the referee now reads
// otherwise are marked with what they read before ("Ravi pocketed 2 black"
// became Asha's, the opponent's), and Undo puts the entry back.
func TestUmpireRemoveConfirmUndo(t *testing.T) {
	e := newEnv(t)
	ctx, id, enter := e.umpireSheet(t)
	enter("u-white-plus") // Asha breaks, pockets a white, plays on
	enter()               // pockets nothing: Ravi's turn
	enter("u-black-plus", "u-black-plus")
	entry := func(n int) string { return e.text(ctx, fmt.Sprintf(`#u-entries li[data-n="%d"]`, n)) }
	if got := entry(3); !strings.Contains(got, "Ravi pocketed 2 black (own)") {
		t.Fatalf("entry 3: %q; want Ravi's 2 black", got)
	}

	// Remove asks, and sends nothing until confirmed; Keep it keeps it.
	e.run(ctx, chromedp.Click(`#u-entries li[data-n="2"] .u-remove`, chromedp.ByQuery), chromedp.WaitVisible("#u-remove-yes", chromedp.ByID))
	e.shot(ctx, "umpire-remove-confirm")
	if n := storedSeq(t, e.base, id); n != 3 {
		t.Fatalf("the server has %d operations while Remove waits for its confirmation; want 3", n)
	}
	e.run(ctx, tap("u-remove-no"))
	var asks int
	e.run(ctx, chromedp.Evaluate(`document.querySelectorAll("#u-remove-yes").length`, &asks))
	if asks != 0 || storedSeq(t, e.base, id) != 3 {
		t.Fatalf("after Keep it: %d confirmations shown, %d operations; want none, 3", asks, storedSeq(t, e.base, id))
	}
	e.run(ctx, chromedp.Click(`#u-entries li[data-n="2"] .u-remove`, chromedp.ByQuery), chromedp.WaitVisible("#u-remove-yes", chromedp.ByID), tap("u-remove-yes"))
	e.waitFor(ctx, "the removal", `+document.getElementById("u-now").dataset.seq === 4 && !!document.getElementById("u-unremove")`, 10*time.Second)
	e.shot(ctx, "umpire-removed")
	var marked []string
	e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#u-entries li.u-changed")].map((li) => li.dataset.n)`, &marked))
	if got := entry(2); len(marked) != 1 || marked[0] != "2" || !strings.Contains(got, "Asha pocketed 2 black (opponent's)") || !strings.Contains(got, "Read before: Ravi pocketed 2 black (own)") {
		t.Errorf("after the removal: entries %v marked, entry 2 %q; want entry 2 alone marked, now Asha's, with what it read before", marked, got)
	}
	if got := e.text(ctx, "#u-removed"); !strings.Contains(got, "Entry 2 removed") || !strings.Contains(got, "1 later entry now reads differently") {
		t.Errorf("the removal's notice: %q; want entry 2 named and the changed entry counted", got)
	}

	// Undo puts it back where it was: the sheet reads as before.
	e.run(ctx, tap("u-unremove"))
	e.waitFor(ctx, "the entry put back", `+document.getElementById("u-now").dataset.seq === 5 && document.querySelectorAll("#u-entries li[data-n]").length === 3`, 10*time.Second)
	if got := entry(3); !strings.Contains(got, "Ravi pocketed 2 black (own)") || !strings.Contains(got, "Read before: Asha pocketed 2 black") {
		t.Errorf("after Undo, entry 3: %q; want Ravi's again, marked", got)
	}
	if got := strings.Join(storedLines(t, e.base, id), " "); got != `{"stroke":{"white":1}} {"stroke":{}} {"stroke":{"black":2}}` {
		t.Errorf("stored entries after Undo: %s; want the three as entered", got)
	}
}

// TestUmpirePlainMessages (issue 27, item 7): the pad offers no more than
// the board holds (white and black by what is left, the queen only while
// on the board), and a correction refused is said in words: no JSON, no
// package prefix.
func TestUmpirePlainMessages(t *testing.T) {
	e := newEnv(t)
	ctx, _, enter := e.umpireSheet(t)
	disabled := func(id string) bool {
		var d bool
		e.run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.getElementById(%q).disabled`, id), &d))
		return d
	}
	enter("u-white-plus") // 8 white left
	for range 8 {
		e.run(ctx, tap("u-white-plus"))
	}
	if got := e.text(ctx, "#u-white"); got != "8" || !disabled("u-white-plus") || !disabled("u-jw-plus") {
		t.Errorf("8 white on the board, 8 tapped: the pad shows %s, + enabled %v, jumped + enabled %v; want 8 and both disabled", got, !disabled("u-white-plus"), !disabled("u-jw-plus"))
	}
	e.run(ctx, tap("u-white-minus"))
	if disabled("u-white-plus") || disabled("u-jw-plus") {
		t.Errorf("7 of 8 white tapped: a + is disabled; want both enabled")
	}
	for range 7 {
		e.run(ctx, tap("u-white-minus"))
	}
	enter("u-white-plus", "u-white-plus") // 6 white left
	enter("u-queen", "u-white-plus")      // the queen, covered
	if !disabled("u-queen") || !disabled("u-jq") {
		t.Errorf("the queen covered: the pad still offers it (pocketed %v, off the board %v)", !disabled("u-queen"), !disabled("u-jq"))
	}

	// Entry 1 corrected to 8 white leaves 1 for entry 2's two: refused, in words.
	e.run(ctx, chromedp.Click(`#u-entries li[data-n="1"] button`, chromedp.ByQuery))
	for range 7 {
		e.run(ctx, tap("u-white-plus"))
	}
	e.run(ctx, tap("u-enter"))
	e.waitFor(ctx, "the refusal", `document.querySelectorAll("li.u-refused").length === 1`, 10*time.Second)
	e.shot(ctx, "umpire-refused")
	got := e.text(ctx, "li.u-refused")
	want := "Not entered: entry 1 corrected to a stroke pocketing 8 white. With entry 1 corrected, entry 2 no longer stands: only 1 white is on the board, so a stroke cannot take 2 off it: enter what the stroke did."
	if got != want {
		t.Errorf("the refused correction reads %q; want %q", got, want)
	}
	for _, sel := range []string{"li.u-refused", "#error"} {
		if w := e.text(ctx, sel); strings.ContainsAny(w, "{}") || regexp.MustCompile(`\b(umpire|rules|server|referee|record): `).MatchString(w) {
			t.Errorf("%s reads %q; want plain words, without JSON or a package's prefix", sel, w)
		}
	}
}

// TestNoPageNamesDocs (issue 27, item 7): no page sends a player to the
// project's files (docs/*.md, RULES.md); a position string that does not
// read is refused in a plain sentence.
func TestNoPageNamesDocs(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800))
	for _, page := range []string{"/rules", "/practice"} {
		e.run(ctx, chromedp.Navigate(e.base+page), chromedp.WaitVisible("h1, #board", chromedp.ByQuery))
		var text string
		e.run(ctx, chromedp.Evaluate(`document.querySelectorAll("details").forEach((d) => d.open = true); document.body.innerText`, &text))
		if m := regexp.MustCompile(`\S*\.md\b`).FindString(text); m != "" {
			t.Errorf("%s names %q; want the site's own pages only", page, m)
		}
	}
	e.waitFor(ctx, "the practice position", `!!document.getElementById("board")?.dataset.position`, 20*time.Second)
	e.run(ctx, chromedp.SetValue("#position", "hello", chromedp.ByID), tap("set-position"))
	e.waitFor(ctx, "the refusal", `document.getElementById("error").textContent !== ""`, 10*time.Second)
	if got := e.text(ctx, "#error"); !strings.Contains(got, `a position string has 5 to 7 parts separated by " | ", and this text has 1`) || strings.Contains(got, "record:") {
		t.Errorf("a pasted word refused as %q; want a plain sentence counting the parts", got)
	}
}
