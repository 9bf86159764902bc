// Package rating is the Glicko-2 rating system of Mark Glickman ("Example
// of the Glicko-2 system", 2013): a rating, its deviation and a volatility
// per player, updated once per rating period from every game of the
// period against the opponents' ratings at its start.
//
//	p := rating.New()
//	p = p.Update([]rating.Game{{Opponent: q, Score: 1}}, rating.Tau)
//	fmt.Println(p.R, p.RD)
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Glicko-2's constants: the scale between Glicko and Glicko-2, the system
// constant τ and the convergence tolerance ε of the volatility (step 5).
const (
	scale   = 173.7178
	Tau     = 0.5
	epsilon = 0.000001
)

// A new player's rating (the paper's suggestion): 1500 ± 350, volatility
// 0.06.
const (
	InitialR   = 1500
	InitialRD  = 350
	InitialVol = 0.06
)

// Player is a rating on the Glicko scale.
type Player struct {
	R, RD, Vol float64
}

// New is an unrated player.
func New() Player { return Player{R: InitialR, RD: InitialRD, Vol: InitialVol} }

// Game is one game of a rating period: the opponent as rated at the start
// of the period and the score, 1 a win, 0 a loss, ½ a draw.
type Game struct {
	Opponent Player
	Score    float64
}

// ErrScore is returned for a score outside [0, 1].
var ErrScore = errors.New("rating: a score is between 0 and 1")

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func e(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Expected is the score p expects against q (step 3's E, from p's side),
// what a player is shown before a rated match.
func Expected(p, q Player) float64 {
	return e((p.R-InitialR)/scale, (q.R-InitialR)/scale, q.RD/scale)
}

// Idle is a player after n rating periods without games: only the
// deviation grows (step 6), never beyond that of a new player.
func (p Player) Idle(n int) Player {
	phi := p.RD / scale
	for i := 0; i < n && phi*scale < InitialRD; i++ {
		phi = math.Sqrt(phi*phi + p.Vol*p.Vol)
	}
	p.RD = min(phi*scale, InitialRD)
	return p
}

// Update is p after a rating period with games (steps 2-8 of the paper);
// with none, it is p.Idle(1).
func (p Player) Update(games []Game, tau float64) (Player, error) {
	if len(games) == 0 {
		return p.Idle(1), nil
	}
	mu, phi := (p.R-InitialR)/scale, p.RD/scale
	var vinv, sum float64
	for _, gm := range games {
		if !(gm.Score >= 0 && gm.Score <= 1) {
			return p, fmt.Errorf("%w: %v", ErrScore, gm.Score)
		}
		muj, phij := (gm.Opponent.R-InitialR)/scale, gm.Opponent.RD/scale
		gj, ej := g(phij), e(mu, muj, phij)
		vinv += gj * gj * ej * (1 - ej)
		sum += gj * (gm.Score - ej)
	}
	v := 1 / vinv
	delta := v * sum
	sigma := volatility(phi, v, delta, p.Vol, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Player{R: muNew*scale + InitialR, RD: phiNew * scale, Vol: sigma}, nil
}

// volatility is step 5: the root of f by the Illinois algorithm.
func volatility(phi, v, delta, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
