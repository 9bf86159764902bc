package server_test

import (
	"encoding/json"
	"html"
	"maps"
	"net/http"
	"strings"
	"testing"
)

// TestLanguageChosen (issue 29): GET /api/i18n answers the catalogue of
// the language the "lang" cookie names, else the best of Accept-Language,
// else English, with its direction, the rule book it cites and the
// citations of the rules in it.
func TestLanguageChosen(t *testing.T) {
	e := newEnv(t, t.TempDir())
	for _, c := range []struct{ accept, cookie, lang, dir, book, ruling string }{
		{"pl-PL,pl;q=0.9,en;q=0.5", "", "pl", "ltr", "P", "rozbicie wykonane"},
		{"fr", "ur", "ur", "rtl", "E", "بریک ہو گئی"},
		{"de-DE", "", "en", "ltr", "E", "the break is made"},
		{"it", "not-a-language", "it", "ltr", "I", "la spaccata è valida"},
	} {
		req, err := http.NewRequest("GET", e.http.URL+"/api/i18n", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Language", c.accept)
		if c.cookie != "" {
			req.AddCookie(&http.Cookie{Name: "lang", Value: c.cookie})
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Lang, Dir, Book string
			Languages       []struct{ Tag, Name string }
			Laws            map[string]map[string][]string
			Messages        map[string]map[string]string
		}
		err = json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("Accept-Language %q, cookie %q: %d, %v", c.accept, c.cookie, resp.StatusCode, err)
		}
		if got.Lang != c.lang || got.Dir != c.dir || got.Book != c.book || resp.Header.Get("Content-Language") != c.lang {
			t.Errorf("Accept-Language %q, cookie %q: %s %s %s (Content-Language %s); want %s %s %s", c.accept, c.cookie, got.Lang, got.Dir, got.Book, resp.Header.Get("Content-Language"), c.lang, c.dir, c.book)
		}
		if s := got.Messages["say.B-2"]["other"]; s != c.ruling {
			t.Errorf("%s: say.B-2 is %q; want %q", got.Lang, s, c.ruling)
		}
		if got.Messages["say.B-2"]["description"] == "" {
			t.Errorf("%s: the catalogue comes without its descriptions", got.Lang)
		}
		if len(got.Languages) != 7 || got.Laws["D-1"]["F"][0] != "3.11 a" {
			t.Errorf("%s: %d languages offered, D-1 cited %v", got.Lang, len(got.Languages), got.Laws["D-1"])
		}
	}
}

// TestAccountLanguage (issue 29): a signed-in player's language is his
// account's. The menu's choice (POST /api/account/lang) is stored with the
// account and chooses the page's language on another browser he signs in
// on, over that browser's cookie and Accept-Language; a language not
// offered is refused and changes nothing. A browser's menu choice before
// signing up becomes the new account's.
func TestAccountLanguage(t *testing.T) {
	e := newEnv(t, t.TempDir())
	lang := func(p *player) string {
		t.Helper()
		var got struct{ Lang string }
		code, body, _ := p.request("GET", "/api/i18n", "", "Accept-Language", "en-GB")
		if err := json.Unmarshal([]byte(body), &got); err != nil || code != http.StatusOK {
			t.Fatalf("GET /api/i18n: %d %s", code, body)
		}
		return got.Lang
	}
	const pw = "correct horse battery"
	ann := e.player()
	_, a, _ := ann.account("signup", "Ann", pw)
	if code, body, _ := ann.request("POST", "/api/account/lang", `{"lang":"pl"}`, "X-CSRF-Token", a.CSRF); code != http.StatusOK || !strings.Contains(body, `"lang":"pl"`) {
		t.Fatalf("POST /api/account/lang pl: %d %s", code, body)
	}
	for _, bad := range []string{`{"lang":"de"}`, `{"lang":""}`, `not json`} {
		if code, body, _ := ann.request("POST", "/api/account/lang", bad, "X-CSRF-Token", a.CSRF); code != http.StatusBadRequest || !strings.Contains(body, "error") {
			t.Errorf("POST /api/account/lang %s: %d %s; want 400 and an error", bad, code, body)
		}
	}
	if code, _, _ := e.player().request("POST", "/api/account/lang", `{"lang":"fr"}`); code != http.StatusUnauthorized {
		t.Errorf("POST /api/account/lang signed out: %d; want 401", code)
	}

	// A fresh browser, English by its header and French by its cookie,
	// reads Polish once Ann signs in on it, and its own choice again once
	// she signs out.
	other := e.player()
	other.HTTP().Jar.SetCookies(mustURL(t, e.http.URL), []*http.Cookie{{Name: "lang", Value: "fr", Path: "/"}})
	if got := lang(other); got != "fr" {
		t.Fatalf("before signing in: %s; want fr (the cookie)", got)
	}
	_, b, _ := other.account("signin", "ann", pw)
	if got := lang(other); got != "pl" || other.me().Lang != "pl" {
		t.Errorf("signed in on another browser: %s, account %q; want pl", got, other.me().Lang)
	}
	other.request("POST", "/api/account/signout", "", "X-CSRF-Token", b.CSRF)
	if got := lang(other); got != "fr" {
		t.Errorf("signed out: %s; want fr, the browser's cookie", got)
	}

	// A browser that chose Urdu signs up: the account reads Urdu.
	bea := e.player()
	bea.HTTP().Jar.SetCookies(mustURL(t, e.http.URL), []*http.Cookie{{Name: "lang", Value: "ur", Path: "/"}})
	if _, a, _ := bea.account("signup", "Bea", pw); a.Lang != "ur" {
		t.Errorf("sign-up with the cookie ur: account's language %q; want ur", a.Lang)
	}
}

// TestErrorCodes (issue 29): the refusals a player meets most carry a
// stable code beside the English sentence, which the page maps to the
// words of the reader's language (web/src/errors.ts); a refusal without
// one answers its sentence alone.
func TestErrorCodes(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	_, a, _ := ann.account("signup", "Ann", "correct horse battery")
	for _, c := range []struct {
		path, body string
		status     int
		code       string
	}{
		{"/api/account/signin", `{"name":"Ann","password":"not the password"}`, http.StatusUnauthorized, "sign_in"},
		{"/api/account/signup", `{"name":"ann","password":"long enough"}`, http.StatusConflict, "name_taken"},
		{"/api/account/signup", `{"name":"x","password":"long enough"}`, http.StatusBadRequest, "bad_name"},
		{"/api/account/signup", `{"name":"Bea","password":"short"}`, http.StatusBadRequest, "bad_password"},
		{"/api/account/signup", `not json`, http.StatusBadRequest, ""},
	} {
		code, body, _ := e.player().request("POST", c.path, c.body)
		var got struct{ Error, Code string }
		if err := json.Unmarshal([]byte(body), &got); err != nil || code != c.status || got.Code != c.code || got.Error == "" {
			t.Errorf("POST %s %s: %d %s; want %d, code %q and a sentence", c.path, c.body, code, body, c.status, c.code)
		}
	}
	// The challenges' and the tournaments' refusals a player meets most,
	// signed in (or not).
	for _, c := range []struct {
		p                  *player
		method, path, body string
		status             int
		code               string
	}{
		{ann, "POST", "/api/challenges", `{"to":"nobody","rules":"icf","clock":15}`, http.StatusNotFound, "no_player"},
		{ann, "POST", "/api/challenges", `{"to":"ann","rules":"icf","clock":15}`, http.StatusBadRequest, "challenge_self"},
		{ann, "GET", "/api/tournaments/000000000000", "", http.StatusNotFound, "no_tournament"},
		{e.player(), "POST", "/api/tournaments", `{"name":"Open","rounds":3}`, http.StatusUnauthorized, "not_signed_in"},
		// The friends', the lobby's and the umpire's a player meets.
		{ann, "PUT", "/api/friends/nobody", "", http.StatusNotFound, "no_player"},
		{ann, "PUT", "/api/friends/ann", "", http.StatusBadRequest, "follow_self"},
		{e.player(), "POST", "/api/pool", `{"rules":"icf","clock":15,"rated":true}`, http.StatusUnauthorized, "rated_sign_in"},
		{ann, "POST", "/api/seeks/000000000000/accept", "", http.StatusGone, "seek_gone"},
		{ann, "GET", "/api/umpire/000000000000", "", http.StatusNotFound, "no_sheet"},
		// The organiser's: a championship, an import.
		{ann, "GET", "/api/championships/000000000000", "", http.StatusNotFound, "no_championship"},
		{ann, "POST", "/api/championships", `{"name":"Cup","prizes":"fixed","tournaments":["000000000000"]}`, http.StatusBadRequest, "no_tournament_named"},
		{ann, "POST", "/api/tournaments/import", `not a tournament`, http.StatusBadRequest, "not_tournament_file"},
		{ann, "POST", "/api/tournaments/import", `{"format":"nonsense"}`, http.StatusBadRequest, "bad_tournament_file"},
	} {
		code, body, _ := c.p.request(c.method, c.path, c.body, "X-CSRF-Token", a.CSRF)
		var got struct{ Error, Code string }
		if err := json.Unmarshal([]byte(body), &got); err != nil || code != c.status || got.Code != c.code || got.Error == "" {
			t.Errorf("%s %s %s: %d %s; want %d, code %q and a sentence", c.method, c.path, c.body, code, body, c.status, c.code)
		}
	}
	// Why a round or the finals cannot be paired: a code and the values
	// its sentence names, in the refusal and in the tournament's page.
	var tv tview
	code, body, _ := ann.request("POST", "/api/tournaments", `{"name":"Open","rounds":3}`, "X-CSRF-Token", a.CSRF)
	if err := jsonInto(body, &tv); err != nil || code != http.StatusCreated {
		t.Fatalf("a tournament: %d %s", code, body)
	}
	var fin struct {
		Finals struct {
			NextCode string `json:"next_code"`
		}
	}
	jsonInto(body, &fin)
	if tv.NextCode != "too_few_players" || tv.NextParams["Count"] != 0.0 || tv.Next == "" || fin.Finals.NextCode != "no_finals" {
		t.Errorf("a tournament without players: next %q %q %v, the finals' %q; want too_few_players with Count 0, no_finals", tv.Next, tv.NextCode, tv.NextParams, fin.Finals.NextCode)
	}
	code, body, _ = ann.request("POST", "/api/tournaments/"+tv.ID+"/rounds", `{}`, "X-CSRF-Token", a.CSRF)
	var got struct {
		Error, Code string
		Params      map[string]any
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil || code != http.StatusConflict || got.Code != "too_few_players" || got.Params["Count"] != 0.0 || got.Error == "" {
		t.Errorf("a round paired without players: %d %s; want 409, code too_few_players with Count 0 and a sentence", code, body)
	}
	// A pair refused in a tournament of doubles, with the values its
	// sentence names.
	code, body, _ = ann.request("POST", "/api/tournaments", `{"name":"Pairs","rounds":3,"singles":false}`, "X-CSRF-Token", a.CSRF)
	if err := jsonInto(body, &tv); err != nil || code != http.StatusCreated {
		t.Fatalf("a tournament of doubles: %d %s", code, body)
	}
	for _, c := range []struct {
		body   string
		status int
		code   string
		params map[string]any
	}{
		{`{"account":"ann","partner":{"account":"ann"}}`, http.StatusBadRequest, "partner_self", map[string]any{"Name": "Ann"}},
		{`{"account":"ann","partner":{"account":"nobody"}}`, http.StatusBadRequest, "no_player", map[string]any{"Name": "nobody"}},
		{`{"account":"ann","partner":{"name":" "}}`, http.StatusBadRequest, "partner_missing", nil},
		{`{"partner":{"name":"Bea"}}`, http.StatusBadRequest, "entrant_missing", nil},
		{`{"name":"` + strings.Repeat("क", 27) + `","partner":{"name":"Bea"}}`, http.StatusBadRequest, "text_too_long", map[string]any{"Max": 80.0}},
		{`{"account":"ann","partner":{"name":"Bea"}}`, http.StatusCreated, "", nil},
		{`{"account":"ann","partner":{"name":"Cyd"}}`, http.StatusConflict, "entered_already", map[string]any{"Name": "Ann", "Player": 1.0}},
	} {
		code, body, _ := ann.request("POST", "/api/tournaments/"+tv.ID+"/players", c.body, "X-CSRF-Token", a.CSRF)
		got.Code, got.Params = "", nil
		if err := json.Unmarshal([]byte(body), &got); err != nil || code != c.status || got.Code != c.code || !maps.Equal(got.Params, c.params) {
			t.Errorf("entering %s: %d %s; want %d, code %q with %v", c.body, code, body, c.status, c.code, c.params)
		}
	}
	// A round of guests: the refusals of its desk.
	code, body, _ = ann.request("POST", "/api/tournaments", `{"name":"Club night","rounds":3}`, "X-CSRF-Token", a.CSRF)
	if err := jsonInto(body, &tv); err != nil || code != http.StatusCreated {
		t.Fatalf("a tournament of guests: %d %s", code, body)
	}
	base := "/api/tournaments/" + tv.ID
	for _, g := range []string{`{"name":"Bea"}`, `{"name":"Cyd"}`} {
		if code, body, _ := ann.request("POST", base+"/players", g, "X-CSRF-Token", a.CSRF); code != http.StatusCreated {
			t.Fatalf("entering %s: %d %s", g, code, body)
		}
	}
	if code, body, _ := ann.request("POST", base+"/rounds", `{}`, "X-CSRF-Token", a.CSRF); code != http.StatusCreated {
		t.Fatalf("pairing round 1: %d %s", code, body)
	}
	for _, c := range []struct {
		path, body string
		status     int
		code       string
		params     map[string]any
	}{
		{"/rounds/1/online", `{}`, http.StatusConflict, "no_table_match", map[string]any{"Round": 1.0}},
		{"/rounds/1/boards/1", `{"score":[1000,0]}`, http.StatusBadRequest, "score_range", map[string]any{"Max": 999.0}},
		{"/rounds/1/clock", `{"minutes":0}`, http.StatusBadRequest, "clock_minutes", map[string]any{"Max": 240.0}},
		{"/rounds/1/clock", `{"minutes":30,"warning":30}`, http.StatusBadRequest, "clock_warning", map[string]any{"Minutes": 30.0}},
	} {
		code, body, _ := ann.request("POST", base+c.path, c.body, "X-CSRF-Token", a.CSRF)
		got.Code, got.Params = "", nil
		if err := json.Unmarshal([]byte(body), &got); err != nil || code != c.status || got.Code != c.code || !maps.Equal(got.Params, c.params) {
			t.Errorf("POST %s %s: %d %s; want %d, code %q with %v", c.path, c.body, code, body, c.status, c.code, c.params)
		}
	}
}

// TestRatingChartInLanguage (issue 29): the rating chart the server draws
// is in the language the page names (?lang=), else the browser's.
func TestRatingChartInLanguage(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	ann.account("signup", "Ann", "correct horse battery")
	for _, c := range []struct{ query, accept, want, title string }{
		{"&lang=fr", "en", "Aucun match classé pour l'instant.", "Classement de Ann après chaque match classé ICF simple"},
		{"", "pl", "Na razie żadnego meczu rankingowego.", "Ranking gracza Ann po każdym meczu rankingowym (ICF singiel)"},
		{"", "", "No rated match yet.", "Ann's rating after each rated ICF singles match"},
	} {
		code, body, _ := ann.request("GET", "/api/players/ann/rating.svg?rules=icf&format=singles"+c.query, "", "Accept-Language", c.accept)
		body = html.UnescapeString(body)
		if code != http.StatusOK || !strings.Contains(body, ">"+c.want+"<") || !strings.Contains(body, "<title>"+c.title+"</title>") {
			t.Errorf("the chart%s with Accept-Language %q: %d %s; want %q titled %q", c.query, c.accept, code, body, c.want, c.title)
		}
	}
}
