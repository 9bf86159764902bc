package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestPlayerSearch: GET /api/players?prefix= lists, in any case, at most
// 10 names of the accounts that begin with the prefix, a deleted
// account's never; a prefix too long is refused in plain words, and each
// address may search 60 times at once, then twice a second.
func TestPlayerSearch(t *testing.T) {
	e := newEnv(t, t.TempDir())
	for _, n := range []string{"ann", "Andy", "bob"} {
		if code, a, _ := e.player().account("signup", n, "long enough"); code != http.StatusOK {
			t.Fatalf("sign-up as %s: %d %+v", n, code, a)
		}
	}
	for i := 10; i <= 20; i++ {
		if code, a, _ := e.player().account("signup", fmt.Sprintf("am%d", i), "long enough"); code != http.StatusOK {
			t.Fatalf("sign-up as am%d: %d %+v", i, code, a)
		}
	}
	anton := e.player()
	_, a, _ := anton.account("signup", "anton", "long enough")
	if code, body, _ := anton.request("DELETE", "/api/account", `{"password":"long enough"}`, "X-CSRF-Token", a.CSRF); code != http.StatusOK {
		t.Fatalf("anton deletes his account: %d %s", code, body)
	}
	p := e.player()
	searches := 0
	search := func(prefix string) (int, []string, string) {
		searches++
		code, body, _ := p.request("GET", "/api/players?prefix="+url.QueryEscape(prefix), "")
		var out struct {
			Players []string `json:"players"`
			Error   string   `json:"error"`
		}
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatalf("search %q: %d %q: %v", prefix, code, body, err)
		}
		return code, out.Players, out.Error
	}
	for prefix, want := range map[string][]string{"an": {"Andy", "ann"}, "AN": {"Andy", "ann"}, "ann": {"ann"}, "b": {"bob"}, "c": {}, "": {}} {
		if code, got, msg := search(prefix); code != http.StatusOK || !slices.Equal(got, want) {
			t.Errorf("search %q: %d %q %q; want %q", prefix, code, got, msg, want)
		}
	}
	if code, got, _ := search("am"); code != http.StatusOK || len(got) != 10 || got[0] != "am10" || got[9] != "am19" {
		t.Errorf("search am: %d %q; want the first 10 of am10…am20", code, got)
	}
	if code, _, msg := search(strings.Repeat("a", 65)); code != http.StatusBadRequest || !strings.Contains(msg, "at most 64 characters") {
		t.Errorf("a prefix of 65 characters: %d %q; want 400 in plain words", code, msg)
	}
	for searches < 60 {
		if code, _, msg := search("a"); code != http.StatusOK {
			t.Fatalf("search %d: %d %q; want 200", searches, code, msg)
		}
	}
	if code, _, msg := search("a"); code != http.StatusTooManyRequests || !strings.Contains(msg, "too many player searches") {
		t.Errorf("search 61 at once: %d %q; want 429", code, msg)
	}
}
