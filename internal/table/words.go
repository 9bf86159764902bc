package table

import (
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
)

// Words at the table: a seated player says a phrase of a fixed list
// (protocol.Phrases), never free text, and the table passes it on to its
// players; to its spectators only if the sayer lets them, which his page
// sends with each phrase. Words are not actions: they are neither stored
// nor in the match record, and a page that connects later never hears
// them.

// Each seat says at most sayBurst phrases in any sayWindow; one more is
// refused (docs/protocol.md).
const (
	sayBurst  = 3
	sayWindow = 10 * time.Second
)

// Words is a phrase and whether the spectators may hear it.
type Words struct {
	Phrase     string `json:"phrase"`
	Spectators bool   `json:"spectators"`
}

// sayReq is a client's phrase.
type sayReq struct {
	c Client
	w Words
}

// saidAt are the times each seat's last phrases were said, newest last.
type saidAt map[int][]time.Time

// say passes a player's phrase on, or tells him why not.
func (t *tableViews) say(m sayReq) {
	held := t.heldSeats(m.c.Token())
	if len(held) == 0 {
		t.deliver(m.c, t.env.ErrorMessage(refuse(ErrMessage, "words_seated", "only a player at the table may say something; take a seat first")))
		return
	}
	seat, now := held[0], t.env.Clock.Now()
	if t.said == nil {
		t.said = saidAt{}
	}
	last := t.said[seat]
	if len(last) >= sayBurst && now.Sub(last[len(last)-sayBurst]) < sayWindow {
		t.deliver(m.c, t.env.ErrorMessage(refuse(ErrMessage, "words_wait", "at most %d phrases every %d seconds; wait a moment", sayBurst, int(sayWindow/time.Second))))
		return
	}
	t.said[seat] = append(last[max(0, len(last)-sayBurst+1):], now)
	msg := protocol.Encode(protocol.SaidMsg{V: protocol.Version, Type: protocol.TypeSaid, Seat: seat, Phrase: m.w.Phrase})
	for c := range t.clients {
		if m.w.Spectators || len(t.heldSeats(c.Token())) > 0 {
			t.deliver(c, msg)
		}
	}
}
