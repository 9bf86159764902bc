// Package coach is the server's coach: package ai's search behind the
// server's Coach interface, for the hints in games against the computer
// and in practice. Its Advice is the type that interface returns, so that
// the coach needs nothing of the server.
package coach

import (
	"context"
	"errors"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
)

// Advice is a coach's best shot.
type Advice struct {
	Shot    physics.Shot
	Kind    string       // "direct", "rebound", "break", …
	Target  string       // the piece aimed at; "" for a break or a sweep
	Pocket  board.Pocket // the pocket aimed at, when Aimed
	Aimed   bool
	Success float64 // 0 to 1
}

// Coach advises with the club level's search, which finds the shots a
// good player would, on one worker so that a hint never takes the cores
// the tables play on.
type Coach struct{ level ai.Level }

// New returns the coach.
func New() (Coach, error) {
	l, err := ai.LevelByName("club")
	return Coach{level: l}, err
}

// Advise gives the search's best shot and its chance under the club
// level's hand.
func (c Coach) Advise(ctx context.Context, t game.Table, seed uint64) (Advice, error) {
	adv, err := ai.New(c.level, 1, seed).Advise(ctx, t, seed)
	if err != nil {
		return Advice{}, err
	}
	if len(adv) == 0 {
		return Advice{}, errors.New("coach: no shot found")
	}
	a := adv[0]
	aimed := a.Kind == ai.Direct || a.Kind == ai.Rebound || a.Kind == ai.Combination
	return Advice{Shot: a.Shot, Kind: a.Kind.String(), Target: a.Target, Pocket: a.Pocket, Aimed: aimed, Success: a.Success}, nil
}
