package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// Advance moves the clock on and fires the timers that fall due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []func()
	for _, t := range c.timers {
		if !t.stopped && !t.at.After(c.now) {
			t.stopped = true
			due = append(due, t.f)
		}
	}
	c.mu.Unlock()
	for _, f := range due {
		f()
	}
}

// testBot shoots straight ahead from a random legal spot, and places where
// the table suggests.
type testBot struct{}

func (testBot) Act(_ context.Context, t game.Table, seat int, rng *rand.Rand) (game.Action, error) {
	turn := t.ToAct()
	if turn.Need == game.NeedPlace {
		at, _ := t.PlaceHint()
		return game.Action{Seat: seat, Kind: game.Place, At: at}, nil
	}
	r := t.StrikerRanges()[0]
	x := r.Lo + rng.Float64()*(r.Hi-r.Lo)
	return game.Action{Seat: seat, Kind: game.Strike, Shot: physics.Shot{X: x, Dir: board.Vec{X: rng.Float64() - 0.5, Y: 1}, Speed: t.Config().Physics.MaxSpeed * (0.3 + 0.6*rng.Float64())}}, nil
}

func testBots(level string) (server.Bot, error) {
	if level != "test" {
		return nil, fmt.Errorf("no level %q", level)
	}
	return testBot{}, nil
}

type env struct {
	t     *testing.T
	srv   *server.Server
	http  *httptest.Server
	clock *fakeClock
	dir   string
	st    *store.SQLite
}

func newEnv(t *testing.T, dir string) *env { return newEnvAt(t, dir, newFakeClock()) }

// newEnvAt starts a server on dir whose clock is clock.
func newEnvAt(t *testing.T, dir string, clock *fakeClock) *env { return newEnvWith(t, dir, clock, nil) }

// newEnvWith starts a server on dir whose clock is clock, its
// configuration changed by edit (if not nil).
func newEnvWith(t *testing.T, dir string, clock *fakeClock, edit func(*server.Config)) *env {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Store: st, Clock: clock, Bots: testBots, Physics: physics.Default()}
	if edit != nil {
		edit(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, http: httptest.NewServer(srv.Handler()), clock: clock, dir: dir, st: st}
	t.Cleanup(e.close)
	return e
}

func (e *env) close() {
	e.http.Close()
	e.srv.Close()
	e.st.Close()
}

// player is a browser: its own cookie jar, so its own identity.
type player struct {
	t    *testing.T
	http *http.Client
	base string
}

func (e *env) player() *player {
	jar, _ := cookiejar.New(nil)
	p := &player{t: e.t, http: &http.Client{Jar: jar}, base: e.http.URL}
	resp, err := p.http.Get(p.base + "/")
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	return p
}

func (p *player) do(method, path, body string) (int, map[string]any) {
	p.t.Helper()
	req, _ := http.NewRequest(method, p.base+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := p.http.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// doList is a GET whose answer is a JSON list.
func (p *player) doList(path string) (int, []any) {
	p.t.Helper()
	resp, err := p.http.Get(p.base + path)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out []any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func (p *player) create(cfg string) string {
	p.t.Helper()
	code, out := p.do("POST", "/api/tables", cfg)
	if code != http.StatusCreated {
		p.t.Fatalf("create table %s: %d %v", cfg, code, out)
	}
	return out["id"].(string)
}

type conn struct {
	t    *testing.T
	ws   *websocket.Conn
	in   chan map[string]any
	last map[string]any // the game state of the last state or event message read
}

func (p *player) connect(table string, since int64) *conn {
	p.t.Helper()
	url := strings.Replace(p.base, "http", "ws", 1) + fmt.Sprintf("/ws/%s?since=%d", table, since)
	ws, _, err := websocket.Dial(context.Background(), url, &websocket.DialOptions{HTTPClient: p.http})
	if err != nil {
		p.t.Fatal(err)
	}
	ws.SetReadLimit(1 << 24)
	c := &conn{t: p.t, ws: ws, in: make(chan map[string]any, 10000)}
	go func() {
		defer close(c.in)
		for {
			_, data, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			var m map[string]any
			if json.Unmarshal(data, &m) == nil {
				c.in <- m
			}
		}
	}()
	p.t.Cleanup(func() { ws.CloseNow() })
	return c
}

func (c *conn) send(v any) {
	c.t.Helper()
	data, _ := json.Marshal(v)
	if err := c.ws.Write(context.Background(), websocket.MessageText, data); err != nil {
		c.t.Fatal(err)
	}
}

// next returns the next message of one of the given types.
func (c *conn) next(types ...string) map[string]any {
	c.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, ok := <-c.in:
			if !ok {
				c.t.Fatalf("connection closed while waiting for %v", types)
			}
			if m["type"] == "state" || m["type"] == "event" {
				c.last = stateOf(m)
			}
			for _, ty := range types {
				if m["type"] == ty {
					return m
				}
			}
		case <-timeout:
			c.t.Fatalf("no %v message within 20 s", types)
		}
	}
}

// stateOf returns the game state in a state or event message.
func stateOf(m map[string]any) map[string]any { return m["state"].(map[string]any) }

func seq(m map[string]any) int64 { return int64(m["seq"].(float64)) }

// myMove is the message a simple human makes for the state: a straight shot
// from the first legal spot, or the suggested placing.
func myMove(st map[string]any, rng *rand.Rand) map[string]any {
	act := st["to_act"].(map[string]any)
	if act["need"] == "place" {
		at := act["place_hint"].([]any)
		return map[string]any{"v": 1, "type": "place", "x": at[0], "y": at[1]}
	}
	r := act["striker_ranges"].([]any)[0].([]any)
	lo, hi := r[0].(float64), r[1].(float64)
	return map[string]any{"v": 1, "type": "strike", "x": lo + rng.Float64()*(hi-lo), "angle": 60 + 60*rng.Float64(), "power": 0.2 + 0.6*rng.Float64()}
}

// untilMine reads messages until the seat is to act (or the match is over)
// and returns the last state.
func (c *conn) untilMine(seats ...int) map[string]any {
	c.t.Helper()
	for {
		// Catch up with whatever has arrived before judging.
		for drained := false; !drained; {
			select {
			case m, ok := <-c.in:
				if !ok {
					c.t.Fatalf("connection closed")
				}
				if m["type"] == "state" || m["type"] == "event" {
					c.last = stateOf(m)
				}
			default:
				drained = true
			}
		}
		st := c.last
		if st == nil {
			st = stateOf(c.next("state", "event"))
		}
		if st["over"] == true {
			return st
		}
		act := st["to_act"].(map[string]any)
		for _, s := range seats {
			if int(act["seat"].(float64)) == s && st["started"] == true {
				return st
			}
		}
		c.next("state", "event")
	}
}

func TestMatchAgainstTheComputer(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	id := ann.create(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"computer","level":"test"}],"seed":7}`)
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(map[string]any{"v": 1, "type": "sit", "seat": 0, "nickname": "Ann"})
	rng := rand.New(rand.NewPCG(1, 2))
	strokes := 0
	for {
		st := c.untilMine(0)
		if st["over"] == true {
			break
		}
		// Play a few strokes of each game, then concede it, so the match ends.
		if strokes++; strokes%15 == 0 {
			c.send(map[string]any{"v": 1, "type": "concede", "what": "game"})
		} else {
			c.send(myMove(st, rng))
		}
		// An event's match carries the ruling of its action; a placing has
		// none.
		if ev := c.next("event"); (stateOf(ev)["match"].(map[string]any)["ruling"] == nil) != (ev["action"].(map[string]any)["kind"] == "place") {
			t.Fatalf("event %d (%v) has ruling %v", seq(ev), ev["action"], stateOf(ev)["match"].(map[string]any)["ruling"])
		}
	}
	code, rec := ann.do("GET", "/api/matches/"+id, "")
	if code != http.StatusOK {
		t.Fatalf("GET /api/matches/%s: %d", id, code)
	}
	var actions []game.Action
	for _, a := range rec["actions"].([]any) {
		data, _ := json.Marshal(a.(map[string]any)["action"])
		act, err := record.ParseAction(data)
		if err != nil {
			t.Fatal(err)
		}
		actions = append(actions, act)
	}
	replayed, err := game.Replay(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()}, actions)
	if err != nil {
		t.Fatalf("the stored record does not replay: %v", err)
	}
	if replayed.Match().Awaiting != rules.AwaitNothing || replayed.Match().Winner != 1 {
		t.Errorf("replayed match: awaiting %v, winner %d; want over, won by the computer", replayed.Match().Awaiting, replayed.Match().Winner)
	}
	// The replay gives every action as an event, trajectories included.
	code, rep := ann.do("GET", "/api/matches/"+id+"/replay", "")
	events, _ := rep["events"].([]any)
	if code != http.StatusOK || len(events) != len(actions) || rep["start"] == nil {
		t.Fatalf("GET replay: %d, %d events for %d actions", code, len(events), len(actions))
	}
	for i, ev := range events {
		ev := ev.(map[string]any)
		if seq(ev) != int64(i+1) {
			t.Fatalf("replay event %d has seq %d", i+1, seq(ev))
		}
		if a := ev["action"].(map[string]any); a["kind"] == "strike" && ev["outcome"].(map[string]any)["trajectory"] == nil {
			t.Fatalf("replay event %d: a strike without its trajectory", i+1)
		}
		if (stateOf(ev)["match"].(map[string]any)["ruling"] == nil) != (ev["action"].(map[string]any)["kind"] == "place") {
			t.Fatalf("replay event %d (%v) has ruling %v", i+1, ev["action"], stateOf(ev)["match"].(map[string]any)["ruling"])
		}
	}
	if stateOf(events[len(events)-1].(map[string]any))["over"] != true {
		t.Errorf("the replay's last state is not over")
	}
	code, part := ann.do("GET", "/api/matches/"+id+"/replay?from=3&to=5", "")
	if evs := part["events"].([]any); code != http.StatusOK || len(evs) != 3 || seq(part["start"].(map[string]any)) != 2 || seq(evs[0].(map[string]any)) != 3 {
		t.Errorf("replay from 3 to 5: %d, %d events, start seq %v", code, len(evs), part["start"])
	}
	if code, _ := ann.do("GET", "/api/matches/"+id+"/replay?from=x", ""); code != http.StatusBadRequest {
		t.Errorf("replay?from=x: %d; want 400", code)
	}
}

// twoPlayers sets up a human-vs-human table and has both sit.
func twoPlayers(t *testing.T, e *env, clock int) (string, *player, *player, *conn, *conn) {
	ann, bob := e.player(), e.player()
	id := ann.create(fmt.Sprintf(`{"rules":"icf","players":2,"clock":%d,"seats":[{"kind":"human"},{"kind":"human"}],"seed":3}`, clock))
	a, b := ann.connect(id, 0), bob.connect(id, 0)
	a.next("welcome")
	b.next("welcome")
	a.send(map[string]any{"v": 1, "type": "sit", "seat": 0, "nickname": "Ann"})
	a.next("welcome")
	b.send(map[string]any{"v": 1, "type": "sit", "seat": 1, "nickname": "Bob"})
	b.next("welcome")
	return id, ann, bob, a, b
}

// play makes n moves, whoever is to act, and returns the last event.
func play(t *testing.T, n int, rng *rand.Rand, conns map[int]*conn) map[string]any {
	var last map[string]any
	for range n {
		var st map[string]any
		for _, c := range conns {
			st = c.untilMine(0, 1)
		}
		seat := int(st["to_act"].(map[string]any)["seat"].(float64))
		conns[seat].send(myMove(st, rng))
		for _, c := range conns {
			last = c.next("event")
		}
	}
	return last
}

func TestForgedAndMalformedIntents(t *testing.T) {
	e := newEnv(t, t.TempDir())
	_, _, _, a, b := twoPlayers(t, e, 0)
	before := b.untilMine(0)
	// Seat 0 is to break: Bob (seat 1) may not act for him.
	b.send(map[string]any{"v": 1, "type": "strike", "x": 0, "angle": 90, "power": 0.5})
	if m := b.next("error"); !strings.Contains(m["error"].(string), "do not hold the seat") {
		t.Errorf("forged intent: error %q", m["error"])
	}
	bad := []string{
		`not json`, `{"v":1,"type":"fly"}`, `{"v":2,"type":"ping"}`, `{"v":1,"type":"strike","x":0,"angle":90}`,
		`{"v":1,"type":"strike","x":0,"angle":90,"speed":1e9}`, `{"v":1,"type":"place","x":0}`, `{"v":1,"type":"ping","extra":1}`,
		`{"v":1,"type":"strike","x":0,"angle":90,"power":0.5,"dir":[0,1]}`, `{"v":1,"type":"sit","seat":0,"nickname":""}`,
		`{"v":1,"type":"ping"}` + strings.Repeat(" ", server.MaxMessage),
	}
	for _, msg := range bad {
		if err := a.ws.Write(context.Background(), websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		if m := a.next("error"); m["error"] == "" {
			t.Errorf("%.40s: empty error", msg)
		}
	}
	// An illegal striker position is refused by the table (RULES ST-2).
	a.send(map[string]any{"v": 1, "type": "strike", "x": 0.2, "angle": 90, "power": 0.5})
	if m := a.next("error"); !strings.Contains(m["error"].(string), "base circle") {
		t.Errorf("striker on a base circle: error %q", m["error"])
	}
	// The connection is still up and the table unharmed.
	a.send(map[string]any{"v": 1, "type": "ping"})
	a.next("pong")
	b.send(map[string]any{"v": 1, "type": "sit", "seat": 0})
	if m := b.next("error"); !strings.Contains(m["error"].(string), "seat taken") {
		t.Errorf("taking someone's seat: error %q", m["error"])
	}
	rng := rand.New(rand.NewPCG(5, 5))
	ev := play(t, 1, rng, map[int]*conn{0: a, 1: b})
	if seq(ev) != 1 || stateOf(ev)["config"] == nil || before == nil {
		t.Errorf("first accepted action has seq %d; want 1", seq(ev))
	}
}

func TestReconnectAndSpectate(t *testing.T) {
	e := newEnv(t, t.TempDir())
	id, ann, _, a, b := twoPlayers(t, e, 0)
	rng := rand.New(rand.NewPCG(9, 9))
	ev := play(t, 4, rng, map[int]*conn{0: a, 1: b})
	seen := seq(ev)
	// Ann drops; Bob plays on whenever it is his turn, Ann's strokes wait.
	a.ws.CloseNow()
	var bobLast map[string]any
	for {
		st := b.untilMine(0, 1)
		if int(st["to_act"].(map[string]any)["seat"].(float64)) != 1 {
			break
		}
		b.send(myMove(st, rng))
		bobLast = b.next("event")
	}
	// A spectator joins mid-board and sees the same state as Bob.
	watcher := e.player().connect(id, 0)
	watcher.next("welcome")
	ws := stateOf(watcher.next("state"))
	// Ann comes back with the last number she saw: she gets what she
	// missed, in order, and her seat.
	before := a.last
	a = ann.connect(id, seen)
	w := a.next("welcome")
	if len(w["seats"].([]any)) != 1 {
		t.Errorf("reconnected: seats %v; want seat 0 back", w["seats"])
	}
	if bobLast == nil {
		// Nothing was missed: the welcome says so, and the state Ann had holds.
		if seq(w) != seen {
			t.Errorf("welcome seq %d; want %d", seq(w), seen)
		}
		a.last = before
	}
	want := seen + 1
	for bobLast != nil && want <= seq(bobLast) {
		m := a.next("event", "state")
		if m["type"] == "state" {
			t.Fatalf("got the full state; want the missed events")
		}
		if seq(m) != want {
			t.Fatalf("missed event %d; want %d", seq(m), want)
		}
		want++
	}
	watcher.send(map[string]any{"v": 1, "type": "strike", "x": 0, "angle": 90, "power": 0.5})
	if m := watcher.next("error"); !strings.Contains(m["error"].(string), "do not hold") {
		t.Errorf("spectator's intent: error %q", m["error"])
	}
	st := a.untilMine(0)
	if fmt.Sprint(st["pieces"]) != fmt.Sprint(ws["pieces"]) {
		t.Errorf("Ann and the spectator see different pieces")
	}
	a.send(myMove(st, rng))
	if ev := a.next("event"); seq(ev) != want {
		t.Errorf("Ann's stroke after reconnecting has seq %d; want %d", seq(ev), want)
	}
}

func TestShotClockAndGrace(t *testing.T) {
	e := newEnv(t, t.TempDir())
	_, _, _, a, b := twoPlayers(t, e, 15)
	st := a.untilMine(0)
	if d := st["to_act"].(map[string]any)["deadline"].(float64); d == 0 {
		t.Fatalf("no deadline with a 15 s clock")
	}
	// RULES TM-1: the clock runs out: the stroke is forfeited as a foul.
	e.clock.Advance(16 * time.Second)
	ev := b.next("event")
	if ev["action"].(map[string]any)["kind"] != "timeout" {
		t.Fatalf("after 16 s: action %v; want a timeout", ev["action"])
	}
	// RULES TM-3: Bob disconnects past the grace period and loses the match.
	b.ws.CloseNow()
	// Wait until the table has seen him go: it tells the others.
	for {
		seats := stateOf(a.next("state"))["seats"].([]any)
		if seats[1].(map[string]any)["connected"] == false {
			break
		}
	}
	e.clock.Advance(2*time.Minute + time.Second)
	for {
		m := a.next("event")
		if stateOf(m)["over"] == true {
			if w := stateOf(m)["match"].(map[string]any)["match_winner"]; w != float64(0) {
				t.Errorf("match winner %v; want side 0", w)
			}
			break
		}
	}
}

func TestTablesSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	id, ann, bob, a, b := twoPlayers(t, e, 15)
	rng := rand.New(rand.NewPCG(4, 4))
	last := play(t, 6, rng, map[int]*conn{0: a, 1: b})
	e.clock.Advance(5 * time.Second)
	e.close()

	later := newFakeClock()
	later.now = e.clock.Now()
	e2 := newEnvAt(t, dir, later)
	ann.base, bob.base = e2.http.URL, e2.http.URL
	c := bob.connect(id, 0)
	if w := c.next("welcome"); len(w["seats"].([]any)) != 1 {
		t.Errorf("after the restart Bob holds %v; want seat 1", w["seats"])
	}
	m := c.next("state")
	if seq(m) != seq(last) || fmt.Sprint(stateOf(m)["pieces"]) != fmt.Sprint(stateOf(last)["pieces"]) {
		t.Errorf("after the restart: seq %d, pieces differ: %v; want seq %d and the same pieces", seq(m), fmt.Sprint(stateOf(m)["pieces"]) != fmt.Sprint(stateOf(last)["pieces"]), seq(last))
	}
	// The clock is re-armed from the last action: the same deadline.
	deadline := func(st map[string]any) any { return st["to_act"].(map[string]any)["deadline"] }
	if got, want := deadline(stateOf(m)), deadline(stateOf(last)); got != want || got == float64(0) {
		t.Errorf("deadline after the restart %v; want %v", got, want)
	}
	// and runs out 15 s after that action, not 15 s after the restart.
	e2.clock.Advance(11 * time.Second)
	if ev := c.next("event"); ev["action"].(map[string]any)["kind"] != "timeout" {
		t.Errorf("after the deadline: %v; want a timeout", ev["action"])
	}
}

func TestLobby(t *testing.T) {
	e := newEnv(t, t.TempDir())
	p := e.player()
	for _, cfg := range []string{`{"rules":"chess","players":2,"seats":[{"kind":"human"},{"kind":"human"}]}`, `{"rules":"icf","players":3}`,
		`{"rules":"icf","players":2,"clock":10,"seats":[{"kind":"human"},{"kind":"human"}]}`, `{"rules":"icf","players":2,"seats":[{"kind":"human"},{"kind":"computer","level":"god"}]}`, `{`} {
		if code, out := p.do("POST", "/api/tables", cfg); code != http.StatusBadRequest {
			t.Errorf("POST /api/tables %s: %d %v; want 400", cfg, code, out)
		}
	}
	id := p.create(`{"rules":"family","players":4,"clock":30,"seats":[{"kind":"human"},{"kind":"computer","level":"test"},{"kind":"human"},{"kind":"computer","level":"test"}]}`)
	if code, out := p.do("GET", "/api/tables/"+id, ""); code != http.StatusOK || out["state"] == nil {
		t.Errorf("GET /api/tables/%s: %d %v", id, code, out)
	}
	if resp, err := p.http.Get(p.base + "/"); err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("GET /: %v, %v", resp, err)
	} else {
		resp.Body.Close()
	}
	if code, _ := p.do("GET", "/api/tables/nope", ""); code != http.StatusNotFound {
		t.Errorf("GET /api/tables/nope: %d; want 404", code)
	}
	resp, err := p.http.Get(p.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body strings.Builder
	buf := make([]byte, 1<<16)
	for {
		n, err := resp.Body.Read(buf)
		body.Write(buf[:n])
		if err != nil {
			break
		}
	}
	if !strings.Contains(body.String(), "carrom_tables 1") {
		t.Errorf("/metrics has no carrom_tables 1")
	}
}

// TestWebHandler: with a Web handler the browser game answers every GET the
// API does not, and the API, the WebSocket and the identity cookie stay.
// The cookie comes with the pages that succeed, never with /healthz,
// /metrics or a 404; the page of a table that does not exist (which says
// so) has status 404.
func TestWebHandler(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	web := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/nope" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, "web "+r.URL.Path)
	})
	srv, err := server.New(server.Config{Store: st, Clock: newFakeClock(), Bots: testBots, Physics: physics.Default(), Web: web})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	id, err := srv.CreateTable(context.Background(), "owner", server.TableConfig{Rules: "icf", Players: 2, Seats: []server.SeatConfig{{Kind: "human"}, {Kind: "human"}}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path   string
		code   int
		want   string
		cookie bool
	}{
		{"/", 200, "web /", true},
		{"/t/" + id, 200, "web /t/" + id, true},
		{"/replay/" + id, 200, "web /replay/" + id, true},
		{"/assets/app.js", 200, "web /assets/app.js", true},
		{"/t/abc", 404, "web /t/abc", false},
		{"/replay/abc", 404, "web /replay/abc", false},
		{"/nope", 404, "not found", false},
		{"/api/tables/abc", 404, "not found", false},
		{"/healthz", 200, `"status":"ok"`, false},
		{"/metrics", 200, "carrom_tables 1", false},
		{"/api/tables", 200, id, false},
	}
	for _, tc := range tests {
		resp, err := http.Get(hs.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || !strings.Contains(string(body), tc.want) {
			t.Errorf("GET %s = %d %.80q; want %d with %q", tc.path, resp.StatusCode, body, tc.code, tc.want)
		}
		if got := len(resp.Cookies()) > 0; got != tc.cookie {
			t.Errorf("GET %s sets an identity cookie: %v; want %v", tc.path, got, tc.cookie)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("GET %s: headers %v; want nosniff and a Content-Security-Policy", tc.path, resp.Header)
		}
	}
}
