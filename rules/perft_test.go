package rules

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/golden"
)

// strokesOn enumerates the distinct stroke outcomes the perft walks on m's
// board: up to two c/m of each colour pocketed, the queen, the striker
// pocketed or off the board, a foul, a miss, and one piece off the board.
// Outcomes the board cannot give are left to the referee to refuse.
func strokesOn(m Match) []Stroke {
	on := m.Board.OnBoard
	var out []Stroke
	jumps := []Count{{}, {White: 1}, {Black: 1}, {Queen: true}}
	for white := range min(on.White, 2) + 1 {
		for black := range min(on.Black, 2) + 1 {
			for _, queen := range []bool{false, true} {
				for striker := range 3 {
					for _, foul := range []bool{false, true} {
						for _, missed := range []bool{false, true} {
							for _, j := range jumps {
								out = append(out, Stroke{
									Pocketed:   Count{White: white, Black: black, Queen: queen},
									Striker:    striker == 1,
									StrikerOff: striker == 2,
									Foul:       foul,
									Missed:     missed,
									Jumped:     j,
								})
							}
						}
					}
				}
			}
		}
	}
	return out
}

// perft plays every stroke outcome from m to the given depth and counts the
// leaves by the rule IDs of their ruling; refused strokes count as
// "refused", and a board that ends stops the walk there.
func perft(m Match, depth int, counts map[string]int) {
	for _, s := range strokesOn(m) {
		next, rul, err := m.Stroke(s)
		switch {
		case err != nil:
			counts["refused"]++
		case depth == 1 || rul.Result != nil:
			counts[strings.Join(rul.Applied, " ")]++
		default:
			perft(next, depth-1, counts)
		}
	}
}

// perftPositions are the committed starting points of the perft: a board
// before its break, a board in play with a debt, a queen awaiting cover,
// and the last c/m of both colours, singles and doubles, ICF and family.
func perftPositions() map[string]Match {
	fresh, _ := NewMatch(ICF(), 2)
	owing := midgame(ICF())
	owing.Board.Owed[1] = 1
	left(&owing, 6, 9)
	queen := midgame(ICF())
	pending(&queen, 0)
	last := midgame(ICF())
	left(&last, 1, 1)
	covered(&last, 1)
	last.Score = [2]int{10, 22}
	doubles, _ := NewMatch(ICF(), 4)
	doubles.Board.Broken = true
	doubles.Board.Technical[1] = 1
	family := midgame(Family())
	return map[string]Match{
		"icf-break":       fresh,
		"icf-owing":       owing,
		"icf-queen-cover": queen,
		"icf-last-c/m":    last,
		"icf-doubles":     doubles,
		"family-midgame":  family,
	}
}

// TestPerft counts every distinct stroke outcome to depth 2 from each
// committed position, by the rules its ruling applied, and compares the
// counts with testdata/perft.golden, as chess engines compare perft counts:
// a change anywhere in the referee shows as a changed count.
func TestPerft(t *testing.T) {
	positions := perftPositions()
	var out bytes.Buffer
	for _, name := range slices.Sorted(maps.Keys(positions)) {
		counts := map[string]int{}
		perft(positions[name], 2, counts)
		total := 0
		for _, n := range counts {
			total += n
		}
		fmt.Fprintf(&out, "## %s: %d leaves\n", name, total)
		for _, key := range slices.Sorted(maps.Keys(counts)) {
			fmt.Fprintf(&out, "%8d %s\n", counts[key], key)
		}
	}
	const file = "testdata/perft.golden"
	golden.Check(t, file, out.Bytes(), *update)
}
