package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/carrom-game/carrom/internal/pgtest"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

type sheetReply struct {
	ID   string `json:"id"`
	View struct {
		Seq     int64 `json:"seq"`
		Entries []struct {
			Line  json.RawMessage `json:"line"`
			Reply json.RawMessage `json:"reply"`
		} `json:"entries"`
		Boards []struct {
			Winner *int   `json:"winner"`
			Points int    `json:"points"`
			Rule   string `json:"rule"`
			Signed bool   `json:"signed"`
		} `json:"boards"`
		State    json.RawMessage `json:"state"`
		MustSign int             `json:"must_sign"`
		Over     bool            `json:"over"`
		Winner   *int            `json:"winner"`
	} `json:"view"`
	Yours     bool           `json:"yours"`
	Duplicate bool           `json:"duplicate"`
	Error     string         `json:"error"`
	Code      string         `json:"code"`
	Params    map[string]any `json:"params"`
	Next      int64          `json:"next"`
}

func (p *player) sheet(method, path, body string) (int, sheetReply) {
	p.t.Helper()
	code, text := p.do(method, path, body)
	var r sheetReply
	if err := json.Unmarshal([]byte(text), &r); err != nil && !strings.HasSuffix(path, ".jsonl") {
		p.t.Fatalf("%s %s: status %d, %q: %v", method, path, code, text, err)
	}
	return code, r
}

// entry posts operation seq with the given field.
func (p *player) entry(id string, seq int, field string) (int, sheetReply) {
	p.t.Helper()
	return p.sheet("POST", "/api/umpire/"+id+"/entries", fmt.Sprintf(`{"seq": %d, %s}`, seq, field))
}

// refereeLines answers lines as carrom referee does, through the same code.
func refereeLines(t *testing.T, lines string) []string {
	t.Helper()
	m, err := rules.NewMatch(rules.ICF(), 2)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	record.ServeLines(strings.NewReader(lines), &out, func(line []byte, err error) []byte {
		if err != nil {
			return record.RefereeReply(m, nil, err)
		}
		var reply []byte
		m, reply = record.RefereeLine(m, line)
		return reply
	})
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// TestSheetAPI drives a scoresheet over HTTP against a real server and a
// real SQLite file: entries in order, one sent twice (stored once), one
// out of order and one changed under a stored number (refused with the
// number expected), one the laws refuse, another browser refused; the
// sheet survives a restart and its entries, given to the referee of carrom
// referee, give the same answers.
func TestSheetAPI(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	ump := e.player()
	code, r := ump.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["Asha", "Ben"], "event": "Club night"}`)
	if code != http.StatusCreated || r.ID == "" || !r.Yours || r.View.Seq != 0 {
		t.Fatalf("open a sheet: %d %+v", code, r)
	}
	id := r.ID
	lines := []string{`{"stroke": {"white": 1}}`, `{"stroke": {"striker": true}}`, `{"stroke": {"black": 1}}`, `{"stroke": {"queen": true}}`, `{"stroke": {"black": 1}}`}
	for i, l := range lines[:3] {
		if code, r := ump.entry(id, i+1, `"line": `+l); code != http.StatusOK || r.View.Seq != int64(i+1) {
			t.Fatalf("entry %d: %d %+v", i+1, code, r)
		}
	}
	// The answer to entry 3 was lost: the device sends it again.
	if code, r := ump.entry(id, 3, `"line": `+lines[2]); code != http.StatusOK || !r.Duplicate || r.View.Seq != 3 || len(r.View.Entries) != 3 {
		t.Errorf("entry 3 again: %d, duplicate %v, seq %d, %d entries; want 200, a duplicate, nothing applied twice", code, r.Duplicate, r.View.Seq, len(r.View.Entries))
	}
	// An entry out of step carries its code (and the entries it names),
	// for the page to say it in the reader's language.
	for _, tc := range []struct {
		seq    int
		field  string
		code   string
		params map[string]any
	}{
		{3, `"undo": true`, "entry_taken", nil},
		{5, `"line": {"stroke": {}}`, "entries_missing", map[string]any{"From": 4.0, "To": 4.0}},
	} {
		if _, r := ump.entry(id, tc.seq, tc.field); r.Code != tc.code || !maps.Equal(r.Params, tc.params) {
			t.Errorf("entry %d out of step: code %q %v; want %q %v", tc.seq, r.Code, r.Params, tc.code, tc.params)
		}
	}
	for _, tc := range []struct {
		seq        int
		field      string
		code       int
		next       int64
		why, words string
	}{
		{3, `"undo": true`, http.StatusConflict, 4, "another operation under number 3", "other contents"},
		{5, `"line": {"stroke": {}}`, http.StatusConflict, 4, "a gap: entry 4 missing", "entries 4 to 4 missing"},
		{0, `"undo": true`, http.StatusBadRequest, 0, "number 0", "seq"},
		{4, `"line": {"stroke": {"black": 9}}`, http.StatusUnprocessableEntity, 4, "nine black when eight are on the board", "Only 8 black are on the board, so a stroke cannot take 9 off it: enter what the stroke did."},
		{4, `"line": {"toss": 1}`, http.StatusUnprocessableEntity, 4, "a toss nobody asked for", "No toss is due"},
		{4, `"sign": 1`, http.StatusUnprocessableEntity, 4, "signing a board in play", "Board 1 is still in play: sign it once it is over."},
		{4, `"line": {"stroke": {"whites": 1}}`, http.StatusBadRequest, 0, "an unknown field", "whites"},
	} {
		code, r := ump.entry(id, tc.seq, tc.field)
		if code != tc.code || r.Next != tc.next || !strings.Contains(r.Error, tc.words) {
			t.Errorf("%s: %d %q next %d; want %d, an error saying %q, next %d", tc.why, code, r.Error, r.Next, tc.code, tc.words, tc.next)
		}
		// What the umpire's page shows as it is: plain words, no package's.
		if code != http.StatusBadRequest && regexp.MustCompile(`\b(umpire|server|rules|referee): `).MatchString(r.Error) {
			t.Errorf("%s: %q; want plain words without a package's prefix", tc.why, r.Error)
		}
	}
	if code, text := ump.do("POST", "/api/umpire/"+id+"/entries", "not json"); code != http.StatusBadRequest || !strings.Contains(text, "not JSON") {
		t.Errorf("a body that is not JSON: %d %s", code, text)
	}
	other := e.player()
	if code, r := other.entry(id, 4, `"line": `+lines[3]); code != http.StatusForbidden || r.Error == "" {
		t.Errorf("another browser writes the sheet: %d %+v; want 403", code, r)
	}
	if code, r := other.sheet("GET", "/api/umpire/"+id, ""); code != http.StatusOK || r.Yours || r.View.Seq != 3 {
		t.Errorf("another browser reads the sheet: %d, yours %v, seq %d; want 200, not yours, 3", code, r.Yours, r.View.Seq)
	}
	if code, r := other.sheet("GET", "/api/umpire/nope", ""); code != http.StatusNotFound || r.Error != "No scoresheet has this address: check the link, or open a new sheet." {
		t.Errorf("an unknown sheet: %d %q; want 404, said in words", code, r.Error)
	}
	// The form's refusals, as the page shows them.
	for _, tc := range []struct{ cfg, want string }{
		{`{"rules": "icf", "players": 3, "names": ["a", "b", "c"]}`, "ICF carrom is played by 2 players (singles) or 4 (doubles)."},
		{`{"rules": "icf", "players": 2, "names": ["a", ""]}`, "Give seat 2 a name of 1 to 80 characters."},
		{`{"rules": "chess", "players": 2, "names": ["a", "b"]}`, "Choose the rules: ICF, family, point carrom, three players or buying the pockets."},
	} {
		if code, r := ump.sheet("POST", "/api/umpire", tc.cfg); code != http.StatusBadRequest || r.Error != tc.want {
			t.Errorf("open %s: %d %q; want 400 %q", tc.cfg, code, r.Error, tc.want)
		}
	}

	// The same entries from two connections at once are stored once.
	var wg sync.WaitGroup
	codes := make([]int, 2)
	dups := make([]bool, 2)
	for i := range 2 {
		wg.Go(func() {
			c, r := ump.entry(id, 4, `"line": `+lines[3])
			codes[i], dups[i] = c, r.Duplicate
		})
	}
	wg.Wait()
	if codes[0] != http.StatusOK || codes[1] != http.StatusOK || dups[0] == dups[1] {
		t.Errorf("entry 4 sent twice at once: %v, duplicates %v; want 200 twice, one of them a duplicate", codes, dups)
	}
	ump.entry(id, 5, `"line": `+lines[4])
	ump.entry(id, 6, `"line": {"concede": "board"}`)
	if _, r := ump.entry(id, 7, `"line": {"stroke": {}}`); !strings.Contains(r.Error, "sign it") {
		t.Errorf("an entry before the signature: %q; want refused until board 1 is signed", r.Error)
	}
	ump.entry(id, 7, `"sign": 1`)
	ump.entry(id, 8, `"line": {"concede": "match"}`)

	// After a restart, on the same file.
	e.close()
	e = newEnv(t, dir)
	ump.Client.Base, other.Client.Base = e.http.URL, e.http.URL
	code, r = ump.sheet("GET", "/api/umpire/"+id, "")
	if code != http.StatusOK || r.View.Seq != 8 || !r.View.Over || r.View.Winner == nil || *r.View.Winner != 0 || !r.Yours {
		t.Fatalf("after a restart: %d seq %d over %v winner %v yours %v; want entry 8, over, side 0 won", code, r.View.Seq, r.View.Over, r.View.Winner, r.Yours)
	}
	if b := r.View.Boards; len(b) != 2 || b[0].Winner == nil || *b[0].Winner != 0 || b[0].Points != 7 || b[0].Rule != "G-4" || !b[0].Signed || b[1].Winner != nil {
		t.Errorf("boards %+v; want board 1 to side 0, 7 points (7 black left; the queen was the loser's: G-4), signed, and board 2 ended by the match's concession", b)
	}
	code, text := ump.do("GET", "/api/umpire/"+id+".jsonl", "")
	want := refereeLines(t, text)
	if code != http.StatusOK || len(want) != len(r.View.Entries) {
		t.Fatalf("GET .jsonl: %d, %d lines for %d entries", code, len(want), len(r.View.Entries))
	}
	for i, en := range r.View.Entries {
		if string(en.Reply) != want[i] {
			t.Errorf("entry %d: the sheet says %s; carrom referee %s", i+1, en.Reply, want[i])
		}
	}
	rec, err := e.st.Sheet(t.Context(), id)
	if err != nil || rec.Finished.IsZero() || !strings.Contains(string(rec.Result), `"winner":0`) {
		t.Errorf("stored sheet %+v, %v; want finished, won by side 0", rec, err)
	}
	code, list := ump.do("GET", "/api/umpire", "")
	if code != http.StatusOK || !strings.Contains(list, id) {
		t.Errorf("the umpire's list: %d %s", code, list)
	}
	if code, list := other.do("GET", "/api/umpire", ""); code != http.StatusOK || strings.Contains(list, id) {
		t.Errorf("another browser's list: %d %s; want without the sheet", code, list)
	}
}

// TestSheetLimit: one browser may keep 32 sheets open; the 33rd is refused.
func TestSheetLimit(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ump := e.player()
	for i := range 33 {
		code, r := ump.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["A", "B"]}`)
		if i < 32 && code != http.StatusCreated {
			t.Fatalf("sheet %d: %d %q", i+1, code, r.Error)
		}
		if i == 32 && (code != http.StatusTooManyRequests || !strings.Contains(r.Error, "32 scoresheets open")) {
			t.Errorf("sheet 33: %d %q; want 429", code, r.Error)
		}
	}
	if code, _ := e.player().sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["A", "B"]}`); code != http.StatusCreated {
		t.Errorf("another browser's first sheet: %d; want 201", code)
	}
}

type ratingReply struct {
	Rating *struct {
		Accounts  []string `json:"accounts"`
		Confirmed []string `json:"confirmed"`
		Rated     bool     `json:"rated"`
	} `json:"rating"`
	Error string `json:"error"`
}

// TestRatedSheet: a real board's match between two accounts is rated
// once it is over and both players have confirmed its result from their
// own sessions (with their CSRF tokens); the umpire cannot rate them
// alone, nor anyone who did not play; a rated sheet no longer changes.
func TestRatedSheet(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob, cy, ump := e.player(), e.player(), e.player(), e.player()
	csrf := map[*player]string{}
	for p, name := range map[*player]string{ann: "ann", bob: "bob", cy: "cyd"} {
		code, a, _ := p.account("signup", name, "password one")
		if code != http.StatusOK {
			t.Fatalf("sign-up %s: %d %+v", name, code, a)
		}
		csrf[p] = a.CSRF
	}
	if code, r := ump.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["Ann", "Bob"], "accounts": ["ann", "nobody"]}`); code != http.StatusBadRequest || !strings.Contains(r.Error, `"nobody"`) ||
		r.Code != "no_account" || r.Params["Name"] != "nobody" {
		t.Errorf("a sheet naming an unknown account: %d %q, code %q %v; want 400, code no_account with Name nobody", code, r.Error, r.Code, r.Params)
	}
	// The names typed on the sheet are not the accounts': the match is
	// listed under the accounts', as the accounts spell them.
	code, r := ump.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["Annie", "Robert"], "accounts": ["ANN", "bob"]}`)
	if code != http.StatusCreated {
		t.Fatalf("a rated sheet: %d %q", code, r.Error)
	}
	id := r.ID
	confirm := func(p *player, withCSRF bool) (int, ratingReply) {
		t.Helper()
		var h []string
		if withCSRF {
			h = []string{"X-CSRF-Token", csrf[p]}
		}
		code, body, _ := p.request("POST", "/api/umpire/"+id+"/confirm", "{}", h...)
		var rr ratingReply
		if err := json.Unmarshal([]byte(body), &rr); err != nil {
			t.Fatalf("confirm: %d %q", code, body)
		}
		return code, rr
	}
	ump.entry(id, 1, `"line": {"concede": "board"}`) // Ann concedes board 1
	ump.entry(id, 2, `"sign": 1`)
	if code, rr := confirm(ann, true); code != http.StatusUnprocessableEntity {
		t.Errorf("a confirmation before the end: %d %q; want 422", code, rr.Error)
	}
	ump.entry(id, 3, `"line": {"concede": "match"}`) // Bob, breaking board 2, concedes the match
	for _, tc := range []struct {
		who  *player
		csrf bool
		code int
		why  string
	}{
		{ump, false, http.StatusUnauthorized, "the umpire, signed in to no account"},
		{cy, true, http.StatusForbidden, "an account that did not play"},
		{bob, false, http.StatusForbidden, "a player without his CSRF token"},
	} {
		if code, rr := confirm(tc.who, tc.csrf); code != tc.code {
			t.Errorf("%s confirms: %d %q; want %d", tc.why, code, rr.Error, tc.code)
		}
	}
	if code, rr := confirm(ann, true); code != http.StatusOK || rr.Rating == nil || rr.Rating.Rated || fmt.Sprint(rr.Rating.Confirmed) != "[ann]" || fmt.Sprint(rr.Rating.Accounts) != "[ann bob]" {
		t.Fatalf("Ann confirms: %d %+v; want accounts ann and bob, confirmed by ann, not rated yet", code, rr.Rating)
	}
	var exp struct{ Expected []float64 }
	if ann.get("/api/expected?rules=icf&players=ann,bob", &exp); len(exp.Expected) != 2 || exp.Expected[0] != 0.5 {
		t.Errorf("expected scores before Bob confirms: %v; want ½ each", exp.Expected)
	}
	if code, rr := confirm(bob, true); code != http.StatusOK || rr.Rating == nil || !rr.Rating.Rated {
		t.Fatalf("Bob confirms: %d %+v; want the match rated", code, rr.Rating)
	}
	if ann.get("/api/expected?rules=icf&players=ann,bob", &exp); len(exp.Expected) != 2 || exp.Expected[0] <= 0.5 {
		t.Errorf("expected scores after the rated match Ann won: %v; want above ½ for Ann", exp.Expected)
	}
	if code, r := ump.entry(id, 4, `"undo": true`); code != http.StatusUnprocessableEntity || !strings.Contains(r.Error, "rated") || r.Code != "sheet_rated" {
		t.Errorf("an undo after the rating: %d %q, code %q; want 422, code sheet_rated", code, r.Error, r.Code)
	}
	// Confirming again rates nothing twice.
	confirm(ann, true)
	var again struct{ Expected []float64 }
	if ann.get("/api/expected?rules=icf&players=ann,bob", &again); len(again.Expected) != 2 || again.Expected[0] != exp.Expected[0] {
		t.Errorf("expected scores after a second confirmation: %v; want %v unchanged", again.Expected, exp.Expected)
	}
	// The rated match is in both players' profiles like an online one, with
	// its printed scoresheet in place of a replay.
	for _, tc := range []struct {
		name, opponent, result string
		games                  [2]int
		sign                   float64
		boardsWon              int
	}{{"ann", "bob", "won", [2]int{}, 1, 0}, {"bob", "ann", "lost", [2]int{}, -1, 1}} { // no game finished: Bob conceded the match in game 1
		var prof struct {
			Matches []struct {
				ID, Rules, Result, Replay, Record, Sheet string
				Rated                                    bool
				Opponents                                []string
				Games                                    [2]int
				Change                                   *struct{ Before, After, Delta float64 }
			}
			Stats struct {
				Matches    int
				MatchesWon int `json:"matches_won"`
				Boards     int
				BoardsWon  int `json:"boards_won"`
			}
		}
		if code := cy.get("/api/players/"+tc.name, &prof); code != http.StatusOK || len(prof.Matches) != 1 {
			t.Fatalf("%s's profile: %d, %d matches; want the rated sheet", tc.name, code, len(prof.Matches))
		}
		m := prof.Matches[0]
		if m.ID != id || m.Rules != "icf" || !m.Rated || m.Result != tc.result || m.Games != tc.games ||
			len(m.Opponents) != 1 || m.Opponents[0] != tc.opponent || m.Sheet != "/umpire/"+id || m.Replay != "" || m.Record != "/api/umpire/"+id+".jsonl" {
			t.Errorf("%s's profile lists %+v; want sheet %s, icf, rated, %s %v v %s, its scoresheet and no replay", tc.name, m, id, tc.result, tc.games, tc.opponent)
		}
		if m.Change == nil || m.Change.Before != 1500 || m.Change.Delta*tc.sign <= 0 {
			t.Errorf("%s's rating change: %+v; want from 1500, sign %v", tc.name, m.Change, tc.sign)
		}
		if won := map[bool]int{true: 1}[tc.result == "won"]; prof.Stats.Matches != 1 || prof.Stats.MatchesWon != won || prof.Stats.Boards != 2 || prof.Stats.BoardsWon != tc.boardsWon {
			t.Errorf("%s's statistics: %+v; want 1 match (%d won), 2 boards (%d won)", tc.name, prof.Stats, won, tc.boardsWon)
		}
	}
	// The sheet as a match record: its headers, and its entries as the
	// referee lines the sheet gives.
	code, txt, _ := cy.request("GET", "/api/umpire/"+id+".txt", "")
	_, jsonl, _ := cy.request("GET", "/api/umpire/"+id+".jsonl", "")
	if code != http.StatusOK || !strings.HasPrefix(txt, "[Date ") || !strings.Contains(txt, `[Rules "icf"]`) || !strings.Contains(txt, `[Seat1 "Robert"]`) || !strings.Contains(txt, `[Result "1-0"]`) {
		t.Errorf("the sheet's record: %d\n%s\nwant its headers, Ann (side 0) the winner", code, txt)
	}
	// Ann (seat 0) conceded board 1, then Bob (seat 1) the match.
	for i, l := range strings.Split(strings.TrimSpace(jsonl), "\n") {
		if want := fmt.Sprintf("\n%d. %d %s G-4\n", i+1, i, l); !strings.Contains(txt, want) {
			t.Errorf("the sheet's record lacks %q:\n%s", want, txt)
		}
	}
}

// TestRatedSheetVariants: a real board's match of point carrom or of
// buying the pockets between two accounts is rated in its rule set's pool
// as an online one is, and listed in the players' profiles.
func TestRatedSheetVariants(t *testing.T) {
	for _, rules := range []string{"point", "pockets"} {
		t.Run(rules, func(t *testing.T) {
			e := newEnv(t, t.TempDir())
			ann, bob, ump := e.player(), e.player(), e.player()
			csrf := map[*player]string{}
			for p, name := range map[*player]string{ann: "ann", bob: "bob"} {
				code, a, _ := p.account("signup", name, "password one")
				if code != http.StatusOK {
					t.Fatalf("sign-up %s: %d %+v", name, code, a)
				}
				csrf[p] = a.CSRF
			}
			if code, r := ump.sheet("POST", "/api/umpire", `{"rules": "`+rules+`", "players": 3, "names": ["Ann", "Bob", "Cy"], "accounts": ["ann", "bob", "cy"]}`); code != http.StatusBadRequest {
				t.Errorf("a rated sheet of three players: %d %q; want 400", code, r.Error)
			}
			code, r := ump.sheet("POST", "/api/umpire", `{"rules": "`+rules+`", "players": 2, "names": ["Ann", "Bob"], "accounts": ["ann", "bob"]}`)
			if code != http.StatusCreated {
				t.Fatalf("a rated sheet: %d %q", code, r.Error)
			}
			id := r.ID
			ump.entry(id, 1, `"line": {"concede": "board"}`) // Ann, in turn, concedes (G-4)
			if code, r := ump.entry(id, 2, `"sign": 1`); code != http.StatusOK || !r.View.Over {
				t.Fatalf("the board signed: %d, over %v %q; want the match over", code, r.View.Over, r.Error)
			}
			var rr ratingReply
			for i, p := range []*player{ann, bob} {
				code, body, _ := p.request("POST", "/api/umpire/"+id+"/confirm", "{}", "X-CSRF-Token", csrf[p])
				if err := json.Unmarshal([]byte(body), &rr); err != nil || code != http.StatusOK || rr.Rating == nil || rr.Rating.Rated != (i == 1) {
					t.Fatalf("confirmation %d: %d %q; want rated after both", i+1, code, body)
				}
			}
			for _, tc := range []struct {
				name, result string
				sign         float64
			}{{"ann", "lost", -1}, {"bob", "won", 1}} {
				var prof struct {
					Ratings []struct {
						Rules, Format string
						Games         int
					}
					Matches []struct {
						Rules, Result, Sheet string
						Change               *struct{ Delta float64 }
					}
				}
				if code := ann.get("/api/players/"+tc.name, &prof); code != http.StatusOK || len(prof.Ratings) != 1 || len(prof.Matches) != 1 {
					t.Fatalf("%s's profile: %d %+v; want one rating and one match", tc.name, code, prof)
				}
				if rt := prof.Ratings[0]; rt.Rules != rules || rt.Format != "singles" || rt.Games != 1 {
					t.Errorf("%s's rating: %+v; want %s singles after 1 game", tc.name, rt, rules)
				}
				if m := prof.Matches[0]; m.Rules != rules || m.Result != tc.result || m.Sheet != "/umpire/"+id || m.Change == nil || m.Change.Delta*tc.sign <= 0 {
					t.Errorf("%s's match: %+v; want %s %s with its scoresheet and a rating change of sign %v", tc.name, m, rules, tc.result, tc.sign)
				}
			}
		})
	}
}

// TestSheetTwoServers: two servers share one PostgreSQL database and one
// umpire's device sends every entry to both at once, twice each (a device
// that retries through a load balancer): each entry is stored once, every
// answer is a success, exactly one of them the entry's first.
func TestSheetTwoServers(t *testing.T) {
	url := pgtest.URL(t)
	var bases []string
	for range 2 {
		st, err := store.Open(context.Background(), url, "")
		if err != nil {
			t.Fatal(err)
		}
		srv, err := server.New(server.Config{Store: st, Clock: newFakeClock(), Physics: physics.Default()})
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(srv.Handler())
		t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
		bases = append(bases, hs.URL)
	}
	c, err := servertest.NewClient(context.Background(), bases[0])
	if err != nil {
		t.Fatal(err)
	}
	ump := &player{t: t, Client: c}
	code, r := ump.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["A", "B"]}`)
	if code != http.StatusCreated {
		t.Fatalf("open: %d %q", code, r.Error)
	}
	lines := []string{`{"stroke": {"white": 1}}`, `{"stroke": {}}`, `{"stroke": {"black": 2}}`, `{"stroke": {"striker": true}}`, `{"stroke": {"white": 1}}`, `{"stroke": {"queen": true}}`}
	for i, l := range lines {
		body := fmt.Sprintf(`{"seq": %d, "line": %s}`, i+1, l)
		var wg sync.WaitGroup
		codes := make([]int, 4)
		dups := make([]bool, 4)
		for k := range 4 {
			wg.Go(func() {
				req, _ := http.NewRequest("POST", bases[k%2]+"/api/umpire/"+r.ID+"/entries", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				resp, err := c.HTTP().Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				defer resp.Body.Close()
				var sr sheetReply
				json.NewDecoder(resp.Body).Decode(&sr)
				codes[k], dups[k] = resp.StatusCode, sr.Duplicate
			})
		}
		wg.Wait()
		firsts := 0
		for k := range 4 {
			if codes[k] != http.StatusOK {
				t.Errorf("entry %d, request %d: status %d; want 200", i+1, k, codes[k])
			}
			if !dups[k] {
				firsts++
			}
		}
		if firsts != 1 {
			t.Errorf("entry %d: %d answers were its first storing (%v, duplicates %v); want exactly 1", i+1, firsts, codes, dups)
		}
	}
	for _, base := range bases {
		ump.Client.Base = base
		if code, r := ump.sheet("GET", "/api/umpire/"+r.ID, ""); code != http.StatusOK || r.View.Seq != int64(len(lines)) || len(r.View.Entries) != len(lines) {
			t.Errorf("%s: %d, entry %d, %d entries; want %d of each", base, code, r.View.Seq, len(r.View.Entries), len(lines))
		}
	}
}

// TestSheetGETsMakeNoIdentity: the scoresheet's GETs, from a browser
// without cookies, answer without a token cookie, as every GET of the API
// does (docs/protocol.md): they read as anyone, and list no sheets.
func TestSheetGETsMakeNoIdentity(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ump := e.player()
	code, r := ump.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["A", "B"]}`)
	if code != http.StatusCreated {
		t.Fatalf("open: %d %q", code, r.Error)
	}
	if code, r := ump.entry(r.ID, 1, `"line": {"stroke": {"white": 1}}`); code != http.StatusOK {
		t.Fatalf("entry 1: %d %q", code, r.Error)
	}
	for _, path := range []string{"/api/umpire", "/api/umpire/" + r.ID, "/api/umpire/" + r.ID + ".jsonl", "/api/umpire/" + r.ID + ".txt"} {
		resp, err := http.Get(e.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || len(resp.Cookies()) > 0 {
			t.Errorf("GET %s without cookies: %d, cookies %v; want 200 and none", path, resp.StatusCode, resp.Cookies())
		}
		if path == "/api/umpire" && strings.TrimSpace(string(body)) != "[]" {
			t.Errorf("GET %s without cookies: %s; want no sheets", path, body)
		}
		if path == "/api/umpire/"+r.ID && strings.Contains(string(body), `"yours":true`) {
			t.Errorf("GET %s without cookies: %s; want not yours", path, body)
		}
	}
}

// TestSheetNamesPrint: a sheet's names, event and umpire are refused with
// a control character (NUL, BEL, a line feed), as a table's nicknames are,
// and nothing is opened.
func TestSheetNamesPrint(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ump := e.player()
	for _, cfg := range []string{
		`{"rules": "icf", "players": 2, "names": ["A\u0000", "B"]}`,
		`{"rules": "icf", "players": 2, "names": ["A", "B\u0007"]}`,
		`{"rules": "icf", "players": 2, "names": ["A", "B"], "event": "Club\nnight"}`,
		`{"rules": "icf", "players": 2, "names": ["A", "B"], "umpire": "C\u001b[31m"}`,
	} {
		if code, r := ump.sheet("POST", "/api/umpire", cfg); code != http.StatusBadRequest || !strings.Contains(r.Error, "control character") {
			t.Errorf("open %s: %d %q; want 400 naming the control character", cfg, code, r.Error)
		}
	}
	var list []json.RawMessage
	if ump.get("/api/umpire", &list); len(list) != 0 {
		t.Errorf("sheets opened: %s; want none", list)
	}
	if code, r := ump.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["Åsa Ünal", "Bé"]}`); code != http.StatusCreated {
		t.Errorf("names with accents: %d %q; want 201", code, r.Error)
	}
}
