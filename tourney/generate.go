package tourney

import (
	"fmt"
	"math"
)

// Generate makes a Swiss tournament of players players and rounds rounds,
// every draw from seed: ratings from 1200 to 2199 (one player in ten
// unrated), clubs and countries from short lists, each round paired by
// method and played out with the rated player more likely to win (the Elo
// expectation), the winner at 25 and the loser below, one match in twenty a
// draw, the phantom's matches at the phantom score.
func Generate(seed uint64, players, rounds int, method Method) (*Request, error) {
	if players < 2 {
		return nil, fmt.Errorf("%d players: want at least 2", players)
	}
	if rounds < 0 {
		return nil, fmt.Errorf("%d rounds: want 0 or more", rounds)
	}
	rng := splitmix(seed)
	clubs := []string{"Milano", "Roma", "Torino", "Zürich", "Genève", "Paris", "Lyon", "München", "Berlin", "Pune"}
	countries := []string{"IT", "IT", "IT", "CH", "CH", "FR", "FR", "DE", "DE", "IN"}
	req := &Request{System: "swiss", Options: SwissOptions{Method: method},
		Tournament: Tournament{Points: DefaultPoints, PhantomScore: DefaultPhantomScore, Seed: seed}}
	strength := make(map[string]float64, players)
	for i := range players {
		p := Player{ID: fmt.Sprintf("p%d", i+1)}
		rating := float64(1200 + rng.below(1000))
		if rng.below(10) > 0 {
			p.Rating = rating
		}
		strength[p.ID] = rating
		c := rng.below(len(clubs))
		p.Club, p.Country = clubs[c], countries[c]
		req.Players = append(req.Players, p)
	}
	for range rounds {
		pairs, err := Swiss(&req.Tournament, req.Options)
		if err != nil {
			return nil, err
		}
		var round Round
		for _, p := range pairs {
			m := Match{A: p.A, B: p.B, Board: p.Board}
			switch {
			case p.B == "":
				m.Score = [2]int{req.PhantomScore, 0}
			case rng.below(20) == 0:
				s := rng.below(20)
				m.Score = [2]int{s, s}
			default:
				expect := 1 / (1 + math.Pow(10, (strength[p.B]-strength[p.A])/400))
				loser := rng.below(25)
				if float64(rng.below(1_000_000))/1_000_000 < expect {
					m.Score = [2]int{25, loser}
				} else {
					m.Score = [2]int{loser, 25}
				}
			}
			round.Matches = append(round.Matches, m)
		}
		req.Rounds = append(req.Rounds, round)
	}
	return req, nil
}
