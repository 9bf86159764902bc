package rating

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The rating policy of the server (docs/accounts.md, "Ratings"): what is
// rated, in which pool, in which period, and how often. The store keeps
// the rows; Rate decides what goes in them.

// Rules are the rule sets with ratings: the two played by sides, and the
// variants without colours that two players can play, each his own side
// (RULES §14; three-player carrom and three or four players each for
// himself are not rated).
var Rules = []string{"icf", "family", "point", "pockets"}

// SidesRules are the rated rule sets played by sides, so also in doubles.
var SidesRules = []string{"icf", "family"}

// MinStrokes: a match that ends before a board is finished by a stroke
// and with fewer strokes than this (a concession at once, a forfeit of a
// player who never came) is too short to rate. Ten strokes are some five
// turns each, a board really begun.
const MinStrokes = 10

// PerPair is how many rated matches two accounts on opposite sides may
// play in a rating period (a UTC day), in any pool; past it they play
// unrated. A real board's scoresheet is not limited (RatedMatch.PerPair 0).
const PerPair = 5

// Day is the rating period of an instant: its UTC day, counted from 1970.
func Day(at time.Time) int64 { return at.UnixNano() / (86400 * 1e9) }

// TooShort says why a match of strokes strokes, which finished boards
// boards by a stroke, is too short to rate, or "" if it is not.
func TooShort(strokes, boards int) string {
	if boards > 0 || strokes >= MinStrokes {
		return ""
	}
	return fmt.Sprintf("too short to rate: no board was finished and %d strokes were played (%d make a rated match)", strokes, MinStrokes)
}

// ErrMatch refuses a match that cannot be rated as given.
var ErrMatch = errors.New("not a match that can be rated")

// Check is the one check of a match to rate: rules with ratings, one or
// two accounts a side (two only for the rules played by sides), a winner,
// and no account twice.
func Check(m Match) error {
	if !slices.Contains(Rules, m.Rules) {
		return fmt.Errorf("rules %q are not rated (rated: %s): %w", m.Rules, strings.Join(Rules, ", "), ErrMatch)
	}
	n := len(m.Sides[0])
	if (n != 1 && n != 2) || len(m.Sides[1]) != n || (m.Winner != 0 && m.Winner != 1) {
		return fmt.Errorf("a rated match is one or two accounts a side and a winner, not %d and %d, winner %d: %w",
			len(m.Sides[0]), len(m.Sides[1]), m.Winner, ErrMatch)
	}
	if n == 2 && !slices.Contains(SidesRules, m.Rules) {
		return fmt.Errorf("rules %q are rated between two players only: %w", m.Rules, ErrMatch)
	}
	seen := map[string]bool{}
	for _, side := range m.Sides {
		for _, id := range side {
			if seen[id] {
				return fmt.Errorf("account %s plays twice in one match: %w", id, ErrMatch)
			}
			seen[id] = true
		}
	}
	return nil
}

// Ledger is the rows of ratings as one transaction sees them: Rate reads
// and writes through it, and the store commits it all or nothing.
type Ledger interface {
	// Rated says whether a match (by table) has been rated already.
	Rated(tableID string) (bool, error)
	// Between counts the rated matches of a day in which accounts a and
	// b played on opposite sides.
	Between(a, b string, day int64) (int, error)
	// Kept is an account's rating in a pool; false if it has none.
	Kept(accountID string, pool Pool) (Period, bool, error)
	// Games are an account's rated games of a day in a pool, oldest
	// first, against the opponents as rated at the day's start.
	Games(accountID string, pool Pool, day int64) ([]Game, error)
	// Record keeps an account's rating after a match and the match's
	// result (one rated game more).
	Record(r Result) error
}

// Result is one player's rated game of a match: his rating for the day
// after it, the game as the period's later games will count it, and the
// rating shown before it.
type Result struct {
	TableID, AccountID string
	Pool               Pool
	At                 time.Time
	Period             Period
	Game               Game
	Before             float64
}

// Rate rates a finished match by Glicko-2 with a rating period per day:
// each player's rating for the day is computed again from the day's start
// with every game of the day, against the opponents as rated at the day's
// start (a side of two as one, Team). A match rated already changes
// nothing and returns no changes; one past its pair's rated matches of the
// day (m.PerPair, if not 0) is refused with ErrCap.
func Rate(l Ledger, m Match) ([]Change, error) {
	if err := Check(m); err != nil {
		return nil, err
	}
	if done, err := l.Rated(m.TableID); err != nil || done {
		return nil, err
	}
	pool, day := m.Pool(), Day(m.At)
	if m.PerPair > 0 {
		for _, a := range m.Sides[0] {
			for _, b := range m.Sides[1] {
				n, err := l.Between(a, b, day)
				if err != nil {
					return nil, err
				}
				if n >= m.PerPair {
					return nil, fmt.Errorf("%d rated matches today: %w", n, ErrCap)
				}
			}
		}
	}
	type player struct {
		id     string
		before float64
		start  Player
	}
	var sides [2][]player
	for side, ids := range m.Sides {
		for _, id := range ids {
			kept, known, err := l.Kept(id, pool)
			if err != nil {
				return nil, err
			}
			p := player{id: id, before: InitialR, start: New()}
			if known {
				p.before, p.start = kept.Now.R, kept.StartOf(day)
			}
			sides[side] = append(sides[side], p)
		}
	}
	var changes []Change
	for side := range sides {
		var opps []Player
		for _, o := range sides[1-side] {
			opps = append(opps, o.start)
		}
		game := Game{Opponent: Team(opps)}
		if side == m.Winner {
			game.Score = 1
		}
		for _, p := range sides[side] {
			games, err := l.Games(p.id, pool, day)
			if err != nil {
				return nil, err
			}
			now, err := p.start.Update(append(games, game), Tau)
			if err != nil {
				return nil, err
			}
			r := Result{TableID: m.TableID, AccountID: p.id, Pool: pool, At: m.At,
				Period: Period{Day: day, Start: p.start, Now: now}, Game: game, Before: p.before}
			if err := l.Record(r); err != nil {
				return nil, err
			}
			changes = append(changes, Change{AccountID: p.id, Before: p.before, After: now.R, RD: now.RD})
		}
	}
	return changes, nil
}
