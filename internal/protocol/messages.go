package protocol

import "github.com/carrom-game/carrom/record"

// Messages from the server. Every table message carries the table's
// sequence number: the number of actions the table has accepted.

// SeatState is who sits at a seat.
type SeatState struct {
	Seat      int      `json:"seat"`
	Kind      SeatKind `json:"kind"`
	Level     string   `json:"level,omitempty"`
	Nickname  string   `json:"nickname,omitempty"`
	Taken     bool     `json:"taken"`
	Connected bool     `json:"connected"`
	Position  int      `json:"position"` // base line on the board: 0 bottom, counter-clockwise
	// Side is the seat's side: its pair (seat % 2), or in a variant without
	// colours the seat himself.
	Side int `json:"side"`
}

// ToAct says who is to act and how.
type ToAct struct {
	Seat     int    `json:"seat"`
	Need     string `json:"need"` // strike, place, toss, nothing
	Colour   string `json:"colour,omitempty"`
	Position int    `json:"position"`
	// StrikerRanges are the legal places along the base line, m (RULES ST-1…ST-3).
	StrikerRanges [][2]float64 `json:"striker_ranges,omitempty"`
	// PlaceHint is a legal place for the c/m to be placed.
	PlaceHint *[2]float64 `json:"place_hint,omitempty"`
	// Deadline is when the seat's clock runs out, Unix milliseconds; 0: no clock.
	Deadline int64 `json:"deadline"`
}

// GameState is the whole state of a table.
type GameState struct {
	Table   string         `json:"table"`
	Config  TableConfig    `json:"config"`
	Started bool           `json:"started"`
	Over    bool           `json:"over"`
	Seats   []SeatState    `json:"seats"`
	Pieces  []record.Piece `json:"pieces"`
	Held    [2]int         `json:"held"` // white, black c/m waiting to be placed
	ToAct   ToAct          `json:"to_act"`
	Match   record.Match   `json:"match"`
	// Variant is the board of a variant without colours (RULES §14), whose
	// match carries only the turn, the ruling and the end.
	Variant *VariantState `json:"variant,omitempty"`
	// Unrated says why a rated table's match is not, or will not be,
	// rated (docs/accounts.md).
	Unrated string `json:"unrated,omitempty"`
	// Aborted: the rated match ended before its first stroke, a player
	// having left it: it has no winner and is not rated (docs/accounts.md).
	Aborted bool `json:"aborted,omitempty"`
}

// VariantState is a variant's board as the referee says it (record.Variant)
// and what a player needs to buy a pocket (RULES V-3): what each piece is
// worth, the prices, and what each player held when his turn began, which
// is all he may pay with.
type VariantState struct {
	record.Variant
	Worth  record.Values   `json:"worth"`
	Prices *PocketPrices   `json:"prices,omitempty"`
	Banked []record.Counts `json:"banked"`
}

// PocketPrices are the prices of a pocket in buying the pockets.
type PocketPrices struct {
	Free  int `json:"free"`
	Owned int `json:"owned"`
}

// StateMsg is the whole table.
type StateMsg struct {
	V     int       `json:"v"`
	Type  string    `json:"type"` // "state"
	Seq   int64     `json:"seq"`
	State GameState `json:"state"`
}

// Outcome is what an event's action did.
type Outcome struct {
	Stroke     *record.Stroke     `json:"stroke,omitempty"`
	Trajectory *record.Trajectory `json:"trajectory,omitempty"`
	Respotted  []record.Piece     `json:"respotted"`
	Void       bool               `json:"void"`
}

// EventMsg is the broadcast of an accepted action; its state's match
// carries the action's ruling (rule IDs, placings) and the result of a
// board it ended, which a state message alone does not.
type EventMsg struct {
	V       int           `json:"v"`
	Type    string        `json:"type"` // "event"
	Seq     int64         `json:"seq"`
	Action  record.Action `json:"action"`
	Outcome Outcome       `json:"outcome"`
	State   GameState     `json:"state"`
}

// WelcomeMsg is the first message of a connection.
type WelcomeMsg struct {
	V        int    `json:"v"`
	Type     string `json:"type"` // "welcome"
	Table    string `json:"table"`
	Seq      int64  `json:"seq"`   // the table's sequence number now
	Seats    []int  `json:"seats"` // the seats this client holds
	Nickname string `json:"nickname,omitempty"`
}

// SeatsMsg tells the clients of a table who sits where and is connected,
// and how many watch, when only that has changed (a join or a leave): a
// state message would be the whole table to every client at every join.
type SeatsMsg struct {
	V          int         `json:"v"`
	Type       string      `json:"type"` // "seats"
	Seq        int64       `json:"seq"`
	Seating    []SeatState `json:"seating"`
	Spectators int         `json:"spectators"` // connections that hold no seat
}

// Aim is an aim in a strike message's terms: x along the base line, dir
// in the shooter's frame, power from 0 to 1.
type Aim struct {
	X     float64    `json:"x"`
	Dir   [2]float64 `json:"dir"`
	Power float64    `json:"power"`
}

// AimMsg is the aim of the seat to strike, live (a player's, passed on)
// or about to be played (a computer's); trusted for nothing.
type AimMsg struct {
	V    int    `json:"v"`
	Type string `json:"type"` // "aim"
	Seq  int64  `json:"seq"`
	Seat int    `json:"seat"`
	Aim
}

// RematchMsg tells the clients of a finished table that a rematch is
// ready at Rematch: the seats of the players who asked for it are taken,
// each other player's is kept for his own click.
type RematchMsg struct {
	V       int    `json:"v"`
	Type    string `json:"type"` // "rematch"
	Table   string `json:"table"`
	Rematch string `json:"rematch"`
}

// ErrorMsg refuses a client's message, in a plain sentence; a refusal a
// player meets at the table has a Code too, which the page says in his
// language with the values of Params (docs/i18n.md).
type ErrorMsg struct {
	V      int            `json:"v"`
	Type   string         `json:"type"` // "error"
	Error  string         `json:"error"`
	Code   string         `json:"code,omitempty"`
	Params map[string]any `json:"params,omitempty"`
}

// PongMsg answers a ping.
type PongMsg struct {
	V    int    `json:"v"`
	Type string `json:"type"` // "pong"
}
