package server

import (
	"context"
	"encoding/json"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/tournament"
)

// bellSubject carries a tournament round's bell to every node: the
// round's online tables still in play, each node ending those it holds.
const bellSubject = "carrom.tournaments.bell"

// rungBell is a bell on the bus: the tournament's ID, for the logs, and
// its tables; or, with Clock, a round's clock just started, whose bell
// every node waits for (tournament.WatchClock).
type rungBell struct {
	Tournament string   `json:"tournament"`
	Tables     []string `json:"tables,omitempty"`
	Clock      bool     `json:"clock,omitempty"`
}

// bells ends a tournament round's tables at its bell: this node's, and
// through the bus (on a cluster) the other nodes'. A table runs on one
// node at a time, so each is ended by its holder; the table ignores a
// second bell (a node restarted, which rings again, or the bus's echo to
// the node that rang), so it ends once.
type bells struct{ s *Server }

// ring ends the tables here and publishes the bell to every node.
func (b bells) ring(tournament string, tables []string) {
	b.here(tournament, tables)
	if b.s.cluster == nil {
		return
	}
	if err := b.s.cluster.Bus.Publish(bellSubject, carrom.BusMsg{Data: protocol.Encode(rungBell{Tournament: tournament, Tables: tables})}); err != nil {
		b.s.log.Error("telling the other nodes of a tournament's bell", "tournament", tournament, "err", err)
	}
}

// here posts the bell to each of the tables this node holds; a table not
// held here (another node's, or moving) is its holder's.
func (b bells) here(tournament string, tables []string) {
	for _, id := range tables {
		if t := b.s.table(id); t != nil && t.Bell() {
			// The table says whether it ended: it ignores a second bell.
			b.s.log.Debug("a tournament's bell told to its table", "tournament", tournament, "table", id)
		}
	}
}

// adopted waits for the bell of a table this node has just taken over,
// if it is a tournament's (tournament.WatchBells).
func (b bells) adopted(ctx context.Context, id string) {
	if b.s.tournaments != nil {
		tournament.WatchBells(ctx, b.s.tournaments, []string{id})
	}
}

// clockStarted tells every node that a tournament's round clock has
// started, so that each waits for its bell.
func (b bells) clockStarted(tournament string) {
	if b.s.cluster == nil {
		return
	}
	if err := b.s.cluster.Bus.Publish(bellSubject, carrom.BusMsg{Data: protocol.Encode(rungBell{Tournament: tournament, Clock: true})}); err != nil {
		b.s.log.Error("telling the other nodes of a tournament's clock", "tournament", tournament, "err", err)
	}
}

// rung handles a bell rung at another node (or this one: the bus's echo),
// or a clock started there.
func (b bells) rung(m carrom.BusMsg) {
	var r rungBell
	if err := json.Unmarshal(m.Data, &r); err != nil {
		b.s.log.Warn("a tournament's bell unread", "err", err)
		return
	}
	if r.Clock {
		if b.s.tournaments != nil {
			tournament.WatchClock(context.Background(), b.s.tournaments, r.Tournament)
		}
		return
	}
	b.here(r.Tournament, r.Tables)
}
