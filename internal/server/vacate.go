package server

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
)

// accountsSubject carries the seats of a deleted account to every node,
// each telling the tables it runs.
const accountsSubject = "carrom.accounts.deleted"

// vacater gives up the seats of deleted accounts at the tables in play:
// this node's, which table finds, and through the bus (nil on a single
// node) the other nodes'; ctx is the server's.
type vacater struct {
	ctx   context.Context
	bus   Bus
	log   *slog.Logger
	table func(id string) *table.Table
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
	if err := v.bus.Publish(accountsSubject, carrom.BusMsg{Data: protocol.Encode(seats)}); err != nil {
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
		if t.Vacate(ctx, hs) != nil {
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
