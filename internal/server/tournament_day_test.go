package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"github.com/carrom-game/carrom/internal/protocol"
)

// onlineRound makes a tournament of the named accounts (rated from 1800
// down, in order), pairs round 1 and plays it on online tables; it
// answers the organiser, the tournament's base path, the view and each
// account's player and CSRF token.
func onlineRound(t *testing.T, e *env, names ...string) (*player, string, string, tview, map[string]*player, map[string]string) {
	t.Helper()
	org := e.player()
	csrf := signUp(t, org, "org")
	players, csrfs := map[string]*player{}, map[string]string{}
	for _, n := range names {
		p := e.player()
		players[n], csrfs[n] = p, signUp(t, p, n)
	}
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Day open","rounds":2}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for i, n := range names {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	v = organise(t, org, csrf, base+"/rounds/1/online", `{}`, http.StatusOK)
	return org, csrf, base, v, players, csrfs
}

// TestTournamentNoShow: a player who does not take his seat at a round's
// online table within 15 minutes of the call loses the match (ICF law
// 126, RULES TM-3): on the server's clock, the present player's match
// enters by itself 2-0, marked noshow, and logged; a table whose players
// both stayed away enters nothing (the organiser's to score).
func TestTournamentNoShow(t *testing.T) {
	e := newEnv(t, t.TempDir())
	names := []string{"ann", "bob", "cyd", "dee"}
	org, _, base, v, players, csrfs := onlineRound(t, e, names...)
	byNum := map[int]string{1: "ann", 2: "bob", 3: "cyd", 4: "dee"}
	first, second := v.Paired[0].Matches[0], v.Paired[0].Matches[1]
	if first.Table == "" || second.Table == "" {
		t.Fatalf("round 1's tables: %+v", v.Paired[0].Matches)
	}
	// The first match's second player sits; the first never comes.
	b := byNum[first.B]
	cb := players[b].connect(first.Table, 0)
	cb.next("welcome")
	cb.send(sitWith(1, "", csrfs[b]))
	if w := cb.next("welcome", "error"); len(w.Seats) != 1 {
		t.Fatalf("%s takes the kept seat 1: %s", b, w.Raw)
	}

	e.clock.Advance(14 * time.Minute)
	var now tview
	org.get(base, &now)
	if m := now.Paired[0].Matches[0]; m.Source != "" {
		t.Fatalf("14 minutes after the call the match has a result: %+v", m)
	}
	e.clock.Advance(time.Minute + time.Second)
	org.get(base, &now)
	m := now.Paired[0].Matches[0]
	if m.Source != "noshow" || m.Score == nil || *m.Score != [2]int{0, 2} {
		t.Fatalf("the match of a player who never sat: %+v; want 0-2 to %s, marked noshow", m, b)
	}
	if n := now.Paired[0].Matches[1]; n.Source != "" {
		t.Errorf("a match neither player came to: %+v; want no result", n)
	}
	if len(now.Log) != 1 || !strings.Contains(now.Log[0].Text, byNum[first.A]+" did not take the seat within 15 minutes") || !strings.Contains(now.Log[0].Text, "law 126") {
		t.Errorf("log %+v; want the no-show", now.Log)
	}
	for _, s := range now.Standings {
		if s.Name == b && s.Points != 2 {
			t.Errorf("%s's standing %+v; want 2 points", b, s)
		}
	}
}

// TestTournamentNoShowAfterRestart: the no-show's wait survives a restart
// of the server (or is taken up by another node): it still ends 15
// minutes after the table was made.
func TestTournamentNoShowAfterRestart(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	org, _, base, v, players, csrfs := onlineRound(t, e, "ann", "bob")
	m := v.Paired[0].Matches[0]
	c := players["ann"].connect(m.Table, 0)
	c.next("welcome")
	c.send(sitWith(0, "", csrfs["ann"]))
	if w := c.next("welcome", "error"); len(w.Seats) != 1 {
		t.Fatalf("ann takes the kept seat 0: %s", w.Raw)
	}
	e.clock.Advance(10 * time.Minute)
	e.close()

	later := newFakeClock()
	later.now = e.clock.Now()
	e2 := newEnvAt(t, dir, later)
	org.Base = e2.http.URL
	later.Advance(4 * time.Minute)
	var now tview
	if org.get(base, &now); now.Paired[0].Matches[0].Source != "" {
		t.Fatalf("14 minutes after the call, a restart between: %+v; want no result yet", now.Paired[0].Matches[0])
	}
	later.Advance(time.Minute + time.Second)
	if org.get(base, &now); now.Paired[0].Matches[0].Source != "noshow" || *now.Paired[0].Matches[0].Score != [2]int{2, 0} {
		t.Errorf("15 minutes after the call, a restart between: %+v; want 2-0 to ann, a no-show", now.Paired[0].Matches[0])
	}
}

// hallClock is the hall screen's answer, GET /api/tournaments/{id}/clock.
type hallClock struct {
	Name  string
	Clock *struct {
		Round, Minutes, Warning int
		Started, Ends, Now      string
		LeftMS                  int64 `json:"left_ms"`
	}
}

// TestTournamentRoundClock: the organiser starts a round's countdown (45
// minutes with a 5-minute warning unless told otherwise, as SoL's); anyone reads the time left on the server's clock, the hall's
// screens are told over their live channel, and the round's start is
// stored, so a restarted server shows the same time; bad input is refused
// with words and changes nothing.
func TestTournamentRoundClock(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	org, eve, anon := e.player(), e.player(), e.player()
	csrf := signUp(t, org, "org")
	csrfE := signUp(t, eve, "eve")
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Hall open","rounds":2}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for _, n := range []string{"Ann", "Bob"} {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"name":%q}`, n), http.StatusCreated)
	}
	var h hallClock
	if code := anon.get(base+"/clock", &h); code != http.StatusOK || h.Name != "Hall open" || h.Clock != nil {
		t.Fatalf("the hall screen before any clock: %d %+v", code, h)
	}
	if code, body, _ := org.request("POST", base+"/rounds/1/clock", `{}`, "X-CSRF-Token", csrf); code != http.StatusNotFound || !strings.Contains(errorOf(body), "round 1 is not paired") {
		t.Errorf("the clock of a round not paired: %d %s", code, body)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	for _, c := range []struct{ body, want string }{
		{`{"minutes":0}`, "minutes: 0; want 1 to 240"},
		{`{"minutes":30,"warning":30}`, "warning: 30 minutes before the end of a 30-minute round; want 0 to 29"},
		{`{"minuts":30}`, "unknown field"},
	} {
		if code, body, _ := org.request("POST", base+"/rounds/1/clock", c.body, "X-CSRF-Token", csrf); code != http.StatusBadRequest || !strings.Contains(errorOf(body), c.want) {
			t.Errorf("clock %s: %d %s; want 400 %q", c.body, code, body, c.want)
		}
	}
	if code, body, _ := eve.request("POST", base+"/rounds/1/clock", `{}`, "X-CSRF-Token", csrfE); code != http.StatusForbidden {
		t.Errorf("another account starts the clock: %d %s; want 403", code, body)
	}
	if anon.get(base+"/clock", &h); h.Clock != nil {
		t.Fatalf("a clock after refused starts: %+v", h.Clock)
	}

	hall := openLiveAt(t, e.http.URL, "/live?tournament="+v.ID, anon.Client)
	organise(t, org, csrf, base+"/rounds/1/clock", `{}`, http.StatusOK)
	if p := hall.next("tournament-clock"); !strings.Contains(p.raw, v.ID) {
		t.Errorf("the hall's push %s; want the tournament", p.raw)
	}
	anon.get(base+"/clock", &h)
	if c := h.Clock; c == nil || c.Round != 1 || c.Minutes != 45 || c.Warning != 5 || c.LeftMS != 45*60*1000 {
		t.Fatalf("the clock just started: %+v; want round 1, 45 minutes, warning 5, all left", c)
	}
	ends := h.Clock.Ends
	e.clock.Advance(41 * time.Minute)
	if anon.get(base+"/clock", &h); h.Clock.LeftMS != 4*60*1000 || h.Clock.Ends != ends {
		t.Errorf("41 minutes on: %+v; want 4 minutes left, the same end", h.Clock)
	}
	var tv struct{ Clock *struct{ Round, Minutes int } }
	if anon.get(base, &tv); tv.Clock == nil || tv.Clock.Round != 1 || tv.Clock.Minutes != 45 {
		t.Errorf("the public view's clock: %+v", tv.Clock)
	}

	// A restarted server (or another node) reads the same start.
	e.close()
	later := newFakeClock()
	later.now = e.clock.Now().Add(2 * time.Minute)
	e2 := newEnvAt(t, dir, later)
	anon.Base = e2.http.URL
	if anon.get(base+"/clock", &h); h.Clock == nil || h.Clock.Ends != ends || h.Clock.LeftMS != 2*60*1000 {
		t.Errorf("after a restart 43 minutes on: %+v; want the same end, 2 minutes left", h.Clock)
	}
	later.Advance(5 * time.Minute)
	if anon.get(base+"/clock", &h); h.Clock.LeftMS != 0 {
		t.Errorf("past the end: %+v; want 0 left", h.Clock)
	}
}

// TestTournamentScorecardQR: each board with a scoresheet has a QR code
// for its printed scorecard (GET …/boards/{b}/qr.png), readable by anyone,
// that a QR reader decodes to the address of the board's sheet; a board
// without a sheet, or one that does not exist, is a 404 in words.
func TestTournamentScorecardQR(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org, anon := e.player(), e.player()
	csrf := signUp(t, org, "org")
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Board night","rounds":1}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for _, n := range []string{"Ann", "Bob", "Cy", "Dee"} {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"name":%q}`, n), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	if code, body, _ := anon.request("GET", base+"/rounds/1/boards/1/qr.png", ""); code != http.StatusNotFound || !strings.Contains(errorOf(body), "board 1 of round 1 has no scoresheet") {
		t.Errorf("the QR code of a board without a sheet: %d %s", code, body)
	}
	organise(t, org, csrf, base+"/rounds/1/sheets", `{}`, http.StatusOK)
	var links struct {
		Paired []struct {
			Matches []struct {
				Board int
				Sheet string
			}
		}
	}
	anon.get(base, &links)
	for _, m := range links.Paired[0].Matches {
		code, body, h := anon.request("GET", fmt.Sprintf("%s/rounds/1/boards/%d/qr.png", base, m.Board), "")
		if code != http.StatusOK || h.Get("Content-Type") != "image/png" {
			t.Fatalf("board %d's QR code: %d %s %.80q", m.Board, code, h.Get("Content-Type"), body)
		}
		img, err := png.Decode(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		bmp, err := gozxing.NewBinaryBitmapFromImage(img)
		if err != nil {
			t.Fatal(err)
		}
		// The PNG is the code alone, square and upright: read it as such.
		// gozxing's detector, made for photographs, misses about 1 in 100
		// such images of random addresses (4 of 400 in a trial; none of
		// 2,000 read as pure).
		got, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true})
		if err != nil {
			t.Fatalf("board %d's QR code does not read: %v", m.Board, err)
		}
		if want := e.http.URL + "/umpire/" + m.Sheet; m.Sheet == "" || got.GetText() != want {
			t.Errorf("board %d's QR code reads %q; want %q", m.Board, got.GetText(), want)
		}
	}
	for path, want := range map[string]string{"/rounds/1/boards/9/qr.png": "round 1 has no board 9", "/rounds/2/boards/1/qr.png": "round 2 is not paired"} {
		if code, body, _ := anon.request("GET", base+path, ""); code != http.StatusNotFound || !strings.Contains(errorOf(body), want) {
			t.Errorf("GET %s: %d %s; want 404 %q", path, code, body, want)
		}
	}
}

// TestTournamentScorecardQRBounded: the QR codes need no account and cost
// CPU to make, so one address makes at most 200 at once (then one each
// 100 ms), and a code made before is answered again from memory, past
// the limit too. Each request names another host, as a flood would to
// make every code new.
func TestTournamentScorecardQRBounded(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org, anon := e.player(), e.player()
	csrf := signUp(t, org, "org")
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Board night","rounds":1}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for _, n := range []string{"Ann", "Bob"} {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"name":%q}`, n), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	organise(t, org, csrf, base+"/rounds/1/sheets", `{}`, http.StatusOK)
	qr := func(host string) (int, http.Header) {
		req, err := http.NewRequestWithContext(context.Background(), "GET", e.http.URL+base+"/rounds/1/boards/1/qr.png", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := anon.HTTP().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, resp.Header
	}
	for i := range 200 {
		if code, _ := qr(fmt.Sprintf("hall%d.example", i)); code != http.StatusOK {
			t.Fatalf("QR code %d of 200 from one address: %d; want 200", i+1, code)
		}
	}
	if code, h := qr("hall200.example"); code != http.StatusTooManyRequests || h.Get("Retry-After") == "" {
		t.Errorf("a 201st new QR code from one address at once: %d, Retry-After %q; want 429 with when to ask again", code, h.Get("Retry-After"))
	}
	if code, _ := qr("hall7.example"); code != http.StatusOK {
		t.Errorf("a QR code made before, past the limit: %d; want 200 from memory", code)
	}
	e.clock.Advance(100 * time.Millisecond)
	if code, _ := qr("hall200.example"); code != http.StatusOK {
		t.Errorf("a new QR code 100 ms later: %d; want 200", code)
	}
}

// TestTournamentDoubles: a tournament of pairs. Each entrant is a pair (a
// player and a partner, accounts or guests), named "Ann & Bob"; bad
// entries are refused in words. A match of two pairs of accounts is played
// on a four-seat online table, partners opposite (side = seat % 2), each
// seat kept for its account and each player called to it; a side whose
// partner never sits loses as a no-show. A match of guests' pairs gets a
// four-player scoresheet, the players in seat order.
func TestTournamentDoubles(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org := e.player()
	csrf := signUp(t, org, "org")
	players, csrfs := map[string]*player{}, map[string]string{}
	for _, n := range []string{"ann", "bob", "cyd", "dee"} {
		p := e.player()
		players[n], csrfs[n] = p, signUp(t, p, n)
	}
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Pairs open","rounds":1,"singles":false,"method":"serial"}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for _, c := range []struct {
		body  string
		code  int
		words string
	}{
		{`{"account":"ann"}`, http.StatusBadRequest, "partner: missing"},
		{`{"account":"ann","partner":{"account":"ann"}}`, http.StatusBadRequest, "ann cannot partner themselves"},
		{`{"account":"ann","partner":{"account":"zed"}}`, http.StatusBadRequest, `no player is named "zed"`},
		{`{"account":"ann","partner":{"account":"bob","name":"Bob"}}`, http.StatusBadRequest, "not both"},
	} {
		if code, body, _ := org.request("POST", base+"/players", c.body, "X-CSRF-Token", csrf); code != c.code || !strings.Contains(errorOf(body), c.words) {
			t.Errorf("entering %s: %d %s; want %d %q", c.body, code, body, c.code, c.words)
		}
	}
	for _, b := range []string{`{"account":"ann","partner":{"account":"cyd"},"rating":1800}`, `{"account":"bob","partner":{"account":"dee"},"rating":1700}`,
		`{"name":"Eve","partner":{"name":"Flo"},"rating":1600}`, `{"name":"Gus","partner":{"name":"Hal"},"rating":1500}`} {
		v = organise(t, org, csrf, base+"/players", b, http.StatusCreated)
	}
	if code, body, _ := org.request("POST", base+"/players", `{"account":"cyd","partner":{"name":"Ivo"}}`, "X-CSRF-Token", csrf); code != http.StatusConflict || !strings.Contains(errorOf(body), "cyd is entered already, as player 1") {
		t.Errorf("a partner entered again: %d %s", code, body)
	}
	if v.Players[0].Name != "ann & cyd" || v.Players[2].Name != "Eve & Flo" || len(v.Players) != 4 {
		t.Fatalf("the pairs: %+v", v.Players)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	lives := map[string]*liveChannel{}
	for n, p := range players {
		lives[n] = openLive(t, e.http.URL, p.Client)
	}
	v = organise(t, org, csrf, base+"/rounds/1/online", `{}`, http.StatusOK)
	m := v.Paired[0].Matches[0]
	if m.AName != "ann & cyd" || m.BName != "bob & dee" || m.Table == "" {
		t.Fatalf("board 1: %+v; want ann & cyd v bob & dee on a table", m)
	}
	if v.Paired[0].Matches[1].Table != "" {
		t.Errorf("the guests' match has a table: %+v", v.Paired[0].Matches[1])
	}
	for seat, n := range []string{"ann", "bob", "cyd", "dee"} {
		var c struct{ Tournament protocol.TournamentCall }
		if err := json.Unmarshal([]byte(lives[n].next("tournament").raw), &c); err != nil {
			t.Fatal(err)
		}
		opp := map[bool]string{true: "bob & dee", false: "ann & cyd"}[seat%2 == 0]
		if c.Tournament.Link != fmt.Sprintf("/t/%s?seat=%d", m.Table, seat) || c.Tournament.Opponent != opp {
			t.Errorf("%s is called to %+v; want seat %d against %s", n, c.Tournament, seat, opp)
		}
	}
	// Three sit; dee, bob's partner, never does.
	for seat, n := range []string{"ann", "bob", "cyd"} {
		c := players[n].connect(m.Table, 0)
		c.next("welcome")
		c.send(sitWith(seat, "", csrfs[n]))
		if w := c.next("welcome", "error"); len(w.Seats) != 1 {
			t.Fatalf("%s takes the kept seat %d: %s", n, seat, w.Raw)
		}
	}
	e.clock.Advance(15*time.Minute + time.Second)
	var now tview
	org.get(base, &now)
	if got := now.Paired[0].Matches[0]; got.Source != "noshow" || *got.Score != [2]int{2, 0} {
		t.Errorf("the pairs' match with a partner who never sat: %+v; want 2-0 to ann & cyd, a no-show", got)
	}

	organise(t, org, csrf, base+"/rounds/1/sheets", `{}`, http.StatusOK)
	var links struct {
		Paired []struct{ Matches []struct{ Sheet string } }
	}
	org.get(base, &links)
	var sheet struct {
		View struct {
			Config struct {
				Players int
				Names   []string
			}
		}
	}
	if code := org.get("/api/umpire/"+links.Paired[0].Matches[1].Sheet, &sheet); code != http.StatusOK || sheet.View.Config.Players != 4 ||
		strings.Join(sheet.View.Config.Names, ",") != "Eve,Gus,Flo,Hal" {
		t.Errorf("the guests' scoresheet: %d %+v; want four players, partners opposite: Eve, Gus, Flo, Hal", code, sheet.View.Config)
	}
}

// TestTournamentChangesPushed (issue 28, a live page): a tournament's
// pages are told over their live channel, opened with ?tournament=ID and
// without an account, when it changes (a player registered, a round
// paired, a result typed), so that they read it again without polling;
// another tournament's change tells them nothing.
func TestTournamentChangesPushed(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org, anon := e.player(), e.player()
	csrf := signUp(t, org, "org")
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Live","rounds":2}`, http.StatusCreated)
	other := organise(t, org, csrf, "/api/tournaments", `{"name":"Elsewhere","rounds":2}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	page := openLiveAt(t, e.http.URL, "/live?tournament="+v.ID, anon.Client)
	changed := func(what string) {
		t.Helper()
		if p := page.next("tournament-changed"); !strings.Contains(p.raw, v.ID) {
			t.Errorf("%s: the push %s; want the tournament %s", what, p.raw, v.ID)
		}
	}
	organise(t, org, csrf, "/api/tournaments/"+other.ID+"/players", `{"name":"Zed"}`, http.StatusCreated)
	for _, n := range []string{"Ann", "Bob"} {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"name":%q}`, n), http.StatusCreated)
		changed(n + " registered")
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	changed("round 1 paired")
	organise(t, org, csrf, base+"/rounds/1/boards/1", `{"score":[25,10]}`, http.StatusOK)
	changed("a result typed")
	select {
	case p := <-page.in:
		t.Errorf("a push more: %s", p.raw)
	case <-time.After(200 * time.Millisecond):
	}
}
