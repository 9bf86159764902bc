package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Config is what a table is made of: the rule set, the number of seats and
// the physics (which holds the board's Spec).
type Config struct {
	Rules   rules.Rules
	Players int // 2 or 4; 1 for rules.Solo; 2 to 4 for a variant (Rules.Seats)
	Physics physics.Params
}

// Errors of an action; every error Apply returns wraps one of these, or an
// error of the board (an illegal striker or c/m position) or the referee.
var (
	ErrNotYourTurn = errors.New("not this seat's turn")
	ErrNotNow      = errors.New("action not expected now")
	ErrBadAction   = errors.New("unknown action")
	ErrBackward    = errors.New("the striker may not be shot backwards")
	ErrPairCannon  = errors.New("placing sets up a pair or cannon with the queen")
	ErrShotSpeed   = errors.New("shot speed out of range")
)

// Need is what the table waits for.
type Need int

// What the seat to act must do.
const (
	NeedStrike  Need = iota // place the striker and shoot
	NeedPlace               // place a due or penalty c/m (or forgo it)
	NeedToss                // report a toss (before a tie-break board)
	NeedNothing             // the match is over
)

var needNames = [...]string{"strike", "place", "toss", "nothing"}

func (n Need) String() string { return needNames[n] }

// Turn says who acts and what is needed.
type Turn struct {
	Seat   int
	Need   Need
	Colour rules.Colour // of the c/m to place, for NeedPlace
	Base   board.Base   // the side of the board the seat plays from
}

// held is a c/m to be placed by a seat (RULES PL-1…PL-4).
type held struct {
	Colour rules.Colour
	Placer int
}

// Table is a board in play: the pieces at rest, the referee's state, and
// the c/m waiting to be placed. It is a value: Apply returns a new table
// and never changes the one it is called on.
type Table struct {
	cfg      Config
	match    rules.Match
	pieces   []board.Piece // on the board, at rest
	pocketed []board.Piece // out of play this board, in the order they fell
	held     []held        // dues and penalties not yet placed
	room     bool          // some legal spot exists for the next held c/m
}

// New sets up a match: seat 0 breaks the first board (RULES S-3, B-7).
func New(cfg Config) (Table, error) {
	if err := cfg.Physics.Validate(); err != nil {
		return Table{}, err
	}
	m, err := rules.NewMatch(cfg.Rules, cfg.Players)
	if err != nil {
		return Table{}, err
	}
	t := Table{cfg: cfg, match: m}
	t.setUp()
	return t, nil
}

// Config returns the table's configuration.
func (t Table) Config() Config { return t.cfg }

// Match returns the referee's state.
func (t Table) Match() rules.Match { return t.match }

// Pieces returns the pieces at rest on the board.
func (t Table) Pieces() []board.Piece { return slices.Clone(t.pieces) }

// Held returns how many c/m of each colour wait to be placed.
func (t Table) Held() (white, black int) {
	for _, h := range t.held {
		if h.Colour == rules.White {
			white++
		} else {
			black++
		}
	}
	return white, black
}

func (t Table) spec() board.Spec { return t.cfg.Physics.Spec }

// Base is the side of the board that seat plays from: in singles the two players
// face each other; in doubles the turn goes to the right (RULES S-2), or to
// the left under the family rules (RULES H-8). Three players of a variant
// sit at bases 0, 1 and 2, to the right in turn as in doubles (RULES V-2).
func (t Table) Base(seat int) board.Base {
	switch {
	case t.cfg.Players == 2:
		return board.Base(2 * seat)
	case t.cfg.Rules.Clockwise:
		return board.Base((4 - seat) % 4)
	}
	return board.Base(seat)
}

// Colour is the colour that seat's side plays in this board; the variants
// without colours (RULES §14) give every seat both, and this no meaning.
func (t Table) Colour(seat int) rules.Colour {
	if rules.Side(seat%2) == t.match.Board.White {
		return rules.White
	}
	return rules.Black
}

// ToAct says which seat acts now and what it must do.
func (t Table) ToAct() Turn {
	m := t.match
	switch m.Awaiting {
	case rules.AwaitNothing:
		return Turn{Seat: m.Turn, Need: NeedNothing, Base: t.Base(m.Turn)}
	case rules.AwaitToss:
		return Turn{Seat: m.Turn, Need: NeedToss, Base: t.Base(m.Turn)}
	}
	if len(t.held) > 0 && t.room {
		h := t.held[0]
		return Turn{Seat: h.Placer, Need: NeedPlace, Colour: h.Colour, Base: t.Base(h.Placer)}
	}
	return Turn{Seat: m.Turn, Need: NeedStrike, Base: t.Base(m.Turn)}
}

// afterReferee lays out a new board when the referee's input began one: a
// board ended (or was void), a game ended, or a toss chose the breaker.
func (t *Table) afterReferee(old rules.Match, rul rules.Ruling) {
	if t.match.Awaiting == rules.AwaitNothing {
		return
	}
	if rul.Result != nil || t.match.Game != old.Game || old.Awaiting == rules.AwaitToss {
		t.setUp()
	}
}

// setUp lays out the break for the board the referee has begun (RULES
// A-1…A-3) and clears what the last board left.
func (t *Table) setUp() {
	pos := t.Base(t.match.Board.Breaker)
	switch {
	case t.cfg.Rules.Rings:
		t.pieces = t.spec().RingArrangement(pos)
	case t.cfg.Rules.TwoWhitesFacing:
		t.pieces = t.spec().FamilyArrangement(pos)
	default:
		t.pieces = t.spec().BreakArrangement(pos)
	}
	t.pocketed, t.held, t.room = nil, nil, false
}

func kindOf(c rules.Colour) board.Kind {
	if c == rules.White {
		return board.White
	}
	return board.Black
}

// fromPocket takes the first pocketed piece of kind k back into play.
func (t *Table) fromPocket(k board.Kind) (board.Piece, error) {
	for i, p := range t.pocketed {
		if p.Kind == k {
			t.pocketed = slices.Delete(t.pocketed, i, i+1)
			return p, nil
		}
	}
	return board.Piece{}, fmt.Errorf("game: no pocketed %v to put back", k)
}

func (t Table) clone() Table {
	t.pieces = slices.Clone(t.pieces)
	t.pocketed = slices.Clone(t.pocketed)
	t.held = slices.Clone(t.held)
	return t
}

// ActionKind is the kind of an action.
type ActionKind int

// The actions a seat may take.
const (
	Strike  ActionKind = iota // place the striker and shoot: Action.Shot
	Place                     // place the next held c/m at Action.At
	Forgo                     // give up placing the next held c/m (RULES PL-4)
	Concede                   // Action.Concede (RULES G-4)
	Toss                      // Action.Toss won the toss (RULES B-8)
	// Timeout: the seat to act let its clock run out (RULES TM-1): a stroke
	// is forfeited as a foul (D-5); a placing is forgone, or made by the
	// umpire where the c/m cannot be forgone.
	Timeout
	// Forfeit: Action.Seat loses by Action.Rule: "TM-3" (left the match),
	// "D-10" (left his seat) or "TM-2" (played out of turn).
	Forfeit
	// Buy: the seat in turn buys a pocket, Action.Buy (RULES V-3), before
	// his stroke; he keeps the turn.
	Buy
	// Bell: a tournament's round time is up and the match ends with its
	// score at the bell (rules.Match.Bell: a tournament's format, no ICF
	// law, docs/tournaments.md); Action.Seat is not read.
	Bell
)

// Actions is the number of action kinds: every kind is below it.
const Actions = Bell + 1

var actionNames = [...]string{"strike", "place", "forgo", "concede", "toss", "timeout", "forfeit", "buy", "bell"}

func (k ActionKind) String() string {
	if k < 0 || int(k) >= len(actionNames) {
		return fmt.Sprintf("ActionKind(%d)", int(k))
	}
	return actionNames[k]
}

// Action is what a seat does. Seat says who acts: a seat that is not the
// one to act gets ErrNotYourTurn.
type Action struct {
	Seat    int
	Kind    ActionKind
	Shot    physics.Shot // for Strike; its Seat is set by the table
	At      board.Vec    // for Place
	Concede rules.Concession
	Toss    rules.Side
	Rule    string // for Forfeit
	Buy     rules.Purchase
}

// Outcome is what an action did.
type Outcome struct {
	Sim    physics.Result // the stroke's simulation, for Strike
	Start  physics.State  // the table when the stroke began, for Strike
	Stroke rules.Stroke   // the stroke as the referee saw it
	// Ruling is the referee's ruling on the action; nil when the referee
	// had nothing to rule (a c/m placed), so that no zero value can pass
	// for a ruling (its GameWinner would read as side 0).
	Ruling *rules.Ruling
	// Respotted are the pieces the table put on the centre (RULES Q-11,
	// J-1…J-3, H-3), in order.
	Respotted []board.Piece
	// Void is set when the table voided the board because no legal striker
	// position was left (RULES ST-3).
	Void bool
}

// Apply carries out action a and returns the new table. An illegal action
// is an error and the table is unchanged.
func (t Table) Apply(a Action) (Table, Outcome, error) { return t.ApplyOn(nil, a) }

// ApplyOn is Apply with a stroke simulated on sim, if sim is not nil and
// is made for the table's physics; the outcome's Sim then shares sim's
// buffers until it simulates again. A server applying strokes one after
// another so reuses a simulator's buffers, which a fresh one allocated for
// every stroke.
func (t Table) ApplyOn(sim *physics.Simulator, a Action) (Table, Outcome, error) {
	turn := t.ToAct()
	if turn.Need == NeedNothing {
		return t, Outcome{}, fmt.Errorf("game: %w", rules.ErrMatchIsOver)
	}
	if a.Kind != Toss && a.Kind != Forfeit && a.Kind != Bell && a.Seat != turn.Seat {
		return t, Outcome{}, fmt.Errorf("game: seat %d acted, seat %d is to %v: %w", a.Seat, turn.Seat, turn.Need, ErrNotYourTurn)
	}
	next := t.clone()
	var (
		out Outcome
		err error
	)
	switch {
	case a.Kind == Strike && turn.Need == NeedStrike:
		out, err = next.strike(sim, a.Shot, turn)
	case a.Kind == Place && turn.Need == NeedPlace:
		err = next.place(a.At)
	case a.Kind == Forgo && turn.Need == NeedPlace:
		out.Ruling, err = next.forgo()
	case a.Kind == Concede && turn.Need == NeedStrike:
		out.Ruling, err = ruled(next.referee(func(m rules.Match) (rules.Match, rules.Ruling, error) { return m.Concede(a.Concede) }))
	case a.Kind == Toss && turn.Need == NeedToss:
		out.Ruling, err = ruled(next.referee(func(m rules.Match) (rules.Match, rules.Ruling, error) { return m.Toss(a.Toss) }))
	case a.Kind == Timeout && turn.Need == NeedStrike:
		out, err = next.timeout()
	case a.Kind == Timeout && turn.Need == NeedPlace:
		out.Ruling, err = next.forgo()
		if err != nil {
			err = next.place(next.firstLegalPlace())
		}
	case a.Kind == Forfeit && (a.Seat < 0 || a.Seat >= t.cfg.Players):
		err = fmt.Errorf("game: forfeit by seat %d: %w", a.Seat, ErrNotYourTurn)
	case a.Kind == Forfeit:
		out.Ruling, err = ruled(next.referee(func(m rules.Match) (rules.Match, rules.Ruling, error) {
			return m.Forfeit(m.SideOf(a.Seat), a.Rule)
		}))
	case a.Kind == Bell:
		out.Ruling, err = ruled(next.referee(func(m rules.Match) (rules.Match, rules.Ruling, error) { return m.Bell() }))
	case a.Kind == Buy && turn.Need == NeedStrike:
		out.Ruling, out.Respotted, err = next.buy(a.Buy, turn)
	case a.Kind < Strike || a.Kind >= Actions:
		err = fmt.Errorf("game: action %v: %w", a.Kind, ErrBadAction)
	default:
		err = fmt.Errorf("game: %v while the table waits for seat %d to %v: %w", a.Kind, turn.Seat, turn.Need, ErrNotNow)
	}
	if err != nil {
		return t, Outcome{}, err
	}
	if next.voidIfBlocked() {
		out.Void = true
	}
	return next, out, nil
}

// ruled is a ruling as an Outcome holds it.
func ruled(rul rules.Ruling, err error) (*rules.Ruling, error) {
	if err != nil {
		return nil, err
	}
	return &rul, nil
}

// referee applies a referee input that moves no piece and sets up a new
// board if it ended one.
func (t *Table) referee(f func(rules.Match) (rules.Match, rules.Ruling, error)) (rules.Ruling, error) {
	m, rul, err := f(t.match)
	if err != nil {
		return rul, err
	}
	old := t.match
	t.match = m
	t.afterReferee(old, rul)
	return rul, nil
}

// buy has the referee rule on a purchase of a pocket and puts the c/m paid
// on the centre (RULES V-3), as the pieces a stroke sends back.
func (t *Table) buy(p rules.Purchase, turn Turn) (*rules.Ruling, []board.Piece, error) {
	old := t.match
	m, rul, err := old.Buy(p)
	if err != nil {
		return nil, nil, err
	}
	t.match = m
	if rul.Result != nil {
		t.afterReferee(old, rul)
		return &rul, nil, nil
	}
	spotted, err := t.carryOut(rul, turn.Base)
	return &rul, spotted, err
}
