package rules

import "errors"

// Side is a player in singles or a pair in doubles: the side of seat s is
// s % 2. Side 0 breaks the first board of the match.
type Side int

// NoSide marks the absence of a side (no winner yet, queen owned by nobody).
const NoSide Side = -1

// Other is the opposing side.
func (s Side) Other() Side { return 1 - s }

// Colour is the colour of a carrom man.
type Colour int

// The colours; the queen belongs to neither (RULES B-1).
const (
	White Colour = iota
	Black
)

func (c Colour) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// QueenState is where the queen stands in the board.
type QueenState int

// The queen is on the board, pocketed and awaiting its cover (RULES Q-4),
// or covered.
const (
	QueenOnBoard QueenState = iota
	QueenPending
	QueenCovered
)

var queenStateNames = [...]string{"board", "pending", "covered"}

func (q QueenState) String() string { return queenStateNames[q] }

// Awaiting is what the referee waits for next.
type Awaiting int

// A stroke by the seat in turn, a toss (before a tie-break board, RULES
// G-2), or nothing: the match is over.
const (
	AwaitStroke Awaiting = iota
	AwaitToss
	AwaitNothing
)

var awaitingNames = [...]string{"stroke", "toss", "over"}

func (a Awaiting) String() string { return awaitingNames[a] }

// Count is a number of each kind of piece.
type Count struct {
	White, Black int
	Queen        bool
}

func (c Count) of(col Colour) int {
	if col == White {
		return c.White
	}
	return c.Black
}

func (c *Count) add(col Colour, n int) {
	if col == White {
		c.White += n
	} else {
		c.Black += n
	}
}

// Stroke is the outcome of one stroke as the referee needs it: counts, no
// coordinates. The zero value is a proper stroke that touched a c/m and
// pocketed nothing.
type Stroke struct {
	Pocketed Count // pieces pocketed by this stroke
	Striker  bool  // the striker was pocketed
	Missed   bool  // the striker touched no c/m (RULES B-2, T-4)
	Foul     bool  // the stroke was improper or a foul was called (RULES D-5)
	// StrikerOff: the striker left the board (RULES §15; H-2).
	StrikerOff bool
	Jumped     Count // pieces that left the board (RULES J-1…J-3)
}

// Errors of the referee; every error it returns wraps one of them.
var (
	ErrNotAwaited  = errors.New("input not awaited now")
	ErrBadStroke   = errors.New("impossible stroke")
	ErrBadSide     = errors.New("no such side")
	ErrBadConcede  = errors.New("unknown concession")
	ErrBadForfeit  = errors.New("unknown forfeit rule")
	ErrBadVoid     = errors.New("unknown rule for voiding a board")
	ErrNoClaim     = errors.New("nothing to claim")
	ErrBadPlayers  = errors.New("players must be 2 or 4")
	ErrMatchIsOver = errors.New("the match is over")
)

// Board is the state of the board in play.
type Board struct {
	Number  int  // within the game, from 1; the tie-break board is GameBoards+1
	Breaker int  // seat that breaks this board
	White   Side // side playing white (RULES B-1: the breaker's side)
	Broken  bool // the break has been made (RULES B-2)
	// Attempts is the number of failed break attempts by the current breaker;
	// once AttemptsLost is set the players alternate single attempts (RULES B-4).
	Attempts     int
	AttemptsLost bool
	OnBoard      Count  // pieces on the board after all returns and placing
	Owed         [2]int // c/m owed by each side, not yet paid (RULES D-2)
	Queen        QueenState
	QueenSide    Side // side that pocketed (pending) or covered the queen

	// Earned: the side has pocketed an own c/m in an earlier stroke of this
	// board, which gives it the right to the queen (RULES Q-1).
	Earned [2]bool
	// Turns counts the turns since the break was made; 0 is the breaking turn
	// (RULES SC-5, slams). StrokesSinceBreak counts strokes (RULES Q-8).
	Turns             int
	StrokesSinceBreak int
	// Idle counts consecutive turn-passing strokes that touched no c/m
	// (RULES T-4).
	Idle int
	// Claimable: the side may take two turns instead of the other side's
	// unpaid penalty (RULES H-3). Extra: the side in turn has one more turn.
	Claimable [2]bool
	Extra     bool
	// Technical counts each side's technical-foul penalties waiting for the
	// start of its next turn (RULES D-9).
	Technical [2]int
}

// debit is what side s owes in the board's score: its unpaid dues and
// penalties, and the technical-foul penalties not yet taken (RULES SC-2, D-9).
func (b Board) debit(s Side) int { return b.Owed[s] + b.Technical[s] }

// clearClaim withdraws the two-turns option against side s once it owes
// nothing (RULES H-3).
func (b *Board) clearClaim(s Side) {
	if b.Owed[s] == 0 {
		b.Claimable[s.Other()] = false
	}
}

// colour is the colour side s plays in this board.
func (b Board) colour(s Side) Colour {
	if s == b.White {
		return White
	}
	return Black
}

// Match is the whole state of a match: a value, changed only by returning
// a new one from its methods.
type Match struct {
	Rules    Rules
	Players  int // 2 or 4 seats
	Game     int // 1..3
	Games    [2]int
	Score    [2]int // points of each side in the current game
	Board    Board
	Turn     int // seat to act
	Awaiting Awaiting
	Winner   Side // of the match, once decided
	// SidesChanged records that the players changed sides during the
	// deciding game (RULES S-5).
	SidesChanged bool
	// Colourless is the board of a variant without colours (Rules.Variant
	// set), which is its whole match; Turn, Awaiting and Winner mirror it,
	// and Game, Games, Score and Board are unused.
	Colourless Colourless
}

// side is the side of seat s.
func side(seat int) Side { return Side(seat % 2) }

// startBoard sets up board number n with breaker seat (RULES A-1, B-1).
func (m *Match) startBoard(n, breaker int) {
	m.Board = Board{
		Number:    n,
		Breaker:   breaker,
		White:     side(breaker),
		OnBoard:   Count{White: 9, Black: 9, Queen: true},
		QueenSide: NoSide,
	}
	m.Turn = breaker
	m.Awaiting = AwaitStroke
}

// next is the seat after seat in turn order (RULES S-2, H-8).
func (m Match) next(seat int) int { return (seat + 1) % m.Players }
