package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// TableConfig is what a table is created with.
type TableConfig struct {
	Rules   string       `json:"rules"`   // "icf" or "family"
	Players int          `json:"players"` // 2 or 4
	Clock   int          `json:"clock"`   // seconds per stroke: 0 (off), 15 or 30 (RULES TM-1)
	Seats   []SeatConfig `json:"seats"`
	// Seed makes the computer players' choices and hands, and the tosses,
	// reproducible.
	Seed uint64 `json:"seed"`
}

// SeatConfig says who plays a seat.
type SeatConfig struct {
	Kind  string `json:"kind"`            // "human" or "computer"
	Level string `json:"level,omitempty"` // for a computer
}

// Errors of table requests.
var (
	ErrBadConfig  = errors.New("bad table configuration")
	ErrNotYours   = errors.New("you do not hold the seat to act")
	ErrSeatTaken  = errors.New("seat taken")
	ErrNotStarted = errors.New("waiting for players to take their seats")
	ErrTableGone  = errors.New("table closed")
)

// Bot chooses the actions of a computer seat: the action its hand carries
// out, noise included, drawn from rng.
type Bot interface {
	Act(ctx context.Context, t game.Table, seat int, rng *rand.Rand) (game.Action, error)
}

// BotFactory makes the player of a level; an unknown level is an error.
type BotFactory func(level string) (Bot, error)

func (c TableConfig) game(p physics.Params) (game.Config, error) {
	r, err := rules.ByName(c.Rules)
	if err != nil {
		return game.Config{}, fmt.Errorf("server: %v: %w", err, ErrBadConfig)
	}
	if c.Players != 2 && c.Players != 4 {
		return game.Config{}, fmt.Errorf("server: %d players: %w", c.Players, ErrBadConfig)
	}
	if c.Clock != 0 && c.Clock != 15 && c.Clock != 30 {
		return game.Config{}, fmt.Errorf("server: clock %d s, want 0, 15 or 30: %w", c.Clock, ErrBadConfig)
	}
	if len(c.Seats) != c.Players {
		return game.Config{}, fmt.Errorf("server: %d seats for %d players: %w", len(c.Seats), c.Players, ErrBadConfig)
	}
	for i, s := range c.Seats {
		if s.Kind != "human" && s.Kind != "computer" {
			return game.Config{}, fmt.Errorf("server: seat %d kind %q: %w", i, s.Kind, ErrBadConfig)
		}
	}
	return game.Config{Rules: r, Players: c.Players, Physics: p}, nil
}

// seat is who plays one seat and how many connections he has.
type seat struct {
	cfg       SeatConfig
	bot       Bot
	token     string
	nickname  string
	connected int
	graceStop func() bool
}

// client is one WebSocket connection watching or playing at a table.
type client struct {
	token    string
	nickname string
	send     chan []byte   // messages to write; full means too slow
	gone     chan struct{} // closed when the table drops the client
}

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
	stateReq   struct{ reply chan []byte }
)

// maxBacklog is how many recent events a table keeps for reconnecting
// clients; one who missed more gets the full state.
const maxBacklog = 64

// table is one table in play. Its goroutine (run) owns every field; others
// talk to it only through in.
type table struct {
	id      string
	cfg     TableConfig
	created time.Time
	srv     *Server
	in      chan any
	done    chan struct{} // closed when run returns

	state     game.Table
	seq       int64
	lastAt    time.Time // when the last action was accepted (or the table made)
	seats     []seat
	clients   map[*client]struct{}
	backlog   [][]byte // the last events, ending at seq
	clockGen  int
	clockStop func() bool
	deadline  time.Time
	finished  bool
	log       *slog.Logger
}

func (s *Server) newTable(id string, cfg TableConfig, created time.Time) (*table, error) {
	gcfg, err := cfg.game(s.physics)
	if err != nil {
		return nil, err
	}
	st, err := game.New(gcfg)
	if err != nil {
		return nil, err
	}
	t := &table{
		id: id, cfg: cfg, created: created, srv: s,
		in:    make(chan any, 256),
		done:  make(chan struct{}),
		state: st, lastAt: created,
		seats:   make([]seat, cfg.Players),
		clients: map[*client]struct{}{},
		log:     s.log.With("table", id),
	}
	for i, sc := range cfg.Seats {
		t.seats[i].cfg = sc
		if sc.Kind == "computer" {
			if s.bots == nil {
				return nil, fmt.Errorf("server: no computer players on this server: %w", ErrBadConfig)
			}
			if t.seats[i].bot, err = s.bots(sc.Level); err != nil {
				return nil, fmt.Errorf("server: seat %d: %v: %w", i, err, ErrBadConfig)
			}
		}
	}
	return t, nil
}

// restore replays a stored table's actions: the same actions give the same
// table, bit for bit.
func (t *table) restore(rec TableRecord, actions []ActionRecord) error {
	for _, s := range rec.Seats {
		if s.Seat >= 0 && s.Seat < len(t.seats) {
			t.seats[s.Seat].token, t.seats[s.Seat].nickname = s.Token, s.Nickname
		}
	}
	if err := t.replay(actions, nil); err != nil {
		return err
	}
	if t.over() {
		t.finished = true
		return t.srv.store.FinishTable(context.Background(), t.id, t.lastAt, t.result())
	}
	return nil
}

// replay applies stored actions in order, calling each (if not nil) with
// the table before each action, the action and its outcome.
func (t *table) replay(actions []ActionRecord, each func(before game.Table, a game.Action, out game.Outcome)) error {
	for _, a := range actions {
		act, err := record.ParseAction(a.Action)
		if err != nil {
			return fmt.Errorf("server: table %s action %d: %w", t.id, a.Seq, err)
		}
		next, out, err := t.state.Apply(act)
		if err != nil {
			return fmt.Errorf("server: table %s action %d no longer applies: %w", t.id, a.Seq, err)
		}
		before := t.state
		t.state, t.seq, t.lastAt = next, a.Seq, a.At
		if each != nil {
			each(before, act, out)
		}
	}
	return nil
}

// run is the table's goroutine. It returns when ctx ends (server shutdown)
// or when a finished table has no client left.
func (t *table) run(ctx context.Context) {
	defer close(t.done)
	defer t.stopClock()
	t.drive(ctx)
	t.arm()
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-t.in:
			t.handle(ctx, m)
			if t.finished && len(t.clients) == 0 {
				return
			}
		}
	}
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
		t.join(m)
	case leaveReq:
		t.leave(m.c)
	case sitReq:
		m.reply <- t.sit(ctx, m)
	case actReq:
		t.act(ctx, m)
	case clockFired:
		if m.gen == t.clockGen && !t.deadline.IsZero() {
			t.commit(ctx, game.Action{Seat: t.state.ToAct().Seat, Kind: game.Timeout}, t.srv.clock.Now(), nil)
			t.drive(ctx)
		}
	case graceFired:
		s := &t.seats[m.seat]
		if s.connected == 0 && s.token != "" && !t.over() {
			t.log.Info("player left the match", "seat", m.seat)
			t.commit(ctx, game.Action{Seat: m.seat, Kind: game.Forfeit, Rule: "TM-3"}, t.srv.clock.Now(), nil)
		}
	case stateReq:
		m.reply <- encode(t.snapshot())
	}
}

func (t *table) over() bool { return t.state.ToAct().Need == game.NeedNothing }

// started: every human seat is taken.
func (t *table) started() bool {
	for _, s := range t.seats {
		if s.cfg.Kind == "human" && s.token == "" {
			return false
		}
	}
	return true
}

func (t *table) heldSeats(token string) []int {
	seats := []int{}
	for i, s := range t.seats {
		if s.token != "" && s.token == token {
			seats = append(seats, i)
		}
	}
	return seats
}

func (t *table) join(m joinReq) {
	c := m.c
	t.clients[c] = struct{}{}
	t.srv.metrics.clients.Inc()
	for _, i := range t.heldSeats(c.token) {
		s := &t.seats[i]
		s.connected++
		if s.graceStop != nil {
			s.graceStop()
			s.graceStop = nil
		}
	}
	t.deliver(c, encode(welcomeMsg{V: ProtocolVersion, Type: "welcome", Table: t.id, Seq: t.seq, Seats: t.heldSeats(c.token), Nickname: c.nickname}))
	// A client that saw event `since` gets what it missed, if the backlog
	// still holds it; otherwise, and for a new client, the full state.
	first := t.seq - int64(len(t.backlog)) + 1
	if m.since > 0 && m.since >= first-1 && m.since <= t.seq {
		for _, ev := range t.backlog[m.since-first+1:] {
			t.deliver(c, ev)
		}
	} else {
		t.deliver(c, encode(t.snapshot()))
	}
	t.broadcastSeats(c)
}

func (t *table) leave(c *client) {
	if _, ok := t.clients[c]; !ok {
		return
	}
	delete(t.clients, c)
	close(c.gone)
	t.srv.metrics.clients.Dec()
	for _, i := range t.heldSeats(c.token) {
		s := &t.seats[i]
		s.connected--
		if s.connected == 0 && t.started() && !t.over() {
			seat := i
			s.graceStop = t.srv.clock.AfterFunc(t.srv.grace, func() { t.post(graceFired{seat: seat}) })
		}
	}
	t.broadcastSeats(nil)
}

// broadcastSeats tells everyone but skip the new state of the seats.
func (t *table) broadcastSeats(skip *client) {
	msg := encode(t.snapshot())
	for c := range t.clients {
		if c != skip {
			t.deliver(c, msg)
		}
	}
}

func (t *table) sit(ctx context.Context, m sitReq) error {
	if m.seat < 0 || m.seat >= len(t.seats) || t.seats[m.seat].cfg.Kind != "human" {
		return fmt.Errorf("server: seat %d is not a human seat of this table: %w", m.seat, ErrSeatTaken)
	}
	s := &t.seats[m.seat]
	if s.token != "" && s.token != m.c.token {
		return fmt.Errorf("server: seat %d: %w", m.seat, ErrSeatTaken)
	}
	name := m.nickname
	if name == "" {
		name = m.c.nickname
	}
	if name == "" {
		name = fmt.Sprintf("Player %d", m.seat+1)
	}
	if err := t.srv.store.ClaimSeat(ctx, t.id, SeatRecord{Seat: m.seat, Token: m.c.token, Nickname: name}); err != nil {
		return err
	}
	wasStarted := t.started()
	if s.token == "" {
		if _, ok := t.clients[m.c]; ok {
			s.connected++
		}
	}
	s.token, s.nickname = m.c.token, name
	if !wasStarted && t.started() {
		// The clock starts when the last player sits down.
		t.lastAt = t.srv.clock.Now()
		t.arm()
	}
	t.deliver(m.c, encode(welcomeMsg{V: ProtocolVersion, Type: "welcome", Table: t.id, Seq: t.seq, Seats: t.heldSeats(m.c.token), Nickname: name}))
	t.broadcastSeats(nil)
	t.drive(ctx)
	return nil
}

// act applies a player's intent for the seat he holds that is to act.
func (t *table) act(ctx context.Context, m actReq) {
	turn := t.state.ToAct()
	switch {
	case t.over():
		t.deliver(m.c, errorMessage(fmt.Errorf("server: %w", rules.ErrMatchIsOver)))
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
	if err := t.commit(ctx, a, t.srv.clock.Now(), m.c); err != nil {
		return
	}
	t.srv.metrics.latency.Observe(t.srv.clock.Now().Sub(m.at).Seconds())
	t.drive(ctx)
}

// commit applies an action, stores it, and only then broadcasts it. A
// refused action is reported to from (if any) and changes nothing.
func (t *table) commit(ctx context.Context, a game.Action, at time.Time, from *client) error {
	next, out, err := t.state.Apply(a)
	if err == nil {
		var data []byte
		if data, err = record.FormatAction(a); err == nil {
			err = t.srv.store.AppendAction(ctx, t.id, ActionRecord{Seq: t.seq + 1, Action: data, At: at})
		}
	}
	if err != nil {
		if from != nil {
			t.deliver(from, errorMessage(err))
		} else {
			t.log.Error("action refused", "action", a.Kind, "seat", a.Seat, "err", err)
		}
		return err
	}
	start := t.state
	t.state, t.seq, t.lastAt = next, t.seq+1, at
	t.arm()
	if a.Kind == game.Strike {
		t.srv.metrics.strokes.Inc()
	}
	if t.over() && !t.finished {
		t.finish(ctx, at)
	}
	ev := t.eventMessage(start, a, out)
	t.backlog = append(t.backlog, ev)
	if len(t.backlog) > maxBacklog {
		t.backlog = t.backlog[len(t.backlog)-maxBacklog:]
	}
	for c := range t.clients {
		t.deliver(c, ev)
	}
	return nil
}

// finish records the end of the match. The last action is stored already,
// so this is done even if the server is shutting down; were it lost, the
// table would come back finished on its next start (restore).
func (t *table) finish(ctx context.Context, at time.Time) {
	t.finished = true
	if err := t.srv.store.FinishTable(context.WithoutCancel(ctx), t.id, at, t.result()); err != nil {
		t.log.Error("recording the end of the match", "err", err)
	}
	t.srv.metrics.tables.Dec()
	t.log.Info("match over", "winner", t.state.Match().Winner, "games", t.state.Match().Games)
}

// eventMessage is the broadcast of an accepted action; its state's match
// carries the action's ruling (rule IDs, placings) and the result of a
// board it ended, which a state message alone does not.
func (t *table) eventMessage(start game.Table, a game.Action, out game.Outcome) []byte {
	st := t.gameState()
	st.Match = record.FromMatch(t.state.Match(), &out.Ruling)
	return encode(eventMsg{V: ProtocolVersion, Type: "event", Seq: t.seq, Action: record.FromAction(a), Outcome: t.outcome(start, a, out), State: st})
}

// result is the summary of a finished match that the store keeps.
func (t *table) result() []byte {
	m := t.state.Match()
	return encode(map[string]any{"winner": int(m.Winner), "games": m.Games, "score": m.Score})
}

func (t *table) outcome(start game.Table, a game.Action, out game.Outcome) outcomeJSON {
	o := outcomeJSON{Respotted: pieces(out.Respotted), Void: out.Void}
	if a.Kind == game.Strike || a.Kind == game.Timeout {
		s := out.Stroke
		o.Stroke = &strokeJSON{White: s.Pocketed.White, Black: s.Pocketed.Black, Queen: s.Pocketed.Queen, Striker: s.Striker, Touched: !s.Missed, Foul: s.Foul}
	}
	if a.Kind == game.Strike {
		tr := record.FromStroke(start.Config().Physics, out.Start, out.Sim)
		o.Trajectory = &tr
	}
	return o
}

// drive plays the computer seats, and the tosses, until a human must act.
func (t *table) drive(ctx context.Context) {
	for t.started() && !t.over() && ctx.Err() == nil {
		turn := t.state.ToAct()
		rng := rand.New(rand.NewPCG(t.cfg.Seed, uint64(t.seq)))
		var a game.Action
		switch {
		case turn.Need == game.NeedToss:
			a = game.Action{Kind: game.Toss, Toss: rules.Side(rng.IntN(2))}
		case t.seats[turn.Seat].bot != nil:
			var err error
			if a, err = t.seats[turn.Seat].bot.Act(ctx, t.state, turn.Seat, rng); err != nil {
				t.log.Error("computer player failed", "seat", turn.Seat, "err", err)
				a = fallback(t.state, turn)
			}
		default:
			return
		}
		if t.commit(ctx, a, t.srv.clock.Now(), nil) != nil {
			// A computer player's mistake must not stall the table.
			if t.commit(ctx, fallback(t.state, turn), t.srv.clock.Now(), nil) != nil {
				return
			}
		}
	}
}

// fallback is the move made for a computer seat whose player failed: the
// suggested placing, or forgoing it, or a gentle shot straight ahead from
// the middle of the widest legal stretch of base line; failing all, the
// clock's forfeit.
func fallback(st game.Table, turn game.Turn) game.Action {
	switch turn.Need {
	case game.NeedPlace:
		if at, ok := st.PlaceHint(); ok {
			return game.Action{Seat: turn.Seat, Kind: game.Place, At: at}
		}
		return game.Action{Seat: turn.Seat, Kind: game.Forgo}
	case game.NeedStrike:
		best, width := 0.0, -1.0
		for _, r := range st.StrikerRanges() {
			if r.Hi-r.Lo > width {
				best, width = (r.Lo+r.Hi)/2, r.Hi-r.Lo
			}
		}
		if width > 0 {
			return game.Action{Seat: turn.Seat, Kind: game.Strike, Shot: physics.Shot{X: best, Dir: board.Vec{Y: 1}, Speed: st.Config().Physics.MaxSpeed / 2}}
		}
	}
	return game.Action{Seat: turn.Seat, Kind: game.Timeout}
}

// arm starts the clock of the human seat to act (RULES TM-1), from the
// moment the last action was accepted.
func (t *table) arm() {
	t.stopClock()
	if t.cfg.Clock == 0 || !t.started() || t.over() {
		return
	}
	turn := t.state.ToAct()
	if t.seats[turn.Seat].bot != nil || turn.Need == game.NeedToss {
		return
	}
	t.clockGen++
	gen := t.clockGen
	t.deadline = t.lastAt.Add(time.Duration(t.cfg.Clock) * time.Second)
	t.clockStop = t.srv.clock.AfterFunc(t.deadline.Sub(t.srv.clock.Now()), func() { t.post(clockFired{gen: gen}) })
}

func (t *table) stopClock() {
	if t.clockStop != nil {
		t.clockStop()
		t.clockStop = nil
	}
	t.deadline = time.Time{}
}

// deliver queues msg for c; a client too slow to keep up is dropped and
// will catch up when it reconnects.
func (t *table) deliver(c *client, msg []byte) {
	select {
	case c.send <- msg:
	default:
		t.log.Warn("dropping a slow client")
		t.leave(c)
	}
}

func pieces(ps []board.Piece) []pieceJSON {
	out := make([]pieceJSON, len(ps))
	for i, p := range ps {
		out[i] = pieceJSON{ID: p.ID, Kind: p.Kind.String(), X: p.Pos.X, Y: p.Pos.Y}
	}
	return out
}

func (t *table) gameState() gameJSON {
	st := t.state
	turn := st.ToAct()
	g := gameJSON{
		Table: t.id, Config: t.cfg, Started: t.started(), Over: t.over(),
		Pieces: pieces(st.Pieces()),
		Match:  record.FromMatch(st.Match(), nil),
		ToAct:  toActJSON{Seat: turn.Seat, Need: turn.Need.String(), Position: int(turn.Position)},
	}
	g.Held[0], g.Held[1] = st.Held()
	for i, s := range t.seats {
		g.Seats = append(g.Seats, seatJSON{
			Seat: i, Kind: s.cfg.Kind, Level: s.cfg.Level, Nickname: s.nickname,
			Taken: s.token != "" || s.bot != nil, Connected: s.connected > 0 || s.bot != nil,
			Position: int(st.Position(i)), Side: i % 2,
		})
	}
	switch turn.Need {
	case game.NeedStrike:
		for _, r := range st.StrikerRanges() {
			g.ToAct.StrikerRanges = append(g.ToAct.StrikerRanges, [2]float64{r.Lo, r.Hi})
		}
	case game.NeedPlace:
		g.ToAct.Colour = turn.Colour.String()
		if at, ok := st.PlaceHint(); ok {
			g.ToAct.PlaceHint = &[2]float64{at.X, at.Y}
		}
	}
	if !t.deadline.IsZero() {
		g.ToAct.Deadline = t.deadline.UnixMilli()
	}
	return g
}

func (t *table) snapshot() stateMsg {
	return stateMsg{V: ProtocolVersion, Type: "state", Seq: t.seq, State: t.gameState()}
}
