package carrom

import (
	"errors"
	"time"
)

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

// Pool names a set of ratings: a rule set ("icf", "family") and a format
// ("singles", "doubles").
type Pool struct {
	Rules, Format string
}

// RatedMatch is a finished match to rate: the accounts of each side (one
// each in singles, two in doubles), the side that won, and when it ended.
type RatedMatch struct {
	TableID string
	Rules   string
	Sides   [2][]string // account IDs
	Winner  int         // 0 or 1
	At      time.Time
	// PerPair, if not 0, is how many rated matches two accounts may play
	// against each other in a rating period (a UTC day): past it the
	// match is not rated (ErrRatingCap).
	PerPair int
}

// ErrRatingCap refuses to rate a match between two accounts that have
// played their rated matches of the day against each other.
var ErrRatingCap = errors.New("these players have played their rated matches against each other today")

// Pool is the pool the match is rated in.
func (m RatedMatch) Pool() Pool {
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

// RatingChange is what a rated match did to one player.
type RatingChange struct {
	AccountID     string
	Before, After float64
	RD            float64
}

// RatingPoint is an account's rating after one rated match.
type RatingPoint struct {
	TableID string
	At      time.Time
	R, RD   float64
}

// PlayedMatch is a table an account played: the table, the seats the
// account held, and the rating change if it was rated.
type PlayedMatch struct {
	Table  TableRecord
	Seats  []int
	Change *RatingChange
}

// RatedSheet is a rated match on a real board that an account played: its
// umpire's sheet and the account's rating change.
type RatedSheet struct {
	SheetID string
	At      time.Time
	Change  RatingChange
}

// Challenge is an invitation from one account to another to a table.
type Challenge struct {
	ID        string
	From, To  string // account IDs
	FromName  string
	ToName    string
	FromToken string
	Config    []byte // the table's configuration, JSON
	Status    ChallengeStatus
	TableID   string
	Created   time.Time
}

// ChallengeStatus is where a challenge stands: open until its invitee
// accepts or declines it or its sender withdraws it.
type ChallengeStatus string

// The statuses of a challenge, as stored and as the API shows them.
const (
	ChallengeOpen      ChallengeStatus = "open"
	ChallengeAccepted  ChallengeStatus = "accepted"
	ChallengeDeclined  ChallengeStatus = "declined"
	ChallengeWithdrawn ChallengeStatus = "withdrawn"
)

// Followed is an account another follows, as his list of friends shows
// it: Table is the newest table in play where it holds a seat, if any.
type Followed struct {
	ID, Name string
	Since    time.Time
	Table    string
}
