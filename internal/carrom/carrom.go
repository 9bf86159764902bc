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

// ErrStaleEpoch is returned for a write under an ownership epoch older
// than the table's: another server owns the table now.
var ErrStaleEpoch = errors.New("stale epoch: the table has a newer owner")

// ErrNoOwner is returned for a request to a table that no node serves at
// the moment (it is moving to another node).
var ErrNoOwner = errors.New("no node serves the table")

// TableRecord is a table as stored.
type TableRecord struct {
	ID       string
	Config   []byte // JSON of the table's configuration
	Created  time.Time
	Finished time.Time // zero while the match goes on
	Result   []byte    // JSON summary once finished
	Seats    []SeatRecord
	Epoch    int64 // the table's ownership epoch: its actions are stored under it or a higher one
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
	Epoch  int64 // the ownership epoch it was stored under (0 on a single server)
}

// ErrDuplicate is returned for a numbered record stored twice.
var ErrDuplicate = errors.New("already stored")

// Lease is a node's hold on a table: its owner and the fencing epoch,
// raised by one at every change of owner.
type Lease struct {
	Table string
	Node  string
	Epoch int64
}

// Candidate is a table in play that no node holds: its lease has expired
// (Held, Stale ago), or it has never had one (created Stale ago).
type Candidate struct {
	Table string
	Held  bool
	Stale time.Duration
}

// BusMsg is a message on a cluster's bus: headers, data, and for a
// request the way to answer it.
type BusMsg struct {
	Header  map[string]string
	Data    []byte
	Respond func(data []byte) error // nil unless the message is a request
}
