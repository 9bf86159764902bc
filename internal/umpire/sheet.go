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
package umpire

import (
	"errors"
	"fmt"
	"slices"
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
		return fmt.Errorf("umpire: %d names for %d players: %w", len(c.Names), c.Players, ErrConfig)
	}
	for i, n := range c.Names {
		if n == "" || len(n) > MaxNames {
			return fmt.Errorf("umpire: the name of seat %d must have 1 to %d bytes: %w", i, MaxNames, ErrConfig)
		}
	}
	if len(c.Accounts) > 0 {
		if len(c.Accounts) != c.Players || (!c.colours() && c.Players != 2) {
			return fmt.Errorf("umpire: a rated match names an account for each of its %d players, under ICF or family rules or between two players: %w", c.Players, ErrConfig)
		}
		seen := map[string]bool{}
		for i, a := range c.Accounts {
			if a == "" || len(a) > MaxNames || seen[a] {
				return fmt.Errorf("umpire: the account of seat %d must be named, once, in 1 to %d bytes: %w", i, MaxNames, ErrConfig)
			}
			seen[a] = true
		}
	}
	if len(c.Event) > MaxNames || len(c.Umpire) > MaxNames {
		return fmt.Errorf("umpire: the event and the umpire take at most %d bytes: %w", MaxNames, ErrConfig)
	}
	return nil
}

// Printable refuses names, an event or an umpire with a character that
// does not print (a control character such as NUL or BEL, a line break),
// as a table's nicknames are refused: the printed sheet and its record
// show the names as they are. A new sheet is checked; one stored before
// the check still opens.
func (c Config) Printable() error {
	texts := map[string]string{"the event": c.Event, "the umpire": c.Umpire}
	for i, n := range c.Names {
		texts[fmt.Sprintf("the name of seat %d", i)] = n
	}
	for what, s := range texts {
		for _, r := range s {
			if !unicode.IsPrint(r) {
				return fmt.Errorf("umpire: %s has a control character or another that does not print (%U): %w", what, r, ErrConfig)
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
			return referee{}, fmt.Errorf("umpire: %v: %w", err, ErrConfig)
		}
		return referee{g: g, v: true}, nil
	}
	r, err := rules.ByName(c.Rules)
	if err != nil {
		return referee{}, fmt.Errorf("umpire: rules %q: want icf, family, point, three or pockets: %w", c.Rules, ErrConfig)
	}
	m, err := rules.NewMatch(r, c.Players)
	if err != nil {
		return referee{}, fmt.Errorf("umpire: %v: %w", err, ErrConfig)
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
// Edit, Remove and Sign, numbered by Seq from 1 without gaps.
type Op struct {
	Seq int64 `json:"seq"`
	// Line is an entry: one referee input line (carrom referee's format).
	Line jsontext.Value `json:"line,omitzero"`
	// Undo takes back the last entry of the board in play.
	Undo bool `json:"undo,omitzero"`
	// Edit replaces an entry of the board in play.
	Edit *Edit `json:"edit,omitzero"`
	// Remove deletes entry number Remove (from 1) of the board in play.
	Remove int `json:"remove,omitzero"`
	// Sign signs the board with this number (the match's boards counted
	// from 1): its entries can no longer change.
	Sign int `json:"sign,omitzero"`
}

// Edit replaces entry number Entry (from 1) with Line.
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
	for _, set := range []bool{op.Line != nil, op.Undo, op.Edit != nil, op.Remove != 0, op.Sign != 0} {
		if set {
			n++
		}
	}
	if n != 1 {
		return Op{}, nil, fmt.Errorf(`umpire: an entry holds exactly one of "line", "undo", "edit", "remove", "sign": %w`, ErrOp)
	}
	lines := []*jsontext.Value{&op.Line}
	if op.Edit != nil {
		if op.Edit.Line == nil {
			return Op{}, nil, fmt.Errorf(`umpire: an edit needs its "line": %w`, ErrOp)
		}
		lines = append(lines, &op.Edit.Line)
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
// operation leaves the sheet unchanged.
func (s Sheet) Apply(op Op) (Sheet, error) {
	if op.Seq != s.Seq+1 {
		return s, fmt.Errorf("umpire: entry %d, want %d: %w", op.Seq, s.Seq+1, ErrSequence)
	}
	switch {
	case op.Line != nil:
		return s.add(op.Seq, op.Line)
	case op.Sign != 0:
		if op.Sign != s.signed+1 || s.ended < op.Sign {
			return s, fmt.Errorf("umpire: board %d cannot be signed: %d boards are over and %d signed: %w", op.Sign, s.ended, s.signed, ErrRefused)
		}
		s.Seq, s.locked, s.signed, s.base = op.Seq, len(s.played), op.Sign, s.ref
		return s, nil
	}
	var lines [][]byte // the entries of the board in play
	for _, p := range s.played[s.locked:] {
		lines = append(lines, p.Line)
	}
	switch {
	case op.Undo:
		if len(lines) == 0 {
			return s, fmt.Errorf("umpire: nothing to undo on the board in play: %w", ErrRefused)
		}
		lines = lines[:len(lines)-1]
	case op.Edit != nil:
		k := op.Edit.Entry
		if err := s.open(k); err != nil {
			return s, err
		}
		lines[k-1-s.locked] = op.Edit.Line
	case op.Remove != 0:
		if err := s.open(op.Remove); err != nil {
			return s, err
		}
		lines = slices.Delete(lines, op.Remove-1-s.locked, op.Remove-s.locked)
	default:
		return s, fmt.Errorf("umpire: an empty entry: %w", ErrOp)
	}
	next := s
	next.Seq = op.Seq
	next.played, next.ref, next.ended = s.played[:s.locked:s.locked], s.base, s.signed
	for _, l := range lines {
		var err error
		if next, err = next.add(op.Seq, l); err != nil {
			return s, err
		}
	}
	return next, nil
}

// add appends one entry, giving it to the referee as it stands. An entry
// the referee refuses, and an entry made after a board ended that is not
// yet signed, are errors naming the entry.
func (s Sheet) add(seq int64, line []byte) (Sheet, error) {
	n := len(s.played)
	if s.ended > s.signed {
		return s, fmt.Errorf("umpire: entry %d: board %d is over: sign it before the next board's entries: %w", n+1, s.signed+1, ErrRefused)
	}
	r, reply, err := s.ref.apply(line)
	if err != nil {
		return s, fmt.Errorf("umpire: entry %d: %v: %w", n+1, err, ErrRefused)
	}
	before := mustState(s.start)
	if n > 0 {
		before = s.played[n-1].After
	}
	p := &Played{Line: line, Reply: reply, Before: before, After: mustState(reply)}
	s.Seq, s.ref = seq, r
	s.played = append(s.played[:n:n], p)
	if p.After.Result != nil {
		s.ended++
	}
	return s, nil
}

// open checks that entry k belongs to the board in play.
func (s Sheet) open(k int) error {
	if k <= s.locked || k > len(s.played) {
		return fmt.Errorf("umpire: entry %d is not on the board in play (entries %d to %d): %w", k, s.locked+1, len(s.played), ErrRefused)
	}
	return nil
}

// Played is one entry and the referee's answer to it.
type Played struct {
	Line  []byte
	Reply []byte
	// Before is the referee's state the entry was made in.
	Before State
	After  State
}
