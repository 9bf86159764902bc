package server

import (
	"slices"
	"strings"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
)

// Words at the table are the table's (internal/table, words.go); here is
// a "say" read from a client and sent to its table.

// decodeSay reads a "say" message.
func decodeSay(m protocol.ClientMsg) (intent, error) {
	if m.Phrase == nil || !slices.Contains(protocol.Phrases, *m.Phrase) {
		return intent{}, msgErr(`"say" needs "phrase", one of %s`, strings.Join(protocol.Phrases, ", "))
	}
	return intent{kind: "say", words: table.Words{Phrase: *m.Phrase, Spectators: m.Spectators != nil && *m.Spectators}}, nil
}

func (l localSink) say(c *client, w table.Words) bool { return l.t.Say(c, w) }

func (r remoteSink) say(_ *client, w table.Words) bool { return r.Say(w) }
