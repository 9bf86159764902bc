package record

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/rules"
)

// ErrPosition is wrapped by every error of ParsePosition and ParsePieces.
var ErrPosition = errors.New("bad position string")

// A position string is carrom's FEN: a table as one line of text, exact to
// the bit, in sections separated by " | " (docs/notation.md):
//
//	icf 2 | turn 0 stroke | game 1 games 0-0 score 0-0 | board 1 breaker 0 white 0 attempts 0 on 9-9-q owed 0-0 queen board turns 0 strokes 0 idle 0 | q 0,0 w1 0,0.0318 …
//
// the rule set and seats; the seat in turn and what the referee awaits;
// the match; the board in play; the pieces at rest, each an id (its first
// letter the kind: w, b, q) and its centre in metres; then, when there are
// any, the c/m held for placing ("held white 1": a white c/m that seat 1
// places) and the pieces pocketed this board in the order they fell.
//
// A variant without colours (RULES §14) has its own match and board
// sections, each player's figures in turn order separated by commas:
//
//	pockets 3 | turn 1 stroke | strokes 4 idle 0 | board broken attempts 0 on 8-9-q queen board held 1-0,0-0,0-0 banked 1-0,0-0,0-0 owed 0,0,0 reached 1,0,0 earned 0 owner -,-,-,- | q 0,0 …
//
// a holding is white-black, with -q when the player holds the queen;
// owner (buying the pockets only) names each pocket's owner, - for none.

// FormatPosition writes s as a position string. Piece ids must be
// lower-case letters and digits starting with w, b or q (as the board's
// are), or the string will not read back.
func FormatPosition(s game.Setup) string {
	m := s.Match
	var w strings.Builder
	fmt.Fprintf(&w, "%s %d | turn %d %s", m.Rules.Name, m.Players, m.Turn, m.Awaiting)
	if m.Rules.Variant != nil {
		formatVariant(&w, m.Colourless)
	} else {
		formatMatch(&w, m)
	}
	w.WriteString(" | " + FormatPieces(s.Pieces))
	if len(s.Held) > 0 {
		w.WriteString(" | held")
		for _, h := range s.Held {
			fmt.Fprintf(&w, " %s %d", h.Colour, h.Placer)
		}
	}
	if len(s.Pocketed) > 0 {
		w.WriteString(" | pocketed")
		for _, p := range s.Pocketed {
			w.WriteString(" " + p.ID)
		}
	}
	return w.String()
}

// formatMatch writes the match and board sections of ICF and family play.
func formatMatch(w *strings.Builder, m rules.Match) {
	b := m.Board
	fmt.Fprintf(w, " | game %d games %s score %s", m.Game, pair(m.Games), pair(m.Score))
	if m.Winner != rules.NoSide {
		fmt.Fprintf(w, " winner %d", m.Winner)
	}
	if m.SidesChanged {
		w.WriteString(" changed")
	}
	fmt.Fprintf(w, " | board %d breaker %d white %d attempts %d", b.Number, b.Breaker, b.White, b.Attempts)
	if b.AttemptsLost {
		w.WriteString(" alternate")
	}
	if b.Broken {
		w.WriteString(" broken")
	}
	fmt.Fprintf(w, " on %d-%d", b.OnBoard.White, b.OnBoard.Black)
	if b.OnBoard.Queen {
		w.WriteString("-q")
	}
	fmt.Fprintf(w, " owed %s queen %s", pair(b.Owed), b.Queen)
	if b.QueenSide != rules.NoSide {
		fmt.Fprintf(w, " by %d", b.QueenSide)
	}
	if f := flags(b.Earned); f != "" {
		w.WriteString(" earned " + f)
	}
	fmt.Fprintf(w, " turns %d strokes %d idle %d", b.Turns, b.StrokesSinceBreak, b.Idle)
	if f := flags(b.Claimable); f != "" {
		w.WriteString(" claim " + f)
	}
	if b.Extra {
		w.WriteString(" extra")
	}
	if b.Technical != [2]int{} {
		w.WriteString(" technical " + pair(b.Technical))
	}
}

// formatVariant writes the match and board sections of a variant without
// colours.
func formatVariant(w *strings.Builder, g rules.Colourless) {
	fmt.Fprintf(w, " | strokes %d idle %d", g.Strokes, g.Idle)
	if g.Winner != rules.NoPlayer {
		fmt.Fprintf(w, " winner %d", g.Winner)
	}
	w.WriteString(" | board")
	if g.Broken {
		w.WriteString(" broken")
	}
	fmt.Fprintf(w, " attempts %d", g.Attempts)
	if g.AttemptsLost {
		w.WriteString(" alternate")
	}
	fmt.Fprintf(w, " on %s queen %s", holding(rules.Holding(g.OnBoard)), g.Queen)
	if g.QueenSide != rules.NoPlayer {
		fmt.Fprintf(w, " by %d", g.QueenSide)
	}
	n := g.Players
	fmt.Fprintf(w, " held %s banked %s owed %s reached %s",
		list(g.Held[:n], holding), list(g.Banked[:n], holding), list(g.Owed[:n], strconv.Itoa), list(g.Reached[:n], strconv.Itoa))
	var earned []int
	for p, e := range g.Earned[:n] {
		if e {
			earned = append(earned, p)
		}
	}
	if len(earned) > 0 {
		w.WriteString(" earned " + list(earned, strconv.Itoa))
	}
	if g.Variant.Buys() {
		w.WriteString(" owner " + list(g.Owner[:], func(o int) string {
			if o == rules.NoPlayer {
				return "-"
			}
			return strconv.Itoa(o)
		}))
	}
}

// holding writes what a player holds as white-black, -q with the queen.
func holding(h rules.Holding) string {
	s := fmt.Sprintf("%d-%d", h.White, h.Black)
	if h.Queen {
		s += "-q"
	}
	return s
}

func list[T any](xs []T, f func(T) string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = f(x)
	}
	return strings.Join(parts, ",")
}

// FormatPieces writes pieces at rest as the pieces section of a position
// string: "q 0,0 w1 0,0.0318", or "-" for none.
func FormatPieces(ps []board.Piece) string {
	if len(ps) == 0 {
		return "-"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.ID + " " + num(p.Pos.X) + "," + num(p.Pos.Y)
	}
	return strings.Join(parts, " ")
}

// num writes x with the fewest digits that read back to the same bits.
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func pair(p [2]int) string { return fmt.Sprintf("%d-%d", p[0], p[1]) }

// flags writes which of two sides a flag is set for: "0", "1", "0,1" or "".
func flags(f [2]bool) string {
	switch f {
	case [2]bool{true, false}:
		return "0"
	case [2]bool{false, true}:
		return "1"
	case [2]bool{true, true}:
		return "0,1"
	}
	return ""
}

// ParsePosition reads a position string. It checks the grammar and each
// figure; whether the table it describes is consistent is game.Resume's
// to check.
func ParsePosition(text string) (game.Setup, error) {
	var s game.Setup
	secs := strings.Split(text, " | ")
	if len(secs) < 5 || len(secs) > 7 {
		return s, posErr("a position string has 5 to 7 parts separated by \" | \", and this text has %d", len(secs))
	}
	m := &s.Match
	k := tokens(secs[0])
	name, players := k.word(), k.int()
	k.end()
	if k.err != nil {
		return s, posErr("its first part, %q, should name the rules and the number of players, as \"icf 2\": %v", secs[0], k.err)
	}
	// The solo clearance is no rule set a table offers (rules.ByName), but
	// its positions are written and read like ICF's.
	r, err := rules.Solo(), error(nil)
	if name != r.Name {
		r, err = rules.ByName(name)
	}
	if err != nil {
		return s, posErr("its first part names rules %q, which are none of %s", name, strings.Join(rules.Names, ", "))
	}
	if lo, hi := r.Seats(); r.Variant == nil && r.Name != rules.Solo().Name && players != 2 && players != 4 || players < lo || players > hi {
		return s, posErr("%s is not played by %d players", name, players)
	}
	m.Rules, m.Players, m.Winner = r, players, rules.NoSide

	k = tokens(secs[1])
	k.want("turn")
	m.Turn = k.seat(players)
	switch aw := k.word(); aw {
	case "stroke":
		m.Awaiting = rules.AwaitStroke
	case "toss":
		m.Awaiting = rules.AwaitToss
	case "over":
		m.Awaiting = rules.AwaitNothing
	default:
		k.fail("awaiting %q, want stroke, toss or over", aw)
	}
	k.end()
	if k.err != nil {
		return s, posErr("its second part, %q, should say whose turn it is, as \"turn 0 stroke\": %v", secs[1], k.err)
	}

	if r.Variant != nil {
		if s.Match, err = parseVariant(r, players, m.Turn, m.Awaiting, secs[2], secs[3]); err != nil {
			return s, err
		}
		return parseTables(s, secs[4:], players)
	}

	k = tokens(secs[2])
	k.want("game")
	m.Game = k.int()
	k.want("games")
	m.Games = k.pair()
	k.want("score")
	m.Score = k.pair()
	if k.is("winner") {
		m.Winner = k.side()
	}
	m.SidesChanged = k.is("changed")
	k.end()
	if k.err != nil {
		return s, posErr("its third part, %q, the game's score, does not read: %v", secs[2], k.err)
	}

	k = tokens(secs[3])
	b := &m.Board
	k.want("board")
	b.Number = k.int()
	k.want("breaker")
	b.Breaker = k.seat(players)
	k.want("white")
	b.White = k.side()
	k.want("attempts")
	b.Attempts = k.int()
	b.AttemptsLost = k.is("alternate")
	b.Broken = k.is("broken")
	k.want("on")
	b.OnBoard = k.onBoard()
	k.want("owed")
	b.Owed = k.pair()
	k.want("queen")
	b.Queen = k.queen()
	b.QueenSide = rules.NoSide
	if k.is("by") {
		b.QueenSide = k.side()
	}
	if k.is("earned") {
		b.Earned = k.flags()
	}
	k.want("turns")
	b.Turns = k.int()
	k.want("strokes")
	b.StrokesSinceBreak = k.int()
	k.want("idle")
	b.Idle = k.int()
	if k.is("claim") {
		b.Claimable = k.flags()
	}
	b.Extra = k.is("extra")
	if k.is("technical") {
		b.Technical = k.pair()
	}
	k.end()
	if k.err != nil {
		return s, posErr("its fourth part, %q, the board's state, does not read: %v", secs[3], k.err)
	}

	return parseTables(s, secs[4:], players)
}

// parseTables reads the pieces, held and pocketed sections into s.
func parseTables(s game.Setup, secs []string, players int) (game.Setup, error) {
	var err error
	if s.Pieces, err = ParsePieces(secs[0]); err != nil {
		return s, err
	}
	rest := secs[1:]
	if len(rest) > 0 && strings.HasPrefix(rest[0], "held ") {
		k := tokens(rest[0])
		k.want("held")
		for k.more() {
			var h game.Held
			switch c := k.word(); c {
			case "white":
				h.Colour = rules.White
			case "black":
				h.Colour = rules.Black
			default:
				k.fail("colour %q, want white or black", c)
			}
			h.Placer = k.seat(players)
			s.Held = append(s.Held, h)
		}
		if k.err != nil {
			return s, posErr("its part of the pieces held, %q, does not read: %v", rest[0], k.err)
		}
		rest = rest[1:]
	}
	if len(rest) > 0 && strings.HasPrefix(rest[0], "pocketed ") {
		k := tokens(rest[0])
		k.want("pocketed")
		for k.more() {
			id := k.word()
			kind, err := kindOfID(id)
			if err != nil {
				k.fail("%v", err)
			}
			s.Pocketed = append(s.Pocketed, board.Piece{ID: id, Kind: kind})
		}
		if k.err != nil {
			return s, posErr("its part of the pieces pocketed, %q, does not read: %v", rest[0], k.err)
		}
		rest = rest[1:]
	}
	if len(rest) > 0 {
		return s, posErr("its part %q is not one of the pieces held or pocketed", rest[0])
	}
	return s, nil
}

// parseVariant reads the match and board sections of a variant without
// colours.
func parseVariant(r rules.Rules, players, turn int, aw rules.Awaiting, match, brd string) (rules.Match, error) {
	g := rules.Colourless{Variant: r.Variant, Players: players, Turn: turn, Awaiting: aw, Winner: rules.NoPlayer, QueenSide: rules.NoPlayer}
	g.Owner = [4]int{rules.NoPlayer, rules.NoPlayer, rules.NoPlayer, rules.NoPlayer}
	k := tokens(match)
	k.want("strokes")
	g.Strokes = k.int()
	k.want("idle")
	g.Idle = k.int()
	if k.is("winner") {
		g.Winner = k.seat(players)
	}
	k.end()
	if k.err != nil {
		return rules.Match{}, posErr("its part of the match, %q, does not read: %v", match, k.err)
	}
	k = tokens(brd)
	k.want("board")
	g.Broken = k.is("broken")
	k.want("attempts")
	g.Attempts = k.int()
	g.AttemptsLost = k.is("alternate")
	k.want("on")
	g.OnBoard = k.onBoard()
	k.want("queen")
	g.Queen = k.queen()
	if k.is("by") {
		g.QueenSide = k.seat(players)
	}
	k.want("held")
	k.each(players, func(p int, w string) { g.Held[p] = k.holding(w) })
	k.want("banked")
	k.each(players, func(p int, w string) { g.Banked[p] = k.holding(w) })
	k.want("owed")
	k.each(players, func(p int, w string) { g.Owed[p] = k.num(w) })
	k.want("reached")
	k.each(players, func(p int, w string) { g.Reached[p] = k.num(w) })
	if k.is("earned") {
		last := -1
		k.each(-1, func(_ int, w string) {
			p := k.num(w)
			if p <= last || p >= players {
				k.fail("earned %q: want players in turn order, each below %d", w, players)
				return
			}
			last = p
			g.Earned[p] = true
		})
	}
	if r.Variant.Buys() {
		k.want("owner")
		k.each(len(g.Owner), func(i int, w string) {
			if w != "-" {
				g.Owner[i] = k.num(w)
				if g.Owner[i] >= players {
					k.fail("pocket %d owned by player %d of %d", i, g.Owner[i], players)
				}
			}
		})
	}
	k.end()
	if k.err != nil {
		return rules.Match{}, posErr("its part of the board, %q, does not read: %v", brd, k.err)
	}
	return rules.MatchOf(g), nil
}

// ParsePieces reads the pieces section of a position string: pieces at
// rest, each an id and its centre, "q 0,0 w1 0,0.0318"; "-" for none. It
// is how tests write positions.
func ParsePieces(text string) ([]board.Piece, error) {
	if text == "-" {
		return nil, nil
	}
	k := tokens(text)
	var out []board.Piece
	for k.more() {
		id := k.word()
		kind, err := kindOfID(id)
		if err != nil {
			k.fail("%v", err)
			break
		}
		at := k.word()
		x, y, ok := strings.Cut(at, ",")
		p := board.Piece{ID: id, Kind: kind, Pos: board.Vec{X: k.float(x), Y: k.float(y)}}
		if !ok {
			k.fail("piece %s at %q, want x,y", id, at)
		}
		out = append(out, p)
	}
	if k.err == nil && len(out) == 0 {
		k.fail("no pieces (write - for none)")
	}
	if k.err != nil {
		return nil, posErr("its last part, the pieces and where they lie, does not read: %v", k.err)
	}
	return out, nil
}

// kindOfID is the kind a piece id names by its first letter.
func kindOfID(id string) (board.Kind, error) {
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return 0, fmt.Errorf("piece id %q: want lower-case letters and digits", id)
		}
	}
	switch {
	case strings.HasPrefix(id, "w"):
		return board.White, nil
	case strings.HasPrefix(id, "b"):
		return board.Black, nil
	case strings.HasPrefix(id, "q"):
		return board.Queen, nil
	}
	return 0, fmt.Errorf("piece id %q: its first letter must say its kind (w, b or q)", id)
}

// posErr is a position string refused, in a plain sentence for the
// player who pasted it (the practice page shows it as it is): no package
// prefix, what is wrong, and what to do.
func posErr(format string, args ...any) error {
	return &positionError{fmt.Sprintf("This position string cannot be set: "+format+". Copy the whole position string again.", args...)}
}

type positionError struct{ words string }

func (e *positionError) Error() string { return e.words }
func (e *positionError) Unwrap() error { return ErrPosition }

// toks reads the words of one section; the first error sticks.
type toks struct {
	w   []string
	i   int
	err error
}

func tokens(s string) *toks { return &toks{w: strings.Split(s, " ")} }

func (k *toks) fail(format string, args ...any) {
	if k.err == nil {
		k.err = fmt.Errorf(format, args...)
	}
}

func (k *toks) more() bool { return k.err == nil && k.i < len(k.w) }

func (k *toks) word() string {
	if !k.more() {
		k.fail("ends too soon")
		return ""
	}
	w := k.w[k.i]
	k.i++
	if w == "" {
		k.fail("two spaces in a row")
	}
	return w
}

// is consumes the next word if it is w.
func (k *toks) is(w string) bool {
	if k.more() && k.w[k.i] == w {
		k.i++
		return true
	}
	return false
}

func (k *toks) want(w string) {
	if got := k.word(); got != w && k.err == nil {
		k.fail("%q where %q belongs", got, w)
	}
}

func (k *toks) end() {
	if k.more() {
		k.fail("unexpected %q", k.w[k.i])
	}
}

// num reads a whole number in its canonical decimal form, 0 to 999.
func (k *toks) num(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 999 || strconv.Itoa(n) != s {
		k.fail("%q: want a whole number from 0 to 999", s)
	}
	return n
}

func (k *toks) int() int { return k.num(k.word()) }

func (k *toks) seat(players int) int {
	n := k.int()
	if n >= players {
		k.fail("seat %d, want 0 to %d", n, players-1)
	}
	return n
}

func (k *toks) side() rules.Side {
	n := k.int()
	if n > 1 {
		k.fail("side %d, want 0 or 1", n)
	}
	return rules.Side(n)
}

func (k *toks) pair() [2]int {
	w := k.word()
	a, b, ok := strings.Cut(w, "-")
	if !ok {
		k.fail("%q: want two numbers as a-b", w)
	}
	return [2]int{k.num(a), k.num(b)}
}

func (k *toks) flags() [2]bool {
	switch w := k.word(); w {
	case "0":
		return [2]bool{true, false}
	case "1":
		return [2]bool{false, true}
	case "0,1":
		return [2]bool{true, true}
	default:
		k.fail("%q: want 0, 1 or 0,1", w)
	}
	return [2]bool{}
}

func (k *toks) queen() rules.QueenState {
	switch q := k.word(); q {
	case "board":
		return rules.QueenOnBoard
	case "pending":
		return rules.QueenPending
	case "covered":
		return rules.QueenCovered
	default:
		k.fail("queen %q, want board, pending or covered", q)
	}
	return rules.QueenOnBoard
}

// each reads the next word as n comma-separated items (any number for n <
// 0) and hands each to f with its index.
func (k *toks) each(n int, f func(i int, w string)) {
	items := strings.Split(k.word(), ",")
	if n >= 0 && len(items) != n {
		k.fail("%q: want %d items separated by commas", strings.Join(items, ","), n)
		return
	}
	for i, w := range items {
		if k.err != nil {
			return
		}
		f(i, w)
	}
}

// holding reads what a player holds, white-black with -q for the queen.
func (k *toks) holding(w string) rules.Holding {
	c := k.count(w)
	return rules.Holding(c)
}

func (k *toks) onBoard() rules.Count { return k.count(k.word()) }

func (k *toks) count(w string) rules.Count {
	parts := strings.Split(w, "-")
	if len(parts) < 2 || len(parts) > 3 || len(parts) == 3 && parts[2] != "q" {
		k.fail("%q: want white-black, and -q when the queen is on the board", w)
		return rules.Count{}
	}
	return rules.Count{White: k.num(parts[0]), Black: k.num(parts[1]), Queen: len(parts) == 3}
}

// float reads a finite number written as FormatFloat writes it.
func (k *toks) float(s string) float64 {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		k.fail("%q: want a finite number", s)
		return 0
	}
	return x
}
