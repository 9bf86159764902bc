// Package coach is the server's coach: package ai's search behind the
// server's Coach interface, for the hints in games against the computer
// and in practice.
package coach

import (
	"context"
	"errors"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/server"
)

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
func (c Coach) Advise(ctx context.Context, t game.Table, seed uint64) (server.Advice, error) {
	adv, err := ai.New(c.level, 1, seed).Advise(ctx, t, seed)
	if err != nil {
		return server.Advice{}, err
	}
	if len(adv) == 0 {
		return server.Advice{}, errors.New("coach: no shot found")
	}
	a := adv[0]
	aimed := a.Kind == ai.Direct || a.Kind == ai.Rebound || a.Kind == ai.Combination
	return server.Advice{Shot: a.Shot, Kind: a.Kind.String(), Target: a.Target, Pocket: a.Pocket, Aimed: aimed, Success: a.Success}, nil
}
