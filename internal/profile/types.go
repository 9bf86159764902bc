package profile

import (
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/rating"
)

// The matches an account played, as internal/store reads them for its
// profile.

// PlayedMatch is a table an account played: the table, the seats the
// account held, and the rating change if it was rated.
type PlayedMatch struct {
	Table  carrom.TableRecord
	Seats  []int
	Change *rating.Change
}

// RatedSheet is a rated match on a real board that an account played: its
// umpire's sheet and the account's rating change.
type RatedSheet struct {
	SheetID string
	At      time.Time
	Change  rating.Change
}
