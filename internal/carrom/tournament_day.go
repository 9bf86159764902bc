package carrom

import "time"

// TournamentClock is a round's countdown: started by the organiser at
// Started, it rings Minutes later, and warns Warning minutes before.
type TournamentClock struct {
	Tournament string
	Round      int
	Started    time.Time
	Minutes    int
	Warning    int
}

// Ends is when the round's time is up.
func (c TournamentClock) Ends() time.Time {
	return c.Started.Add(time.Duration(c.Minutes) * time.Minute)
}

// TournamentPartner is the second player of a pair, entrant Num of a
// tournament of doubles: an account's (Account, its name as Name) or a
// guest's (Account "").
type TournamentPartner struct {
	Tournament string
	Num        int
	Account    string
	Name       string
}
