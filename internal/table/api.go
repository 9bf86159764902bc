package table

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
)

// Table is one table in play, as the server holds it. Its goroutine
// (Start) owns its state; the methods that post an intent or a question to
// it return false (or ErrEnded) once it has ended. Those that read it
// (Seq, Finished, Clients) are for before Start or after Done; Claim and
// Route for before Start only.
type Table struct{ t *table }

// ErrEnded says a table has ended: its match is over and its
// last client left, the server is closing, or its node has let it go.
var ErrEnded = errors.New("table: the table has ended")

// New makes a table of env, not yet running: id, the token of its creator
// (owner, "" for a table resumed) and its configuration, checked
// (ErrBadConfig).
func New(env *Env, id, owner string, cfg protocol.TableConfig, created time.Time) (*Table, error) {
	t, err := newTable(env, id, owner, cfg, created)
	if err != nil {
		return nil, err
	}
	return &Table{t: t}, nil
}

// Restore replays a stored table's actions and seats: the same actions
// give the same table, bit for bit. A match found over is recorded so
// and announced (Env.Finished), and the table is Finished.
func (h *Table) Restore(rec carrom.TableRecord, actions []carrom.ActionRecord) error {
	return h.t.restore(rec, actions)
}

// Claim seats a player taken already (a rematch's, a challenge's) at seat.
func (h *Table) Claim(seat int, token, nickname string) {
	h.t.seats[seat].token, h.t.seats[seat].nickname = token, nickname
}

// Route has the table write to store and send its messages through out
// (in a cluster, those of its node's lease) instead of its env's.
func (h *Table) Route(store Store, out Fanout) { h.t.store, h.t.out = store, out }

// Start starts the table. It ends when ctx ends (the server closes, or
// its node lets it go), when Stop is handled, or when its match is over
// and its last client has left; then it calls ended, once its clock and
// its computer's search have stopped and Done is closed. Its goroutine
// runs only while it has messages to handle.
func (h *Table) Start(ctx context.Context, ended func()) { h.t.start(ctx, ended) }

// ID is the table's ID.
func (h *Table) ID() string { return h.t.id }

// Owner is the token of the table's creator, "" for a table resumed.
func (h *Table) Owner() string { return h.t.owner }

// Seq is the number of the table's last action.
func (h *Table) Seq() int64 { return h.t.seq }

// Finished says the table's match is over.
func (h *Table) Finished() bool { return h.t.finished }

// Done is closed when the table has ended.
func (h *Table) Done() <-chan struct{} { return h.t.done }

// Log is the table's logger.
func (h *Table) Log() *slog.Logger { return h.t.log }

// Clients are the clients at the table when it ended.
func (h *Table) Clients() []Client {
	out := make([]Client, 0, len(h.t.clients))
	for c := range h.t.clients {
		out = append(out, c)
	}
	return out
}

// Join joins c to the table: since is the last event it saw (0 if none),
// after which it is sent what it missed, or else the full state.
func (h *Table) Join(c Client, since int64) bool { return h.t.post(joinReq{c: c, since: since}) }

// Leave takes c off the table: its connection has ended.
func (h *Table) Leave(c Client) bool { return h.t.post(leaveReq{c: c}) }

// Sit seats c at seat, under nickname if it gives one, and returns why
// not if it may not sit there; ErrEnded if the table has ended.
func (h *Table) Sit(c Client, seat int, nickname string) error {
	reply := make(chan error, 1)
	if !h.t.post(sitReq{c: c, seat: seat, nickname: nickname, reply: reply}) {
		return ErrEnded
	}
	return <-reply
}

// Act is c's action for the seat it holds that is to act, received at
// at; a refusal is sent to c.
func (h *Table) Act(c Client, a game.Action, at time.Time) bool {
	return h.t.post(actReq{c: c, action: a, at: at})
}

// Aim is c's live aim, passed on to the table's other pages if c holds
// the seat to strike.
func (h *Table) Aim(c Client, a protocol.Aim) bool { return h.t.post(aimReq{c: c, aim: a}) }

// Say is c's phrase, passed on to the table's pages.
func (h *Table) Say(c Client, w Words) bool { return h.t.post(sayReq{c: c, w: w}) }

// State is the table's state message; false if the table has ended, or
// ctx first.
func (h *Table) State(ctx context.Context) ([]byte, bool) {
	reply := make(chan []byte, 1)
	if !h.t.post(stateReq{reply: reply}) {
		return nil, false
	}
	select {
	case st := <-reply:
		return st, true
	case <-ctx.Done():
		return nil, false
	}
}

// Stop stops the table once the messages posted before are handled.
func (h *Table) Stop() bool { return h.t.post(stopReq{}) }

// Bell ends the table's match at a tournament's bell (game.Bell); a match
// over already ignores it.
func (h *Table) Bell() bool { return h.t.post(bellReq{}) }

// Rematch tells the table's clients of its rematch, the table next.
func (h *Table) Rematch(next string) bool { return h.t.post(rematchReq{id: next}) }

// Unrated tells the table's clients why its match, over, is not rated.
func (h *Table) Unrated(why string) bool { return h.t.post(unratedNote{why: why}) }

// Vacate gives the seats of a deleted account to no browser, and returns
// once the table has, or has ended; ctx's error if ctx ends first.
func (h *Table) Vacate(ctx context.Context, seats []carrom.HeldSeat) error {
	m := vacateReq{seats: seats, done: make(chan struct{})}
	if !h.t.post(m) {
		return nil
	}
	select {
	case <-m.done:
	case <-h.t.done:
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}

// Position is the table's position for the coach of the seat that token
// holds; ErrEnded if the table has ended.
func (h *Table) Position(ctx context.Context, token string) (Position, error) {
	reply := make(chan Position, 1)
	if !h.t.post(coachReq{token: token, reply: reply}) {
		return Position{}, ErrEnded
	}
	select {
	case p := <-reply:
		return p, nil
	case <-ctx.Done():
		return Position{}, ctx.Err()
	}
}
