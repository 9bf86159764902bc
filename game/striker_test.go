package game

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// TestStrikerRangesAreLegal: every end and the middle of every range
// StrikerRanges gives is a place where the striker may stand (RULES ST-1 to
// ST-3), as the stroke's own check judges it: a browser that puts the
// striker at the end nearest the centre must not be refused. The pieces lie
// across seat 0's base line, so that many ends are where the striker
// touches one.
func TestStrikerRangesAreLegal(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		sp := physics.Default().Spec
		n := rapid.IntRange(1, 6).Draw(rt, "pieces")
		var pieces []board.Piece
		for i := range n {
			x := rapid.Float64Range(-0.25, 0.25).Draw(rt, "x")
			y := -sp.Midline() + rapid.Float64Range(-0.03, 0.03).Draw(rt, "off")
			pieces = append(pieces, piece(fmt.Sprint("b", i+1), board.Black, x, y))
		}
		tb := midBoard(rt, pieces)
		base := tb.ToAct().Base
		for _, r := range tb.StrikerRanges() {
			for _, x := range []float64{r.Lo, (r.Lo + r.Hi) / 2, r.Hi} {
				if err := sp.StrikerLegal(base, x, tb.Pieces()); err != nil {
					rt.Fatalf("range %v of %v: %v", r, tb.StrikerRanges(), err)
				}
			}
		}
	})
}
