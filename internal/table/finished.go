package table

import "time"

// Finished is what a table announces, once, when its match ends:
// what the domains that react to a finished match need, copied, so that
// none of them reads the table or runs on its goroutine.
type Finished struct {
	Table string
	Rules string
	Rated bool
	// Winner is the side that won the match, -1 if none did.
	Winner int
	At     time.Time
	// Strokes and Boards are the strokes played and the boards they
	// finished (countPlay).
	Strokes, Boards int
	Seats           []FinishedSeat
	// Games are the games each side won.
	Games [2]int
	// Drawn: the match ended at a tournament's bell with the score equal
	// (game.Bell); it has no Winner.
	Drawn bool

	// Aborted: the rated match ended before its first stroke, left by
	// the seat Leaver (fairplay.go); it has no Winner.
	Aborted bool
	Leaver  int
}

// FinishedSeat is who held a seat at the end: the browser's token and the
// name the seat carries.
type FinishedSeat struct{ Token, Nickname string }

// ended is the announcement of the table's match, just over.
func (t *table) ended() Finished {
	m := Finished{Table: t.id, Rules: t.cfg.Rules, Rated: t.cfg.Rated, Winner: -1, Aborted: t.aborted, Leaver: -1, At: t.lastAt, Strokes: t.strokes, Boards: t.boards}
	m.Games = t.state.Match().Games
	if t.aborted {
		m.Leaver = t.leaver
	} else if w := int(t.state.Match().Winner); w == 0 || w == 1 {
		m.Winner = w
	} else {
		// A coloured match ends without a winner at the bell only.
		m.Drawn = t.state.Match().Rules.Variant == nil
	}
	for _, s := range t.seats {
		m.Seats = append(m.Seats, FinishedSeat{Token: s.token, Nickname: s.nickname})
	}
	return m
}
