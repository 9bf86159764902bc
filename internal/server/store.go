package server

import (
	"context"
	"errors"
	"time"
)

// Store keeps tables, their actions and the seats players hold. Every
// accepted action is stored before it is broadcast, so a server that dies
// at any instant restarts with every table where its players last saw it.
// internal/store implements it.
type Store interface {
	CreateTable(ctx context.Context, t TableRecord) error
	// AppendAction stores action number a.Seq of a table; sequence numbers
	// start at 1 and a number stored twice is an error.
	AppendAction(ctx context.Context, tableID string, a ActionRecord) error
	FinishTable(ctx context.Context, tableID string, at time.Time, result []byte) error
	ClaimSeat(ctx context.Context, tableID string, s SeatRecord) error
	// Tables lists tables, newest first: only the unfinished ones, or only
	// the finished ones.
	Tables(ctx context.Context, finished bool) ([]TableRecord, error)
	Table(ctx context.Context, id string) (TableRecord, error)
	Actions(ctx context.Context, tableID string) ([]ActionRecord, error)
	Close() error
}

// ErrNotFound is returned by a Store for a table that does not exist.
var ErrNotFound = errors.New("not found")

// TableRecord is a table as stored.
type TableRecord struct {
	ID       string
	Config   []byte // JSON of TableConfig
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
