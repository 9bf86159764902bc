package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
)

// Messages to a table's goroutine.
type (
	joinReq struct {
		c     *client
		since int64
	}
	leaveReq struct{ c *client }
	sitReq   struct {
		c        *client
		seat     int
		nickname string
		reply    chan error
	}
	actReq struct {
		c      *client
		action game.Action
		at     time.Time
	}
	clockFired struct{ gen int }
	graceFired struct{ seat int }
	// noShowFired: the wait for a seat's player who has not come is over.
	noShowFired struct{ seat int }
	// paced is a computer's move whose pause (Config.Pace) is over.
	paced struct{ move botMove }
	// seatsDue: the spectator count is to be sent (SeatsEvery).
	seatsDue struct{}
	stateReq struct{ reply chan []byte }
	// stopReq stops the table once the messages before it are handled:
	// its node has let it go (node.go).
	stopReq struct{}
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

// MaxBacklog is how many recent actions a table keeps for reconnecting
// clients; one who missed more gets the full state.
const MaxBacklog = 64

// checkEvery is how many actions of the backlog share one table kept
// before the first of them: making a missed event again applies at most
// checkEvery-1 actions more than were missed.
const checkEvery = 16

// backlog is what makes the last MaxBacklog events again, the same to the
// bit, for a client who missed them: the game is a pure function of its
// actions, so the actions and a table every checkEvery of them will do.
// The events themselves, with their strokes' trajectories, would take
// several times the memory, and the table before each action some 2 KB
// each.
type backlog struct {
	first   int64         // the seq of actions[0]
	actions []game.Action // the actions from first on, in order
	tables  []game.Table  // tables[i] is the table before action first+i*checkEvery
}

// add keeps action a, number seq, applied to the table before. The oldest
// checkEvery actions and their table go once they are all older than the
// last MaxBacklog.
func (b *backlog) add(seq int64, before game.Table, a game.Action) {
	if len(b.actions) == 0 || seq != b.first+int64(len(b.actions)) {
		*b = backlog{
			first:   seq,
			actions: make([]game.Action, 0, MaxBacklog+checkEvery),
			tables:  make([]game.Table, 0, (MaxBacklog+checkEvery)/checkEvery),
		}
	}
	if (seq-b.first)%checkEvery == 0 {
		b.tables = append(b.tables, before)
	}
	b.actions = append(b.actions, a)
	if len(b.actions) == MaxBacklog+checkEvery {
		b.actions = slices.Delete(b.actions, 0, checkEvery)
		b.tables = slices.Delete(b.tables, 0, 1)
		b.first += checkEvery
	}
}

// from returns the table before action seq, which the backlog holds, and
// the actions from seq on; an error if one of the actions it applies to
// reach that table no longer applies.
func (b *backlog) from(seq int64) (game.Table, []game.Action, error) {
	i := seq - b.first
	kept := i / checkEvery * checkEvery
	st, err := game.Continue(b.tables[i/checkEvery], b.actions[kept:i], nil)
	if ae, ok := errors.AsType[*game.ActionError](err); ok {
		return game.Table{}, nil, fmt.Errorf("action %d: %w", b.first+kept+int64(ae.Index), ae.Err)
	}
	if err != nil {
		return game.Table{}, nil, err
	}
	return st, b.actions[i:], nil
}

// table is one table in play. Its goroutine (run) owns every field; others
// talk to it only through in.
type table struct {
	id      string
	owner   string // the creator's token; "" for a resumed table
	cfg     protocol.TableConfig
	created time.Time
	env     *tableEnv
	// store is env's, or in a cluster the store fenced by this node's
	// lease of the table, and out the fan-out of its messages to its
	// clients, here and in a cluster at the other nodes too (node.go); both
	// set before the table starts, never changed.
	store tableStore
	out   fanout
	in    chan any
	done  chan struct{} // closed when run returns

	state    game.Table
	seq      int64
	lastAt   time.Time // when the last action was accepted (or the table made)
	seats    []seat
	clients  map[*client]struct{}
	backlog  backlog
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
// (Config.Pace).
type computerSeats struct {
	*table
	thinking context.CancelFunc
	paceStop func() bool
	readyAt  time.Time
}

// presence: a game against the computer waits for its player (waits.go).
type presence struct{ *table }

// fairPlay: what the match counts towards its rating (fairplay.go,
// ratings.go). strokes and boards count the strokes played and the boards
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

// tableViews: what the table's messages say (wire.go), and what passes
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

// tableEnv is all a table reaches beyond its own state, built once by the
// server (New) and shared by its tables: a table names no Server.
type tableEnv struct {
	store    tableStore
	clock    Clock
	accounts ratedPairs  // nil: no accounts, so no rated tables
	players  seatPlayers // whose sessions the browsers hold
	metrics  tableMetrics
	searches searchSlots
	// finished announces a match just over to what reacts to it (the
	// rating), off the table's goroutine; outOfPlay counts a table's match
	// out of play, once.
	finished  func(matchFinished)
	outOfPlay func(*table)
	grace     time.Duration // Config.Grace
	pace      time.Duration // Config.Pace
	bots      BotFactory    // nil: no computer seats
	physics   physics.Params
	log       *slog.Logger
}

// fanout carries a table's messages to its clients: the connections here
// (connections, ws.go) and, in a cluster, those at other nodes too (the
// table's lease, node.go).
type fanout interface {
	// deliver queues msg for c: false if c cannot keep up, and is dropped
	// (it catches up when it reconnects).
	deliver(c *client, msg []byte) bool
	// broadcast sends msg to every client of clients but skip, and returns
	// those dropped.
	broadcast(clients map[*client]struct{}, msg []byte, skip *client) []*client
}

// tableStore is what a table writes to the store: its actions, the end
// of its match, and who takes its seats.
type tableStore interface {
	AppendAction(ctx context.Context, tableID string, a carrom.ActionRecord) error
	FinishTable(ctx context.Context, tableID string, at time.Time, result []byte) error
	ClaimSeat(ctx context.Context, tableID string, s carrom.SeatRecord) error
}

// seatPlayers is what a rated table asks of the accounts when a seat is
// taken and when its match begins: the account a browser plays as.
type seatPlayers interface {
	PlaysAs(ctx context.Context, token string) (account.Account, error)
}

// ratedPairs counts the rated matches two accounts have played against
// each other on a day (rating.PerPair).
type ratedPairs interface {
	RatedBetween(ctx context.Context, a, b string, day int64) (int, error)
}

// tableMetrics are the server's metrics a table counts.
type tableMetrics struct {
	clients prometheus.Gauge
	strokes prometheus.Counter
	latency prometheus.Observer
}

// searchSlots are the server's slots for the computers' searches
// (Config.Searches): all for every search, demo for those at tables of
// computers only, which take one of each; wg counts the searches running,
// which Close waits for.
type searchSlots struct {
	wg        *sync.WaitGroup
	all, demo chan struct{}
}

// newTable makes a table of env, not yet running.
func newTable(env *tableEnv, id string, cfg protocol.TableConfig, created time.Time) (*table, error) {
	gcfg, err := gameConfig(cfg, env.physics)
	if err != nil {
		return nil, err
	}
	st, err := game.New(gcfg)
	if err != nil {
		// A configuration the table refuses (three-player carrom for two) is
		// the request's fault.
		return nil, fmt.Errorf("server: %v: %w", err, ErrBadConfig)
	}
	t := joinParts(&table{
		id: id, cfg: cfg, created: created, env: env, store: env.store, out: connections{},
		in:    make(chan any, inBuf),
		done:  make(chan struct{}),
		state: st, lastAt: created,
		seats:   make([]seat, cfg.Players),
		clients: map[*client]struct{}{},
		log:     env.log.With("table", id),
	})
	for i, sc := range cfg.Seats {
		t.seats[i].cfg = sc
		if sc.Kind == protocol.SeatComputer {
			if env.bots == nil {
				return nil, fmt.Errorf("server: no computer players on this server: %w", ErrBadConfig)
			}
			if t.seats[i].bot, err = env.bots(sc.Level); err != nil {
				return nil, fmt.Errorf("server: seat %d: %v: %w", i, err, ErrBadConfig)
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
	// The last actions go back into the backlog, so that a client who saw
	// some of their events catches up with what it missed, on any node.
	err := t.replay(actions, func(before game.Table, a game.Action, _ game.Outcome) { t.backlog.add(t.seq, before, a) })
	if err != nil {
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
		t.env.finished(t.ended())
		return nil
	}
	return nil
}

// replay applies stored actions in order to the table's new game,
// calling each (if not nil) with the table before each action, the action
// and its outcome.
func (t *table) replay(actions []carrom.ActionRecord, each func(before game.Table, a game.Action, out game.Outcome)) error {
	_, err := replayStored(t.id, t.state.Config(), actions, func(s game.Step, a carrom.ActionRecord) error {
		t.state, t.seq, t.lastAt = s.After, a.Seq, a.At
		t.countPlay(s.Before, s.After, s.Action)
		t.noteEnd(s.Action)
		if each != nil {
			each(s.Before, s.Action, s.Outcome)
		}
		return nil
	})
	return err
}

// run is the table's goroutine. It returns when ctx ends (server shutdown)
// or when a finished table has no client left; its clock and its
// computer's search stop with it.
func (t *table) run(ctx context.Context) {
	defer close(t.done)
	defer t.stopClock()
	defer t.stopThinking()
	defer func() {
		if t.seatsStop != nil {
			t.seatsStop()
		}
	}()
	apart(func() {
		t.arrived()
		t.graceDeleted()
		t.awaitAbsent()
		t.next(ctx)
		t.arm()
	})
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-t.in:
			if _, stop := m.(stopReq); stop || ctx.Err() != nil {
				return
			}
			apart(func() { t.handle(ctx, m) })
			if t.finished && len(t.clients) == 0 {
				return
			}
		}
	}
}

// apart runs f on a goroutine of its own and waits for it to return. The
// table's goroutine waits for messages nearly all its life; what handling
// one does deep (a stroke's simulation, the store) grows instead the stack
// of a goroutine that ends with it, not one each table would keep until
// collections shrink it by half at a time (the stacks of 1,000 tables in
// play took 90–110 MB with their clients', 46–71 MB so; docs/cluster.md).
func apart(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

// post sends a message to the table's goroutine; false if it has ended.
func (t *table) post(m any) bool {
	select {
	case t.in <- m:
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
			t.commit(ctx, t.clockAction(), t.env.clock.Now(), nil)
			t.next(ctx)
		}
	case graceFired:
		s := &t.seats[m.seat]
		if s.connected == 0 && s.token != "" && !t.over() {
			t.log.Info("player left the match", "seat", m.seat)
			t.commit(ctx, game.Action{Seat: m.seat, Kind: game.Forfeit, Rule: "TM-3"}, t.env.clock.Now(), nil)
		}
	case noShowFired:
		s := &t.seats[m.seat]
		s.noShowStop = nil
		if !t.began && !s.came && s.token != "" && !t.over() {
			t.log.Info("player did not come to the match", "seat", m.seat)
			t.commit(ctx, game.Action{Seat: m.seat, Kind: game.Forfeit, Rule: "TM-3"}, t.env.clock.Now(), nil)
		}
	case bellReq:
		if !t.over() {
			t.log.Info("the tournament round's time is up: the match ends at the bell")
			t.commit(ctx, game.Action{Kind: game.Bell}, t.env.clock.Now(), nil)
		}
	case vacateReq:
		t.vacateSeats(m)
	case stateReq:
		m.reply <- encode(t.snapshot())
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
		t.broadcast(encode(t.snapshot()), nil)
	}
}

func (t *table) over() bool { return t.state.ToAct().Need == game.NeedNothing }

// act applies a player's intent for the seat he holds that is to act.
func (t *table) act(ctx context.Context, m actReq) {
	turn := t.state.ToAct()
	switch {
	case t.over():
		t.deliver(m.c, errorMessage(errMatchOver))
		return
	case !t.started():
		t.deliver(m.c, errorMessage(fmt.Errorf("server: %w", ErrNotStarted)))
		return
	case t.seats[turn.Seat].token != m.c.token:
		t.deliver(m.c, errorMessage(fmt.Errorf("server: seat %d is to %v: %w", turn.Seat, turn.Need, ErrNotYours)))
		return
	}
	a := m.action
	a.Seat = turn.Seat
	if err := t.commit(ctx, a, t.env.clock.Now(), m.c); err != nil {
		return
	}
	t.env.metrics.latency.Observe(t.env.clock.Now().Sub(m.at).Seconds())
	t.next(ctx)
}

// commit applies an action, stores it, and only then broadcasts it. A
// refused action is reported to from (if any) and changes nothing.
func (t *table) commit(ctx context.Context, a game.Action, at time.Time, from *client) error {
	next, out, err := t.state.Apply(a)
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
			t.deliver(from, errorMessage(err))
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
	if t.env.pace > 0 {
		t.readyAt = at.Add(t.env.pace)
		if a.Kind == game.Strike {
			t.readyAt = t.readyAt.Add(time.Duration(out.Sim.Time * float64(time.Second)))
		}
	}
	t.stopThinking()
	t.arm()
	if a.Kind == game.Strike {
		t.env.metrics.strokes.Inc()
	}
	if t.over() && !t.finished {
		t.finish(ctx, at)
	}
	t.backlog.add(t.seq, start, a)
	t.broadcast(t.eventMessage(start, a, out), nil)
	return nil
}

// missed makes again the events after since; false if the backlog does
// not hold them all (or since is 0, a new client), or if one no longer
// applies (the game has changed under a stored table): the client is to
// get the full state instead.
func (t *table) missed(since int64) ([][]byte, bool) {
	if since <= 0 || since > t.seq {
		return nil, false
	}
	if since == t.seq {
		return nil, true
	}
	if len(t.backlog.actions) == 0 || since < max(t.backlog.first, t.seq-MaxBacklog+1)-1 {
		return nil, false
	}
	st, actions, err := t.backlog.from(since + 1)
	if err != nil {
		t.log.Error("an action of the backlog no longer applies", "err", err)
		return nil, false
	}
	var out [][]byte
	_, err = game.Continue(st, actions, func(s game.Step) error {
		seq := since + 1 + int64(s.Index)
		// The clock is only known for the last: an earlier event goes
		// without, the last one tells the client the clock as it runs.
		var deadline time.Time
		if seq == t.seq {
			deadline = t.deadline
		}
		out = append(out, t.eventOf(s.Before, s.After, seq, s.Action, s.Outcome, deadline))
		return nil
	})
	if err != nil {
		t.log.Error("an action of the backlog no longer applies", "since", since, "err", err)
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
	t.env.finished(t.ended())
	t.env.outOfPlay(t)
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
	return encode(res)
}

// deliver queues msg for c; a client too slow to keep up is dropped, and
// will catch up when it reconnects.
func (t *table) deliver(c *client, msg []byte) {
	if !t.out.deliver(c, msg) {
		t.dropped(c)
	}
}

// broadcast sends msg to every client at the table but skip.
func (t *table) broadcast(msg []byte, skip *client) {
	for _, c := range t.out.broadcast(t.clients, msg, skip) {
		t.dropped(c)
	}
}

// dropped takes off the table a client dropped for being too slow.
func (t *table) dropped(c *client) {
	t.log.Warn("dropping a slow client")
	t.leave(c)
}
