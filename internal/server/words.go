package server

import (
	"slices"
	"strings"
	"time"

	"github.com/carrom-game/carrom/internal/httpapi"
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

// words is a phrase and whether the spectators may hear it.
type words struct {
	Phrase     string `json:"phrase"`
	Spectators bool   `json:"spectators"`
}

// sayReq is a client's phrase.
type sayReq struct {
	c *client
	w words
}

// saidAt are the times each seat's last phrases were said, newest last.
type saidAt map[int][]time.Time

// decodeSay reads a "say" message.
func decodeSay(m protocol.ClientMsg) (intent, error) {
	if m.Phrase == nil || !slices.Contains(protocol.Phrases, *m.Phrase) {
		return intent{}, msgErr(`"say" needs "phrase", one of %s`, strings.Join(protocol.Phrases, ", "))
	}
	return intent{kind: "say", words: words{Phrase: *m.Phrase, Spectators: m.Spectators != nil && *m.Spectators}}, nil
}

// say passes a player's phrase on, or tells him why not.
func (t *tableViews) say(m sayReq) {
	held := t.heldSeats(m.c.token)
	if len(held) == 0 {
		t.deliver(m.c, errorMessage(httpapi.RefuseCoded(ErrMessage, "words_seated", nil, "only a player at the table may say something; take a seat first")))
		return
	}
	seat, now := held[0], t.env.clock.Now()
	if t.said == nil {
		t.said = saidAt{}
	}
	last := t.said[seat]
	if len(last) >= sayBurst && now.Sub(last[len(last)-sayBurst]) < sayWindow {
		t.deliver(m.c, errorMessage(httpapi.RefuseCoded(ErrMessage, "words_wait", nil, "at most %d phrases every %d seconds; wait a moment", sayBurst, int(sayWindow/time.Second))))
		return
	}
	t.said[seat] = append(last[max(0, len(last)-sayBurst+1):], now)
	msg := encode(protocol.SaidMsg{V: protocol.Version, Type: protocol.TypeSaid, Seat: seat, Phrase: m.w.Phrase})
	for c := range t.clients {
		if m.w.Spectators || len(t.heldSeats(c.token)) > 0 {
			t.deliver(c, msg)
		}
	}
}

func (l localSink) say(c *client, w words) bool { return l.t.post(sayReq{c: c, w: w}) }

// say passes a phrase on to the owner, unanswered: the owner tells the
// client of a refusal itself.
func (r remoteSink) say(c *client, w words) bool { return r.tell(c, "say", w) }
