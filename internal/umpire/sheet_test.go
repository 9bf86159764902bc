package umpire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

func singles(t *testing.T) Sheet {
	t.Helper()
	s, err := New(Config{Rules: "icf", Players: 2, Names: []string{"Asha", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// apply decodes and applies the operations in order, numbering them.
func apply(t *testing.T, s Sheet, ops ...string) Sheet {
	t.Helper()
	for _, o := range ops {
		var err error
		if s, err = s.try(o); err != nil {
			t.Fatalf("%s: %v", o, err)
		}
	}
	return s
}

func (s Sheet) try(o string) (Sheet, error) {
	op, _, err := DecodeOp(fmt.Appendf(nil, `{"seq": %d, %s}`, s.Seq+1, o))
	if err != nil {
		return s, err
	}
	return s.Apply(op)
}

func now(v View) State { return mustState(v.State) }

// refereeSays answers the lines as carrom referee does.
func refereeSays(t *testing.T, r string, players int, lines [][]byte) []string {
	t.Helper()
	var out []string
	if v, err := rules.VariantByName(r); err == nil {
		g, err := rules.NewColourless(v, players)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			var reply []byte
			g, reply = record.VariantLine(g, l)
			out = append(out, string(reply))
		}
		return out
	}
	rs, _ := rules.ByName(r)
	m, err := rules.NewMatch(rs, players)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		var reply []byte
		m, reply = record.RefereeLine(m, l)
		out = append(out, string(reply))
	}
	return out
}

// TestBoardWithDueCoverUndo plays a board through the sheet: a due
// (RULES D-1, placed by the opponent, PL-1), the queen pocketed and
// covered, an undo and a correction; every answer is the one
// carrom referee gives to the entries left.
func TestBoardWithDueCoverUndo(t *testing.T) {
	s := singles(t)
	s = apply(t, s,
		`"line": {"stroke": {"white": 1}}`,      // B-2 T-1
		`"line": {"stroke": {"striker": true}}`, // D-1: a due, Ben places it
	)
	st := now(s.View())
	if r := st.Ruling; r == nil || !hasRule(r, "D-1") || len(r.Place) != 1 || r.Place[0].Placer == nil || *r.Place[0].Placer != 1 || st.Turn != 1 {
		t.Fatalf("after the striker: turn %d, ruling %+v; want D-1 with seat 1 placing and seat 1 in turn", st.Turn, r)
	}
	s = apply(t, s,
		`"line": {"stroke": {"black": 1}}`,
		`"line": {"stroke": {"queen": true}}`, // the queen waits for its cover
	)
	if q := now(s.View()).Board.Queen; q != "pending" {
		t.Fatalf("queen %q after it was pocketed; want pending (Q-4)", q)
	}
	// A wrong entry, taken back.
	s = apply(t, s, `"line": {"stroke": {"touched": false}}`, `"undo": true`)
	if q := now(s.View()).Board.Queen; q != "pending" || len(s.Entries()) != 4 {
		t.Fatalf("after the undo: queen %q, %d entries; want pending, 4", q, len(s.Entries()))
	}
	s = apply(t, s, `"line": {"stroke": {"black": 1}}`)
	st = now(s.View())
	if st.Board.Queen != "covered" || st.Board.QueenSide == nil || *st.Board.QueenSide != 1 || !hasRule(st.Ruling, "Q-4") {
		t.Fatalf("after the cover: queen %q by %v, rules %v; want covered by side 1 (Q-4)", st.Board.Queen, st.Board.QueenSide, st.Ruling)
	}
	// A correction of the second entry: the striker was not pocketed
	// after all, the white was. Every later entry still fits.
	s = apply(t, s, `"edit": {"entry": 2, "line": {"stroke": {"white": 1}}}`)
	v := s.View()
	want := refereeSays(t, "icf", 2, s.Entries())
	for i, e := range v.Entries {
		if string(e.Reply) != want[i] {
			t.Errorf("entry %d: the sheet answers %s; carrom referee %s", i+1, e.Reply, want[i])
		}
	}
	if len(v.Entries) != 5 || v.Entries[1].Seat != 0 || string(v.Entries[1].Line) != `{"stroke":{"white":1}}` {
		t.Errorf("entries after the edit: %+v", v.Entries)
	}
}

// TestSigning: a board that is over must be signed before the next
// board's entries (so its entries stay correctable until then), and a
// signed board's entries can no longer change.
func TestSigning(t *testing.T) {
	s := apply(t, singles(t), `"line": {"stroke": {"white": 1}}`, `"line": {"concede": "board"}`)
	v := s.View()
	if v.MustSign != 1 || len(v.Boards) != 1 || !v.Boards[0].Over || v.Boards[0].Rule != "G-4" {
		t.Fatalf("after a concession: must sign %d, boards %+v; want board 1 over by G-4, to sign", v.MustSign, v.Boards)
	}
	if b := v.Boards[0]; b.Winner == nil || *b.Winner != 1 || b.Points != 11 {
		t.Errorf("board 1: winner %v, %d points; want side 1, 11 (8 c/m + queen 3, G-4)", b.Winner, b.Points)
	}
	for _, tc := range []struct{ op, why string }{
		{`"line": {"stroke": {"white": 1}}`, "an entry of the next board before the signature"},
		{`"sign": 2`, "a board that is not over"},
		{`"sign": 3`, "a board out of order"},
	} {
		if _, err := s.try(tc.op); !errors.Is(err, ErrRefused) {
			t.Errorf("%s (%s): %v; want ErrRefused", tc.op, tc.why, err)
		}
	}
	// Still correctable: undo the concession and sign nothing.
	if u := apply(t, s, `"undo": true`); u.View().MustSign != 0 {
		t.Errorf("after undoing the concession must sign %d; want 0", u.View().MustSign)
	}
	s = apply(t, s, `"sign": 1`, `"line": {"stroke": {"touched": false}}`)
	for _, op := range []string{`"edit": {"entry": 1, "line": {"stroke": {}}}`, `"remove": 2`, `"edit": {"entry": 4, "line": {"stroke": {}}}`} {
		if _, err := s.try(op); !errors.Is(err, ErrRefused) {
			t.Errorf("%s on a signed board: %v; want ErrRefused", op, err)
		}
	}
	if s, err := s.try(`"undo": true`); err != nil || len(s.Entries()) != 2 {
		t.Fatalf("undo on the next board: %v, %d entries", err, len(s.Entries()))
	} else if _, err := s.try(`"undo": true`); !errors.Is(err, ErrRefused) {
		t.Errorf("undo into a signed board: %v; want ErrRefused", err)
	}
	if v := s.View(); !v.Boards[0].Signed || v.Signed != 1 || v.Locked != 2 {
		t.Errorf("signed %d, locked %d, board 1 signed %v; want 1, 2, true", v.Signed, v.Locked, v.Boards[0].Signed)
	}
}

// TestRefusedEntries: the referee's refusals and the sheet's own leave the
// sheet as it was.
func TestRefusedEntries(t *testing.T) {
	s := apply(t, singles(t), `"line": {"stroke": {"white": 1}}`)
	for _, tc := range []struct {
		op   string
		want error
	}{
		{`"line": {"stroke": {"white": 9}}`, ErrRefused},                                            // 8 on the board
		{`"line": {"toss": 1}`, ErrRefused},                                                         // no toss awaited
		{`"edit": {"entry": 1, "line": {"stroke": {"queen": true, "touched": false}}}`, ErrRefused}, // moved yet touched nothing
		{`"remove": 5`, ErrRefused},
	} {
		got, err := s.try(tc.op)
		if !errors.Is(err, tc.want) || got.Seq != s.Seq || len(got.Entries()) != 1 {
			t.Errorf("%s: %v, seq %d, %d entries; want %v and the sheet unchanged", tc.op, err, got.Seq, len(got.Entries()), tc.want)
		}
	}
	op, _, _ := DecodeOp([]byte(`{"seq": 5, "undo": true}`))
	if _, err := s.Apply(op); !errors.Is(err, ErrSequence) {
		t.Errorf("entry 5 after 1: %v; want ErrSequence", err)
	}
}

// TestQueenValue: the queen adds nothing to a side whose score is over 21
// (RULES Q-12).
func TestQueenValue(t *testing.T) {
	s := apply(t, singles(t),
		`"line": {"concede": "board"}`, `"sign": 1`, // side 1: 12 (9 c/m + 3, capped)
		`"line": {"stroke": {}}`, `"line": {"concede": "board"}`, `"sign": 2`, // seat 1 breaks, seat 0 concedes: side 1 24
	)
	v := s.View()
	if st := now(v); len(st.Score) != 2 || st.Score[1] != 24 {
		t.Fatalf("score %v; want side 1 at 24", st.Score)
	}
	if len(v.QueenValue) != 2 || v.QueenValue[0] != 3 || v.QueenValue[1] != 0 {
		t.Errorf("queen value %v; want [3 0] (Q-12: nothing over 21)", v.QueenValue)
	}
	if v.Stats[1].Boards != 2 || v.Stats[0].Strokes != 0 || v.Stats[1].Strokes != 1 {
		t.Errorf("stats %+v", v.Stats)
	}
}

// TestMatchOver: the sheet is over once the match is decided and its
// last board signed; a match conceded mid-board (G-4) ends no board.
func TestMatchOver(t *testing.T) {
	s := apply(t, singles(t), `"line": {"concede": "board"}`)
	if v := s.View(); v.Over || v.MustSign != 1 {
		t.Fatalf("after a board: over %v, must sign %d", v.Over, v.MustSign)
	}
	s = apply(t, s, `"sign": 1`, `"line": {"concede": "match"}`)
	if v := s.View(); !v.Over || v.MustSign != 0 || v.Winner == nil || *v.Winner != 0 {
		t.Fatalf("after the concession: over %v, must sign %d, winner %v; want over, won by side 0", v.Over, v.MustSign, v.Winner)
	}
	if _, err := s.try(`"line": {"stroke": {}}`); !errors.Is(err, ErrRefused) {
		t.Errorf("a stroke after the match: %v; want ErrRefused", err)
	}
}

// TestVariantsAndDoubles: the sheet takes every rule set carrom referee
// does, with the same answers.
func TestVariantsAndDoubles(t *testing.T) {
	for _, tc := range []struct {
		rules   string
		players int
		lines   []string
	}{
		{"icf", 4, []string{`{"stroke": {"white": 1}}`, `{"stroke": {}}`, `{"stroke": {"black": 2, "striker": true}}`, `{"technical": 0}`}},
		{"family", 2, []string{`{"stroke": {"touched": false}}`, `{"stroke": {"white": 1, "queen": true}}`, `{"stroke": {"striker": true}}`}},
		{"point", 3, []string{`{"stroke": {"white": 2}}`, `{"stroke": {"queen": true}}`, `{"stroke": {}}`}},
		{"three", 3, []string{`{"stroke": {"black": 1}}`, `{"concede": "board"}`}},
		{"pockets", 2, []string{`{"stroke": {"white": 1, "black": 1}}`, `{"buy": {"pocket": 0, "white": 1, "black": 0, "queen": false}}`}},
	} {
		t.Run(fmt.Sprintf("%s-%d", tc.rules, tc.players), func(t *testing.T) {
			names := make([]string, tc.players)
			for i := range names {
				names[i] = fmt.Sprintf("P%d", i)
			}
			s, err := New(Config{Rules: tc.rules, Players: tc.players, Names: names})
			if err != nil {
				t.Fatal(err)
			}
			var lines [][]byte
			for _, l := range tc.lines {
				next, err := s.try(`"line": ` + l)
				if err != nil {
					// The sheet refuses what the referee refuses.
					out := refereeSays(t, tc.rules, tc.players, append(lines, []byte(l)))
					if !strings.Contains(out[len(out)-1], `"error"`) {
						t.Fatalf("%s refused (%v), the referee accepts it", l, err)
					}
					continue
				}
				s = next
				lines = append(lines, []byte(l))
			}
			want := refereeSays(t, tc.rules, tc.players, s.Entries())
			v := s.View()
			if len(v.Entries) != len(want) || len(want) == 0 {
				t.Fatalf("%d entries, the referee answered %d", len(v.Entries), len(want))
			}
			for i, e := range v.Entries {
				if string(e.Reply) != want[i] {
					t.Errorf("entry %d: %s; carrom referee %s", i+1, e.Reply, want[i])
				}
			}
		})
	}
}

func TestConfig(t *testing.T) {
	for _, c := range []Config{
		{Rules: "chess", Players: 2, Names: []string{"a", "b"}},
		{Rules: "icf", Players: 3, Names: []string{"a", "b", "c"}},
		{Rules: "three", Players: 2, Names: []string{"a", "b"}},
		{Rules: "icf", Players: 2, Names: []string{"a"}},
		{Rules: "icf", Players: 2, Names: []string{"a", ""}},
		{Rules: "icf", Players: 2, Names: []string{"a", strings.Repeat("x", MaxNames+1)}},
		{Rules: "icf", Players: 2, Names: []string{"a", "b"}, Accounts: []string{"a"}},
		{Rules: "icf", Players: 2, Names: []string{"a", "b"}, Accounts: []string{"a", "a"}},
		{Rules: "icf", Players: 2, Names: []string{"a", "b"}, Accounts: []string{"a", ""}},
		{Rules: "point", Players: 3, Names: []string{"a", "b", "c"}, Accounts: []string{"a", "b", "c"}},
		{Rules: "point", Players: 2, Names: []string{"a", "b"}, Accounts: []string{"a"}},
	} {
		if err := c.Check(); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: %v; want ErrConfig", c, err)
		}
	}
	// A rated match: ICF or family, singles or doubles, or a variant
	// between two players.
	for _, c := range []Config{
		{Rules: "family", Players: 4, Names: []string{"a", "b", "c", "d"}, Accounts: []string{"a", "b", "c", "d"}},
		{Rules: "point", Players: 2, Names: []string{"a", "b"}, Accounts: []string{"a", "b"}},
		{Rules: "pockets", Players: 2, Names: []string{"a", "b"}, Accounts: []string{"a", "b"}},
	} {
		if err := c.Check(); err != nil {
			t.Errorf("%+v: %v; want it accepted", c, err)
		}
	}
}

func TestDecodeOp(t *testing.T) {
	_, a, err := DecodeOp([]byte(`{"seq": 3, "line": {"stroke": {"white": 1, "queen": true}}}`))
	if err != nil {
		t.Fatal(err)
	}
	_, b, err := DecodeOp([]byte("{\"line\":{ \"stroke\" : {\"queen\":true,\n\"white\":1}},\"seq\":3}"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) || string(a) != `{"seq":3,"line":{"stroke":{"queen":true,"white":1}}}` {
		t.Errorf("canonical forms %s and %s; want both {\"seq\":3,\"line\":{\"stroke\":{\"queen\":true,\"white\":1}}}", a, b)
	}
	for _, bad := range []string{
		``, `{}`, `{"seq": 1}`, `{"seq": 0, "undo": true}`, `{"seq": 1, "undo": true, "sign": 1}`,
		`{"seq": 1, "line": {"stroke": {"whites": 1}}}`, `{"seq": 1, "line": {}}`, `{"seq": 1, "redo": true}`,
		`{"seq": 1, "edit": {"entry": 1}}`, `{"seq": 1, "seq": 2, "undo": true}`, `{"seq": 1, "undo": true} x`,
	} {
		if _, _, err := DecodeOp([]byte(bad)); !errors.Is(err, ErrOp) || !strings.HasPrefix(err.Error(), "umpire: ") {
			t.Errorf("DecodeOp(%q) = %v; want ErrOp, prefixed umpire:", bad, err)
		}
	}
}

// FuzzDecodeOp: no input crashes the decoder, and a decoded operation's
// canonical form decodes to itself.
func FuzzDecodeOp(f *testing.F) {
	for _, s := range []string{`{"seq": 3, "line": {"stroke": {"white": 1}}}`, `{"seq": 1, "edit": {"entry": 1, "line": {"concede": "board"}}}`, `{"seq": 2, "sign": 1}`, `{"seq":1,"undo":true}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		op, canon, err := DecodeOp(data)
		if err != nil {
			return
		}
		op2, canon2, err := DecodeOp(canon)
		if err != nil || !bytes.Equal(canon, canon2) || op.Seq != op2.Seq {
			t.Fatalf("DecodeOp(%q) = %s, which decodes to %s, %v", data, canon, canon2, err)
		}
		s := singles(t)
		s.Seq = op.Seq - 1
		if next, err := s.Apply(op); err == nil {
			var v View
			if err := json.Unmarshal(mustJSON(next.View()), &v); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// BenchmarkSheetMemory reports the heap a sheet of 3,000 strokes (the
// most a server's sheet keeps) holds per entry, the entries with their
// answers: what a server keeping sheets' states pays.
func BenchmarkSheetMemory(b *testing.B) {
	var ms runtime.MemStats
	for range b.N {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.HeapAlloc
		s, err := New(Config{Rules: "icf", Players: 2, Names: []string{"A", "B"}})
		for i := 1; i <= 3000 && err == nil; i++ {
			op, _, _ := DecodeOp(fmt.Appendf(nil, `{"seq": %d, "line": {"stroke": {}}}`, i))
			s, err = s.Apply(op)
		}
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.HeapAlloc-before)/3000, "B/entry")
		runtime.KeepAlive(s)
	}
}
