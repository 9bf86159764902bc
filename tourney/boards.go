package tourney

import "slices"

// boardWindow is how far down a match may move to spare a player a board
// already played on.
const boardWindow = 2

// number gives the matches (player indices, -1 the phantom or a bye), best
// first, their boards: the k-th real match board k, the phantom's and the
// byes last; where a player of a match has already played on its board, the
// match swaps with the nearest of the next boardWindow matches whose board
// neither pair has played on.
func (h *history) number(matches [][2]int) []Pairing {
	var real, byes [][2]int
	for _, m := range matches {
		if m[1] < 0 {
			byes = append(byes, m)
		} else {
			real = append(real, m)
		}
	}
	sat := func(m [2]int, board int) bool {
		return slices.Contains(h.seated[m[0]], board) || m[1] >= 0 && slices.Contains(h.seated[m[1]], board)
	}
	for i := range real {
		if !sat(real[i], i+1) {
			continue
		}
		for j := i + 1; j < len(real) && j <= i+boardWindow; j++ {
			if !sat(real[j], i+1) && !sat(real[i], j+1) {
				real[i], real[j] = real[j], real[i]
				break
			}
		}
	}
	out := make([]Pairing, 0, len(matches))
	for k, m := range append(real, byes...) {
		p := Pairing{Board: k + 1, A: h.t.Players[m[0]].ID}
		if m[1] >= 0 {
			p.B = h.t.Players[m[1]].ID
		}
		out = append(out, p)
	}
	return out
}
