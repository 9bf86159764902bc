package table

import (
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
)

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
	t.broadcast(protocol.Encode(t.snapshot()), nil)
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
