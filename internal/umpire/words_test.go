package umpire

import (
	"errors"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/rules"
)

// TestRefusalWords: what the sheet refuses is said in one plain sentence
// of what to do, as the umpire's page shows it: no JSON, no package
// prefix, seats and entries numbered as the page numbers them; and the
// refusal still says what it is (errors.Is).
func TestRefusalWords(t *testing.T) {
	s := apply(t, singles(t), `"line": {"stroke": {"white": 1}}`, `"line": {"stroke": {"striker": true}}`, `"line": {"stroke": {"white": 2}}`)
	for _, tc := range []struct {
		op, want string
		is       error
	}{
		// Seven white on the board: nine after the due (D-1), then Ben's 2.
		{`"line": {"stroke": {"white": 10}}`, "Only 7 white are on the board, so a stroke cannot take 10 off it: enter what the stroke did.", rules.ErrBadStroke},
		{`"line": {"stroke": {"white": 5, "jumped": {"white": 5, "black": 0, "queen": false}}}`, "Only 7 white are on the board, so a stroke cannot take 10 off it", rules.ErrBadStroke},
		{`"line": {"toss": 1}`, "No toss is due", rules.ErrNotAwaited},
		{`"line": {"technical": 0}`, "enter the stroke with Foul", rules.ErrNotAwaited},
		{`"sign": 1`, "Board 1 is still in play: sign it once it is over.", ErrRefused},
		{`"remove": 9`, "Entry 9 cannot change: only the board in play's entries (1 to 3) do", ErrRefused},
		// Asha's 7 white in place of the due leave 1 for entry 3's 2.
		{`"edit": {"entry": 2, "line": {"stroke": {"white": 7}}}`, "With entry 2 corrected, entry 3 no longer stands: only 1 white is on the board, so a stroke cannot take 2 off it", rules.ErrBadStroke},
		{`"edit": {"entry": 3, "line": {"stroke": {"white": 10}}}`, "As corrected, entry 3 cannot stand: only 9 white are on the board", rules.ErrBadStroke},
		{`"insert": {"entry": 3, "line": {"stroke": {"white": 8}}}`, "With the entry put back before entry 3, entry 3 no longer stands: only 1 white is on the board", rules.ErrBadStroke},
		{`"insert": {"entry": 2, "line": {"stroke": {"white": 10}}}`, "The entry cannot go back as entry 2: only 8 white are on the board", rules.ErrBadStroke},
	} {
		got, err := s.try(tc.op)
		if err == nil {
			t.Errorf("%s: accepted; want it refused", tc.op)
			continue
		}
		w := err.Error()
		if !strings.Contains(w, tc.want) || !errors.Is(err, ErrRefused) || !errors.Is(err, tc.is) || got.Seq != s.Seq {
			t.Errorf("%s: %q (is %v: %v); want %q, ErrRefused and the sheet unchanged", tc.op, w, tc.is, errors.Is(err, tc.is), tc.want)
		}
		for _, dev := range []string{"umpire:", "rules:", "{", "impossible stroke", ": refused"} {
			if strings.Contains(w, dev) {
				t.Errorf("%s: %q says %q; want plain words", tc.op, w, dev)
			}
		}
	}

	// A removal that leaves a later entry impossible names it by the number
	// the page shows: Ben's 9 white (entry 3) after the due is taken away.
	s = apply(t, singles(t), `"line": {"stroke": {"white": 1}}`, `"line": {"stroke": {"striker": true}}`, `"line": {"stroke": {"white": 9}}`)
	if _, err := s.try(`"remove": 2`); err == nil || err.Error() != "Without entry 2, entry 3 no longer stands: only 8 white are on the board, so a stroke cannot take 9 off it: enter what the stroke did." {
		t.Errorf("removing the due: %v; want entry 3 named, with 8 white on the board", err)
	}

	c := Config{Rules: "icf", Players: 2, Names: []string{"Asha", ""}}
	if _, err := New(c); err == nil || err.Error() != "Give seat 2 a name of 1 to 80 characters." || !errors.Is(err, ErrConfig) {
		t.Errorf("a seat without a name: %v; want seat 2 (as the form numbers it) named", err)
	}
	c = Config{Rules: "icf", Players: 3, Names: []string{"A", "B", "C"}}
	if _, err := New(c); err == nil || err.Error() != "ICF carrom is played by 2 players (singles) or 4 (doubles)." {
		t.Errorf("ICF for three: %v", err)
	}
}

// TestInsertUndoesRemove: putting a removed entry back where it was gives
// the sheet it had; the entries after it read as before (the page's Undo
// of a Remove).
func TestInsertUndoesRemove(t *testing.T) {
	s := apply(t, singles(t), `"line": {"stroke": {"white": 1}}`, `"line": {"stroke": {}}`, `"line": {"stroke": {"black": 2}}`)
	removed := apply(t, s, `"remove": 2`)
	if v := removed.View(); len(v.Entries) != 2 || v.Entries[1].Seat != 0 {
		t.Fatalf("after removing entry 2: %d entries, the last by seat %d; want Ben's 2 black now Asha's", len(v.Entries), v.Entries[1].Seat)
	}
	back := apply(t, removed, `"insert": {"entry": 2, "line": {"stroke": {}}}`)
	a, b := s.View(), back.View()
	if len(a.Entries) != len(b.Entries) || string(a.State) != string(b.State) {
		t.Fatalf("put back: %d entries, state %s; want %d, %s", len(b.Entries), b.State, len(a.Entries), a.State)
	}
	for i := range a.Entries {
		if a.Entries[i].Seat != b.Entries[i].Seat || string(a.Entries[i].Reply) != string(b.Entries[i].Reply) {
			t.Errorf("entry %d put back: seat %d %s; want seat %d %s", i+1, b.Entries[i].Seat, b.Entries[i].Reply, a.Entries[i].Seat, a.Entries[i].Reply)
		}
	}
	// After the last entry, an insert is an entry.
	last := apply(t, s, `"insert": {"entry": 4, "line": {"stroke": {}}}`)
	if n := len(last.Entries()); n != 4 {
		t.Errorf("an insert after the last entry: %d entries; want 4", n)
	}
	if _, err := s.try(`"insert": {"entry": 5, "line": {"stroke": {}}}`); !errors.Is(err, ErrRefused) {
		t.Errorf("an insert past the end: %v; want refused", err)
	}
}
