package carrom

import (
	"errors"
	"time"
)

// ErrNameTaken is returned when an account's name is in use.
var ErrNameTaken = errors.New("name taken")

// Account is a player's account as stored.
type Account struct {
	ID       string
	Name     string
	Password string // argon2id hash, PHC string format
	Created  time.Time
}

// Session is a signed-in browser. Hash is the SHA-256 of the cookie's
// value, so the database alone opens no session; CSRF is the token every
// state-changing request of the session carries; Token is the browser's
// identity token, which plays as the account while the session lasts.
type Session struct {
	Hash      string
	AccountID string
	CSRF      string
	Token     string
	Created   time.Time
	Expires   time.Time
}

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
