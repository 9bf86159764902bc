package rating_test

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/rating"
)

// ledger is rating.Ledger in memory: the rows the store keeps.
type ledger struct {
	kept    map[string]rating.Period
	results []rating.Result
}

func newLedger() *ledger { return &ledger{kept: map[string]rating.Period{}} }

func key(id string, p rating.Pool) string { return id + "/" + p.Rules + "/" + p.Format }

func (l *ledger) Rated(tableID string) (bool, error) {
	for _, r := range l.results {
		if r.TableID == tableID {
			return true, nil
		}
	}
	return false, nil
}

func (l *ledger) Between(a, b string, day int64) (int, error) {
	n := 0
	for _, x := range l.results {
		for _, y := range l.results {
			if x.TableID == y.TableID && x.AccountID == a && y.AccountID == b && x.Period.Day == day && x.Game.Score != y.Game.Score {
				n++
			}
		}
	}
	return n, nil
}

func (l *ledger) Kept(id string, p rating.Pool) (rating.Period, bool, error) {
	k, ok := l.kept[key(id, p)]
	return k, ok, nil
}

func (l *ledger) Games(id string, p rating.Pool, day int64) ([]rating.Game, error) {
	var out []rating.Game
	for _, r := range l.results {
		if r.AccountID == id && r.Pool == p && r.Period.Day == day {
			out = append(out, r.Game)
		}
	}
	return out, nil
}

func (l *ledger) Record(r rating.Result) error {
	l.kept[key(r.AccountID, r.Pool)] = r.Period
	l.results = append(l.results, r)
	return nil
}

var may1 = time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)

func singles(id string, at time.Time, winner, loser string) rating.Match {
	return rating.Match{TableID: id, Rules: "icf", Sides: [2][]string{{winner}, {loser}}, At: at, PerPair: rating.PerPair}
}

func update(t *testing.T, p rating.Player, games ...rating.Game) rating.Player {
	t.Helper()
	got, err := p.Update(games, rating.Tau)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestCheck: what docs/accounts.md ("Pools", "What is rated") rates: ICF
// and family singles and doubles, point carrom and buying the pockets
// between two players; one or two accounts a side, a winner, nobody twice.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules string
		sides [2][]string
		win   int
		ok    bool
	}{
		{"ICF singles", "icf", [2][]string{{"a"}, {"b"}}, 0, true},
		{"family doubles", "family", [2][]string{{"a", "c"}, {"b", "d"}}, 1, true},
		{"point carrom between two", "point", [2][]string{{"a"}, {"b"}}, 1, true},
		{"buying the pockets between two", "pockets", [2][]string{{"a"}, {"b"}}, 0, true},
		{"point carrom in doubles: singles only", "point", [2][]string{{"a", "c"}, {"b", "d"}}, 0, false},
		{"three-player carrom: not rated", "three", [2][]string{{"a"}, {"b"}}, 0, false},
		{"a rule set nobody knows", "snooker", [2][]string{{"a"}, {"b"}}, 0, false},
		{"one against two", "icf", [2][]string{{"a"}, {"b", "c"}}, 0, false},
		{"nobody", "icf", [2][]string{{}, {}}, 0, false},
		{"three a side", "icf", [2][]string{{"a", "b", "c"}, {"d", "e", "f"}}, 0, false},
		{"no winner", "icf", [2][]string{{"a"}, {"b"}}, -1, false},
		{"a third side as winner", "icf", [2][]string{{"a"}, {"b"}}, 2, false},
		{"one account on both sides", "icf", [2][]string{{"a"}, {"a"}}, 0, false},
		{"one account twice in a pair", "icf", [2][]string{{"a", "a"}, {"b", "c"}}, 0, false},
	} {
		m := rating.Match{TableID: "t", Rules: c.rules, Sides: c.sides, Winner: c.win, At: may1}
		err := rating.Check(m)
		if c.ok != (err == nil) || (err != nil && !errors.Is(err, rating.ErrMatch)) {
			t.Errorf("%s: Check = %v; want ok %v (or ErrMatch)", c.name, err, c.ok)
		}
		l, kept := newLedger(), 0
		if c.ok {
			kept = 2 * len(c.sides[0])
		}
		if _, err := rating.Rate(l, m); c.ok != (err == nil) || len(l.results) != kept {
			t.Errorf("%s: Rate = %v, %d results; want the check's answer and nothing kept if refused", c.name, err, len(l.results))
		}
	}
}

// TestTooShort: docs/accounts.md, "What is not rated": a match that ends
// with no board finished by a stroke and fewer than 10 strokes played.
func TestTooShort(t *testing.T) {
	for _, c := range []struct {
		strokes, boards int
		short           bool
	}{
		{0, 0, true},   // conceded at once, or a player who never came
		{9, 0, true},   // one stroke short
		{10, 0, false}, // some five turns each: a board really begun
		{0, 1, false},  // a board finished by a stroke
		{3, 2, false},
	} {
		why := rating.TooShort(c.strokes, c.boards)
		if (why != "") != c.short {
			t.Errorf("TooShort(%d strokes, %d boards) = %q; want short %v", c.strokes, c.boards, why, c.short)
		}
	}
}

// TestDay: "A rating period is a day (UTC)", whatever the zone the instant
// is told in.
func TestDay(t *testing.T) {
	india := time.FixedZone("IST", 5*3600+1800)
	for _, c := range []struct {
		a, b time.Time
		same bool
	}{
		{may1, may1.Add(14*time.Hour + 59*time.Minute), true},
		{time.Date(2026, 5, 1, 23, 59, 59, 999999999, time.UTC), time.Date(2026, 5, 2, 0, 0, 0, 0, time.UTC), false},
		// 02:00 in India on 2 May is 20:30 UTC on 1 May.
		{may1, time.Date(2026, 5, 2, 2, 0, 0, 0, india), true},
	} {
		if got := rating.Day(c.a) == rating.Day(c.b); got != c.same {
			t.Errorf("Day(%v) = %d, Day(%v) = %d; want the same day %v", c.a, rating.Day(c.a), c.b, rating.Day(c.b), c.same)
		}
	}
	if got := rating.Day(time.Unix(0, 0)); got != 0 {
		t.Errorf("Day(1970-01-01) = %d; want 0", got)
	}
}

// TestRate: the rating period of docs/accounts.md, "A rating period is a
// day": every match recomputes the player's rating for the day from the
// day's start with all the day's games, each against the opponent as
// rated at the day's start; a day without games grows the deviation; a
// match is rated once; doubles against the pair as one (rating.Team);
// and "past 5 rated matches a day between two accounts on opposite
// sides, in any pool", further matches are not rated.
func TestRate(t *testing.T) {
	won := update(t, rating.New(), rating.Game{Opponent: rating.New(), Score: 1})
	lost := update(t, rating.New(), rating.Game{Opponent: rating.New(), Score: 0})
	twice := update(t, rating.New(), rating.Game{Opponent: rating.New(), Score: 1}, rating.Game{Opponent: rating.New(), Score: 1})
	type want struct {
		account       string
		before, after float64
	}
	for _, c := range []struct {
		name    string
		matches []rating.Match
		n       int    // changes of the last match
		last    []want // if not nil, those changes
		err     error  // of the last match
	}{
		{"a first match: both from 1500", []rating.Match{singles("m1", may1, "a", "b")},
			2, []want{{"a", 1500, won.R}, {"b", 1500, lost.R}}, nil},
		{"a's second win of the day: from the day's start with both games, c as rated at its start",
			[]rating.Match{singles("m1", may1, "a", "b"), singles("m2", may1.Add(time.Hour), "a", "c")},
			2, []want{{"a", won.R, twice.R}, {"c", 1500, lost.R}}, nil},
		{"a match rated once", []rating.Match{singles("m1", may1, "a", "b"), singles("m1", may1.Add(time.Hour), "a", "b")},
			0, nil, nil},
		{"three days on: the last rating, idle two periods",
			[]rating.Match{singles("m1", may1, "a", "b"), singles("m2", may1.Add(72*time.Hour), "b", "a")},
			2, []want{
				{"b", lost.R, update(t, lost.Idle(2), rating.Game{Opponent: won.Idle(2), Score: 1}).R},
				{"a", won.R, update(t, won.Idle(2), rating.Game{Opponent: lost.Idle(2), Score: 0}).R},
			}, nil},
		{"doubles: a pool of its own, each against the pair as one",
			[]rating.Match{singles("m1", may1, "a", "b"),
				{TableID: "m2", Rules: "icf", Sides: [2][]string{{"a", "c"}, {"b", "d"}}, At: may1}},
			4, []want{{"a", 1500, won.R}, {"c", 1500, won.R}, {"b", 1500, lost.R}, {"d", 1500, lost.R}}, nil},
		{"the sixth match of a day between two, in any pool, is not rated", append(fiveADay("a", "b", may1),
			rating.Match{TableID: "m6", Rules: "family", Sides: [2][]string{{"b"}, {"a"}}, At: may1.Add(6 * time.Hour), PerPair: rating.PerPair}),
			0, nil, rating.ErrCap},
		{"partners are not opponents: the sixth of a day with a partner of five is rated", append(fiveADay("a", "b", may1),
			rating.Match{TableID: "m6", Rules: "icf", Sides: [2][]string{{"a", "b"}, {"c", "d"}}, At: may1.Add(6 * time.Hour), PerPair: rating.PerPair}),
			4, []want{{"a", 1500, won.R}, {"b", 1500, won.R}, {"c", 1500, lost.R}, {"d", 1500, lost.R}}, nil},
		{"the next day counts afresh", append(fiveADay("a", "b", may1), singles("m6", may1.Add(24*time.Hour), "b", "a")),
			2, nil, nil},
		{"a real board's sheet is not capped (PerPair 0)", append(fiveADay("a", "b", may1),
			rating.Match{TableID: "sheet:1", Rules: "icf", Sides: [2][]string{{"a"}, {"b"}}, At: may1.Add(6 * time.Hour)}),
			2, nil, nil},
	} {
		l := newLedger()
		var changes []rating.Change
		var err error
		for i, m := range c.matches {
			changes, err = rating.Rate(l, m)
			if i < len(c.matches)-1 && err != nil {
				t.Fatalf("%s: match %s: %v", c.name, m.TableID, err)
			}
		}
		if !errors.Is(err, c.err) || len(changes) != c.n {
			t.Errorf("%s: %+v, %v; want %d changes, error %v", c.name, changes, err, c.n, c.err)
			continue
		}
		for i, w := range c.last {
			g := changes[i]
			if g.AccountID != w.account || math.Abs(g.Before-w.before) > 1e-9 || math.Abs(g.After-w.after) > 1e-9 {
				t.Errorf("%s: change %d %+v; want %s from %.4f to %.4f", c.name, i, g, w.account, w.before, w.after)
			}
		}
	}
}

// fiveADay are the five rated matches of a day a and b may play against
// each other, won in turn.
func fiveADay(a, b string, day time.Time) []rating.Match {
	var out []rating.Match
	for i := range 5 {
		w, l := a, b
		if i%2 == 1 {
			w, l = b, a
		}
		out = append(out, singles("d"+string(rune('1'+i)), day.Add(time.Duration(i)*time.Hour), w, l))
	}
	return out
}
