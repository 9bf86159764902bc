package rating

import (
	"errors"
	"time"
)

// The ratings as internal/store keeps them, and a match to rate.

// Pool names a set of ratings: a rule set ("icf", "family") and a format
// ("singles", "doubles").
type Pool struct {
	Rules, Format string
}

// Match is a finished match to rate: the accounts of each side (one
// each in singles, two in doubles), the side that won, and when it ended.
type Match struct {
	TableID string
	Rules   string
	Sides   [2][]string // account IDs
	Winner  int         // 0 or 1
	At      time.Time
	// PerPair, if not 0, is how many rated matches two accounts may play
	// against each other in a rating period (a UTC day): past it the
	// match is not rated (ErrCap).
	PerPair int
}

// ErrCap refuses to rate a match between two accounts that have
// played their rated matches of the day against each other.
var ErrCap = errors.New("these players have played their rated matches against each other today")

// Pool is the pool the match is rated in.
func (m Match) Pool() Pool {
	if len(m.Sides[0]) == 2 {
		return Pool{Rules: m.Rules, Format: "doubles"}
	}
	return Pool{Rules: m.Rules, Format: "singles"}
}

// Rating is an account's current rating in one pool.
type Rating struct {
	Pool
	AccountID string
	Name      string
	R, RD     float64
	Vol       float64
	Games     int
	Day       int64 // the rating period (UTC day) of the last games
}

// Change is what a rated match did to one player.
type Change struct {
	AccountID     string
	Before, After float64
	RD            float64
}

// Point is an account's rating after one rated match.
type Point struct {
	TableID string
	At      time.Time
	R, RD   float64
}
