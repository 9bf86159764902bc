package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/pgtest"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
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

// waitsFor says whether a timer not fired or stopped falls due at at.
func (c *fakeClock) waitsFor(at time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range c.timers {
		if !t.stopped && t.at.Equal(at) {
			return true
		}
	}
	return false
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
	st    *store.DB
}

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// The server's tests run on SQLite, or on PostgreSQL when
// CARROM_TEST_STORE=postgres (CI runs both).
var (
	pgMu   sync.Mutex
	pgURLs = map[string]string{} // a data directory → the schema standing for it
)

// openStore opens the store of the data directory dir.
func openStore(t *testing.T, dir string) *store.DB {
	t.Helper()
	spec := ""
	switch kind := os.Getenv("CARROM_TEST_STORE"); kind {
	case "", "sqlite":
	case "postgres":
		pgMu.Lock()
		if pgURLs[dir] == "" {
			pgURLs[dir] = pgtest.URL(t)
		}
		spec = pgURLs[dir]
		pgMu.Unlock()
	default:
		t.Fatalf("CARROM_TEST_STORE=%s: want sqlite or postgres", kind)
	}
	st, err := store.Open(context.Background(), spec, dir)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func newEnv(t *testing.T, dir string) *env { return newEnvAt(t, dir, newFakeClock()) }

// newEnvAt starts a server on dir whose clock is clock.
func newEnvAt(t *testing.T, dir string, clock *fakeClock) *env { return newEnvWith(t, dir, clock, nil) }

// newEnvWith starts a server on dir whose clock is clock, its
// configuration changed by edit (if not nil).
func newEnvWith(t *testing.T, dir string, clock *fakeClock, edit func(*server.Config)) *env {
	t.Helper()
	st := openStore(t, dir)
	cfg := server.Config{Store: st, Accounts: st, Clock: clock, Bots: testBots, Physics: physics.Default()}
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

// player is a browser: the load test's client, its own cookie jar, so its
// own identity.
type player struct {
	t *testing.T
	*servertest.Client
}

func (e *env) player() *player {
	c, err := servertest.NewClient(context.Background(), e.http.URL)
	if err != nil {
		e.t.Fatal(err)
	}
	return &player{t: e.t, Client: c}
}

// do sends a request and returns the status and the body.
func (p *player) do(method, path, body string) (int, string) {
	p.t.Helper()
	resp, err := p.Do(context.Background(), method, path, body)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	return resp.StatusCode, string(data)
}

// get decodes the JSON answer of a GET into out and returns the status.
func (p *player) get(path string, out any) int {
	p.t.Helper()
	code, err := p.GetJSON(context.Background(), path, out)
	if err != nil {
		p.t.Fatal(err)
	}
	return code
}

func (p *player) create(cfg protocol.TableConfig) string {
	p.t.Helper()
	id, err := p.CreateTable(context.Background(), cfg)
	if err != nil {
		p.t.Fatal(err)
	}
	return id
}

// withComputer is a two-seat ICF table, a human at seat 0 and the test
// bot at seat 1.
func withComputer(seed uint64) protocol.TableConfig {
	return protocol.TableConfig{Rules: "icf", Players: 2, Seed: seed,
		Seats: []protocol.SeatConfig{{Kind: "human"}, {Kind: "computer", Level: "test"}}}
}

type conn struct {
	t    *testing.T
	ws   *servertest.Conn
	in   chan servertest.Message
	last *protocol.GameState // the game state of the last state or event message read
}

func (p *player) connect(table string, since int64) *conn {
	p.t.Helper()
	c := p.dial(table, since)
	p.t.Cleanup(c.ws.Close)
	return c
}

// dial is connect for a caller that closes the connection itself.
func (p *player) dial(table string, since int64) *conn {
	p.t.Helper()
	ws, err := p.Connect(context.Background(), table, since)
	if err != nil {
		p.t.Fatal(err)
	}
	c := &conn{t: p.t, ws: ws, in: make(chan servertest.Message, 10000)}
	go func() {
		defer close(c.in)
		for {
			m, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			c.in <- m
		}
	}()
	return c
}

func (c *conn) send(in protocol.ClientMsg) {
	c.t.Helper()
	if err := c.ws.Send(context.Background(), in); err != nil {
		c.t.Fatal(err)
	}
}

// next returns the next message of one of the given types.
func (c *conn) next(types ...string) servertest.Message {
	c.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, ok := <-c.in:
			if !ok {
				c.t.Fatalf("connection closed while waiting for %v", types)
			}
			if m.State != nil {
				c.last = m.State
			}
			if slices.Contains(types, m.Type) {
				return m
			}
		case <-timeout:
			c.t.Fatalf("no %v message within 20 s", types)
		}
	}
}

// myMove is the intent a simple human makes for the state: a shot from
// the first legal stretch of the base line, or the suggested placing.
func myMove(st *protocol.GameState, rng *rand.Rand) protocol.ClientMsg {
	if st.ToAct.Need == "place" {
		return protocol.Place(st.ToAct.PlaceHint[0], st.ToAct.PlaceHint[1])
	}
	r := st.ToAct.StrikerRanges[0]
	x := r[0] + rng.Float64()*(r[1]-r[0])
	angle := 60 + 60*rng.Float64()
	return protocol.Strike(x, angle, 0.2+0.6*rng.Float64())
}

// untilMine reads messages until the seat is to act (or the match is over)
// and returns the last state.
func (c *conn) untilMine(seats ...int) *protocol.GameState {
	c.t.Helper()
	for {
		// Catch up with whatever has arrived before judging.
		for drained := false; !drained; {
			select {
			case m, ok := <-c.in:
				if !ok {
					c.t.Fatalf("connection closed")
				}
				if m.State != nil {
					c.last = m.State
				}
			default:
				drained = true
			}
		}
		st := c.last
		if st == nil {
			st = c.next("state", "event").State
		}
		if st.Over {
			return st
		}
		if st.Started && slices.Contains(seats, st.ToAct.Seat) {
			return st
		}
		c.next("state", "event")
	}
}

// storedAction is one action of GET /api/matches/{id}.
type storedAction struct {
	Seq    int64           `json:"seq"`
	Action json.RawMessage `json:"action"`
}

// storedActions are the actions of table id's record, as p reads it.
func storedActions(t *testing.T, p *player, id string) []game.Action {
	t.Helper()
	var rec struct{ Actions []storedAction }
	if code := p.get("/api/matches/"+id, &rec); code != http.StatusOK {
		t.Fatalf("GET /api/matches/%s: %d", id, code)
	}
	var actions []game.Action
	for _, a := range rec.Actions {
		act, err := record.ParseAction(a.Action)
		if err != nil {
			t.Fatal(err)
		}
		actions = append(actions, act)
	}
	return actions
}

// replayAnswer is the answer of GET /api/matches/{id}/replay.
type replayAnswer struct {
	Start  *servertest.Message  `json:"start"`
	Events []servertest.Message `json:"events"`
}

func TestMatchAgainstTheComputer(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	id := ann.create(withComputer(7))
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(0, "Ann"))
	rng := rand.New(rand.NewPCG(1, 2))
	strokes := 0
	for {
		st := c.untilMine(0)
		if st.Over {
			break
		}
		// Play a few strokes of each game, then concede it, so the match ends.
		if strokes++; strokes%15 == 0 {
			c.send(protocol.Concede("game"))
		} else {
			c.send(myMove(st, rng))
		}
		// An event's match carries the ruling of its action; a placing has
		// none.
		if ev := c.next("event"); (ev.State.Match.Ruling == nil) != (ev.Action.Kind == "place") {
			t.Fatalf("event %d (%+v) has ruling %+v", ev.Seq, ev.Action, ev.State.Match.Ruling)
		}
	}
	actions := storedActions(t, ann, id)
	replayed, err := game.Replay(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()}, actions, nil)
	if err != nil {
		t.Fatalf("the stored record does not replay: %v", err)
	}
	if replayed.Match().Awaiting != rules.AwaitNothing || replayed.Match().Winner != 1 {
		t.Errorf("replayed match: awaiting %v, winner %d; want over, won by the computer", replayed.Match().Awaiting, replayed.Match().Winner)
	}
	// The replay gives every action as an event, trajectories included.
	var rep replayAnswer
	if code := ann.get("/api/matches/"+id+"/replay", &rep); code != http.StatusOK || len(rep.Events) != len(actions) || rep.Start == nil {
		t.Fatalf("GET replay: %d, %d events for %d actions", code, len(rep.Events), len(actions))
	}
	for i, ev := range rep.Events {
		if ev.Seq != int64(i+1) {
			t.Fatalf("replay event %d has seq %d", i+1, ev.Seq)
		}
		if ev.Action.Kind == "strike" && ev.Outcome.Trajectory == nil {
			t.Fatalf("replay event %d: a strike without its trajectory", i+1)
		}
		if (ev.State.Match.Ruling == nil) != (ev.Action.Kind == "place") {
			t.Fatalf("replay event %d (%+v) has ruling %+v", i+1, ev.Action, ev.State.Match.Ruling)
		}
	}
	if !rep.Events[len(rep.Events)-1].State.Over {
		t.Errorf("the replay's last state is not over")
	}
	var part replayAnswer
	if code := ann.get("/api/matches/"+id+"/replay?from=3&to=5", &part); code != http.StatusOK || len(part.Events) != 3 || part.Start == nil || part.Start.Seq != 2 || part.Events[0].Seq != 3 {
		t.Errorf("replay from 3 to 5: %d, %d events, start %+v", code, len(part.Events), part.Start)
	}
	if code, _ := ann.do("GET", "/api/matches/"+id+"/replay?from=x", ""); code != http.StatusBadRequest {
		t.Errorf("replay?from=x: %d; want 400", code)
	}
}

// twoPlayers sets up a human-vs-human table and has both sit.
func twoPlayers(t *testing.T, e *env, clock int) (string, *player, *player, *conn, *conn) {
	ann, bob := e.player(), e.player()
	cfg := servertest.Humans(2, 3)
	cfg.Clock = clock
	id := ann.create(cfg)
	a, b := ann.connect(id, 0), bob.connect(id, 0)
	a.next("welcome")
	b.next("welcome")
	a.send(protocol.Sit(0, "Ann"))
	a.next("welcome")
	b.send(protocol.Sit(1, "Bob"))
	b.next("welcome")
	return id, ann, bob, a, b
}

// play makes n moves, whoever is to act, and returns the last event.
func play(t *testing.T, n int, rng *rand.Rand, conns map[int]*conn) servertest.Message {
	var last servertest.Message
	for range n {
		var st *protocol.GameState
		for _, c := range conns {
			st = c.untilMine(0, 1)
		}
		conns[st.ToAct.Seat].send(myMove(st, rng))
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
	b.send(protocol.Strike(0, 90, 0.5))
	if m := b.next("error"); !strings.Contains(m.Error, "do not hold the seat") || m.Code != "not_your_turn" {
		t.Errorf("forged intent: error %q, code %q; want not_your_turn", m.Error, m.Code)
	}
	bad := []string{
		`not json`, `{"v":1,"type":"fly"}`, `{"v":2,"type":"ping"}`, `{"v":1,"type":"strike","x":0,"angle":90}`,
		`{"v":1,"type":"strike","x":0,"angle":90,"speed":1e9}`, `{"v":1,"type":"place","x":0}`, `{"v":1,"type":"ping","extra":1}`,
		`{"v":1,"type":"strike","x":0,"angle":90,"power":0.5,"dir":[0,1]}`, `{"v":1,"type":"sit","seat":0,"nickname":""}`,
		`{"v":1,"type":"ping"}` + strings.Repeat(" ", server.MaxMessage),
	}
	for _, msg := range bad {
		if err := a.ws.SendRaw(context.Background(), []byte(msg)); err != nil {
			t.Fatal(err)
		}
		if m := a.next("error"); m.Error == "" {
			t.Errorf("%.40s: empty error", msg)
		}
	}
	// An illegal striker position is refused by the table (RULES ST-2).
	a.send(protocol.Strike(0.2, 90, 0.5))
	if m := a.next("error"); !strings.Contains(m.Error, "base circle") {
		t.Errorf("striker on a base circle: error %q", m.Error)
	}
	// The connection is still up and the table unharmed.
	a.send(protocol.Ping())
	a.next("pong")
	b.send(protocol.Sit(0, ""))
	if m := b.next("error"); !strings.Contains(m.Error, "seat taken") || m.Code != "seat_taken" {
		t.Errorf("taking someone's seat: error %q, code %q; want seat_taken", m.Error, m.Code)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	ev := play(t, 1, rng, map[int]*conn{0: a, 1: b})
	if ev.Seq != 1 || ev.State.Config.Rules != "icf" || before == nil {
		t.Errorf("first accepted action has seq %d, config %+v; want 1 and the table's", ev.Seq, ev.State.Config)
	}
}

func TestReconnectAndSpectate(t *testing.T) {
	e := newEnv(t, t.TempDir())
	id, ann, _, a, b := twoPlayers(t, e, 0)
	rng := rand.New(rand.NewPCG(9, 9))
	ev := play(t, 4, rng, map[int]*conn{0: a, 1: b})
	seen := ev.Seq
	// Ann drops; Bob plays on whenever it is his turn, Ann's strokes wait.
	a.ws.Close()
	var (
		bobLast *servertest.Message
		bobSaw  = map[int64]servertest.Message{}
	)
	for {
		st := b.untilMine(0, 1)
		if st.ToAct.Seat != 1 {
			break
		}
		b.send(myMove(st, rng))
		m := b.next("event")
		bobLast = &m
		bobSaw[m.Seq] = m
	}
	// A spectator joins mid-board and sees the same state as Bob.
	watcher := e.player().connect(id, 0)
	watcher.next("welcome")
	ws := watcher.next("state").State
	// Ann comes back with the last number she saw: she gets what she
	// missed, in order, and her seat.
	before := a.last
	a = ann.connect(id, seen)
	w := a.next("welcome")
	if !slices.Equal(w.Seats, []int{0}) {
		t.Errorf("reconnected: seats %v; want seat 0 back", w.Seats)
	}
	if bobLast == nil {
		// Nothing was missed: the welcome says so, and the state Ann had holds.
		if w.Seq != seen {
			t.Errorf("welcome seq %d; want %d", w.Seq, seen)
		}
		a.last = before
	}
	want := seen + 1
	for bobLast != nil && want <= bobLast.Seq {
		m := a.next("event", "state")
		if m.Type == "state" {
			t.Fatalf("got the full state; want the missed events")
		}
		if m.Seq != want {
			t.Fatalf("missed event %d; want %d", m.Seq, want)
		}
		// Made again from the stored actions, it is the event Bob saw: the same
		// stroke to the bit, but for who is connected and the clock.
		if got, saw := withoutNow(t, m.Raw), withoutNow(t, bobSaw[m.Seq].Raw); !reflect.DeepEqual(got, saw) {
			t.Errorf("missed event %d is\n%v\nBob saw\n%v", m.Seq, got, saw)
		}
		want++
	}
	watcher.send(protocol.Strike(0, 90, 0.5))
	if m := watcher.next("error"); !strings.Contains(m.Error, "do not hold") {
		t.Errorf("spectator's intent: error %q", m.Error)
	}
	st := a.untilMine(0)
	if !reflect.DeepEqual(st.Pieces, ws.Pieces) {
		t.Errorf("Ann and the spectator see different pieces")
	}
	a.send(myMove(st, rng))
	if ev := a.next("event"); ev.Seq != want {
		t.Errorf("Ann's stroke after reconnecting has seq %d; want %d", ev.Seq, want)
	}
}

// TestMissedEvents: a client who comes back with the last seq he saw gets
// the events he missed, made again from the table's stored actions: the
// ones the players saw, each stroke to the bit, the last with the clock
// running; one who missed more than MaxBacklog gets the full state.
func TestMissedEvents(t *testing.T) {
	e := newEnv(t, t.TempDir())
	id, _, _, a, b := twoPlayers(t, e, 15)
	rng := rand.New(rand.NewPCG(5, 7))
	conns := map[int]*conn{0: a, 1: b}
	// away has the spectator miss n actions after seen; he comes back.
	away := func(seen int64, n int) *conn {
		t.Helper()
		saw := map[int64]servertest.Message{}
		for range n {
			ev := play(t, 1, rng, conns)
			saw[ev.Seq] = ev
		}
		w := e.player().connect(id, seen)
		if m := w.next("welcome"); m.Seq != seen+int64(n) {
			t.Fatalf("welcome seq %d; want %d", m.Seq, seen+int64(n))
		}
		if n > server.MaxBacklog {
			return w
		}
		for seq := seen + 1; seq <= seen+int64(n); seq++ {
			m := w.next("event", "state")
			if m.Type != "event" || m.Seq != seq {
				t.Fatalf("got %s %d; want event %d", m.Type, m.Seq, seq)
			}
			if got, want := withoutNow(t, m.Raw), withoutNow(t, saw[seq].Raw); !reflect.DeepEqual(got, want) {
				t.Errorf("missed event %d is\n%v\nthe players saw\n%v", seq, got, want)
			}
			if seq == seen+int64(n) && m.State.ToAct.Deadline != saw[seq].State.ToAct.Deadline {
				t.Errorf("the last missed event's deadline %d; the players saw %d", m.State.ToAct.Deadline, saw[seq].State.ToAct.Deadline)
			}
		}
		return w
	}
	play(t, 3, rng, conns)
	w := e.player().connect(id, 0)
	w.next("welcome")
	seen := w.next("state").Seq
	w.ws.Close()
	w = away(seen, 6)
	w.ws.Close()
	w = away(seen+6, server.MaxBacklog+1)
	m := w.next("event", "state")
	if m.Type != "state" {
		t.Fatalf("missed %d events: got %s %d; want the full state", server.MaxBacklog+1, m.Type, m.Seq)
	}
	w.ws.Close()
	// Far into the match, what is missed is still made again. The players
	// have sent 40 messages each, as many as the server takes at once; at
	// 20 a second, they may send more after 1 s.
	time.Sleep(time.Second)
	away(m.Seq, 5)
}

// withoutNow is an event message without what depends on when it is sent:
// the seats (who is connected) and the clock's deadline.
func withoutNow(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	st, _ := m["state"].(map[string]any)
	delete(st, "seats")
	if toAct, ok := st["to_act"].(map[string]any); ok {
		delete(toAct, "deadline")
	}
	return m
}

func TestShotClockAndGrace(t *testing.T) {
	e := newEnv(t, t.TempDir())
	_, _, _, a, b := twoPlayers(t, e, 15)
	st := a.untilMine(0)
	if st.ToAct.Deadline == 0 {
		t.Fatalf("no deadline with a 15 s clock")
	}
	// RULES TM-1: the clock runs out: the stroke is forfeited as a foul.
	e.clock.Advance(16 * time.Second)
	ev := b.next("event")
	if ev.Action.Kind != "timeout" {
		t.Fatalf("after 16 s: action %+v; want a timeout", ev.Action)
	}
	// RULES TM-3: Bob disconnects past the grace period and loses the match.
	b.ws.Close()
	// Wait until the table has seen him go: it tells the others.
	for gone := false; !gone; {
		gone = !a.next("seats").Seating[1].Connected
	}
	e.clock.Advance(2*time.Minute + time.Second)
	for {
		m := a.next("event")
		if m.State.Over {
			if w := m.State.Match.MatchWinner; w == nil || *w != 0 {
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
	ann.Base, bob.Base = e2.http.URL, e2.http.URL
	c := bob.connect(id, 0)
	if w := c.next("welcome"); !slices.Equal(w.Seats, []int{1}) {
		t.Errorf("after the restart Bob holds %v; want seat 1", w.Seats)
	}
	m := c.next("state")
	if m.Seq != last.Seq || !reflect.DeepEqual(m.State.Pieces, last.State.Pieces) {
		t.Errorf("after the restart: seq %d, pieces differ: %v; want seq %d and the same pieces", m.Seq, !reflect.DeepEqual(m.State.Pieces, last.State.Pieces), last.Seq)
	}
	// The clock is re-armed from the last action: the same deadline.
	if got, want := m.State.ToAct.Deadline, last.State.ToAct.Deadline; got != want || got == 0 {
		t.Errorf("deadline after the restart %v; want %v", got, want)
	}
	// and runs out 15 s after that action, not 15 s after the restart.
	e2.clock.Advance(11 * time.Second)
	if ev := c.next("event"); ev.Action.Kind != "timeout" {
		t.Errorf("after the deadline: %+v; want a timeout", ev.Action)
	}
}

func TestLobby(t *testing.T) {
	e := newEnv(t, t.TempDir())
	p := e.player()
	for _, cfg := range []string{`{"rules":"chess","players":2,"seats":[{"kind":"human"},{"kind":"human"}]}`, `{"rules":"icf","players":3}`,
		`{"rules":"icf","players":2,"clock":10,"seats":[{"kind":"human"},{"kind":"human"}]}`, `{"rules":"icf","players":2,"seats":[{"kind":"human"},{"kind":"computer","level":"god"}]}`, `{`} {
		if code, out := p.do("POST", "/api/tables", cfg); code != http.StatusBadRequest {
			t.Errorf("POST /api/tables %s: %d %s; want 400", cfg, code, out)
		}
	}
	id := p.create(protocol.TableConfig{Rules: "family", Players: 4, Clock: 30, Seats: []protocol.SeatConfig{
		{Kind: "human"}, {Kind: "computer", Level: "test"}, {Kind: "human"}, {Kind: "computer", Level: "test"}}})
	// The state is the state message a WebSocket would send.
	var table struct{ State *servertest.Message }
	if code := p.get("/api/tables/"+id, &table); code != http.StatusOK || table.State == nil || table.State.Type != "state" || table.State.State.Config.Players != 4 {
		t.Errorf("GET /api/tables/%s: %d, state %+v", id, code, table.State)
	}
	if code, _ := p.do("GET", "/", ""); code != http.StatusOK {
		t.Errorf("GET /: %d", code)
	}
	if code, _ := p.do("GET", "/api/tables/nope", ""); code != http.StatusNotFound {
		t.Errorf("GET /api/tables/nope: %d; want 404", code)
	}
	if _, metrics := p.do("GET", "/metrics", ""); !strings.Contains(metrics, "carrom_tables 1") {
		t.Errorf("/metrics has no carrom_tables 1")
	}
}

// TestWebHandler: with a Web handler the browser game answers every GET the
// API does not, and the API, the WebSocket and the identity cookie stay.
// The cookie comes with the pages that succeed, never with /healthz,
// /metrics or a 404; the page of a table that does not exist (which says
// so) has status 404.
func TestWebHandler(t *testing.T) {
	st := openStore(t, t.TempDir())
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
	id, err := srv.CreateTable(context.Background(), "owner", protocol.TableConfig{Rules: "icf", Players: 2, Seats: []protocol.SeatConfig{{Kind: "human"}, {Kind: "human"}}})
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

// TestComputerStrokesArePaced: with Config.Pace, a computer's action is
// played no sooner than the previous stroke's motion has ended (as its
// animation shows it) plus the pause, so a spectator of two computers
// sees every stroke; measured on the stored actions' times, by the fake
// clock.
func TestComputerStrokesArePaced(t *testing.T) {
	const pace = 1200 * time.Millisecond
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) { c.Pace = pace })
	ann := e.player()
	id := ann.create(protocol.TableConfig{Rules: "icf", Players: 2, Seed: 5,
		Seats: []protocol.SeatConfig{{Kind: "computer", Level: "test"}, {Kind: "computer", Level: "test"}}})
	c := ann.connect(id, 0)
	motion := map[int64]time.Duration{} // by sequence number: how long the stroke's discs moved
	strokes := 0
	for step := 0; strokes < 6; step++ {
		if step == 5000 {
			t.Fatalf("%d strokes after %v of the fake clock; want 6", strokes, time.Duration(step)*100*time.Millisecond)
		}
		e.clock.Advance(100 * time.Millisecond)
		// Give the table and its computer's search a moment; a move that
		// comes later is played later still, which the check allows.
		select {
		case m := <-c.in:
			if m.Type == "event" && m.Outcome != nil && m.Outcome.Trajectory != nil {
				motion[m.Seq] = time.Duration(m.Outcome.Trajectory.Time * float64(time.Second))
				strokes++
			}
		case <-time.After(5 * time.Millisecond):
		}
	}
	actions, err := e.st.Actions(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i := 1; i < len(actions) && checked < strokes; i++ {
		a, err := record.ParseAction(actions[i].Action)
		if err != nil {
			t.Fatal(err)
		}
		if a.Kind == game.Toss {
			continue
		}
		prev := actions[i-1]
		want := pace + motion[prev.Seq]
		if got := actions[i].At.Sub(prev.At); got < want {
			t.Errorf("action %d (%v) came %v after action %d; want at least %v (its motion %v and the pause)", actions[i].Seq, a.Kind, got, prev.Seq, want, motion[prev.Seq])
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("%d computer actions checked; want at least 5", checked)
	}
}
