package carrom

import "time"

// A deleted account's seats keep their moves under DeletedName, held by
// DeletedToken, which no browser's cookie carries.
const (
	DeletedName  = "(deleted)"
	DeletedToken = "-"
)

// HeldSeat is a seat of a table and the browser token that held it.
type HeldSeat struct {
	Table string `json:"table"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// Followed is an account another follows, as his list of friends shows
// it: Table is the newest table in play where it holds a seat, if any.
type Followed struct {
	ID, Name string
	Since    time.Time
	Table    string
}
