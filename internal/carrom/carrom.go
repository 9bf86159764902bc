// Package carrom holds the server's domain types: a table, its seats and
// its actions as they are kept, and the errors about them. It imports
// nothing of the project, so the adapters around it (the HTTP and
// WebSocket server, the stores) each depend on it and never on each other.
package carrom

import (
	"errors"
	"time"
)

// ErrNotFound is returned for a table that does not exist.
var ErrNotFound = errors.New("not found")

// TableRecord is a table as stored.
type TableRecord struct {
	ID       string
	Config   []byte // JSON of the table's configuration
	Created  time.Time
	Finished time.Time // zero while the match goes on
	Result   []byte    // JSON summary once finished
	Seats    []SeatRecord
}

// SeatRecord is a human seat claimed by a player.
type SeatRecord struct {
	Seat     int
	Token    string // the player's identity cookie
	Nickname string
}

// ActionRecord is one accepted action of a table.
type ActionRecord struct {
	Seq    int64
	Action []byte // JSON of the action
	At     time.Time
}
