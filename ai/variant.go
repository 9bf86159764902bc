package ai

import (
	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/rules"
)

// The variants without colours (RULES §14, docs/variants.md) are searched
// as ICF is, with the same candidates, noise and position term; what
// differs is the judge, which scores a stroke by the variant's own
// objective, and which pieces a player may pocket to his profit, which the
// variant's referee is asked.

// setSize is how many of each colour a player of three-player carrom must
// pocket (RULES V-2).
const setSize = 3

// pendingShare is how much of the queen's worth a queen pocketed and
// awaiting its cover counts, as in ICF (queenPending against queenCovered).
const pendingShare = queenPending / queenCovered

// progress is how far player p of board g is towards winning, in c/m of
// the least worth (a black):
//   - point carrom (V-1) and buying the pockets (V-3): the worth of what he
//     holds, by the variant's values (in point carrom a white is two blacks
//     and the queen five; in buying the pockets, 10, 5 and 25 points, which
//     buy pockets, and each pocket he owns its price for a free one); a
//     queen he pocketed that awaits its cover counts pendingShare of its
//     worth;
//   - three players (V-2): the c/m of his set he holds (at most 3 of each
//     colour, RULES V-2), and the queen valued as in ICF, covered or
//     awaiting its cover, since its cover is what lets a set end the board.
//
// A c/m owed counts against, as the c/m it will cost.
func progress(g rules.Colourless, p int) float64 {
	h := g.Held[p]
	pending := g.Queen == rules.QueenPending && g.QueenSide == p
	if g.Variant.Name() == rules.ThreePlayers().Name() {
		v := float64(min(h.White, setSize) + min(h.Black, setSize) - g.Owed[p])
		switch {
		case h.Queen:
			v += queenCovered
		case pending:
			v += queenPending
		}
		return v
	}
	w := g.Variant.Worth()
	unit := float64(w.Black)
	v := float64(w.Of(h))/unit - float64(g.Owed[p])
	// A pocket is worth at least what it cost: so a pocketed striker, which
	// takes back every pocket bought with every c/m held, costs both
	// (RULES V-3).
	v += float64(g.Pockets(p)*rules.FreePocketPrice) / unit
	if pending {
		v += float64(pendingShare*float64(w.Queen)) / unit
	}
	return v
}

// variantJudge rules a simulated stroke of a colourless variant with the
// real referee, for player me.
type variantJudge struct {
	g   rules.Colourless
	me  int
	pos [rules.MaxPlayers]board.Base // each player's base line
}

func (j variantJudge) rule(s rules.Stroke) verdict {
	g1, rul, err := j.g.Stroke(s)
	if err != nil {
		return verdict{value: -wBoardEnd, over: true}
	}
	if r := rul.Result; r != nil {
		v := verdict{over: true}
		switch r.Winner {
		case rules.Side(j.me):
			v.value, v.scored = wBoardEnd, true
		case rules.NoSide:
		default:
			v.value = -wBoardEnd
		}
		return v
	}
	mine := progress(g1, j.me) - progress(j.g, j.me)
	theirs := 0.0
	for p := range j.g.Players {
		if p != j.me {
			theirs += progress(g1, p) - progress(j.g, p)
		}
	}
	v := verdict{value: mine - float64(oppCoin*theirs), kept: rul.TurnKept, scored: mine > 0}
	v.next = j.pos[g1.Turn]
	v.nextOK = profits(g1)
	return v
}

// profits is what the player in turn at g may pocket to his profit: each
// kind for which the referee, asked about a stroke that pockets one of it
// and nothing else, credits him and lets him keep the turn. So the
// variant's laws decide it, not a copy of them: in point carrom and buying
// the pockets any c/m and the queen unless he owes a c/m (RULES Q-3); in
// three players only the colours his set still needs, never the c/m that
// would complete it before the queen is covered, and the queen once he has
// pocketed a c/m (RULES Q-1, V-2).
func profits(g rules.Colourless) kinds {
	var k kinds
	probes := [...]struct {
		kind board.Kind
		on   bool
		s    rules.Stroke
	}{
		{board.White, g.OnBoard.White > 0, rules.Stroke{Pocketed: rules.Count{White: 1}}},
		{board.Black, g.OnBoard.Black > 0, rules.Stroke{Pocketed: rules.Count{Black: 1}}},
		{board.Queen, g.OnBoard.Queen, rules.Stroke{Pocketed: rules.Count{Queen: true}}},
	}
	for _, pr := range probes {
		if !pr.on {
			continue
		}
		g1, rul, err := g.Stroke(pr.s)
		k[pr.kind] = err == nil && (rul.Result != nil && rul.Result.Winner == rules.Side(g.Turn) ||
			rul.TurnKept && progress(g1, g.Turn) > progress(g, g.Turn))
	}
	return k
}

// variantSituation is board g, with pieces at rest, seen by the player in
// turn, who strikes from his base line in bases (each player's, in turn
// order) and plans with noise n. The variants shoot as ICF does, backwards
// too (RULES ST-4 is a family rule).
func variantSituation(g rules.Colourless, pieces []board.Piece, bases [rules.MaxPlayers]board.Base, n Noise) situation {
	return situation{
		pieces:    pieces,
		seat:      bases[g.Turn],
		own:       profits(g),
		brk:       !g.Broken,
		backShots: true,
		judge:     variantJudge{g: g, me: g.Turn, pos: bases},
		noise:     n,
	}
}
