package table

import (
	"encoding/json"

	"github.com/carrom-game/carrom/game"
)

// Fair play at the table (docs/accounts.md): a rated match that ends
// before its first stroke because a player left it (gone past the grace,
// or never come: RULES TM-3), let his break clock run out, or conceded it,
// is aborted: no winner, not rated, and the table's players are told so.
// What an abort costs its player is the server's (its playban).

// abortedWhy is what an aborted match's players read.
const abortedWhy = "The game was aborted before its first stroke: not rated."

// abortable: the table's match, were it to end now, would be aborted,
// not lost: it is rated and no stroke has been played.
func (t *fairPlay) abortable() bool { return t.cfg.Rated && t.strokes == 0 }

// noteEnd notes whether action a, just applied, aborted the match: it
// ended it, before any stroke, by a player leaving or conceding. The
// stored actions say it again when the table is restored.
func (t *fairPlay) noteEnd(a game.Action) {
	left := a.Kind == game.Forfeit && a.Rule == "TM-3" || a.Kind == game.Concede
	if !t.over() || !t.abortable() || !left {
		return
	}
	t.aborted, t.leaver, t.unrated = true, a.Seat, abortedWhy
}

// wasAborted: a stored match's result says it was aborted.
func wasAborted(result []byte) bool {
	var res struct{ Aborted bool }
	return json.Unmarshal(result, &res) == nil && res.Aborted
}
