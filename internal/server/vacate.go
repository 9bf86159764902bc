package server

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/carrom-game/carrom/internal/carrom"
)

// accountsSubject carries the seats of a deleted account to every node,
// each telling the tables it runs.
const accountsSubject = "carrom.accounts.deleted"

// vacateReq tells a table that the seats of a deleted account are held by
// no browser now; done is closed once it has.
type vacateReq struct {
	seats []carrom.HeldSeat
	done  chan struct{}
}

// vacater gives up the seats of deleted accounts at the tables in play:
// this node's, which table finds, and through the bus (nil on a single
// node) the other nodes'; ctx is the server's.
type vacater struct {
	ctx   context.Context
	bus   Bus
	log   *slog.Logger
	table func(id string) *table
}

// vacate tells the tables in play, here and on every node, that the seats
// of a deleted account are held by no browser: those here before it
// returns, the other nodes' through the bus.
func (v *vacater) vacate(ctx context.Context, seats []carrom.HeldSeat) {
	if len(seats) == 0 {
		return
	}
	v.here(ctx, seats)
	if v.bus == nil {
		return
	}
	if err := v.bus.Publish(accountsSubject, carrom.BusMsg{Data: encode(seats)}); err != nil {
		v.log.Error("telling the other nodes of a deleted account's seats", "err", err)
	}
}

// here tells the tables this node runs of a deleted account's seats.
func (v *vacater) here(ctx context.Context, seats []carrom.HeldSeat) {
	byTable := map[string][]carrom.HeldSeat{}
	for _, h := range seats {
		byTable[h.Table] = append(byTable[h.Table], h)
	}
	for id, hs := range byTable {
		t := v.table(id)
		if t == nil {
			continue
		}
		m := vacateReq{seats: hs, done: make(chan struct{})}
		if !t.post(m) {
			continue
		}
		select {
		case <-m.done:
		case <-t.done:
		case <-ctx.Done():
			return
		}
	}
}

// vacated handles the seats of an account deleted at another node.
func (v *vacater) vacated(m carrom.BusMsg) {
	var seats []carrom.HeldSeat
	if err := json.Unmarshal(m.Data, &seats); err != nil {
		v.log.Warn("a deleted account's seats unread", "err", err)
		return
	}
	v.here(v.ctx, seats)
}

// vacateSeats gives the seats of a deleted account to no browser, under
// the name carrom.DeletedName, as the store has: its browsers' clients
// stay as spectators. A match in play goes on as if the player had left:
// his grace period, then he loses the match (RULES TM-3).
func (t *table) vacateSeats(m vacateReq) {
	defer close(m.done)
	for _, h := range m.seats {
		if h.Seat < 0 || h.Seat >= len(t.seats) || t.seats[h.Seat].token != h.Token {
			continue
		}
		s := &t.seats[h.Seat]
		s.token, s.nickname, s.connected = carrom.DeletedToken, carrom.DeletedName, 0
		if s.graceStop != nil {
			s.graceStop()
			s.graceStop = nil
		}
		if !t.over() && t.seated() {
			t.startGrace(h.Seat)
		}
	}
	t.broadcast(encode(t.snapshot()), nil)
}

// graceDeleted gives a resumed table's seats of deleted accounts their
// grace, as vacateSeats did before the restart.
func (t *table) graceDeleted() {
	for i, s := range t.seats {
		if s.token == carrom.DeletedToken && !t.over() && t.seated() {
			t.startGrace(i)
		}
	}
}
