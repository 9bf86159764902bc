package rating

import "math"

// Period is a player's rating as kept between games: the rating period
// (a day, say) of his last games, his rating at its start, and after them.
// Every game of a period is rated against the opponents' ratings at its
// start, so a player's rating within a day is recomputed from the day's
// start with all the day's games, as the paper's periods ask.
type Period struct {
	Day        int64
	Start, Now Player
}

// StartOf is the player's rating at the start of day: the start of the
// current period, or, for a later day, the last rating with the
// deviation grown over the idle periods in between.
func (p Period) StartOf(day int64) Player {
	if day <= p.Day {
		return p.Start
	}
	return p.Now.Idle(int(min(day-p.Day-1, math.MaxInt32)))
}

// Team is the rating a side of several players is rated against: the mean
// rating, and the root mean square of the deviations.
func Team(ps []Player) Player {
	var t Player
	for _, p := range ps {
		t.R += p.R
		t.RD += p.RD * p.RD
		t.Vol += p.Vol
	}
	n := float64(len(ps))
	return Player{R: t.R / n, RD: math.Sqrt(t.RD / n), Vol: t.Vol / n}
}
