// Package umpire is the scoresheet of a match played on a real board: the
// umpire enters, stroke by stroke, what happened, and the referee of
// package rules says what the laws require. The sheet is a log of numbered
// operations (an entry, an undo, a correction, a signature); the entries
// it leaves are referee input lines, the very lines carrom referee reads,
// so the sheet's rulings are the referee's by construction.
//
//	s, _ := umpire.New(umpire.Config{Rules: "icf", Players: 2, Names: []string{"Asha", "Ben"}})
//	s, _ = s.Apply(umpire.Op{Seq: 1, Line: []byte(`{"stroke": {"white": 1}}`)})
//	v := s.View() // the entries with the referee's answers, the boards, what now
//
// A sheet as stored (Record, its StoredOp log and its players' Confirm)
// is this package's too, the rows internal/store keeps; the sheets' HTTP
// is internal/umpire/umpirehttp's.
package umpire

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// Errors of the sheet; each error Apply returns wraps one.
var (
	// ErrConfig: the sheet cannot be opened with this configuration.
	ErrConfig = errors.New("bad scoresheet configuration")
	// ErrOp: the operation is malformed.
	ErrOp = errors.New("bad scoresheet entry")
	// ErrRefused: the referee refuses the entry, or the sheet's state does
	// not allow the operation now (a signed board, an unsigned one).
	ErrRefused = errors.New("refused")
	// ErrSequence: the operation's number is not the next one.
	ErrSequence = errors.New("entry out of sequence")
)

// titles are the rule sets as the page names them.
var titles = map[string]string{"icf": "ICF carrom", "family": "Family carrom", "point": "Point carrom", "three": "Three players' carrom", "pockets": "Buying the pockets"}

// MaxNames bounds a player's or an event's name, bytes.
const MaxNames = 80

// Config is what a sheet is opened with.
type Config struct {
	// Rules: icf, family, or a variant without colours: point, three, pockets.
	Rules   string `json:"rules"`
	Players int    `json:"players"`
	// Names of the players by seat (seat = place in turn order; in
	// singles and doubles a seat's side is its number modulo 2).
	Names []string `json:"names"`
	// Accounts, if given, are the players' account names by seat: the
	// match is rated once it is over and every account has confirmed its
	// result: ICF and family rules, singles or doubles, or a variant
	// without colours between two players (a rating is one player's
	// against another's, or a side's).
	Accounts []string `json:"accounts,omitempty"`
	// Event and Umpire head the printed sheet; both may be empty.
	Event  string `json:"event,omitempty"`
	Umpire string `json:"umpire,omitempty"`
}

// colours says whether the rule set plays white against black (ICF,
// family) rather than a variant without colours.
func (c Config) colours() bool { _, err := rules.VariantByName(c.Rules); return err != nil }

// Check says what is wrong with c, if anything.
func (c Config) Check() error {
	if _, err := c.start(); err != nil {
		return err
	}
	if len(c.Names) != c.Players {
		return badConfig("Name each of the %d players: %d names are given.", c.Players, len(c.Names))
	}
	for i, n := range c.Names {
		if n == "" || len(n) > MaxNames {
			return badConfig("Give seat %d a name of 1 to %d characters.", i+1, MaxNames)
		}
	}
	if len(c.Accounts) > 0 {
		if len(c.Accounts) != c.Players || (!c.colours() && c.Players != 2) {
			return badConfig("A rated match names an account for each of its %d players, under ICF or family rules, or between two players.", c.Players)
		}
		seen := map[string]bool{}
		for i, a := range c.Accounts {
			if a == "" || len(a) > MaxNames || seen[a] {
				return badConfig("Give seat %d the name of a different account, of 1 to %d characters.", i+1, MaxNames)
			}
			seen[a] = true
		}
	}
	if len(c.Event) > MaxNames || len(c.Umpire) > MaxNames {
		return badConfig("Shorten the event and the umpire's name to at most %d characters each.", MaxNames)
	}
	return nil
}

// Printable refuses names, an event or an umpire with a character that
// does not print (a control character such as NUL or BEL, a line break),
// as a table's nicknames are refused: the printed sheet and its record
// show the names as they are. A new sheet is checked; one stored before
// the check still opens.
func (c Config) Printable() error {
	texts := map[string]string{"The event": c.Event, "The umpire's name": c.Umpire}
	for i, n := range c.Names {
		texts[fmt.Sprintf("The name of seat %d", i+1)] = n
	}
	for what, s := range texts {
		for _, r := range s {
			if !unicode.IsPrint(r) {
				return badConfig("%s has a control character or another that does not print (%U): type it again without.", what, r)
			}
		}
	}
	return nil
}

// referee is the state of the referee for the sheet's rule set: a match
// with colours or a board of a colourless variant.
type referee struct {
	m rules.Match
	g rules.Colourless
	v bool // a colourless variant
}

func (c Config) start() (referee, error) {
	// The variants first, as carrom referee reads them: their boards
	// answer with each player's holding.
	if v, err := rules.VariantByName(c.Rules); err == nil {
		g, err := rules.NewColourless(v, c.Players)
		if err != nil {
			lo, hi := v.Seats()
			return referee{}, badConfig("%s is played by %d to %d players.", titles[c.Rules], lo, hi)
		}
		return referee{g: g, v: true}, nil
	}
	r, err := rules.ByName(c.Rules)
	if err != nil {
		return referee{}, badConfig("Choose the rules: ICF, family, point carrom, three players or buying the pockets.")
	}
	m, err := rules.NewMatch(r, c.Players)
	if err != nil {
		return referee{}, badConfig("%s is played by 2 players (singles) or 4 (doubles).", titles[c.Rules])
	}
	return referee{m: m}, nil
}

// apply gives one input line to the referee and returns its answer, the
// line carrom referee writes for it.
func (r referee) apply(line []byte) (referee, []byte, error) {
	in, err := record.DecodeRefereeInput(line)
	if err != nil {
		return r, nil, err
	}
	if r.v {
		g, rul, err := in.ApplyColourless(r.g)
		if err != nil {
			return r, nil, err
		}
		return referee{g: g, v: true}, record.VariantReply(g, &rul, nil), nil
	}
	m, rul, err := in.Apply(r.m)
	if err != nil {
		return r, nil, err
	}
	return referee{m: m}, record.RefereeReply(m, &rul, nil), nil
}

// initial is the referee's state before any entry, as a reply line.
func (r referee) initial() []byte {
	if r.v {
		return record.VariantReply(r.g, nil, nil)
	}
	return record.RefereeReply(r.m, nil, nil)
}

// Op is one operation of the umpire's log: exactly one of Line, Undo,
// Edit, Insert, Remove and Sign, numbered by Seq from 1 without gaps.
type Op struct {
	Seq int64 `json:"seq"`
	// Line is an entry: one referee input line (carrom referee's format).
	Line jsontext.Value `json:"line,omitzero"`
	// Undo takes back the last entry of the board in play.
	Undo bool `json:"undo,omitzero"`
	// Edit replaces an entry of the board in play.
	Edit *Edit `json:"edit,omitzero"`
	// Insert puts Line before entry Entry of the board in play (or after
	// its last, with Entry one past it): how the page takes back a Remove.
	Insert *Edit `json:"insert,omitzero"`
	// Remove deletes entry number Remove (from 1) of the board in play.
	Remove int `json:"remove,omitzero"`
	// Sign signs the board with this number (the match's boards counted
	// from 1): its entries can no longer change.
	Sign int `json:"sign,omitzero"`
}

// Edit replaces entry number Entry (from 1) with Line; as an Insert, it
// puts Line before that entry.
type Edit struct {
	Entry int            `json:"entry"`
	Line  jsontext.Value `json:"line"`
}

// DecodeOp reads one operation strictly and returns it in its canonical
// form (its fields in a fixed order, each line in RFC 8785 form), the
// bytes a sheet stores and compares: the same operation sent twice gives
// the same bytes.
func DecodeOp(data []byte) (Op, []byte, error) {
	var op Op
	if err := record.DecodeJSON(data, &op); err != nil {
		return Op{}, nil, fmt.Errorf("umpire: %v: %w", err, ErrOp)
	}
	if op.Seq < 1 {
		return Op{}, nil, fmt.Errorf("umpire: \"seq\" must be 1 or more: %w", ErrOp)
	}
	n := 0
	for _, set := range []bool{op.Line != nil, op.Undo, op.Edit != nil, op.Insert != nil, op.Remove != 0, op.Sign != 0} {
		if set {
			n++
		}
	}
	if n != 1 {
		return Op{}, nil, fmt.Errorf(`umpire: an entry holds exactly one of "line", "undo", "edit", "insert", "remove", "sign": %w`, ErrOp)
	}
	lines := []*jsontext.Value{&op.Line}
	for what, e := range map[string]*Edit{"an edit": op.Edit, "an insert": op.Insert} {
		if e == nil {
			continue
		}
		if e.Line == nil {
			return Op{}, nil, fmt.Errorf(`umpire: %s needs its "line": %w`, what, ErrOp)
		}
		lines = append(lines, &e.Line)
	}
	for _, l := range lines {
		if *l == nil {
			continue
		}
		if _, err := record.DecodeRefereeInput(*l); err != nil {
			return Op{}, nil, fmt.Errorf("umpire: %v: %w", err, ErrOp)
		}
		if err := l.Canonicalize(); err != nil {
			return Op{}, nil, fmt.Errorf("umpire: %v: %w", err, ErrOp)
		}
	}
	canon, err := json.Marshal(op)
	if err != nil {
		return Op{}, nil, fmt.Errorf("umpire: %v: %w", err, ErrOp)
	}
	return op, canon, nil
}

// Sheet is a scoresheet: a value, changed only by Apply returning a new one.
// It keeps every entry with the referee's answer, so that neither a new
// entry nor its view replays the sheet; a correction replays the board in
// play only, from the referee as the last signature left it.
type Sheet struct {
	Config Config
	// Seq is the number of the last operation applied.
	Seq int64
	// played are the entries (referee input lines in canonical form) with
	// the referee's answers. Apply appends to a copy of the slice of
	// pointers, never to the array a sheet it returned shares.
	played []*Played
	// start is the referee's answer before any entry.
	start []byte
	// locked entries belong to signed boards; signed counts those boards.
	locked, signed int
	// base is the referee after the locked entries; ref after them all,
	// which have ended that many boards.
	base, ref referee
	ended     int
}

// New opens an empty sheet.
func New(c Config) (Sheet, error) {
	if err := c.Check(); err != nil {
		return Sheet{}, err
	}
	r, err := c.start()
	if err != nil {
		return Sheet{}, err
	}
	return Sheet{Config: c, start: r.initial(), base: r, ref: r}, nil
}

// Entries are the sheet's entries, referee input lines in order: what
// carrom referee reads to give the same rulings.
func (s Sheet) Entries() [][]byte {
	out := make([][]byte, len(s.played))
	for i, p := range s.played {
		out[i] = p.Line
	}
	return out
}

// Apply applies op, the next operation (number s.Seq+1). A refused
// operation leaves the sheet unchanged; its error's words are a plain
// sentence for the umpire (a *Refusal).
func (s Sheet) Apply(op Op) (Sheet, error) {
	if op.Seq != s.Seq+1 {
		return s, fmt.Errorf("umpire: entry %d, want %d: %w", op.Seq, s.Seq+1, ErrSequence)
	}
	switch {
	case op.Line != nil:
		next, err := s.add(op.Seq, op.Line)
		return next, err.as("")
	case op.Sign != 0:
		switch {
		case op.Sign <= s.signed:
			return s, refused("Board %d is signed already.", op.Sign)
		case op.Sign > s.signed+1:
			return s, refused("Sign board %d first: the boards are signed in order.", s.signed+1)
		case s.ended < op.Sign:
			return s, refused("Board %d is still in play: sign it once it is over.", op.Sign)
		}
		s.Seq, s.locked, s.signed, s.base = op.Seq, len(s.played), op.Sign, s.ref
		return s, nil
	}
	var lines [][]byte // the entries of the board in play
	for _, p := range s.played[s.locked:] {
		lines = append(lines, p.Line)
	}
	// changed is the entry the operation writes or removes (0 for none),
	// and what names it in a refusal of a later entry, which is named by
	// its number as the page shows it, before the operation.
	changed, what := 0, ""
	switch {
	case op.Undo:
		if len(lines) == 0 {
			return s, refused("The board in play has no entry to undo: a signed board's entries no longer change.")
		}
		lines = lines[:len(lines)-1]
	case op.Edit != nil:
		k := op.Edit.Entry
		if err := s.open(k, k); err != nil {
			return s, err
		}
		lines[k-1-s.locked] = op.Edit.Line
		changed, what = k, fmt.Sprintf("With entry %d corrected", k)
	case op.Insert != nil:
		k := op.Insert.Entry
		if err := s.open(k, k-1); err != nil {
			return s, err
		}
		lines = slices.Insert(lines, k-1-s.locked, []byte(op.Insert.Line))
		changed, what = k, fmt.Sprintf("With the entry put back before entry %d", k)
	case op.Remove != 0:
		if err := s.open(op.Remove, op.Remove); err != nil {
			return s, err
		}
		lines = slices.Delete(lines, op.Remove-1-s.locked, op.Remove-s.locked)
		changed, what = op.Remove, fmt.Sprintf("Without entry %d", op.Remove)
	default:
		return s, fmt.Errorf("umpire: an empty entry: %w", ErrOp)
	}
	next := s
	next.Seq = op.Seq
	next.played, next.ref, next.ended = s.played[:s.locked:s.locked], s.base, s.signed
	for i, l := range lines {
		var err *Refusal
		if next, err = next.add(op.Seq, l); err != nil {
			n := s.locked + i + 1
			switch {
			case n == changed && op.Edit != nil:
				return s, err.as(fmt.Sprintf("As corrected, entry %d cannot stand:", n))
			case n == changed && op.Insert != nil:
				return s, err.as(fmt.Sprintf("The entry cannot go back as entry %d:", n))
			case op.Remove != 0 && n >= changed:
				n++
			case op.Insert != nil && n > changed:
				n--
			}
			return s, err.as(fmt.Sprintf("%s, entry %d no longer stands:", what, n))
		}
	}
	return next, nil
}

// Refusal is an operation or a configuration the sheet refuses: its words
// are one plain sentence saying why and what to do, without the package's
// prefix, for the page to show as it is. It wraps ErrRefused (ErrConfig
// for a configuration) and, when the referee refused an entry, the
// referee's error (for errors.Is).
type Refusal struct {
	Words string
	errs  []error
}

func (r *Refusal) Error() string   { return r.Words }
func (r *Refusal) Unwrap() []error { return r.errs }

// badConfig is a configuration refused, in a plain sentence.
func badConfig(format string, args ...any) error {
	return &Refusal{Words: fmt.Sprintf(format, args...), errs: []error{ErrConfig}}
}

func refused(format string, args ...any) *Refusal {
	return &Refusal{Words: fmt.Sprintf(format, args...), errs: []error{ErrRefused}}
}

// as is r with its words after lead (a nil r is a nil error).
func (r *Refusal) as(lead string) error {
	if r == nil {
		return nil
	}
	if lead == "" {
		return r
	}
	words := r.Words
	if words != "" {
		words = strings.ToLower(words[:1]) + words[1:]
	}
	return &Refusal{Words: lead + " " + words, errs: r.errs}
}

// add appends one entry, giving it to the referee as it stands. An entry
// the referee refuses, and an entry made after a board ended that is not
// yet signed, are refusals.
func (s Sheet) add(seq int64, line []byte) (Sheet, *Refusal) {
	n := len(s.played)
	if s.ended > s.signed {
		return s, refused("Board %d is over: check its entries and sign it before entering the next board.", s.signed+1)
	}
	before := mustState(s.start)
	if n > 0 {
		before = s.played[n-1].After
	}
	r, reply, err := s.ref.apply(line)
	if err != nil {
		in, _ := record.DecodeRefereeInput(line)
		return s, &Refusal{Words: why(err, before, in), errs: []error{ErrRefused, err}}
	}
	p := &Played{Line: line, Reply: reply, Before: before, After: mustState(reply)}
	s.Seq, s.ref = seq, r
	s.played = append(s.played[:n:n], p)
	if p.After.Result != nil {
		s.ended++
	}
	return s, nil
}

// open checks that entry k belongs to the board in play, or, for an
// insert, that k may be up to one past its last entry (last).
func (s Sheet) open(k, last int) error {
	if k <= s.locked || last > len(s.played) {
		if len(s.played) == s.locked {
			return refused("The board in play has no entries yet: entry %d cannot change, since a signed board's entries no longer do.", k)
		}
		return refused("Entry %d cannot change: only the board in play's entries (%d to %d) do, a signed board's no longer.", k, s.locked+1, len(s.played))
	}
	return nil
}

// why says, in a plain sentence, why the referee refused an entry made in
// state st, and what to enter instead.
func why(err error, st State, in record.RefereeInput) string {
	on := st.Board.OnBoard
	switch {
	case errors.Is(err, rules.ErrMatchIsOver):
		return "The match is over: nothing more can be entered."
	case in.Stroke != nil && st.Awaiting == rules.AwaitToss.String():
		return "A toss decides who breaks the extra board (G-2): enter who won it first."
	case in.Stroke != nil && errors.Is(err, rules.ErrBadStroke):
		p := in.Stroke
		var j record.Counts
		if p.Jumped != nil {
			j = *p.Jumped
		}
		switch {
		case p.White < 0 || p.Black < 0 || j.White < 0 || j.Black < 0:
			return "A count of c/m cannot be below nought."
		case p.White+j.White > on.White:
			return fmt.Sprintf("Only %s on the board, so a stroke cannot take %d off it: enter what the stroke did.", count(on.White, "white"), p.White+j.White)
		case p.Black+j.Black > on.Black:
			return fmt.Sprintf("Only %s on the board, so a stroke cannot take %d off it: enter what the stroke did.", count(on.Black, "black"), p.Black+j.Black)
		case (p.Queen || j.Queen) && !on.Queen:
			return "The queen is no longer on the board: enter the stroke without it."
		case p.Queen && j.Queen:
			return "The queen was either pocketed or went off the board, not both: enter one."
		}
		return "A stroke whose striker touched nothing cannot have moved a c/m: enter one or the other."
	case in.Toss != nil:
		return "No toss is due: a toss decides only who breaks the extra board of a tied game (G-2)."
	case in.Technical != nil && errors.Is(err, rules.ErrNotAwaited):
		return "The side in turn commits a foul of its stroke, not a technical foul (D-5): enter the stroke with Foul."
	case errors.Is(err, rules.ErrNoClaim):
		return "No penalty is unpaid, so there are no two turns to claim (H-3)."
	case in.Buy != nil:
		return "That pocket cannot be bought now (V-3): a player buys one with c/m worth 25 points or more (60 for a pocket another owns), pocketed in an earlier turn."
	case in.Forfeit != nil || in.Void != nil:
		return "There is no board in play to end that way."
	}
	return "The referee cannot accept this entry here: check the board and enter what happened."
}

// count is "1 white is" or "9 white are".
func count(n int, colour string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s is", n, colour)
	}
	return fmt.Sprintf("%d %s are", n, colour)
}

// Played is one entry and the referee's answer to it.
type Played struct {
	Line  []byte
	Reply []byte
	// Before is the referee's state the entry was made in.
	Before State
	After  State
}
