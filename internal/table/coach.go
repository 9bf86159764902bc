package table

import (
	"fmt"
	"math/rand/v2"

	"github.com/carrom-game/carrom/game"
)

// Position is a table's position for the coach of the seat to strike:
// the game, its sequence number and the seed of the coach's search; or,
// in NoHint, why the asker gets no hint.
type Position struct {
	State  game.Table
	Seq    int64
	Seed   uint64
	NoHint string
}

// coachable answers a coachReq: the table's position, if the token holds
// the seat to strike at a table with a computer player.
func (t *tableViews) coachable(token string) Position {
	turn := t.state.ToAct()
	computer := false
	for _, s := range t.seats {
		computer = computer || s.bot != nil
	}
	switch {
	case t.state.Config().Rules.Variant != nil:
		return Position{NoHint: "the coach plays the ICF and family rules only"}
	case !computer:
		return Position{NoHint: "no computer plays at this table"}
	case t.over() || !t.started() || turn.Need != game.NeedStrike:
		return Position{NoHint: "no stroke to play"}
	case t.seats[turn.Seat].token == "" || t.seats[turn.Seat].token != token:
		return Position{NoHint: fmt.Sprintf("seat %d is not yours", turn.Seat)}
	}
	return Position{State: t.state, Seq: t.seq, Seed: rand.New(rand.NewPCG(t.cfg.Seed, uint64(t.seq))).Uint64()}
}
