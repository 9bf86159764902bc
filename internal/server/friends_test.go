package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/friends"
)

// friendsOf is a player's GET /api/friends.
func friendsOf(t *testing.T, p *player) []struct {
	Name   string
	Online bool
	Table  string
} {
	t.Helper()
	code, body, _ := p.request("GET", "/api/friends", "")
	var out []struct {
		Name   string
		Online bool
		Table  string
	}
	if code != http.StatusOK || json.Unmarshal([]byte(body), &out) != nil {
		t.Fatalf("GET /api/friends: %d %s", code, body)
	}
	return out
}

// TestFriendFollows: a signed-in player follows another by name; his list
// says when the friend has a page open (and he is pushed "friend" then,
// once for a reload within friends.Grace) and which table the friend
// plays at; he unfollows; bad names, himself, the anonymous, a request
// without the CSRF token and the 201st follow are refused in words.
func TestFriendFollows(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob, cat, anon := e.player(), e.player(), e.player(), e.player()
	csrfA, csrfB, csrfC := signUp(t, ann, "ann"), signUp(t, bob, "bob"), signUp(t, cat, "cat")
	la := openLive(t, e.http.URL, ann.Client)

	code, body, _ := ann.request("PUT", "/api/friends/Bob", "", "X-CSRF-Token", csrfA)
	if code != http.StatusOK || !strings.Contains(body, `"name":"bob","online":false`) {
		t.Fatalf("ann follows bob: %d %s", code, body)
	}
	if fs := friendsOf(t, ann); len(fs) != 1 || fs[0].Name != "bob" || fs[0].Online || fs[0].Table != "" {
		t.Errorf("ann's friends = %+v; want bob offline, at no table", fs)
	}

	lb := openLive(t, e.http.URL, bob.Client)
	if p := la.next("friend"); !strings.Contains(p.raw, `"name":"bob","online":true`) {
		t.Errorf("ann is pushed %s; want bob online", p.raw)
	}
	if fs := friendsOf(t, ann); !fs[0].Online {
		t.Errorf("ann's friends = %+v; want bob online", fs)
	}
	// A reload: the channel closes and opens again at once.
	lb.ws.CloseNow()
	lb = openLive(t, e.http.URL, bob.Client)
	e.clock.Advance(friends.Grace)
	lb.ws.CloseNow()
	for friendsOf(t, ann)[0].Online {
		// The server sees the channel closed in a moment.
		time.Sleep(10 * time.Millisecond)
	}
	e.clock.Advance(friends.Grace)
	openLive(t, e.http.URL, bob.Client)
	if p := la.next("friend"); !strings.Contains(p.raw, `"name":"bob"`) {
		t.Errorf("ann is pushed %s; want bob online", p.raw)
	}
	select {
	case p := <-la.in:
		t.Errorf("ann is pushed %s more: the reload within friends.Grace told her twice", p.raw)
	default:
	}

	// Cat challenges bob, who accepts: bob plays at the table made.
	code, body, _ = cat.request("POST", "/api/challenges", `{"to":"bob","rules":"icf","clock":30}`, "X-CSRF-Token", csrfC)
	var ch struct{ ID, Table string }
	if json.Unmarshal([]byte(body), &ch); code != http.StatusCreated {
		t.Fatalf("a challenge: %d %s", code, body)
	}
	code, body, _ = bob.request("POST", "/api/challenges/"+ch.ID+"/accept", "", "X-CSRF-Token", csrfB)
	if json.Unmarshal([]byte(body), &ch); code != http.StatusOK || ch.Table == "" {
		t.Fatalf("accepting: %d %s", code, body)
	}
	if fs := friendsOf(t, ann); fs[0].Table != ch.Table {
		t.Errorf("ann's friends = %+v; want bob playing at %s", fs, ch.Table)
	}

	for _, c := range []struct {
		p          *player
		method     string
		name, csrf string
		code       int
		says       string
	}{
		{ann, "PUT", "nobody", csrfA, http.StatusNotFound, `no player is named \"nobody\"`},
		{ann, "PUT", "a", csrfA, http.StatusBadRequest, `\"a\" is no player's name`},
		{ann, "PUT", "ann", csrfA, http.StatusBadRequest, "you cannot follow yourself"},
		{ann, "PUT", "cat", "", http.StatusForbidden, "X-CSRF-Token"},
		{anon, "PUT", "cat", "", http.StatusUnauthorized, "sign in to follow players"},
		{anon, "GET", "", "", http.StatusUnauthorized, "sign in to follow players"},
	} {
		path := "/api/friends"
		if c.name != "" {
			path += "/" + c.name
		}
		code, body, _ := c.p.request(c.method, path, "", "X-CSRF-Token", c.csrf)
		if code != c.code || !strings.Contains(body, c.says) || strings.Contains(body, "friends:") {
			t.Errorf("%s %s: %d %s; want %d saying %q", c.method, path, code, body, c.code, c.says)
		}
	}
	if fs := friendsOf(t, ann); len(fs) != 1 {
		t.Errorf("ann's friends after the refusals = %+v; want bob alone", fs)
	}

	code, body, _ = ann.request("DELETE", "/api/friends/bob", "", "X-CSRF-Token", csrfA)
	if code != http.StatusOK || body != "[]\n" && body != "[]" {
		t.Errorf("ann unfollows bob: %d %s; want an empty list", code, body)
	}

	// The limit: friends.MaxFollows accounts followed, the next refused.
	ctx := context.Background()
	for i := range friends.MaxFollows {
		name := fmt.Sprintf("p%03d", i)
		if err := e.st.CreateAccount(ctx, account.Account{ID: "id-" + name, Name: name, Password: "x"}, ""); err != nil {
			t.Fatal(err)
		}
		if code, body, _ := ann.request("PUT", "/api/friends/"+name, "", "X-CSRF-Token", csrfA); code != http.StatusOK {
			t.Fatalf("ann follows %s: %d %s", name, code, body)
		}
	}
	code, body, _ = ann.request("PUT", "/api/friends/bob", "", "X-CSRF-Token", csrfA)
	if want := fmt.Sprintf("you follow %d players, the most", friends.MaxFollows); code != http.StatusConflict || !strings.Contains(body, want) {
		t.Errorf("a follow past the limit: %d %s; want 409 saying %q", code, body, want)
	}
	if fs := friendsOf(t, ann); len(fs) != friends.MaxFollows {
		t.Errorf("ann follows %d; want %d", len(fs), friends.MaxFollows)
	}
}
