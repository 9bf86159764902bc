package rules

import (
	"errors"
	"fmt"
)

// MaxPlayers is the most players a colourless variant seats (RULES §14).
const MaxPlayers = 4

// NoPlayer marks the absence of a player (a free pocket, no winner yet).
const NoPlayer = -1

// Holding is what one player of a colourless variant holds: the c/m
// credited to him and the queen once he has covered it (RULES §14).
type Holding struct {
	White, Black int
	Queen        bool
}

func (h Holding) of(c Colour) int { return Count{White: h.White, Black: h.Black}.of(c) }

func (h *Holding) add(c Colour, n int) {
	if c == White {
		h.White += n
	} else {
		h.Black += n
	}
}

// Values are what each piece is worth in a colourless variant.
type Values struct{ Black, White, Queen int }

// Of is the worth of a holding.
func (v Values) Of(h Holding) int {
	points := h.Black*v.Black + h.White*v.White
	if h.Queen {
		points += v.Queen
	}
	return points
}

// ErrBadBuy wraps every refused purchase of a pocket (RULES V-3).
var ErrBadBuy = errors.New("purchase refused")

// Variant is a colourless rule set of RULES §14: the one referee of the
// colourless game (Colourless) asks it only what differs from one variant
// to another, so that a variant is one value in one file, as scalachess
// keeps one object per variant.
type Variant interface {
	// Laws are those of colourless play (colourlessLaws), which every
	// variant embeds; Name is the rule set's name.
	Laws
	// Rule is the variant's rule ID in RULES §14.
	Rule() string
	// Worth is what each piece is worth to its holder.
	Worth() Values
	// credit is the player credited with a c/m of colour c that player p
	// pocketed, given what each player holds already.
	credit(g *Colourless, p int, c Colour) int
	// covers says whether a c/m of colour c credited to p covers his queen.
	covers(g *Colourless, p int, c Colour) bool
	// needsRight: the queen may be pocketed only after an own c/m (RULES Q-1).
	needsRight() bool
	// blocked says whether a c/m of colour c may not be credited to player
	// p yet, and goes back to the centre; settled says the queen is covered,
	// or is being covered by p in this stroke (see three.go).
	blocked(g *Colourless, p int, c Colour, settled bool) bool
	// ended says whether the board is over after an input, and who won.
	ended(g *Colourless) (winner int, over bool)
	// Buys says whether pockets are bought (RULES V-3).
	Buys() bool
	// Placed: a due or penalty c/m, and the c/m a stroke returns with it,
	// is placed within the outer circle by a player (RULES V-1, V-2, PL-1),
	// not put on the centre.
	Placed() bool
	// strikerLoses: pocketing the striker costs every pocket bought and
	// every c/m pocketed (RULES V-3), not a due.
	strikerLoses() bool
}

// Colourless is the whole state of a colourless variant's board, which is
// its match (RULES V-1…V-3): a value, changed only by returning a new one
// from its methods. Players are numbered 0…Players-1 in turn order.
type Colourless struct {
	Variant  Variant
	Players  int
	Turn     int
	Awaiting Awaiting
	Broken   bool
	// Attempts and AttemptsLost count failed break attempts as in ICF
	// (RULES B-3, B-4).
	Attempts     int
	AttemptsLost bool
	OnBoard      Count
	Held         [MaxPlayers]Holding
	// Banked is what each player held when his turn began: a pocket is
	// bought only with points reached before the turn (RULES V-3).
	Banked [MaxPlayers]Holding
	// Owed counts the c/m each player owes for dues and penalties, paid
	// from the next c/m credited to him (RULES D-2).
	Owed [MaxPlayers]int
	// Earned: the player has been credited with a c/m in an earlier stroke
	// (RULES Q-1, for the variants that keep it).
	Earned    [MaxPlayers]bool
	Queen     QueenState
	QueenSide int // the player who pocketed (pending) or covered the queen
	// Owner is the player who owns each pocket, or NoPlayer (RULES V-3).
	Owner  [4]int
	Idle   int
	Winner int
	// Strokes counts the strokes of the board; Reached is the stroke at
	// which each player's points last changed, which breaks ties (see
	// point.go).
	Strokes int
	Reached [MaxPlayers]int
}

// NewColourless starts a board of variant v with the given number of
// players; player 0 breaks. The zero Variant is refused.
func NewColourless(v Variant, players int) (Colourless, error) {
	if v == nil {
		return Colourless{}, fmt.Errorf("rules: no variant: %w", ErrBadPlayers)
	}
	lo, hi := v.Seats()
	if players < lo || players > hi {
		return Colourless{}, fmt.Errorf("rules: %s takes %d to %d players, not %d: %w", v.Name(), lo, hi, players, ErrBadPlayers)
	}
	g := Colourless{
		Variant:   v,
		Players:   players,
		OnBoard:   Count{White: 9, Black: 9, Queen: true},
		QueenSide: NoPlayer,
		Owner:     [4]int{NoPlayer, NoPlayer, NoPlayer, NoPlayer},
		Winner:    NoPlayer,
	}
	return g, nil
}

// Points is what player p holds, by the variant's values.
func (g Colourless) Points(p int) int { return g.Variant.Worth().Of(g.Held[p]) }

func (g Colourless) next(p int) int { return (p + 1) % g.Players }

// checkStroke refuses a stroke that could not have happened on this board.
func (g Colourless) checkStroke(s Stroke) error {
	if g.Awaiting == AwaitNothing {
		return fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	m := Match{Board: Board{OnBoard: g.OnBoard}, Awaiting: AwaitStroke}
	return m.checkStroke(s)
}

// Stroke applies the outcome of one stroke by the player in turn. The
// pipeline is the ICF one without colours: the break, pieces off the board,
// what the stroke pocketed and who is credited with it, the queen, dues and
// penalties, the end of the board, the turn.
func (g Colourless) Stroke(s Stroke) (Colourless, Ruling, error) {
	if err := g.checkStroke(s); err != nil {
		return g, newRuling(), err
	}
	rul := newRuling()
	if !g.Broken {
		if s.Missed {
			g.failedBreak(s, &rul)
			return g, rul, nil
		}
		g.Broken = true
		rul.apply("B-2")
	}
	g.play(s, &rul)
	return g, rul, nil
}

// failedBreak is a break attempt that touched no c/m (RULES B-3…B-5).
func (g *Colourless) failedBreak(s Stroke, rul *Ruling) {
	if passes, _ := missedBreak(s, &g.Attempts, &g.AttemptsLost, ICF().BreakAttempts, rul); passes {
		g.passTurn(rul)
	}
}

// play applies a stroke once the break is made.
func (g *Colourless) play(s Stroke, rul *Ruling) {
	v := g.Variant
	me := g.Turn
	g.Strokes++
	respot(s.Jumped, White, rul)
	settled := func(p int) bool {
		return g.Queen == QueenCovered || p == me && (s.Pocketed.Queen || g.Queen == QueenPending && g.QueenSide == me)
	}

	foul, due := s.Foul, s.Striker
	lose := due && v.strikerLoses()
	if foul {
		rul.apply("D-5")
	}
	g.OnBoard.add(White, -s.Pocketed.White)
	g.OnBoard.add(Black, -s.Pocketed.Black)
	if s.Pocketed.Queen {
		g.OnBoard.Queen = false
	}

	// Who is credited with each c/m pocketed (RULES T-3: a c/m credited to
	// another player ends the turn unless one of the player's own is too).
	// A stroke with a foul or the striker credits none of the player's:
	// they go back to the centre with the penalty or due (RULES D-3, D-6).
	own, covering := 0, false
	var blocked, returned Holding
	for _, c := range [2]Colour{White, Black} {
		for range s.Pocketed.of(c) {
			to := v.credit(g, me, c)
			switch {
			case v.blocked(g, to, c, settled(to)):
				blocked.add(c, 1)
			case to != me:
				rul.apply("T-3")
				g.give(to, c, 1)
			case foul || due:
				returned.add(c, 1)
			default:
				own++
				covering = covering || v.covers(g, me, c)
				g.give(me, c, 1)
			}
		}
	}
	if blocked.White+blocked.Black > 0 {
		rul.apply(v.Rule())
		g.toCentre(blocked, rul)
	}
	// Dues, penalties and what they return: on the centre, or placed once
	// the turn is settled, by the player the variant names (see placings).
	var paid []payment
	if lose {
		g.loseAll(me, returned, s.Pocketed.Queen, rul)
	} else if returned.White+returned.Black > 0 {
		rule := "D-3"
		if foul {
			rule = "D-6"
		}
		rul.apply(rule)
		for _, c := range [2]Colour{White, Black} {
			for range returned.of(c) {
				paid = g.pay(paid, me, c, rule, rul)
			}
		}
	}

	queenKept := false
	if !lose {
		queenKept = g.queen(s, own, covering, foul, due, rul)
	}
	if own > 0 {
		g.Earned[me] = true
	}

	dueBack := due && !foul && !lose && returned.White+returned.Black > 0
	switch {
	case lose:
	case dueBack:
		rul.apply("D-3")
	case due && !foul && s.Pocketed.White+s.Pocketed.Black > 0:
		rul.apply("D-4")
	case due:
		rul.apply("D-1")
	}
	before := g.Owed
	owes := (due || foul) && !lose
	if owes {
		g.Owed[me]++
	}
	debtRule := "D-2"
	switch {
	case owes && foul:
		debtRule = "D-5"
	case owes:
		debtRule = "D-1"
	}
	paid = g.settleDebts(paid, debtRule, rul)
	for p := range g.Players {
		// RULES D-2: a debt left owed, or an earlier one paid now.
		if g.Owed[p] < before[p] || p == me && owes && g.Owed[p] > before[p] {
			rul.apply("D-2")
		}
	}

	if winner, over := v.ended(g); over {
		g.end(winner, v.Rule(), rul)
		return
	}
	keep := !foul && !lose && (own > 0 || queenKept || dueBack)
	if s.Missed && !keep {
		g.Idle++
		// RULES T-4: every player passes the turn three times in a row
		// without touching a c/m.
		if g.Idle >= 3*g.Players && g.OnBoard.White+g.OnBoard.Black > 0 {
			rul.apply("T-4")
			g.void(rul)
			return
		}
	} else {
		g.Idle = 0
	}
	if keep {
		rul.apply("T-1")
		rul.TurnKept = true
	} else {
		g.passTurn(rul)
	}
	g.placings(paid, rul)
}

// payment is one c/m back in play for a debt, or returned with one, in a
// variant whose dues are placed (RULES V-1, V-2).
type payment struct {
	from int
	c    Colour
	rule string
}

// pay puts one c/m of colour c, from player from, back in play: on the
// centre (RULES V-3's reading), or, where the variant places dues, onto the
// board's count now and into paid, for placings to name its placer once
// the turn is settled (RULES V-1, V-2).
func (g *Colourless) pay(paid []payment, from int, c Colour, rule string, rul *Ruling) []payment {
	if !g.Variant.Placed() {
		var h Holding
		h.add(c, 1)
		g.toCentre(h, rul)
		return paid
	}
	g.OnBoard.add(c, 1)
	return append(paid, payment{from: from, c: c, rule: rule})
}

// placings hands the c/m paid in a stroke to their placers (RULES PL-1,
// PL-2): with two players the payer's opponent, with more the player who
// strikes next (RULES V-1, V-2).
func (g *Colourless) placings(paid []payment, rul *Ruling) {
	for _, p := range paid {
		placer := g.Turn
		if g.Players == 2 {
			placer = g.next(p.from)
		}
		if n := len(rul.Place); n > 0 {
			if last := &rul.Place[n-1]; last.Colour == p.c && last.Placer == placer && last.Rule == p.rule {
				last.Count++
				continue
			}
		}
		rul.place(p.c, 1, placer, p.rule)
	}
}

// loseAll: player p pocketed the striker in buying the pockets, and loses
// every pocket he bought and every c/m he pocketed, this stroke's too, with
// the queen he holds or pocketed: the pockets are free again and the pieces
// go back on the centre, his score to 0 (RULES V-3).
func (g *Colourless) loseAll(p int, stroke Holding, queen bool, rul *Ruling) {
	rul.apply("V-3")
	for k, o := range g.Owner {
		if o == p {
			g.Owner[k] = NoPlayer
		}
	}
	h := g.Held[p]
	if queen || h.Queen || g.Queen == QueenPending && g.QueenSide == p {
		rul.apply("Q-11")
		g.Queen, g.QueenSide = QueenOnBoard, NoPlayer
		h.Queen = true
	}
	h.White += stroke.White
	h.Black += stroke.Black
	g.Held[p], g.Banked[p] = Holding{}, Holding{}
	g.Reached[p] = g.Strokes
	g.toCentre(h, rul)
}

// give credits player p with n c/m of colour c.
func (g *Colourless) give(p int, c Colour, n int) {
	g.Held[p].add(c, n)
	g.Reached[p] = g.Strokes
}

// toCentre puts pieces back on the centre, the queen first (RULES J-1, V-3).
func (g *Colourless) toCentre(h Holding, rul *Ruling) {
	if h.Queen {
		g.OnBoard.Queen = true
		rul.Centre = append(rul.Centre, TheQueen)
	}
	for _, c := range [2]Colour{White, Black} {
		g.OnBoard.add(c, h.of(c))
		for range h.of(c) {
			rul.Centre = append(rul.Centre, man(c))
		}
	}
}

// queen applies the laws of the queen without colours and says whether the
// queen was pocketed in a way that keeps the turn (RULES Q-1…,
// V-1, V-2).
func (g *Colourless) queen(s Stroke, own int, covering, foul, due bool, rul *Ruling) bool {
	me := g.Turn
	back := func(ids ...string) {
		rul.apply(ids...)
		rul.apply("Q-11")
		g.OnBoard.Queen = true
		g.Queen, g.QueenSide = QueenOnBoard, NoPlayer
		rul.Centre = append([]Kind{TheQueen}, rul.Centre...)
	}
	cover := func() {
		g.Queen, g.QueenSide = QueenCovered, me
		g.Held[me].Queen = true
		g.Reached[me] = g.Strokes
	}
	if s.Pocketed.Queen {
		switch {
		case foul:
			back("D-6")
		case due:
			back("Q-7")
			return true
		case g.Variant.needsRight() && !g.Earned[me]:
			back("Q-1", "Q-2")
		case g.Owed[me] > 0:
			back("Q-3")
		case covering:
			rul.apply("Q-5")
			cover()
		default:
			rul.apply("Q-4")
			g.Queen, g.QueenSide = QueenPending, me
			return true
		}
		return false
	}
	if g.Queen != QueenPending || g.QueenSide != me {
		return false
	}
	switch {
	case foul || due || !covering:
		back("Q-4")
	default:
		rul.apply("Q-4")
		cover()
	}
	return false
}

// settleDebts pays what each player owes from what he holds, his c/m of
// least worth first (RULES D-2, V-1…V-3); pay puts each back in play.
// rule names the striker's debt of this stroke (D-1, D-5, or D-2 for none).
func (g *Colourless) settleDebts(paid []payment, rule string, rul *Ruling) []payment {
	worth := g.Variant.Worth()
	cheap, dear := Black, White
	if worth.White < worth.Black {
		cheap, dear = White, Black
	}
	for p := range g.Players {
		for g.Owed[p] > 0 {
			c := cheap
			if g.Held[p].of(c) == 0 {
				c = dear
			}
			if g.Held[p].of(c) == 0 {
				break
			}
			g.Held[p].add(c, -1)
			g.Banked[p] = g.Banked[p].min(g.Held[p])
			g.Owed[p]--
			g.Reached[p] = g.Strokes
			r := rule
			if p != g.Turn || g.Owed[p] > 0 {
				r = "D-2"
			}
			paid = g.pay(paid, p, c, r, rul)
		}
	}
	return paid
}

// min is the holding of what both h and o hold.
func (h Holding) min(o Holding) Holding {
	return Holding{White: min(h.White, o.White), Black: min(h.Black, o.Black), Queen: h.Queen && o.Queen}
}

// passTurn gives the turn to the next player, who banks what he holds.
func (g *Colourless) passTurn(rul *Ruling) {
	g.Turn = g.next(g.Turn)
	g.Banked[g.Turn] = g.Held[g.Turn]
	if g.Players > 2 {
		rul.apply("S-2")
	}
}

// end closes the board, which is the variant's whole match, by rule.
func (g *Colourless) end(winner int, rule string, rul *Ruling) {
	rul.apply(rule)
	res := Result{Winner: Side(winner), Points: g.Points(winner), Rule: rule}
	rul.Result = &res
	rul.Place, rul.TurnKept = nil, false
	rul.MatchWinner = Side(winner)
	g.Winner = winner
	g.Awaiting = AwaitNothing
}

// void replays the board from the break by the same breaker (RULES T-4).
func (g *Colourless) void(rul *Ruling) {
	res := Result{Winner: NoSide, Rule: "T-4"}
	rul.Result = &res
	rul.Place, rul.Centre, rul.TurnKept = nil, nil, false
	fresh, _ := NewColourless(g.Variant, g.Players)
	*g = fresh
}

// Concede ends the board at the request of the player in turn (RULES G-4):
// with two players the other wins; with more, the leader of the others by
// the variant's standing (see standing).
func (g Colourless) Concede() (Colourless, Ruling, error) {
	if g.Awaiting == AwaitNothing {
		return g, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	rul := newRuling()
	g.end(g.standing(g.Turn), "G-4", &rul)
	return g, rul, nil
}

// Leader is the player ahead by the standing that ends a board which
// cannot go on (see standing): what adjudicates a game cut short.
func (g Colourless) Leader() int { return g.standing(NoPlayer) }

// standing is the leading player, leaving out player skip (NoPlayer for
// none): the most pockets owned, then the most points, then the earliest to
// reach his points, then the first in turn order. It ends a board that
// cannot go on, and a concession.
func (g Colourless) standing(skip int) int {
	best := NoPlayer
	for p := range g.Players {
		if p == skip {
			continue
		}
		if best == NoPlayer || g.ahead(p, best) {
			best = p
		}
	}
	return best
}

func (g Colourless) ahead(p, q int) bool {
	if a, b := g.Pockets(p), g.Pockets(q); a != b {
		return a > b
	}
	if a, b := g.Points(p), g.Points(q); a != b {
		return a > b
	}
	return g.Reached[p] < g.Reached[q]
}

// Pockets counts the pockets player p owns.
func (g Colourless) Pockets(p int) int {
	n := 0
	for _, o := range g.Owner {
		if o == p {
			n++
		}
	}
	return n
}
