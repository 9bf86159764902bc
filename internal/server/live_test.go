package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// livePush is a push on the live channel (docs/protocol.md).
type livePush struct {
	Type      string
	Challenge *struct{ ID, From, To, Status, Table, Link string }
	Table     string
	Rematch   string
	Link      string
	By        string
	raw       string
}

// liveChannel is a browser's live channel, read on its own goroutine.
type liveChannel struct {
	t  *testing.T
	ws *websocket.Conn
	in chan livePush
}

// openLive opens cl's live channel at base and waits for its hello, from
// when on every push to it reaches it.
func openLive(t *testing.T, base string, cl *servertest.Client) *liveChannel {
	t.Helper()
	return openLiveAt(t, base, "/live", cl)
}

// openLiveAt opens the live channel at path (with its query).
func openLiveAt(t *testing.T, base, path string, cl *servertest.Client) *liveChannel {
	t.Helper()
	ws, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(base, "http")+path, &websocket.DialOptions{HTTPClient: cl.HTTP()})
	if err != nil {
		code := 0
		if resp != nil {
			code = resp.StatusCode
		}
		t.Fatalf("opening the live channel: %d %v", code, err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	l := &liveChannel{t: t, ws: ws, in: make(chan livePush, 100)}
	go func() {
		defer close(l.in)
		for {
			_, data, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			var p livePush
			if err := json.Unmarshal(data, &p); err != nil {
				t.Errorf("a push that is not JSON: %s", data)
			}
			p.raw = string(data)
			l.in <- p
		}
	}()
	l.next("hello")
	return l
}

// next returns the next push of type typ (skipping others).
func (l *liveChannel) next(typ string) livePush {
	l.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case p, ok := <-l.in:
			if !ok {
				l.t.Fatalf("the live channel closed while waiting for %q", typ)
			}
			if p.Type == typ {
				return p
			}
		case <-timeout:
			l.t.Fatalf("no %q push within 20 s", typ)
		}
	}
}

// TestLiveChallenge (issue 27, item 4): a challenge received and its
// acceptance are pushed on the live channels of both accounts, with each
// player's link; the accepted challenge's clock does not run while only
// one player has come; a rematch is offered to the other player's browser.
func TestLiveChallenge(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	csrfA, csrfB := signUp(t, ann, "ann"), signUp(t, bob, "bob")
	la, lb := openLive(t, e.http.URL, ann.Client), openLive(t, e.http.URL, bob.Client)

	code, body, _ := ann.request("POST", "/api/challenges", `{"to":"bob","rules":"icf","clock":30}`, "X-CSRF-Token", csrfA)
	if code != http.StatusCreated {
		t.Fatalf("a challenge: %d %s", code, body)
	}
	if p := lb.next("challenge"); p.Challenge == nil || p.Challenge.From != "ann" || p.Challenge.Status != "open" {
		t.Errorf("bob is pushed %s; want ann's open challenge", p.raw)
	}
	if p := la.next("challenge"); p.Challenge == nil || p.Challenge.To != "bob" || p.Challenge.Status != "open" {
		t.Errorf("ann is pushed %s; want her challenge to bob", p.raw)
	}
	var ch struct{ ID, Table string }
	json.Unmarshal([]byte(body), &ch)
	code, body, _ = bob.request("POST", "/api/challenges/"+ch.ID+"/accept", "", "X-CSRF-Token", csrfB)
	if code != http.StatusOK {
		t.Fatalf("accepting: %d %s", code, body)
	}
	json.Unmarshal([]byte(body), &ch)
	p := la.next("challenge")
	if p.Challenge == nil || p.Challenge.Status != "accepted" || p.Challenge.Link != "/t/"+ch.Table+"?seat=0" {
		t.Fatalf("ann is pushed %s; want the challenge accepted with the link of seat 0 at %s", p.raw, ch.Table)
	}
	if p := lb.next("challenge"); p.Challenge == nil || p.Challenge.Link != "/t/"+ch.Table+"?seat=1" {
		t.Errorf("bob is pushed %s; want the link of seat 1", p.raw)
	}

	// Bob at the table alone: no clock runs, however long Ann takes.
	cb := bob.connect(ch.Table, 0)
	cb.next("welcome")
	if st := cb.next("state").State; st.Started || st.ToAct.Deadline != 0 {
		t.Errorf("bob alone at the table: started %v, deadline %d; want not started, no clock", st.Started, st.ToAct.Deadline)
	}
	e.clock.Advance(10 * time.Minute)
	if seq := seqOf(t, bob, ch.Table); seq != 0 {
		t.Errorf("10 minutes with only bob at the table: seq %d; want 0 (nothing played, no clock ran out)", seq)
	}
	ca := ann.connect(ch.Table, 0)
	ca.next("welcome")
	if st := ca.untilMine(0, 1); !st.Started {
		t.Errorf("both at the table: not started")
	}
	c := map[int]*conn{0: ca, 1: cb}[ca.last.ToAct.Seat]
	c.send(protocol.Concede("match"))
	for !ca.last.Over {
		ca.next("state", "event")
	}
	code, body, _ = bob.request("POST", "/api/tables/"+ch.Table+"/rematch", "", "X-CSRF-Token", csrfB)
	var rm struct{ Table string }
	if err := json.Unmarshal([]byte(body), &rm); err != nil || code != http.StatusCreated {
		t.Fatalf("rematch: %d %s", code, body)
	}
	if p := la.next("rematch"); p.Table != ch.Table || p.Rematch != rm.Table || p.Link != "/t/"+rm.Table+"?seat=0" || p.By != "bob" {
		t.Errorf("ann is pushed %s; want bob's rematch %s with the link of seat 0", p.raw, rm.Table)
	}
}

// TestLiveLimits: one identity opens LiveConnsPerIdentity live channels at
// most, and a message from the browser over the channel's limit ends it.
func TestLiveLimits(t *testing.T) {
	e := newEnv(t, t.TempDir())
	p := e.player()
	var first *liveChannel
	for i := range server.LiveConnsPerIdentity {
		l := openLive(t, e.http.URL, p.Client)
		if i == 0 {
			first = l
		}
	}
	_, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(e.http.URL, "http")+"/live", &websocket.DialOptions{HTTPClient: p.HTTP()})
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		code := 0
		if resp != nil {
			code = resp.StatusCode
		}
		t.Errorf("live channel %d of one identity: %d %v; want 429", server.LiveConnsPerIdentity+1, code, err)
	}
	if err := first.ws.Write(context.Background(), websocket.MessageText, []byte(strings.Repeat("x", 600))); err != nil {
		t.Fatal(err)
	}
	select {
	case _, ok := <-first.in:
		if ok {
			t.Errorf("a 600-byte message from the browser: the channel is still open")
		}
	case <-time.After(20 * time.Second):
		t.Errorf("a 600-byte message from the browser: the channel is still open after 20 s")
	}
	// Its place is free again, once the server has seen it close.
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		ws, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(e.http.URL, "http")+"/live", &websocket.DialOptions{HTTPClient: p.HTTP()})
		if err == nil {
			ws.CloseNow()
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the place of the channel closed is not free after 20 s: %v", err)
		}
	}
}

// TestClusterLiveChallenge: the challenger's live channel at one node is
// told of the acceptance made at another.
func TestClusterLiveChallenge(t *testing.T) {
	nodes := newClusterWith(t, 2, 900*time.Millisecond, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	var ps [2]*player
	for i, n := range nodes {
		cl, err := servertest.NewClient(context.Background(), n.http.URL)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = &player{t: t, Client: cl}
	}
	ann, bob := ps[0], ps[1]
	csrfA, csrfB := signUp(t, ann, "ann"), signUp(t, bob, "bob")
	la, lb := openLive(t, nodes[0].http.URL, ann.Client), openLive(t, nodes[1].http.URL, bob.Client)
	code, body, _ := ann.request("POST", "/api/challenges", `{"to":"bob","rules":"icf","clock":30}`, "X-CSRF-Token", csrfA)
	if code != http.StatusCreated {
		t.Fatalf("a challenge at node a: %d %s", code, body)
	}
	var ch struct{ ID, Table string }
	json.Unmarshal([]byte(body), &ch)
	if p := lb.next("challenge"); p.Challenge == nil || p.Challenge.ID != ch.ID {
		t.Errorf("bob at node b is pushed %s; want ann's challenge %s", p.raw, ch.ID)
	}
	code, body, _ = bob.request("POST", "/api/challenges/"+ch.ID+"/accept", "", "X-CSRF-Token", csrfB)
	if code != http.StatusOK {
		t.Fatalf("accepting at node b: %d %s", code, body)
	}
	json.Unmarshal([]byte(body), &ch)
	for {
		p := la.next("challenge")
		if p.Challenge != nil && p.Challenge.Status == "open" {
			continue // her own challenge, pushed to her account too
		}
		if p.Challenge == nil || p.Challenge.Status != "accepted" || p.Challenge.Link != "/t/"+ch.Table+"?seat=0" {
			t.Errorf("ann at node a is pushed %s; want the acceptance with the link of seat 0 at %s", p.raw, ch.Table)
		}
		break
	}
}
