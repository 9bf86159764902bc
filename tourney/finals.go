package tourney

import (
	"fmt"
	"slices"
)

// Finals are the play-offs after a Swiss: 1st v 2nd (Places 2), and 3rd v
// 4th as well (Places 4), each a single match (BestOf 1) or the best of
// three (BestOf 3), as SoL's finals.
type Finals struct {
	Places int
	BestOf int
}

// Validate says what is wrong with f.
func (f Finals) Validate() error {
	if f.Places != 2 && f.Places != 4 {
		return fmt.Errorf("finals: places %d; want 2 (1st v 2nd) or 4 (and 3rd v 4th)", f.Places)
	}
	if f.BestOf != 1 && f.BestOf != 3 {
		return fmt.Errorf("finals: best_of %d; want 1 or 3", f.BestOf)
	}
	return nil
}

// series is one final: its two players, the better placed first, and their
// wins so far.
type series struct {
	players [2]string
	wins    [2]int
}

func (s *series) decided(bestOf int) bool {
	return max(s.wins[0], s.wins[1]) > bestOf/2
}

// playFinals replays the finals rounds over the ranking after the Swiss:
// each round holds one match of every final not yet decided, and no draw;
// a final of a player withdrawn may miss from a round (his match not
// played), and is then forfeited: each final not yet decided after the
// rounds played goes to the opponent of its withdrawn player (both
// withdrawn: the better placed keeps his place).
func playFinals(ranking []string, f Finals, played []Round, withdrawn []string) ([]series, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	if len(ranking) < f.Places {
		return nil, fmt.Errorf("finals for %d places, but %d players are ranked", f.Places, len(ranking))
	}
	ss := make([]series, f.Places/2)
	for i := range ss {
		ss[i].players = [2]string{ranking[2*i], ranking[2*i+1]}
	}
	for r, round := range played {
		var open []int
		for i := range ss {
			if !ss[i].decided(f.BestOf) {
				open = append(open, i)
			}
		}
		if len(open) == 0 {
			return nil, fmt.Errorf("finals round %d: the finals were already decided", r+1)
		}
		need := 0
		for _, i := range open {
			if !slices.Contains(withdrawn, ss[i].players[0]) && !slices.Contains(withdrawn, ss[i].players[1]) {
				need++
			}
		}
		if len(round.Matches) < need || len(round.Matches) > len(open) {
			if len(open) == 1 {
				return nil, fmt.Errorf("finals round %d: want 1 match, the final not decided, got %d", r+1, len(round.Matches))
			}
			return nil, fmt.Errorf("finals round %d: want %d matches, one for each final not decided, got %d", r+1, len(open), len(round.Matches))
		}
		for m, match := range round.Matches {
			where := fmt.Sprintf("finals round %d, match %d", r+1, m+1)
			i := slices.IndexFunc(open, func(i int) bool {
				p := ss[i].players
				return match.A == p[0] && match.B == p[1] || match.A == p[1] && match.B == p[0]
			})
			if i < 0 {
				return nil, fmt.Errorf("%s: %q v %q is not a final still to play", where, match.A, match.B)
			}
			s := &ss[open[i]]
			open = slices.Delete(open, i, i+1)
			if match.Score[0] == match.Score[1] {
				return nil, fmt.Errorf("%s: a draw; a final needs a winner", where)
			}
			winner := match.A
			if match.Score[1] > match.Score[0] {
				winner = match.B
			}
			s.wins[slices.Index(s.players[:], winner)]++
		}
	}
	for i := range ss {
		s := &ss[i]
		if s.decided(f.BestOf) {
			continue
		}
		switch {
		case slices.Contains(withdrawn, s.players[0]):
			s.wins = [2]int{0, f.BestOf/2 + 1}
			if slices.Contains(withdrawn, s.players[1]) {
				s.wins = [2]int{f.BestOf/2 + 1, 0}
			}
		case slices.Contains(withdrawn, s.players[1]):
			s.wins = [2]int{f.BestOf/2 + 1, 0}
		}
	}
	return ss, nil
}

// FinalsSeeding is the ranking after the Swiss as the finals take it: its
// first places (the finals') go to the best players not withdrawn, as
// SoL's final ranking lets a retired player leave them; the others follow
// in ranking's order. finalists are the players of the finals' first
// round, once it is paired: they keep their places, one withdrawn since
// forfeiting his final (playFinals).
func FinalsSeeding(ranking []string, f Finals, finalists, withdrawn []string) []string {
	out := make([]string, 0, len(ranking))
	var rest []string
	for _, id := range ranking {
		if len(out) == f.Places || slices.Contains(withdrawn, id) && !slices.Contains(finalists, id) {
			rest = append(rest, id)
			continue
		}
		out = append(out, id)
	}
	return append(out, rest...)
}

// finalists are the players of the finals' first round, if any.
func finalists(played []Round) []string {
	var out []string
	if len(played) > 0 {
		for _, m := range played[0].Matches {
			out = append(out, m.A, m.B)
		}
	}
	return out
}

// FinalsPairing is the next finals round after the rounds played: the
// finals not yet decided, the better placed as A, 1st v 2nd on board 1;
// none when every final is decided. ranking is the ids after the Swiss,
// best first; a withdrawn finalist forfeits his final (playFinals).
func FinalsPairing(ranking []string, f Finals, played []Round, withdrawn ...string) ([]Pairing, error) {
	ss, err := playFinals(ranking, f, played, withdrawn)
	if err != nil {
		return nil, err
	}
	var ps []Pairing
	for i, s := range ss {
		if !s.decided(f.BestOf) {
			ps = append(ps, Pairing{Board: i + 1, A: s.players[0], B: s.players[1]})
		}
	}
	return ps, nil
}

// FinalRanking is the ranking after the finals: each final's winner above
// its loser, in the places the final was played for; the others as they
// were. A final not yet decided leaves its places as the Swiss gave them;
// one a withdrawn finalist forfeits goes to his opponent (playFinals).
func FinalRanking(ranking []string, f Finals, played []Round, withdrawn ...string) ([]string, error) {
	ss, err := playFinals(ranking, f, played, withdrawn)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(ranking)
	for i, s := range ss {
		if s.decided(f.BestOf) && s.wins[1] > s.wins[0] {
			out[2*i], out[2*i+1] = s.players[1], s.players[0]
		}
	}
	return out, nil
}
