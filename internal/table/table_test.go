package table_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// memStore keeps a table's actions, its end and its seats in memory.
type memStore struct {
	mu       sync.Mutex
	actions  []carrom.ActionRecord
	finished []byte
	seats    []carrom.SeatRecord
}

func (s *memStore) AppendAction(_ context.Context, _ string, a carrom.ActionRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.actions = append(s.actions, a)
	return nil
}

func (s *memStore) Actions(context.Context, string) ([]carrom.ActionRecord, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.actions), nil
}

func (s *memStore) FinishTable(_ context.Context, _ string, _ time.Time, result []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.finished = result
	return nil
}

func (s *memStore) ClaimSeat(_ context.Context, _ string, r carrom.SeatRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seats = append(s.seats, r)
	return nil
}

// page is a client whose messages queue in a channel.
type page struct {
	token, nickname string
	msgs            chan []byte
}

func (p *page) Token() string    { return p.token }
func (p *page) Nickname() string { return p.nickname }
func (p *page) Account() string  { return "" }

// pages is the fan-out to pages.
type pages struct{}

func (pages) Deliver(c table.Client, msg []byte) bool {
	c.(*page).msgs <- msg
	return true
}

func (ps pages) Broadcast(clients map[table.Client]struct{}, msg []byte, skip table.Client) []table.Client {
	for c := range clients {
		if c != skip {
			ps.Deliver(c, msg)
		}
	}
	return nil
}

// stillClock is a clock that never moves and whose timers never fire.
type stillClock struct{}

func (stillClock) Now() time.Time                              { return time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC) }
func (stillClock) AfterFunc(time.Duration, func()) func() bool { return func() bool { return true } }

type nop struct{}

func (nop) Inc()            {}
func (nop) Dec()            {}
func (nop) Observe(float64) {}

// next is the next message of type typ p is sent, the others before it
// skipped.
func (p *page) next(t *testing.T, typ string) map[string]any {
	t.Helper()
	for {
		select {
		case msg := <-p.msgs:
			var m map[string]any
			if err := json.Unmarshal(msg, &m); err != nil {
				t.Fatal(err)
			}
			if m["type"] == typ {
				return m
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no %q message", p.nickname, typ)
		}
	}
}

// TestTableOnItsEnv: a table runs on nothing but its Env: two pages
// join and sit, the match begins, a page acting out
// of turn is refused with the table's error, the one to act concedes,
// and the end is stored, announced once and counted out of play; the
// table's goroutine ends with its last page gone.
func TestTableOnItsEnv(t *testing.T) {
	st := &memStore{}
	var mu sync.Mutex
	var finished []table.Finished
	var outOfPlay []string
	var refused []error
	env := &table.Env{
		Store: st, Fanout: pages{}, Clock: stillClock{},
		Metrics:   table.Metrics{Clients: nop{}, Strokes: nop{}, Latency: nop{}},
		Searches:  table.Searches{WG: &sync.WaitGroup{}, All: make(chan struct{}, 1), Demo: make(chan struct{}, 1)},
		Finished:  func(f table.Finished) { mu.Lock(); finished = append(finished, f); mu.Unlock() },
		OutOfPlay: func(owner string) { mu.Lock(); outOfPlay = append(outOfPlay, owner); mu.Unlock() },
		ErrorMessage: func(err error) []byte {
			mu.Lock()
			refused = append(refused, err)
			mu.Unlock()
			return []byte(`{"type":"error"}`)
		},
		Keeps:   func(string, table.Client) bool { return false },
		Grace:   time.Minute,
		Physics: physics.Default(),
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	human := protocol.SeatConfig{Kind: protocol.SeatHuman}
	cfg := protocol.TableConfig{Rules: "icf", Players: 2, Seats: []protocol.SeatConfig{human, human}, Seed: 7}
	tb, err := table.New(env, "t1", "owner", cfg, stillClock{}.Now())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ann := &page{token: "a", nickname: "Ann", msgs: make(chan []byte, 64)}
	bob := &page{token: "b", nickname: "Bob", msgs: make(chan []byte, 64)}
	// A page may join a table not started yet, as a node's clients join a
	// table it is taking over: it is handled once the table starts.
	if !tb.Join(ann, 0) {
		t.Fatal("the table has ended")
	}
	for deadline := time.Now().Add(50 * time.Millisecond); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if goroutineIn("carrom/internal/table.") {
			t.Fatal("a goroutine of the table runs before it has started")
		}
	}
	ended := make(chan struct{})
	tb.Start(ctx, func() { close(ended) })
	for i, p := range []*page{ann, bob} {
		if p != ann && !tb.Join(p, 0) {
			t.Fatal("the table has ended")
		}
		if err := tb.Sit(p, i, ""); err != nil {
			t.Fatalf("%s sits at %d: %v", p.nickname, i, err)
		}
	}
	var state map[string]any
	for state == nil || state["started"] != true {
		state = bob.next(t, protocol.TypeState)["state"].(map[string]any)
	}
	toAct := int(state["to_act"].(map[string]any)["seat"].(float64))
	// A table waiting for its players holds no goroutine.
	idle := false
	for deadline := time.Now().Add(10 * time.Second); !idle && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		idle = !goroutineIn("carrom/internal/table.")
	}
	if !idle {
		t.Error("a goroutine of the table runs on while it waits for its players")
	}
	players := []*page{ann, bob}
	other := players[1-toAct]

	if !tb.Act(other, game.Action{Kind: game.Concede, Concede: rules.ConcedeMatch}, stillClock{}.Now()) {
		t.Fatal("the table has ended")
	}
	other.next(t, protocol.TypeError)
	mu.Lock()
	if len(refused) != 1 || !errors.Is(refused[0], table.ErrNotYours) {
		t.Errorf("refused %v; want one ErrNotYours", refused)
	}
	mu.Unlock()

	tb.Act(players[toAct], game.Action{Kind: game.Concede, Concede: rules.ConcedeMatch}, stillClock{}.Now())
	players[toAct].next(t, protocol.TypeEvent)
	tb.Leave(ann)
	tb.Leave(bob)
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the table goes on with its match over and no page left")
	}
	select {
	case <-tb.Done():
	default:
		t.Error("the table said it ended before Done")
	}

	st.mu.Lock()
	defer st.mu.Unlock()
	if len(st.actions) == 0 || len(st.seats) != 2 || st.finished == nil {
		t.Fatalf("stored %d actions, %d seats, result %s; want the concession last, both seats, a result", len(st.actions), len(st.seats), st.finished)
	}
	if last, err := record.ParseAction(st.actions[len(st.actions)-1].Action); err != nil || last.Kind != game.Concede || last.Seat != toAct {
		t.Errorf("last action stored %+v (%v); want seat %d's concession", last, err, toAct)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(finished) != 1 || finished[0].Winner != 1-toAct%2 || len(outOfPlay) != 1 || outOfPlay[0] != "owner" {
		t.Errorf("announced %+v, out of play %v; want one end won by side %d, the owner's table out of play once", finished, outOfPlay, 1-toAct%2)
	}
	if !tb.Finished() {
		t.Error("the table is not finished")
	}
}

// goroutineIn says a goroutine runs code whose name starts with code (a
// package path and a dot).
func goroutineIn(code string) bool {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Contains(string(buf[:n]), code)
		}
		buf = make([]byte, 2*len(buf))
	}
}
