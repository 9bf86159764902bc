package ai

import "github.com/carrom-game/carrom/rules"

// purchase is what the player in turn at g buys now under buying the
// pockets (RULES V-3), and what he pays with; ok is false when he buys
// nothing.
//
// The policy (docs/variants.md): points buy pockets and do nothing else
// (but break the last tie of a board that runs dry), and whoever owns all
// four pockets wins, so a pocket is worth more than the points paid for
// it, and points kept earn nothing while a rival may buy first. So the
// player buys at the start of his turn, before he strikes, as long as he
// can: a free pocket, the cheap one (25), which a rival would otherwise
// take; else, with no free pocket left, the pocket of the leader among the
// others (the most pockets, then the most points, then the nearest to play
// after him), which costs the nearest rival a pocket as it gains him one.
// (A player who owns three has one pocket left to buy, so the purchase
// that wins needs no rule of its own.) He
// pays with the c/m worth the least at or above the price, and of those
// with the fewest pieces, so that fewer go back on the centre for the
// others and his blacks stay to pay a due (RULES V-3). He pays only with
// what he held when his turn began, as the referee requires.
func purchase(g rules.Colourless) (rules.Purchase, bool) {
	if !g.Variant.Buys() || g.Awaiting == rules.AwaitNothing {
		return rules.Purchase{}, false
	}
	me := g.Turn
	funds := g.Banked[me]
	h := g.Held[me]
	funds = rules.Holding{White: min(funds.White, h.White), Black: min(funds.Black, h.Black), Queen: funds.Queen && h.Queen}
	free, leader := -1, -1
	for k, o := range g.Owner {
		switch {
		case o == rules.NoPlayer && free < 0:
			free = k
		case o != rules.NoPlayer && o != me && (leader < 0 || ahead(g, o, g.Owner[leader])):
			leader = k
		}
	}
	try := func(k int) (rules.Purchase, bool) {
		if k < 0 {
			return rules.Purchase{}, false
		}
		pay, ok := cheapest(g.Variant.Worth(), funds, g.Price(k))
		return rules.Purchase{Pocket: k, Pay: pay}, ok
	}
	if free >= 0 {
		return try(free)
	}
	return try(leader)
}

// ahead says whether player p is a greater threat than player q: he owns
// more pockets, or as many and more points, or as many of both and plays
// sooner after the player in turn.
func ahead(g rules.Colourless, p, q int) bool {
	if a, b := g.Pockets(p), g.Pockets(q); a != b {
		return a > b
	}
	if a, b := g.Points(p), g.Points(q); a != b {
		return a > b
	}
	after := func(x int) int { return (x - g.Turn + g.Players) % g.Players }
	return after(p) < after(q)
}

// cheapest is the payment out of funds worth the least at or above price,
// and of those the one of the fewest pieces; ok is false when funds are not
// worth the price.
func cheapest(w rules.Values, funds rules.Holding, price int) (rules.Holding, bool) {
	var best rules.Holding
	bestWorth, bestN := -1, 0
	for q := range 2 {
		if q == 1 && !funds.Queen {
			break
		}
		for wh := 0; wh <= funds.White; wh++ {
			for bl := 0; bl <= funds.Black; bl++ {
				pay := rules.Holding{White: wh, Black: bl, Queen: q == 1}
				worth, n := w.Of(pay), wh+bl+q
				if worth < price {
					continue
				}
				if bestWorth < 0 || worth < bestWorth || worth == bestWorth && n < bestN {
					best, bestWorth, bestN = pay, worth, n
				}
			}
		}
	}
	return best, bestWorth >= 0
}
