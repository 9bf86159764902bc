package table

import "time"

// ComputerWait is how long a game against the computer waits for its
// player, gone from every page of it, before he loses it (RULES TM-3): no
// other player waits on him, so he is not held to the grace period (a
// player who looked at another page for two minutes lost his game), but a
// game left for good still ends, and its table leaves the server's memory.
const ComputerWait = 24 * time.Hour

// againstComputers: every seat not a computer's is held by one browser,
// and there is a computer: nobody but the computer waits for that player.
func (t *presence) againstComputers() bool {
	player, computers := "", 0
	for _, s := range t.seats {
		switch {
		case s.bot != nil:
			computers++
		case s.token == "" || player != "" && s.token != player:
			return false
		default:
			player = s.token
		}
	}
	return computers > 0
}

// absent starts the wait for the player of a seat with no connection left:
// the grace period (RULES TM-3), or, in a game against the computer,
// ComputerWait, his clock stopped until he is back.
func (t *presence) absent(seat int) {
	if !t.againstComputers() {
		t.startGrace(seat)
		return
	}
	t.seats[seat].graceStop = t.env.Clock.AfterFunc(ComputerWait, func() { t.post(graceFired{seat: seat}) })
	t.arm()
}

// awaited: the seat to act is the player of a game against the computer,
// who is not there: his clock waits for him.
func (t *presence) awaited() bool {
	return t.againstComputers() && t.seats[t.state.ToAct().Seat].connected == 0
}

// back starts the clock again, in full, for the player of a game against
// the computer who has come back to it (its match begun and not over);
// true if it did.
func (t *presence) back() bool {
	if !t.began || t.over() || !t.againstComputers() {
		return false
	}
	t.lastAt = t.env.Clock.Now()
	t.arm()
	return true
}

// awaitAbsent gives the absent players of a game against the computer,
// resumed after a restart, their wait.
func (t *presence) awaitAbsent() {
	if !t.began || t.over() || !t.againstComputers() {
		return
	}
	for i, s := range t.seats {
		if s.bot == nil && s.connected == 0 && s.graceStop == nil {
			t.absent(i)
		}
	}
}
