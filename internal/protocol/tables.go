package protocol

import "time"

// The tables' HTTP bodies (docs/protocol.md, "HTTP").

// TableConfig is what a table is created with: the body of POST
// /api/tables, and the config of a table's state and information.
type TableConfig struct {
	Rules   string       `json:"rules"`   // "icf", "family", "point", "three" or "pockets"
	Players int          `json:"players"` // 2 or 4; 2 to 4 for point and pockets, 3 for three
	Clock   int          `json:"clock"`   // seconds per stroke: 0 (off), 15 or 30 (RULES TM-1)
	Seats   []SeatConfig `json:"seats"`
	// Seed makes the computer players' choices and hands, and the tosses,
	// reproducible. A rated table's is drawn by the server and shown only
	// once its match is over: whoever knew it could foresee the tie-break
	// toss (RULES B-8) of every position.
	Seed uint64 `json:"seed"`
	// Rated: the match is rated (Glicko-2), every seat an account's.
	Rated bool `json:"rated,omitempty"`
	// Keep is, for a rematch, the hash of the browser token each seat is
	// kept for ("" for a seat anyone may take): the seat of a player who
	// has not asked for the rematch waits for his own click. Stored with
	// the table, never shown, and refused from a client.
	Keep []string `json:"keep,omitempty"`
}

// SeatConfig says who plays a seat.
type SeatConfig struct {
	Kind  SeatKind `json:"kind"`
	Level string   `json:"level,omitempty"` // for a computer
}

// SeatKind is who plays a seat: a person or a computer.
type SeatKind string

// The kinds of seats.
const (
	SeatHuman    SeatKind = "human"
	SeatComputer SeatKind = "computer"
)

// TableInfo is a table as the lobby and the match records list it.
type TableInfo struct {
	ID       string      `json:"id"`
	Config   TableConfig `json:"config"`
	Created  time.Time   `json:"created"`
	Finished *time.Time  `json:"finished,omitempty"`
	Result   any         `json:"result,omitempty"`
	Seats    []SeatInfo  `json:"seats"`
	Links    []string    `json:"links"`
}

// SeatInfo is a seat of a listed table.
type SeatInfo struct {
	Seat     int      `json:"seat"`
	Kind     SeatKind `json:"kind"`
	Level    string   `json:"level,omitempty"`
	Nickname string   `json:"nickname,omitempty"`
	Taken    bool     `json:"taken"`
}

// Hint is the coach's shot in the form a strike message takes it (x, a
// unit dir in the shooter's frame, speed), with its power, what it aims at
// and its chance.
type Hint struct {
	Seq     int64       `json:"seq"`
	X       float64     `json:"x"`
	Dir     [2]float64  `json:"dir"`
	Speed   float64     `json:"speed"`
	Power   float64     `json:"power"`
	Kind    string      `json:"kind"`
	Target  string      `json:"target,omitempty"`
	Pocket  *[2]float64 `json:"pocket,omitempty"` // the pocket's centre on the board
	Success float64     `json:"success"`
}

// Practiced is an answer of POST /api/practice: the position after the
// action, its state, the action's event, and a hint if asked for.
type Practiced struct {
	Position string    `json:"position"` // after the action
	State    GameState `json:"state"`
	Event    *EventMsg `json:"event,omitempty"`
	Hint     *Hint     `json:"hint,omitempty"`
}
