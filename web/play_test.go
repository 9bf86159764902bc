package web_test

// End-to-end tests of what a player reads and sees: the rulings, the end
// of a board and of the match, the layout at common screen sizes.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
type rulingSeen struct{ kept, passed, covered, notCovered, board, game bool }

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
	var created struct{ ID string }
	resp, err := http.Post(e.base+"/api/tables", "application/json", strings.NewReader(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"computer","level":"club"},{"kind":"computer","level":"club"}],"seed":5}`))
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	for end := time.Now().Add(120 * time.Second); ; time.Sleep(500 * time.Millisecond) {
		var info struct {
			Table struct {
				Finished *time.Time `json:"finished"`
			} `json:"table"`
		}
		getJSON(t, e.base+"/api/tables/"+created.ID, &info)
		if info.Table.Finished != nil {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the computers' match did not end in 120 s")
		}
	}
	var r wireReplay
	getJSON(t, e.base+"/api/matches/"+created.ID+"/replay", &r)
	for _, page := range []string{"/replay/" + created.ID, "/t/" + created.ID} {
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
		if !seen.kept || !seen.passed || !seen.covered || !seen.board || !seen.game {
			t.Errorf("%s: the match of %d events did not show every case: %+v", page, len(r.Events), seen)
		}
	}
	// The replay page shows the ruling of the stroke it is at, the same words.
	e.run(ctx, chromedp.Navigate(e.base+"/replay/"+created.ID))
	e.waitFor(ctx, "the replay", `document.getElementById("status")?.textContent.startsWith("Stroke 0 of")`, 10*time.Second)
	var ok bool
	// "c/m" is explained the first time a ruling shown says it, and only then.
	e.run(ctx, chromedp.Evaluate(`(() => { const lis = [...document.querySelectorAll("#moves li")].filter((li) => /\bc\/m\b/.test(li.dataset.ruling));
		if (lis.length < 2) return false;
		lis[0].click(); const first = [...document.querySelectorAll("#ruling .gloss")].some((g) => g.textContent.startsWith("c/m:"));
		lis[1].click(); const again = [...document.querySelectorAll("#ruling .gloss")].some((g) => g.textContent.startsWith("c/m:"));
		return first && !again; })()`, &ok))
	if !ok {
		t.Error(`"c/m" is not explained exactly once, where a ruling first says it`)
	}
	e.run(ctx, chromedp.Click(`button[title="end"]`, chromedp.ByQuery))
	e.waitFor(ctx, "the last ruling", `document.querySelector("#ruling .words")?.textContent === document.querySelector("#moves li:last-child").dataset.ruling`, 10*time.Second)
	e.run(ctx, chromedp.Evaluate(`(() => { const li = document.querySelector("#moves li:last-child");
		const ids = [...document.querySelectorAll("#ruling .detail abbr")];
		return ids.map((a) => a.textContent).join(" ") === li.dataset.rules && ids.every((a) => a.title.length > 3); })()`, &ok))
	if !ok {
		t.Error("the ruling's detail line does not list the rule IDs with their phrases")
	}
}
