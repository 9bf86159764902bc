package rules

import (
	"errors"
	"testing"

	"pgregory.net/rapid"
)

// TestAllRuleSets is the one table every rule set joins by its line in
// All: its name round-trips through ByName (and VariantByName for a
// variant without colours), it compares equal to itself as a value, and
// random matches under it keep the invariants at every seat count it takes.
func TestAllRuleSets(t *testing.T) {
	all := All()
	if len(Names) != len(all) {
		t.Fatalf("Names = %v for %d rule sets", Names, len(all))
	}
	for i, r := range all {
		t.Run(r.Name, func(t *testing.T) {
			if Names[i] != r.Name || r.Laws.Name() != r.Name {
				t.Errorf("rule set %d: Names[%d] = %q, Laws.Name() = %q; want %q", i, i, Names[i], r.Laws.Name(), r.Name)
			}
			if got, err := ByName(r.Name); err != nil || got != r {
				t.Errorf("ByName(%q) = %+v, %v; want %+v", r.Name, got, err, r)
			}
			v, err := VariantByName(r.Name)
			switch {
			case r.Variant == nil && err == nil:
				t.Errorf("VariantByName(%q) = %v; want an error for a rule set with colours", r.Name, v)
			case r.Variant != nil && (err != nil || v != r.Variant || Of(v) != r):
				t.Errorf("VariantByName(%q) = %v, %v; want %v, which Of makes into the rule set", r.Name, v, err, r.Variant)
			}
			lo, hi := r.Seats()
			played := 0
			for players := lo; players <= hi; players++ {
				if _, err := NewMatch(r, players); err != nil {
					// RULES S-1: the rule sets with colours seat 2 or 4.
					if !errors.Is(err, ErrBadPlayers) {
						t.Errorf("NewMatch(%s, %d): %v", r.Name, players, err)
					}
					continue
				}
				played++
				rapid.Check(t, func(t *rapid.T) { playAny(t, rapidDraws{t}, r, players, 300) })
			}
			if played == 0 {
				t.Errorf("%s takes %d to %d players, yet no match starts", r.Name, lo, hi)
			}
		})
	}
}

// playAny plays random inputs under any rule set through Match alone, as a
// table does, checking the invariants of its kind of board after each.
func playAny(t *rapid.T, d draws, r Rules, players, steps int) {
	m, err := NewMatch(r, players)
	if err != nil {
		t.Fatalf("NewMatch: %v", err)
	}
	for range steps {
		var (
			next Match
			rul  Ruling
			s    *Stroke
		)
		switch {
		case m.Awaiting == AwaitNothing:
			return
		case m.Awaiting == AwaitToss:
			next, rul, err = m.Toss(Side(d.intn(2)))
		case d.intn(200) == 0:
			next, rul, err = m.Concede(Concession(d.intn(3)))
		default:
			on := m.Board.OnBoard
			if r.Variant != nil {
				on = m.Colourless.OnBoard
			}
			st := randomStroke(d, Match{Board: Board{OnBoard: on}})
			s = &st
			next, rul, err = m.Stroke(st)
		}
		if err != nil {
			t.Fatalf("legal input rejected: %v", err)
		}
		if next.Rules != r {
			t.Fatalf("the match's rule set changed from %s to %s", r.Name, next.Rules.Name)
		}
		if r.Variant != nil {
			checkColourless(t, next.Colourless)
			if g := next.Colourless; next.Turn != g.Turn || next.Awaiting != g.Awaiting || next.Winner != Side(g.Winner) {
				t.Fatalf("the match says turn %d, awaiting %v, winner %d; its board %d, %v, %d", next.Turn, next.Awaiting, next.Winner, g.Turn, g.Awaiting, g.Winner)
			}
		} else {
			checkStep(t, m, next, s, rul)
		}
		m = next
	}
}

// A match with no rule set (the zero Match) refuses every input with an
// error instead of crashing.
func TestNoRuleSet(t *testing.T) {
	if _, err := NewMatch(Rules{}, 2); !errors.Is(err, ErrNoRules) {
		t.Errorf("NewMatch(Rules{}, 2) = %v; want ErrNoRules", err)
	}
	var m Match
	if _, _, err := m.Stroke(Stroke{}); !errors.Is(err, ErrNoRules) {
		t.Errorf("Match{}.Stroke = %v; want ErrNoRules", err)
	}
	if _, _, err := m.Concede(ConcedeBoard); !errors.Is(err, ErrNoRules) {
		t.Errorf("Match{}.Concede = %v; want ErrNoRules", err)
	}
	if _, err := ByName("snooker"); err == nil || err.Error() != `rules: unknown rule set "snooker" (want icf, family, point, three or pockets)` {
		t.Errorf("ByName(snooker) = %v", err)
	}
	if _, err := VariantByName("icf"); err == nil || err.Error() != `rules: unknown colourless rule set "icf" (want point, three or pockets)` {
		t.Errorf("VariantByName(icf) = %v", err)
	}
}
