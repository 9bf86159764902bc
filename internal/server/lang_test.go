package server_test

import (
	"encoding/json"
	"net/http"
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
