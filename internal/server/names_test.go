package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestNamesPeopleCanTrust: a name is kept in its PRECIS form (full-width
// letters made normal, NFC), found in any case and either Unicode form;
// a name that reads like another account's (a Cyrillic В for a Latin B,
// a zero for an O, a one for an l) is refused with 409 in plain words;
// names of other alphabets, with their accents and vowel signs, are
// welcome.
func TestNamesPeopleCanTrust(t *testing.T) {
	e := newEnv(t, t.TempDir())
	signUp := func(name string) (int, accountAnswer) {
		code, a, _ := e.player().account("signup", name, "long enough")
		return code, a
	}
	for name, shown := range map[string]string{"Bob": "Bob", "ann1": "ann1", "ＺＯＥ": "ZOE", "Jose\u0301": "José", "अमित": "अमित", "Мария": "Мария"} {
		if code, a := signUp(name); code != http.StatusOK || a.Name != shown {
			t.Errorf("sign-up as %q: %d %+v; want 200 as %q", name, code, a, shown)
		}
	}
	for _, name := range []string{"\u0412ob", "B0B", "annl", "annI"} {
		if code, a := signUp(name); code != http.StatusConflict || !strings.Contains(a.Error, "reads like another player's") {
			t.Errorf("sign-up as %q: %d %+v; want 409, it reads like another's", name, code, a)
		}
	}
	for _, name := range []string{"bob", "ＢＯＢ", "zoe"} {
		if code, a := signUp(name); code != http.StatusConflict || !strings.Contains(a.Error, "is taken") {
			t.Errorf("sign-up as %q: %d %+v; want 409, taken", name, code, a)
		}
	}
	for _, name := range []string{"JOSÉ", "jose\u0301", "ｊｏｓé"} {
		if code, a, _ := e.player().account("signin", name, "long enough"); code != http.StatusOK || a.Name != "José" {
			t.Errorf("sign-in as %q: %d %+v; want José", name, code, a)
		}
	}
	var prof struct{ Name string }
	if code := e.player().get("/api/players/"+url.PathEscape("अमित"), &prof); code != http.StatusOK || prof.Name != "अमित" {
		t.Errorf("the profile of अमित: %d %+v", code, prof)
	}
	for _, bad := range []string{"a\u200bb", "ann!", "\u0301ab", "a😀b"} {
		if code, a := signUp(bad); code != http.StatusBadRequest {
			t.Errorf("sign-up as %q: %d %+v; want 400", bad, code, a)
		}
	}
}
