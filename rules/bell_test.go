package rules

import (
	"errors"
	"testing"
)

// TestBell: at a tournament's bell the match ends with its score: the
// side ahead in games wins, then the side ahead in the current game's
// points; level is a draw, no winner. A match over, or a variant without
// colours, has no bell.
func TestBell(t *testing.T) {
	for _, c := range []struct {
		name          string
		games, points [2]int
		want          Side
	}{
		{"ahead in games, behind on points", [2]int{1, 0}, [2]int{3, 20}, 0},
		{"level in games, ahead on points", [2]int{1, 1}, [2]int{3, 20}, 1},
		{"level", [2]int{1, 1}, [2]int{7, 7}, NoSide},
		{"nothing played", [2]int{}, [2]int{}, NoSide},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := midgame(ICF())
			m.Games, m.Score = c.games, c.points
			got, rul, err := m.Bell()
			if err != nil || got.Awaiting != AwaitNothing || got.Winner != c.want || rul.MatchWinner != c.want {
				t.Errorf("Bell() = winner %v, awaiting %v, ruling's winner %v, %v; want over, winner %v", got.Winner, got.Awaiting, rul.MatchWinner, err, c.want)
			}
			if _, _, err := got.Bell(); !errors.Is(err, ErrMatchIsOver) {
				t.Errorf("a second bell: %v; want ErrMatchIsOver", err)
			}
		})
	}
	for _, r := range All() {
		if r.Variant == nil {
			continue
		}
		fewest, _ := r.Seats()
		m, err := NewMatch(r, fewest)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := m.Bell(); !errors.Is(err, ErrNotAwaited) {
			t.Errorf("a bell in %s: %v; want ErrNotAwaited", r.Name, err)
		}
	}
}
