package table

import (
	"time"

	"github.com/carrom-game/carrom/game"
)

// turnClock is the clock of the player to act: armed when his turn
// begins, it posts clockFired when his time is up.
type turnClock struct {
	*table
	clockGen  int
	clockStop func() bool
	deadline  time.Time
}

// arm starts the clock of the human seat to act (RULES TM-1), from the
// moment the last action was accepted.
func (t *turnClock) arm() {
	t.stopClock()
	if t.cfg.Clock == 0 || !t.started() || t.over() || t.awaited() {
		return
	}
	turn := t.state.ToAct()
	if t.seats[turn.Seat].bot != nil || turn.Need == game.NeedToss {
		return
	}
	t.clockGen++
	gen := t.clockGen
	t.deadline = t.lastAt.Add(time.Duration(t.cfg.Clock) * time.Second)
	t.clockStop = t.env.Clock.AfterFunc(t.deadline.Sub(t.env.Clock.Now()), func() { t.post(clockFired{gen: gen}) })
}

func (t *turnClock) stopClock() {
	if t.clockStop != nil {
		t.clockStop()
		t.clockStop = nil
	}
	t.deadline = time.Time{}
}

// clockAction is what the server plays for the seat whose clock ran out
// (RULES TM-1): a timeout, or, for a rated match's break, his leaving it,
// so that a player who never plays aborts the match rather than leave
// his opponent to play on alone.
func (t *turnClock) clockAction() game.Action {
	turn := t.state.ToAct()
	if t.abortable() && turn.Need == game.NeedStrike {
		return game.Action{Seat: turn.Seat, Kind: game.Forfeit, Rule: "TM-3"}
	}
	return game.Action{Seat: turn.Seat, Kind: game.Timeout}
}
