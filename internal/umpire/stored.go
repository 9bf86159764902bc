package umpire

import "time"

// The sheets as internal/store keeps them.

// Record is an umpire's scoresheet of a real board's match as stored.
type Record struct {
	ID       string
	Token    string // the identity that writes it
	Config   []byte // JSON of the sheet's configuration
	Created  time.Time
	Finished time.Time // zero while the match goes on
	Result   []byte    // JSON summary once finished
}

// StoredOp is one operation of a scoresheet's log as stored, numbered
// from 1.
type StoredOp struct {
	Seq int64
	Op  []byte // canonical JSON of the operation
	At  time.Time
}

// Confirm is a player's account confirming a rated sheet's result as it
// stood at operation Seq.
type Confirm struct {
	AccountID string
	Seq       int64
	At        time.Time
}
