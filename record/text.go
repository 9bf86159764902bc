package record

import (
	"bufio"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// ErrRecord is wrapped by every error of Parse.
var ErrRecord = errors.New("bad match record")

// MatchRecord is a whole match as text, carrom's PGN (docs/notation.md):
// headers, then one line per action with the exact shot, what the stroke
// did and the rules the referee applied.
//
//	[Rules "icf"]
//	[Players "2"]
//	[Seat0 "expert"]
//	[Seat1 "club"]
//	[Seed "1"]
//	[Date "2026-11-23"]
//	[Result "1-0"]
//
//	1. 0 strike 0.0213 -0.0731,0.9973 5 {2.4458773071539063 w4 b2} B-2 T-1
//	2. 0 strike -0.1 0.31,0.95 3.25 {1.0912315066925436 s} D-1
//	3. 1 place 0.05,-0.02
type MatchRecord struct {
	Rules   string   // rule set: icf, family, point, three or pockets
	Players int      // 2 or 4 seats; 2 to 4 for a variant (rules.Rules.Seats)
	Names   []string // who sat at each seat, by seat; "" for nobody named
	Seed    string   // of the computer players' randomness, if any
	Date    string   // when the match was played, YYYY-MM-DD
	// Result is "1-0" (side 0 won the match), "0-1", or "*" while it
	// goes on; in a variant without colours "player k" (seat k won).
	Result  string
	Actions []Entry
}

// Entry is one action and what it did.
type Entry struct {
	Action game.Action
	// Time is how long a strike's pieces moved, s: a figure that any
	// change to a bit of the shot or the physics would change.
	Time float64
	// Pocketed are the ids of the pieces a stroke pocketed, in the order
	// they fell; "s" is the striker.
	Pocketed []string
	Missed   bool     // the striker touched no c/m (RULES B-2, T-4)
	Foul     bool     // the stroke was a foul (a timeout, RULES TM-1)
	Rules    []string // the rule IDs of the ruling
	Void     bool     // the table voided the blocked board (RULES ST-3)
}

// EntryOf is the entry of action a whose outcome was out.
func EntryOf(a game.Action, out game.Outcome) Entry {
	e := Entry{Action: a, Void: out.Void}
	if out.Ruling != nil {
		e.Rules = append([]string(nil), out.Ruling.Applied...)
	}
	if a.Kind == game.Strike || a.Kind == game.Timeout {
		e.Missed, e.Foul = out.Stroke.Missed, out.Stroke.Foul
	}
	if a.Kind == game.Strike {
		e.Time = out.Sim.Time
	}
	for _, ev := range out.Sim.Events {
		if ev.Kind == physics.Fall {
			e.Pocketed = append(e.Pocketed, out.Start.Discs[ev.I].ID)
		}
	}
	if len(e.Rules) == 0 {
		e.Rules = nil
	}
	return e
}

// stroked says whether an entry's line carries a stroke's outcome in braces.
func stroked(k game.ActionKind) bool { return k == game.Strike || k == game.Timeout }

// ResultOf is the Result header for a match in state m.
func ResultOf(m rules.Match) string {
	switch {
	case m.Awaiting != rules.AwaitNothing || m.Winner == rules.NoSide:
		return "*"
	case m.Rules.Variant != nil:
		return fmt.Sprintf("player %d", m.Winner)
	case m.Winner == 0:
		return "1-0"
	}
	return "0-1"
}

// Format writes r as a match record: canonical text, which Parse reads
// back to r.
func Format(r MatchRecord) string {
	var w strings.Builder
	header := func(name, value string) { fmt.Fprintf(&w, "[%s %s]\n", name, strconv.Quote(value)) }
	header("Rules", r.Rules)
	header("Players", strconv.Itoa(r.Players))
	for i, n := range r.Names {
		if n != "" {
			header(fmt.Sprintf("Seat%d", i), n)
		}
	}
	if r.Seed != "" {
		header("Seed", r.Seed)
	}
	if r.Date != "" {
		header("Date", r.Date)
	}
	header("Result", r.Result)
	w.WriteString("\n")
	for i, e := range r.Actions {
		w.WriteString(FormatEntry(i+1, e))
		w.WriteString("\n")
	}
	return w.String()
}

// FormatEntry writes entry number n (from 1) as its line, without newline.
func FormatEntry(n int, e Entry) string {
	a := e.Action
	var w strings.Builder
	fmt.Fprintf(&w, "%d. %d %s", n, a.Seat, a.Kind)
	switch a.Kind {
	case game.Strike:
		fmt.Fprintf(&w, " %s %s,%s %s", num(a.Shot.X), num(a.Shot.Dir.X), num(a.Shot.Dir.Y), num(a.Shot.Speed))
	case game.Place:
		fmt.Fprintf(&w, " %s,%s", num(a.At.X), num(a.At.Y))
	case game.Concede:
		c := "?"
		if a.Concede >= 0 && int(a.Concede) < len(concessions) {
			c = concessions[a.Concede]
		}
		fmt.Fprintf(&w, " %s", c)
	case game.Toss:
		fmt.Fprintf(&w, " %d", a.Toss)
	case game.Forfeit:
		fmt.Fprintf(&w, " %s", a.Rule)
	case game.Buy:
		fmt.Fprintf(&w, " %d %s", a.Buy.Pocket, holding(a.Buy.Pay))
	}
	if stroked(a.Kind) {
		var words []string
		if a.Kind == game.Strike {
			words = append(words, num(e.Time))
		}
		words = append(words, e.Pocketed...)
		if e.Missed {
			words = append(words, "miss")
		}
		if e.Foul {
			words = append(words, "foul")
		}
		fmt.Fprintf(&w, " {%s}", strings.Join(words, " "))
	}
	for _, id := range e.Rules {
		w.WriteString(" " + id)
	}
	if e.Void {
		w.WriteString(" void")
	}
	return w.String()
}

var (
	headerLine = regexp.MustCompile(`^\[([A-Za-z0-9]+) ("(?:[^"\\]|\\.)*")\]$`)
	ruleID     = regexp.MustCompile(`^[A-Z]{1,3}-[0-9]{1,2}$`)
	pieceID    = regexp.MustCompile(`^(s|[wbq][a-z0-9]*)$`)
)

// Parse reads a match record. The headers come in the order Format writes
// them; Rules, Players and Result are required.
func Parse(text string) (MatchRecord, error) {
	var r MatchRecord
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, MaxLine)
	line := 0
	fail := func(format string, args ...any) (MatchRecord, error) {
		return MatchRecord{}, fmt.Errorf("record: line %d: "+format+": %w", append([]any{line}, append(args, ErrRecord)...)...)
	}
	order := []string{"Rules", "Players", "Seat0", "Seat1", "Seat2", "Seat3", "Seed", "Date", "Result"}
	next := 0
	seen := map[string]string{}
	for sc.Scan() {
		line++
		l := sc.Text()
		if l == "" {
			break
		}
		m := headerLine.FindStringSubmatch(l)
		if m == nil {
			return fail("%q: want a header [Name \"value\"]", l)
		}
		name := m[1]
		value, err := strconv.Unquote(m[2])
		if err != nil {
			return fail("header %s: %v", name, err)
		}
		i := next
		for i < len(order) && order[i] != name {
			i++
		}
		if i == len(order) {
			return fail("header %s: unknown, repeated or out of order (the order is %s)", name, strings.Join(order, ", "))
		}
		next = i + 1
		seen[name] = value
	}
	var err error
	if r.Rules = seen["Rules"]; r.Rules == "" {
		return fail("no Rules header")
	}
	rs, err := rules.ByName(r.Rules)
	if err != nil {
		return fail("%v", err)
	}
	lo, hi := rs.Seats()
	if r.Players, err = strconv.Atoi(seen["Players"]); err != nil || rs.Variant == nil && r.Players != 2 && r.Players != 4 || r.Players < lo || r.Players > hi {
		return fail("Players %q: want 2 or 4 (%d to %d for a variant)", seen["Players"], lo, hi)
	}
	for i := range 4 {
		n, ok := seen[fmt.Sprintf("Seat%d", i)]
		if !ok {
			continue
		}
		if i >= r.Players {
			return fail("Seat%d in a match of %d players", i, r.Players)
		}
		if n == "" {
			return fail("Seat%d is empty: leave the header out", i)
		}
		for len(r.Names) <= i {
			r.Names = append(r.Names, "")
		}
		r.Names[i] = n
	}
	for _, h := range []string{"Seed", "Date"} {
		if v, ok := seen[h]; ok && v == "" {
			return fail("%s is empty: leave the header out", h)
		}
	}
	r.Seed, r.Date = seen["Seed"], seen["Date"]
	r.Result = seen["Result"]
	if !validResult(r.Result, rs, r.Players) {
		return fail("Result %q: want 1-0, 0-1 or * (in a variant, player k or *)", r.Result)
	}
	for sc.Scan() {
		line++
		e, err := ParseEntry(sc.Text(), len(r.Actions)+1, r.Players)
		if err != nil {
			return fail("%v", err)
		}
		r.Actions = append(r.Actions, e)
	}
	if err := sc.Err(); err != nil {
		return fail("%v", err)
	}
	return r, nil
}

func validResult(res string, rs rules.Rules, players int) bool {
	if res == "*" {
		return true
	}
	if rs.Variant == nil {
		return res == "1-0" || res == "0-1"
	}
	for p := range players {
		if res == fmt.Sprintf("player %d", p) {
			return true
		}
	}
	return false
}

// ParseEntry reads the line of entry number n in a match of players seats.
func ParseEntry(l string, n, players int) (Entry, error) {
	var e Entry
	body, outcome, hasOutcome := l, "", false
	if i := strings.IndexByte(l, '{'); i >= 0 {
		j := strings.IndexByte(l, '}')
		if j < i {
			return e, errors.New("a { without its }")
		}
		outcome, hasOutcome = l[i+1:j], true
		if i == 0 || l[i-1] != ' ' || j+1 < len(l) && l[j+1] != ' ' {
			return e, errors.New("the outcome in braces must stand between spaces")
		}
		body = l[:i-1] + l[j+1:]
	}
	k := tokens(body)
	if w := k.word(); w != strconv.Itoa(n)+"." {
		return e, fmt.Errorf("%q where the action number %d. belongs", w, n)
	}
	a := &e.Action
	a.Seat = k.seat(players)
	kind := k.word()
	known := false
	for c := game.Strike; c < game.Actions; c++ {
		if c.String() == kind {
			a.Kind, known = c, true
		}
	}
	if !known && k.err == nil {
		return e, fmt.Errorf("action %q: want strike, place, forgo, concede, toss, timeout, forfeit, buy or bell", kind)
	}
	switch a.Kind {
	case game.Strike:
		a.Shot.X = k.float(k.word())
		dx, dy, ok := strings.Cut(k.word(), ",")
		if !ok {
			k.fail("a strike's direction is written dx,dy")
		}
		a.Shot.Dir = board.Vec{X: k.float(dx), Y: k.float(dy)}
		a.Shot.Speed = k.float(k.word())
		if k.err == nil {
			if d, err := Dir(a.Shot.Dir); err != nil || d != a.Shot.Dir {
				k.fail("direction %s,%s: not one the shot decoder keeps as it is", dx, dy)
			}
		}
	case game.Place:
		x, y, ok := strings.Cut(k.word(), ",")
		if !ok {
			k.fail("a placing is written x,y")
		}
		a.At = board.Vec{X: k.float(x), Y: k.float(y)}
	case game.Concede:
		c, err := rules.ParseConcession(k.word())
		if err != nil {
			k.fail("%v", err)
		}
		a.Concede = c
	case game.Toss:
		a.Toss = k.side()
	case game.Forfeit:
		if a.Rule = k.word(); !ruleID.MatchString(a.Rule) {
			k.fail("forfeit rule %q: want a rule ID such as TM-3", a.Rule)
		}
	case game.Buy:
		a.Buy.Pocket = k.int()
		if a.Buy.Pocket >= int(board.Pockets) {
			k.fail("pocket %d: want 0 to %d", a.Buy.Pocket, board.Pockets-1)
		}
		a.Buy.Pay = k.holding(k.word())
	}
	if hasOutcome != stroked(a.Kind) && k.err == nil {
		if hasOutcome {
			return e, fmt.Errorf("a %s has no stroke outcome in braces", a.Kind)
		}
		return e, fmt.Errorf("a %s needs its stroke outcome in braces, {} for nothing", a.Kind)
	}
	if hasOutcome && (outcome != "" || a.Kind == game.Strike) {
		ws := strings.Split(outcome, " ")
		i := 0
		if a.Kind == game.Strike {
			if e.Time = k.float(ws[0]); k.err != nil || e.Time < 0 {
				return e, fmt.Errorf("outcome {%s}: a strike's outcome begins with the time its pieces moved, s", outcome)
			}
			i++
		}
		for ; i < len(ws) && pieceID.MatchString(ws[i]); i++ {
			e.Pocketed = append(e.Pocketed, ws[i])
		}
		if i < len(ws) && ws[i] == "miss" {
			e.Missed = true
			i++
		}
		if i < len(ws) && ws[i] == "foul" {
			e.Foul = true
			i++
		}
		if i < len(ws) {
			return e, fmt.Errorf("outcome {%s}: %q: want piece ids, then miss, then foul", outcome, ws[i])
		}
	}
	for k.more() {
		w := k.word()
		switch {
		case w == "void" && !k.more():
			e.Void = true
		case ruleID.MatchString(w) && !e.Void:
			e.Rules = append(e.Rules, w)
		default:
			k.fail("%q: want rule IDs, then void", w)
		}
	}
	return e, k.err
}
