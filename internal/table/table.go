package table

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
)

// Messages to a table's goroutine.
type (
	joinReq struct {
		c     Client
		since int64
	}
	leaveReq struct{ c Client }
	sitReq   struct {
		c        Client
		seat     int
		nickname string
		reply    chan error
	}
	actReq struct {
		c      Client
		action game.Action
		at     time.Time
	}
	clockFired struct{ gen int }
	graceFired struct{ seat int }
	// noShowFired: the wait for a seat's player who has not come is over.
	noShowFired struct{ seat int }
	// paced is a computer's move whose pause (Env.Pace) is over.
	paced struct{ move botMove }
	// seatsDue: the spectator count is to be sent (SeatsEvery).
	seatsDue struct{}
	stateReq struct{ reply chan []byte }
	// stopReq stops the table once the messages before it are handled:
	// its node has let it go (Table.Stop).
	stopReq struct{}
	// bellReq ends a table's match at a tournament's bell (game.Bell); a
	// table whose match is over already ignores it.
	bellReq struct{}
	// rematchReq has the table tell its clients of its rematch.
	rematchReq struct{ id string }
	// unratedNote tells a table why its match, over, is not rated.
	unratedNote struct{ why string }
	// vacateReq tells a table that the seats of a deleted account are
	// held by no browser now; done is closed once it has.
	vacateReq struct {
		seats []carrom.HeldSeat
		done  chan struct{}
	}
	// coachReq asks a table for its position, for the coach of the seat
	// that token holds.
	coachReq struct {
		token string
		reply chan Position
	}
	// botMove is a computer seat's move for the position at seq.
	botMove struct {
		seq    int64
		action game.Action
		err    error
	}
)

// inBuf is how many messages wait for a table's goroutine before the next
// poster waits too: a few for each player and timer, for its moments of
// bursts; every table keeps the room for them.
const inBuf = 32

// MaxBacklog is how many recent events a client that reconnects is sent
// again, made from the table's stored actions; one who missed more gets
// the full state.
const MaxBacklog = 64

// table is one table in play. Its goroutine (drain) owns every field; others
// talk to it only through in (the methods of Table).
type table struct {
	id      string
	owner   string // the creator's token; "" for a resumed table
	cfg     protocol.TableConfig
	created time.Time
	env     *Env
	// store and out are env's, or in a cluster the store fenced by this
	// node's lease of the table and the fan-out of its messages to its
	// clients here and at the other nodes too (Table.Route); both set
	// before the table starts, never changed.
	store Store
	out   Fanout
	in    chan any
	done  chan struct{} // closed when the table has ended
	// ctx ends the table; onEnd is called once it has (start). draining:
	// its goroutine runs (drain), or the table has not started, or it has
	// ended; unwatch forgets ctx.
	ctx      context.Context
	onEnd    func()
	draining atomic.Bool
	unwatch  func() bool

	state    game.Table
	seq      int64
	lastAt   time.Time // when the last action was accepted (or the table made)
	seats    []seat
	clients  map[Client]struct{}
	finished bool
	// began: the match has begun (started), its players all come.
	began bool
	log   *slog.Logger

	// The table's subsystems, each with the state it alone keeps and its
	// methods in its own file, over the table (joinParts).
	seating
	turnClock
	computerSeats
	presence
	fairPlay
	tableViews
}

// seating: who sits, comes, leaves and is waited for (seats.go). seatsStop
// stops the timer of the next seats message; nil if none.
type seating struct {
	*table
	seatsStop func() bool
}

// computerSeats: the computer's moves (bots.go). thinking ends the
// computer's search (nil if none runs); paceStop stops the timer of a move
// held back (nil if none), which is not played before readyAt
// (Env.Pace).
type computerSeats struct {
	*table
	thinking context.CancelFunc
	paceStop func() bool
	readyAt  time.Time
}

// presence: a game against the computer waits for its player (waits.go).
type presence struct{ *table }

// fairPlay: what the match counts towards its rating (fairplay.go,
// rating.go). strokes and boards count the strokes played and the boards
// they finished (countPlay); unrated says why a rated table's match is not
// (or will not be) rated; aborted: the rated match ended before its first
// stroke, left by the player of seat leaver (noteEnd).
type fairPlay struct {
	*table
	strokes, boards int
	unrated         string
	aborted         bool
	leaver          int
}

// tableViews: what the table's messages say (view.go), and what passes
// between its players: aims (aim.go), phrases (words.go, said holds the
// times of each seat's last ones), the coach's hints (coach.go).
type tableViews struct {
	*table
	said saidAt
}

// joinParts sets t's subsystems on t.
func joinParts(t *table) *table {
	t.seating = seating{table: t}
	t.turnClock = turnClock{table: t}
	t.computerSeats = computerSeats{table: t}
	t.presence = presence{table: t}
	t.fairPlay = fairPlay{table: t}
	t.tableViews = tableViews{table: t}
	return t
}

// Env is all a table reaches beyond its own state, built once by the
// server and shared by its tables: a table names no server.
type Env struct {
	Store Store
	// Fanout carries the tables' messages to the server's connections; a
	// table in a cluster is given its own (Table.Route).
	Fanout  Fanout
	Clock   Clock
	Pairs   Pairs   // nil: no accounts, so no rated tables
	Players Players // whose sessions the browsers hold
	Metrics Metrics
	// Searches are the slots of the computers' searches.
	Searches Searches
	// Finished announces a match just over to what reacts to it (the
	// rating), off the table's goroutine; OutOfPlay counts a table's
	// match out of play, once, with the token of the table's creator.
	Finished  func(Finished)
	OutOfPlay func(owner string)
	// ErrorMessage is the error message (protocol.ErrorMsg) that tells a
	// client why the table refused it, in words a person reads and with
	// the code his page says in his language.
	ErrorMessage func(error) []byte
	// Keeps says whether the seat kept by keep (protocol.TableConfig.Keep)
	// is c's.
	Keeps   func(keep string, c Client) bool
	Grace   time.Duration // the grace period of a player gone (RULES TM-3)
	Pace    time.Duration // a computer's pause before it plays
	Bots    BotFactory    // nil: no computer seats
	Physics physics.Params
	Log     *slog.Logger
}

// Clock is the server's time: the real one, or a fake in tests.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine after d; the returned stop
	// prevents the call if it has not happened yet.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// Client is one page watching or playing at a table, as the table knows
// it: its browser's identity token, the nickname its browser goes by, and
// the account of its session ("" if none). Its messages reach it through
// the table's Fanout, which knows its connection.
type Client interface {
	Token() string
	Nickname() string
	Account() string
}

// Fanout carries a table's messages to its clients: the connections of
// the server, and in a cluster those at other nodes too.
type Fanout interface {
	// Deliver queues msg for c: false if c cannot keep up, and is dropped
	// (it catches up when it reconnects).
	Deliver(c Client, msg []byte) bool
	// Broadcast sends msg to every client of clients but skip, and returns
	// those dropped.
	Broadcast(clients map[Client]struct{}, msg []byte, skip Client) []Client
}

// Store is what a table writes to the store: its actions, the end of its
// match, and who takes its seats.
type Store interface {
	AppendAction(ctx context.Context, tableID string, a carrom.ActionRecord) error
	// Actions are the table's stored actions, in order.
	Actions(ctx context.Context, tableID string) ([]carrom.ActionRecord, error)
	FinishTable(ctx context.Context, tableID string, at time.Time, result []byte) error
	ClaimSeat(ctx context.Context, tableID string, s carrom.SeatRecord) error
}

// Player is what a rated seat knows of the account its browser plays as.
type Player struct{ ID, Name string }

// Players is what a rated table asks of the accounts when a seat is taken
// and when its match begins: the account a browser plays as
// (carrom.ErrNotFound if none).
type Players interface {
	PlaysAs(ctx context.Context, token string) (Player, error)
}

// Pairs counts the rated matches two accounts have played against each
// other on the day of at, and says whether that is the most a day (the
// rating's cap per pair).
type Pairs interface {
	PlayedToday(ctx context.Context, a, b string, at time.Time) (n int, capped bool, err error)
}

// Metrics are the server's metrics a table counts: its clients, the
// strokes played, and the time from an intent to its action committed,
// seconds.
type Metrics struct {
	Clients interface {
		Inc()
		Dec()
	}
	Strokes interface{ Inc() }
	Latency interface{ Observe(float64) }
}

// Searches are the server's slots for the computers' searches: All for
// every search, Demo for those at tables of computers only, which take
// one of each; WG counts the searches running, which the server's Close
// waits for.
type Searches struct {
	WG        *sync.WaitGroup
	All, Demo chan struct{}
}

// newTable makes a table of env, not yet running.
func newTable(env *Env, id, owner string, cfg protocol.TableConfig, created time.Time) (*table, error) {
	gcfg, err := GameConfig(cfg, env.Physics)
	if err != nil {
		return nil, err
	}
	st, err := game.New(gcfg)
	if err != nil {
		// A configuration the table refuses (three-player carrom for two) is
		// the request's fault.
		return nil, fmt.Errorf("table: %v: %w", err, ErrBadConfig)
	}
	t := joinParts(&table{
		id: id, owner: owner, cfg: cfg, created: created, env: env, store: env.Store, out: env.Fanout,
		in:    make(chan any, inBuf),
		done:  make(chan struct{}),
		state: st, lastAt: created,
		seats:   make([]seat, cfg.Players),
		clients: map[Client]struct{}{},
		log:     env.Log.With("table", id),
	})
	// Until it starts, the messages posted to it wait, for start's
	// goroutine to handle first.
	t.draining.Store(true)
	for i, sc := range cfg.Seats {
		t.seats[i].cfg = sc
		if sc.Kind == protocol.SeatComputer {
			if env.Bots == nil {
				return nil, fmt.Errorf("table: no computer players on this server: %w", ErrBadConfig)
			}
			if t.seats[i].bot, err = env.Bots(sc.Level); err != nil {
				return nil, fmt.Errorf("table: seat %d: %v: %w", i, err, ErrBadConfig)
			}
		}
	}
	return t, nil
}

// restore replays a stored table's actions: the same actions give the same
// table, bit for bit.
func (t *table) restore(rec carrom.TableRecord, actions []carrom.ActionRecord) error {
	for _, s := range rec.Seats {
		if s.Seat >= 0 && s.Seat < len(t.seats) {
			t.seats[s.Seat].token, t.seats[s.Seat].nickname = s.Token, s.Nickname
		}
	}
	if err := t.replay(actions); err != nil {
		return err
	}
	// A match played in has begun: its clock runs from its last action
	// whoever is back; one never played in waits for its players again.
	t.began = len(actions) > 0
	if t.over() {
		t.finished = true
		if err := t.store.FinishTable(context.Background(), t.id, t.lastAt, t.result()); err != nil {
			return err
		}
		// Were the server stopped between the end and its record, the end
		// is announced now; a match rated already is not rated again.
		t.env.Finished(t.ended())
		return nil
	}
	return nil
}

// replay applies stored actions in order to the table's new game.
func (t *table) replay(actions []carrom.ActionRecord) error {
	_, err := ReplayStored(t.id, t.state.Config(), actions, func(s game.Step, a carrom.ActionRecord) error {
		t.state, t.seq, t.lastAt = s.After, a.Seq, a.At
		t.countPlay(s.Before, s.After, s.Action)
		t.noteEnd(s.Action)
		return nil
	})
	return err
}

// start starts the table: its messages are handled in order, one at a
// time, by a goroutine that runs only while some wait (drain), so that a
// table waiting for its players holds no goroutine, nor its stack (8 KB
// each table, docs/cluster.md). What handling a message does deep (a
// stroke's simulation, the store) grows the stack of a goroutine that
// ends soon after. The table ends when ctx ends (the server closes, or
// its node lets it go), when a stopReq is handled, or when its match is
// over and its last client has left; then ended is called, on the
// table's goroutine, once its clock and its computer's search have
// stopped.
func (t *table) start(ctx context.Context, ended func()) {
	t.ctx, t.onEnd = ctx, ended
	t.unwatch = context.AfterFunc(ctx, t.wake)
	go t.drain(func() {
		t.arrived()
		t.graceDeleted()
		t.awaitAbsent()
		t.next(ctx)
		t.arm()
	})
}

// wake starts the table's goroutine unless it runs.
func (t *table) wake() {
	if t.draining.CompareAndSwap(false, true) {
		go t.drain(nil)
	}
}

// drain is the table's goroutine: it runs first (if not nil), then
// handles the messages waiting, and returns when none does. Only one runs
// at a time (draining); a message posted while it gives up finds it, or
// starts the next.
func (t *table) drain(first func()) {
	if first != nil {
		first()
	}
	for {
		if t.ctx.Err() != nil {
			t.end()
			return
		}
		select {
		case m := <-t.in:
			if _, stop := m.(stopReq); stop {
				t.end()
				return
			}
			t.handle(t.ctx, m)
			if t.finished && len(t.clients) == 0 {
				t.end()
				return
			}
		default:
			t.draining.Store(false)
			if len(t.in) == 0 && t.ctx.Err() == nil || !t.draining.CompareAndSwap(false, true) {
				return
			}
		}
	}
}

// end ends the table, on its goroutine, which stays taken: no message is
// handled after it.
func (t *table) end() {
	t.unwatch()
	if t.seatsStop != nil {
		t.seatsStop()
	}
	t.stopThinking()
	t.stopClock()
	close(t.done)
	t.onEnd()
}

// post sends a message to the table's goroutine; false if it has ended.
func (t *table) post(m any) bool {
	select {
	case t.in <- m:
		t.wake()
		return true
	case <-t.done:
		return false
	}
}

func (t *table) handle(ctx context.Context, m any) {
	switch m := m.(type) {
	case joinReq:
		t.join(ctx, m)
		// A table of computers that nobody watched plays again.
		t.next(ctx)
	case leaveReq:
		t.leave(m.c)
		if t.demo() && len(t.clients) == 0 {
			t.stopThinking()
		}
	case sitReq:
		m.reply <- t.sit(ctx, m)
	case actReq:
		t.act(ctx, m)
	case clockFired:
		if m.gen == t.clockGen && !t.deadline.IsZero() {
			t.commit(ctx, t.clockAction(), t.env.Clock.Now(), nil)
			t.next(ctx)
		}
	case graceFired:
		s := &t.seats[m.seat]
		if s.connected == 0 && s.token != "" && !t.over() {
			t.log.Info("player left the match", "seat", m.seat)
			t.commit(ctx, game.Action{Seat: m.seat, Kind: game.Forfeit, Rule: "TM-3"}, t.env.Clock.Now(), nil)
		}
	case noShowFired:
		s := &t.seats[m.seat]
		s.noShowStop = nil
		if !t.began && !s.came && s.token != "" && !t.over() {
			t.log.Info("player did not come to the match", "seat", m.seat)
			t.commit(ctx, game.Action{Seat: m.seat, Kind: game.Forfeit, Rule: "TM-3"}, t.env.Clock.Now(), nil)
		}
	case bellReq:
		if !t.over() {
			t.log.Info("the tournament round's time is up: the match ends at the bell")
			t.commit(ctx, game.Action{Kind: game.Bell}, t.env.Clock.Now(), nil)
		}
	case vacateReq:
		t.vacateSeats(m)
	case stateReq:
		m.reply <- protocol.Encode(t.snapshot())
	case rematchReq:
		t.offerRematch(m)
	case aimReq:
		t.relayAim(m)
	case sayReq:
		t.say(m)
	case coachReq:
		m.reply <- t.coachable(m.token)
	case botMove:
		t.played(ctx, m)
	case paced:
		t.paceStop = nil
		t.played(ctx, m.move)
	case seatsDue:
		t.broadcastSeats()
	case unratedNote:
		t.unrated = m.why
		t.broadcast(protocol.Encode(t.snapshot()), nil)
	}
}

func (t *table) offerRematch(m rematchReq) {
	t.broadcast(protocol.Encode(protocol.RematchMsg{V: protocol.Version, Type: protocol.TypeRematch, Table: t.id, Rematch: m.id}), nil)
}

func (t *table) over() bool { return t.state.ToAct().Need == game.NeedNothing }

// act applies a player's intent for the seat he holds that is to act.
func (t *table) act(ctx context.Context, m actReq) {
	turn := t.state.ToAct()
	switch {
	case t.over():
		t.deliver(m.c, t.env.ErrorMessage(errMatchOver))
		return
	case !t.started():
		t.deliver(m.c, t.env.ErrorMessage(fmt.Errorf("table: %w", ErrNotStarted)))
		return
	case t.seats[turn.Seat].token != m.c.Token():
		t.deliver(m.c, t.env.ErrorMessage(fmt.Errorf("table: seat %d is to %v: %w", turn.Seat, turn.Need, ErrNotYours)))
		return
	}
	a := m.action
	a.Seat = turn.Seat
	if err := t.commit(ctx, a, t.env.Clock.Now(), m.c); err != nil {
		return
	}
	t.env.Metrics.Latency.Observe(t.env.Clock.Now().Sub(m.at).Seconds())
	t.next(ctx)
}

// commit applies an action, stores it, and only then broadcasts it. A
// refused action is reported to from (if any) and changes nothing.
func (t *table) commit(ctx context.Context, a game.Action, at time.Time, from Client) error {
	// out.Sim shares sim's buffers: sim goes back to the pool once the
	// event is made, when out is no longer used.
	sim := simulatorFor(t.state.Config().Physics)
	if sim != nil {
		defer simulators.Put(sim)
	}
	next, out, err := t.state.ApplyOn(sim, a)
	if err == nil {
		var data []byte
		if data, err = record.FormatAction(a); err == nil {
			err = t.store.AppendAction(ctx, t.id, carrom.ActionRecord{Seq: t.seq + 1, Action: data, At: at})
		}
	}
	if err != nil {
		switch {
		case ctx.Err() != nil:
			// The server is stopping, or this node has let the table go
			// (its store refused the action: another node owns the table).
			t.log.Info("action not stored: the table is stopping", "action", a.Kind, "seat", a.Seat)
		case from != nil:
			t.deliver(from, t.env.ErrorMessage(err))
		default:
			t.log.Error("action refused", "action", a.Kind, "seat", a.Seat, "err", err)
		}
		return err
	}
	start := t.state
	t.state, t.seq, t.lastAt = next, t.seq+1, at
	t.countPlay(start, next, a)
	t.noteEnd(a)
	t.readyAt = at
	if t.env.Pace > 0 {
		t.readyAt = at.Add(t.env.Pace)
		if a.Kind == game.Strike {
			t.readyAt = t.readyAt.Add(time.Duration(out.Sim.Time * float64(time.Second)))
		}
	}
	t.stopThinking()
	t.arm()
	if a.Kind == game.Strike {
		t.env.Metrics.Strokes.Inc()
	}
	if t.over() && !t.finished {
		t.finish(ctx, at)
	}
	t.broadcast(t.eventMessage(start, a, out), nil)
	return nil
}

// simulators are the tables' strokes': a fresh simulator's buffers were
// the largest garbage of a stroke after its event (docs/cluster.md).
var simulators sync.Pool

// simulatorFor is a simulator for p from the pool, or a new one; nil if p
// is invalid, for which ApplyOn reports the error as Apply does.
func simulatorFor(p physics.Params) *physics.Simulator {
	if s, ok := simulators.Get().(*physics.Simulator); ok && s.Params() == p {
		return s
	}
	s, err := physics.NewSimulator(p)
	if err != nil {
		return nil
	}
	return s
}

// missed makes again the events after since, from the table's stored
// actions: the game is a pure function of them, so the table keeps no
// copy of its recent past in memory (18 KB a table, docs/cluster.md), and
// a client catches up on any node that runs the table. False for a new
// client (since 0), one more than MaxBacklog events behind, or when the
// stored actions cannot be read or no longer make the game: the client is
// to get the full state instead.
func (t *table) missed(ctx context.Context, since int64) ([][]byte, bool) {
	if since <= 0 || since > t.seq {
		return nil, false
	}
	if since == t.seq {
		return nil, true
	}
	if since < t.seq-MaxBacklog {
		return nil, false
	}
	stored, err := t.store.Actions(ctx, t.id)
	if err != nil {
		t.log.Warn("reading the actions a client missed", "since", since, "err", err)
		return nil, false
	}
	if int64(len(stored)) < t.seq {
		t.log.Error("the store holds fewer actions than the table played", "stored", len(stored), "seq", t.seq)
		return nil, false
	}
	var out [][]byte
	_, err = ReplayStored(t.id, t.state.Config(), stored[:t.seq], func(s game.Step, a carrom.ActionRecord) error {
		if a.Seq <= since {
			return nil
		}
		// The clock is only known for the last: an earlier event goes
		// without, the last one tells the client the clock as it runs.
		var deadline time.Time
		if a.Seq == t.seq {
			deadline = t.deadline
		}
		out = append(out, t.eventOf(s.Before, s.After, a.Seq, s.Action, s.Outcome, deadline))
		return nil
	})
	if err != nil {
		t.log.Error("a stored action no longer applies", "since", since, "err", err)
		return nil, false
	}
	return out, true
}

// finish records the end of the match. The last action is stored already,
// so this is done even if the server is shutting down; were it lost, the
// table would come back finished on its next start (restore).
func (t *table) finish(ctx context.Context, at time.Time) {
	t.finished = true
	if err := t.store.FinishTable(context.WithoutCancel(ctx), t.id, at, t.result()); err != nil {
		t.log.Error("recording the end of the match", "err", err)
	}
	// What reacts to the end (the rating) does so off this goroutine;
	// why the match is not rated, if it is not, comes back (unratedNote).
	t.env.Finished(t.ended())
	t.env.OutOfPlay(t.owner)
	t.log.Info("match over", "winner", t.state.Match().Winner, "games", t.state.Match().Games)
}

// result is the summary of a finished match that the store keeps.
func (t *table) result() []byte {
	m := t.state.Match()
	res := map[string]any{"winner": int(m.Winner), "games": m.Games, "score": m.Score}
	if m.Rules.Variant != nil {
		// A variant's match is one board: the winner and each player's points.
		g := m.Colourless
		points := make([]int, g.Players)
		for p := range points {
			points[p] = g.Points(p)
		}
		res = map[string]any{"winner": int(m.Winner), "points": points}
	}
	if t.aborted {
		// No winner: the seat that left it, said apart.
		res["winner"], res["aborted"], res["left"] = -1, true, t.leaver
	}
	return protocol.Encode(res)
}

// deliver queues msg for c; a client too slow to keep up is dropped, and
// will catch up when it reconnects.
func (t *table) deliver(c Client, msg []byte) {
	if !t.out.Deliver(c, msg) {
		t.dropped(c)
	}
}

// broadcast sends msg to every client at the table but skip.
func (t *table) broadcast(msg []byte, skip Client) {
	for _, c := range t.out.Broadcast(t.clients, msg, skip) {
		t.dropped(c)
	}
}

// dropped takes off the table a client dropped for being too slow.
func (t *table) dropped(c Client) {
	t.log.Warn("dropping a slow client")
	t.leave(c)
}
