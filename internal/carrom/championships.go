package carrom

import "time"

// TournamentFinals is how a tournament finishes: Places 0 (no finals), 2
// (1st v 2nd) or 4 (and 3rd v 4th) after its Swiss, each final the best of
// BestOf matches, and its prize method (a tourney.PrizeMethod).
type TournamentFinals struct {
	Places int
	BestOf int
	Prizes string
}

// Championship groups an organiser's tournaments: its ranking sums each
// player's prizes by its method, SkipWorst worst results left out.
// Tournaments are the IDs in the order they were added.
type Championship struct {
	ID          string
	Organiser   string
	Name        string
	Prizes      string
	SkipWorst   int
	Tournaments []string
	Created     time.Time
}
