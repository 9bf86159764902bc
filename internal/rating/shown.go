package rating

import (
	"math"
)

// Shown is a rating as the API shows it (the leaderboard, a profile, the
// expected score), to one decimal.
type Shown struct {
	Rules  string  `json:"rules"`
	Format string  `json:"format"`
	Name   string  `json:"name"`
	Rank   int     `json:"rank,omitempty"`
	R      float64 `json:"rating"`
	RD     float64 `json:"rd"`
	Games  int     `json:"games"`
}

// Show is r as the API shows it.
func Show(r Rating) Shown {
	return Shown{Rules: r.Rules, Format: r.Format, Name: r.Name, R: Round1(r.R), RD: Round1(r.RD), Games: r.Games}
}

// ShownChange is what a rated match did to a player's rating, as a profile
// shows it.
type ShownChange struct {
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	Delta  float64 `json:"delta"`
}

// ShowChange is c as a profile shows it.
func ShowChange(c Change) *ShownChange {
	return &ShownChange{Before: Round1(c.Before), After: Round1(c.After), Delta: Round1(c.After - c.Before)}
}

// Round1 and Round3 round to one and three decimals, halves away from
// zero, so that a loss shows as far from zero as the gain of the same size.
func Round1(x float64) float64 { return math.Round(x*10) / 10 }

// Round3 rounds to three decimals (Round1).
func Round3(x float64) float64 { return math.Round(x*1000) / 1000 }
