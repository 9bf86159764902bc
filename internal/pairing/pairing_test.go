package pairing

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// fakeEnv is a server whose clock moves by hand, whose tables fail while
// failing is set, and which records its pushes.
type fakeEnv struct {
	mu      sync.Mutex
	now     time.Time
	timers  []func()
	failing bool
	tables  int
	pushed  map[string][]protocol.PairedMsg
}

func (e *fakeEnv) Now() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.now
}

func (e *fakeEnv) AfterFunc(d time.Duration, f func()) func() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.timers = append(e.timers, f)
	return func() bool { return true }
}

// advance moves the clock on by a wave and runs the round armed.
func (e *fakeEnv) advance() {
	e.mu.Lock()
	e.now = e.now.Add(Wave)
	fs := e.timers
	e.timers = nil
	e.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

func (e *fakeEnv) Who(*http.Request) (Seeker, error) { return Seeker{}, nil }

func (e *fakeEnv) Rating(context.Context, string, string) (int, error) { return NewRating, nil }

func (e *fakeEnv) Playban(context.Context, string) error { return nil }

func (e *fakeEnv) Start(context.Context, protocol.PoolSpec, Seeker, Seeker) (string, int, int, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.failing {
		return "", 0, 0, errors.New("store: no room")
	}
	e.tables++
	return "t" + string(rune('0'+e.tables)), 0, 1, nil
}

func (e *fakeEnv) PushAll(any) {}

func (e *fakeEnv) Push(key string, msg any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.pushed[key] = append(e.pushed[key], msg.(protocol.PairedMsg))
}

func newService(t *testing.T) (*Service, *fakeEnv) {
	env := &fakeEnv{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), pushed: map[string][]protocol.PairedMsg{}}
	s, err := New(env, nil, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, env
}

func seeker(name string, rating int) Seeker {
	return Seeker{Key: "k." + name, Token: "tok." + name, Live: "live." + name, Name: name, Rating: rating}
}

// TestWavePairsWithinTheWindow: a wave pairs the two close players and
// leaves the far one waiting; his window widening with his wait, a later
// wave pairs him with a newcomer as far.
func TestWavePairsWithinTheWindow(t *testing.T) {
	s, env := newService(t)
	spec := protocol.PoolSpec{Rules: "icf", Clock: 30}
	for _, x := range []Seeker{seeker("ann", 1500), seeker("bob", 1520), seeker("cat", 1900)} {
		if _, err := s.handlePool(poolRequest("join", spec, x)); err != nil {
			t.Fatal(err)
		}
	}
	env.advance()
	if len(env.pushed["live.ann"]) != 1 || len(env.pushed["live.bob"]) != 1 || env.pushed["live.ann"][0].Opponent != "bob" {
		t.Fatalf("after a wave: pushed %v; want ann and bob paired", env.pushed)
	}
	st, _ := s.handlePool(poolRequest("status", spec, seeker("cat", 1900)))
	if !st.Waiting || st.Count != 1 {
		t.Errorf("cat after the wave: %+v; want waiting alone", st)
	}
	s.handlePool(poolRequest("join", spec, seeker("dan", 1500)))
	env.advance()
	if len(env.pushed["live.cat"]) != 0 {
		t.Errorf("cat (1900) paired with dan (1500) at once: the gap 400 is beyond their windows")
	}
	// The mean of their windows reaches their gap, 400, some 12 s later.
	for range 60 {
		env.advance()
	}
	if len(env.pushed["live.cat"]) != 1 || env.pushed["live.cat"][0].Opponent != "dan" {
		t.Errorf("after 30 s: cat is pushed %v; want paired with dan", env.pushed["live.cat"])
	}
}

// TestStartFailing: a pair whose table cannot be made waits again, its
// waits kept, and is paired by a later wave.
func TestStartFailing(t *testing.T) {
	s, env := newService(t)
	spec := protocol.PoolSpec{Rules: "family", Clock: 15}
	s.handlePool(poolRequest("join", spec, seeker("ann", 1500)))
	env.advance()
	s.handlePool(poolRequest("join", spec, seeker("bob", 1500)))
	env.failing = true
	env.advance()
	st, _ := s.handlePool(poolRequest("status", spec, seeker("ann", 1500)))
	if !st.Waiting || st.Count != 2 || len(env.pushed) != 0 {
		t.Fatalf("after a table failed: %+v, pushed %v; want both waiting again", st, env.pushed)
	}
	s.mu.Lock()
	since := s.held[Name(spec)].seekers["k.ann"].since
	s.mu.Unlock()
	if want := env.Now().Add(-2 * Wave); !since.Equal(want) {
		t.Errorf("ann waits since %v; want %v, as before the failure", since, want)
	}
	env.failing = false
	env.advance()
	if st, _ := s.handlePool(poolRequest("status", spec, seeker("ann", 1500))); st.Waiting || st.Link != "/t/t1?seat=0" {
		t.Errorf("ann after the next wave: %+v; want paired at t1, seat 0", st)
	}
}

// TestJoinAgainKeepsTheWait: asking the same pool again keeps one's place
// and wait, with the browser that asked last; the pool's bound refuses
// one more.
func TestJoinAgainKeepsTheWait(t *testing.T) {
	s, env := newService(t)
	spec := protocol.PoolSpec{Rules: "icf", Clock: 15, Rated: true}
	s.handlePool(poolRequest("join", spec, seeker("ann", 1500)))
	env.advance()
	again := seeker("ann", 1500)
	again.Token = "tok.other"
	st, err := s.handlePool(poolRequest("join", spec, again))
	if err != nil || st.Count != 1 {
		t.Fatalf("ann asks again: %+v, %v; want her alone", st, err)
	}
	s.mu.Lock()
	e := s.held[Name(spec)].seekers["k.ann"]
	for i := range MaxSeekers - 1 {
		s.held[Name(spec)].seekers[string(rune(i))] = entry{}
	}
	s.mu.Unlock()
	if e.s.Token != "tok.other" || !e.since.Equal(env.Now().Add(-Wave)) {
		t.Errorf("ann's seek: token %s since %v; want the new browser's, the first wait", e.s.Token, e.since)
	}
	if _, err := s.handlePool(poolRequest("join", spec, seeker("bob", 1500))); !errors.Is(err, ErrFull) {
		t.Errorf("a join past %d: %v; want ErrFull", MaxSeekers, err)
	}
}

// TestParseQuery: the pool of GET /api/pool's query, or a refusal saying
// what to write.
func TestParseQuery(t *testing.T) {
	for _, c := range []struct {
		q    string
		want protocol.PoolSpec
		err  string
	}{
		{"rules=icf&clock=30&rated=true", protocol.PoolSpec{Rules: "icf", Clock: 30, Rated: true}, ""},
		{"rules=family&clock=15", protocol.PoolSpec{Rules: "family", Clock: 15}, ""},
		{"rules=icf&clock=15&rated=false", protocol.PoolSpec{Rules: "icf", Clock: 15}, ""},
		{"rules=icf", protocol.PoolSpec{}, "clock=15 or clock=30"},
		{"rules=icf&clock=x", protocol.PoolSpec{}, "clock=15 or clock=30"},
		{"rules=icf&clock=20", protocol.PoolSpec{}, "a clock of 15 or 30"},
		{"rules=&clock=15", protocol.PoolSpec{}, "rules icf and family"},
		{"rules=point&clock=15", protocol.PoolSpec{}, "rules icf and family"},
		{"rules=icf&clock=15&rated=yes", protocol.PoolSpec{}, "rated=true or rated=false"},
	} {
		q, _ := url.ParseQuery(c.q)
		got, err := ParseQuery(q)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseQuery(%s) = %+v, %v; want %+v", c.q, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(httpapi.Text(err), c.err) || httpapi.Status(err) != http.StatusBadRequest):
			t.Errorf("ParseQuery(%s) = %v; want a 400 saying %q", c.q, err, c.err)
		}
	}
}

// FuzzServe: whatever a request on the bus holds, the holder answers it
// with a reply and never fails.
func FuzzServe(f *testing.F) {
	f.Add([]byte(`{"op":"join","pool":{"rules":"icf","clock":15,"rated":false},"seeker":{"key":"k","token":"t","live":"l","rating":1500}}`))
	f.Add([]byte(`{"op":"status","pool":{"rules":"icf","clock":30,"rated":true},"seeker":{"key":"k"}}`))
	f.Add([]byte(`{"op":"leave"}`))
	f.Add([]byte(`not json`))
	env := &fakeEnv{pushed: map[string][]protocol.PairedMsg{}}
	s, err := New(env, nil, 0, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if out := s.serve(data); len(out) == 0 {
			t.Errorf("serve(%q) answered nothing", data)
		}
	})
}
