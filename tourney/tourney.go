// Package tourney is the pairing and ranking engine of carrom tournaments:
// the standings with their tie-breaks, the Swiss pairing methods of SoL
// (serial, dazed, staggered) and a Dutch-style one, round robin, knockout
// brackets, board numbers, finals after a Swiss, SoL's prize methods and
// championships, and the tournament file carrom-tourney/2. It is pure: the same tournament gives the same
// pairing on every machine, randomness comes from the tournament's own seed
// (docs/tournaments.md specifies every rule, with worked examples).
package tourney

import (
	"cmp"
	"fmt"
	"slices"
)

// Player is an entrant. A Rating of 0 means unrated.
type Player struct {
	ID        string
	Rating    float64
	Club      string
	Country   string
	Withdrawn bool
}

// Match is a played match: B empty is the phantom (in a knockout, a bye).
// Score holds the points A and B scored; Board is its board, 0 for its
// place in the round.
type Match struct {
	A, B  string
	Score [2]int
	Board int
}

// Round is the matches of one round.
type Round struct {
	Matches []Match
}

// Points is what a won, drawn and lost match is worth.
type Points struct {
	Win, Draw, Loss int
}

// DefaultPoints is 2 for a win, 1 for a draw, 0 for a loss.
var DefaultPoints = Points{Win: 2, Draw: 1, Loss: 0}

// DefaultPhantomScore is what a player scores against the phantom (SoL's
// 25–0).
const DefaultPhantomScore = 25

// Tournament is a tournament so far: its entrants and the rounds played.
type Tournament struct {
	Players      []Player
	Rounds       []Round
	Points       Points
	PhantomScore int
	// Seed draws the first round's order among unrated players.
	Seed uint64
}

// Pairing is one match of the next round, on its board; B empty is the
// phantom or a bye.
type Pairing struct {
	Board int
	A, B  string
}

// index maps the players' ids to their positions in t.Players.
func (t *Tournament) index() map[string]int {
	idx := make(map[string]int, len(t.Players))
	for i, p := range t.Players {
		idx[p.ID] = i
	}
	return idx
}

// Validate says what is wrong with t, in a sentence naming the player, the
// round and the match.
func (t *Tournament) Validate() error {
	if t.Points.Win < t.Points.Draw || t.Points.Draw < t.Points.Loss || t.Points.Loss < 0 {
		return fmt.Errorf("points: want win ≥ draw ≥ loss ≥ 0, got %d, %d, %d", t.Points.Win, t.Points.Draw, t.Points.Loss)
	}
	if t.PhantomScore < 0 {
		return fmt.Errorf("phantom_score: %d is negative", t.PhantomScore)
	}
	idx := make(map[string]int, len(t.Players))
	for i, p := range t.Players {
		if p.ID == "" {
			return fmt.Errorf("player %d has an empty id", i+1)
		}
		if _, dup := idx[p.ID]; dup {
			return fmt.Errorf("player %q is listed twice", p.ID)
		}
		if p.Rating < 0 {
			return fmt.Errorf("player %q: rating %v is negative", p.ID, p.Rating)
		}
		idx[p.ID] = i
	}
	for r, round := range t.Rounds {
		seen := map[string]bool{}
		for m, match := range round.Matches {
			where := fmt.Sprintf("round %d, match %d", r+1, m+1)
			for _, id := range []string{match.A, match.B} {
				if id == "" && id == match.A {
					return fmt.Errorf("%s: player a is missing (only b may be the phantom)", where)
				}
				if id == "" {
					continue
				}
				if _, ok := idx[id]; !ok {
					return fmt.Errorf("%s: unknown player %q", where, id)
				}
				if seen[id] {
					return fmt.Errorf("%s: player %q plays twice in round %d", where, id, r+1)
				}
				seen[id] = true
			}
			if match.Board < 0 {
				return fmt.Errorf("%s: board %d is negative", where, match.Board)
			}
			if match.Score[0] < 0 || match.Score[1] < 0 {
				return fmt.Errorf("%s: score %d-%d is negative", where, match.Score[0], match.Score[1])
			}
		}
	}
	return nil
}

// Adjustment is SoL's withdrawals adjustment of Buchholz: the points a
// player would have made in the rounds missed, at the average of the rounds
// played, added to the Buchholz of those who met the player.
type Adjustment int

const (
	NoAdjustment Adjustment = iota
	Trend                   // the average of the rounds played
	Trend70                 // 70 % of it
)

// Standing is one line of the standings.
type Standing struct {
	Rank     int
	ID       string
	Points   int
	Buchholz int
	Net      int // points scored minus conceded
	Total    int // points scored
	Rating   float64
}

// tally is what the matches give each player.
type tally struct {
	points, net, total int
	realPoints, real   int // points against real opponents, and their number
	rounds             int // rounds in which the player had a match
	opponents          []int
}

// outcome is the points a and b take from m.
func (t *Tournament) outcome(m Match) (int, int) {
	switch {
	case m.Score[0] > m.Score[1]:
		return t.Points.Win, t.Points.Loss
	case m.Score[0] < m.Score[1]:
		return t.Points.Loss, t.Points.Win
	}
	return t.Points.Draw, t.Points.Draw
}

// tallies counts the rounds of t; t must be valid.
func (t *Tournament) tallies(rounds []Round) []tally {
	idx := t.index()
	ts := make([]tally, len(t.Players))
	for _, round := range rounds {
		for _, m := range round.Matches {
			pa, pb := t.outcome(m)
			a := idx[m.A]
			ts[a].points += pa
			ts[a].net += m.Score[0] - m.Score[1]
			ts[a].total += m.Score[0]
			ts[a].rounds++
			if m.B == "" {
				continue
			}
			b := idx[m.B]
			ts[b].points += pb
			ts[b].net += m.Score[1] - m.Score[0]
			ts[b].total += m.Score[1]
			ts[b].rounds++
			ts[a].realPoints += pa
			ts[b].realPoints += pb
			ts[a].real++
			ts[b].real++
			ts[a].opponents = append(ts[a].opponents, b)
			ts[b].opponents = append(ts[b].opponents, a)
		}
	}
	return ts
}

// Standings ranks the players (withdrawn ones too) after the rounds of t:
// points, Buchholz, net score, total score, rating, then id. t must be
// valid.
func Standings(t *Tournament, adj Adjustment) []Standing {
	ts := t.tallies(t.Rounds)
	virtual := make([]int, len(ts))
	if adj != NoAdjustment {
		num, den := 1, 1
		if adj == Trend70 {
			num, den = 7, 10
		}
		for i, x := range ts {
			if missed := len(t.Rounds) - x.rounds; missed > 0 && x.real > 0 {
				virtual[i] = x.realPoints * num * missed / (x.real * den)
			}
		}
	}
	st := make([]Standing, len(ts))
	for i, x := range ts {
		st[i] = Standing{ID: t.Players[i].ID, Points: x.points, Net: x.net, Total: x.total, Rating: t.Players[i].Rating}
		for _, o := range x.opponents {
			st[i].Buchholz += ts[o].points + virtual[o]
		}
	}
	slices.SortFunc(st, compareStandings)
	for i := range st {
		st[i].Rank = i + 1
	}
	return st
}

func compareStandings(a, b Standing) int {
	return cmp.Or(
		cmp.Compare(b.Points, a.Points),
		cmp.Compare(b.Buchholz, a.Buchholz),
		cmp.Compare(b.Net, a.Net),
		cmp.Compare(b.Total, a.Total),
		cmp.Compare(b.Rating, a.Rating),
		cmp.Compare(a.ID, b.ID),
	)
}
