package ai_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/golden"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// variantTable is a new table of the variant called name (RULES §14).
func variantTable(t *testing.T, name string, players int) game.Table {
	t.Helper()
	r, err := rules.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := game.New(game.Config{Rules: r, Players: players, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestGoldenVariantDecisions pins seeded play of every variant without
// colours to the last bit, as TestGoldenDecisions does ICF's: for point
// carrom (V-1), three players (V-2) and buying the pockets (V-3), the club's
// advice at the break, a short match of the casual level against the club
// (every action as executed, and the pieces where they stop) and the club's
// advice in the position it leaves; and the first purchase of a pocket in a
// game of beginners, with the holdings it was made from.
func TestGoldenVariantDecisions(t *testing.T) {
	ctx := context.Background()
	casual, club := levelNamed(t, "casual"), levelNamed(t, "club")
	var got string
	line := func(name string, d digest, first ai.Advice) {
		got += fmt.Sprintf("%s sha256 %s\n", name, d)
		s := first.Shot
		got += fmt.Sprintf("%s first %v %s x %.17g dir (%.17g, %.17g) speed %.17g success %.17g value %.17g\n",
			name, first.Kind, first.Target, s.X, s.Dir.X, s.Dir.Y, s.Speed, first.Success, first.Value)
	}
	for _, v := range []struct {
		name    string
		players int
	}{{"point", 2}, {"three", 3}, {"pockets", 2}} {
		tab := variantTable(t, v.name, v.players)
		adv, err := ai.New(club, 0, 1).Advise(ctx, tab, 1)
		if err != nil || len(adv) == 0 {
			t.Fatalf("%s: club's advice at the break: %d shots, %v", v.name, len(adv), err)
		}
		d := newDigest()
		d.advice(adv)
		line(v.name+" break", d, adv[0])

		const actions = 6
		var players []ai.Player
		var noises []ai.Noise
		for s := range v.players {
			l := casual
			if s%2 == 1 {
				l = club
			}
			players = append(players, ai.New(l, 0, uint64(2+s)))
			noises = append(noises, l.Noise)
		}
		end, rec, err := ai.Play(ctx, tab, players, noises, 4,
			func(_ game.Table, r ai.Transcript) bool { return len(r.Actions) >= actions })
		if err != nil {
			t.Fatalf("%s: Play: %v", v.name, err)
		}
		d = newDigest()
		for _, a := range rec.Actions {
			fmt.Fprintf(d.h, "%d %v %+v ", a.Seat, a.Kind, a.Buy)
			d.shot(a.Shot)
		}
		for _, p := range end.Pieces() {
			fmt.Fprintf(d.h, "%s %v ", p.ID, p.Kind)
			d.floats(p.Pos.X, p.Pos.Y)
		}
		g := end.Match().Colourless
		got += fmt.Sprintf("%s match sha256 %s\n%s match actions %d pieces %d turn %d held %+v\n", v.name, d, v.name, len(rec.Actions), len(end.Pieces()), g.Turn, g.Held[:g.Players])
		if end.ToAct().Need != game.NeedStrike {
			t.Fatalf("%s: after %d actions the table needs %v; want a stroke", v.name, actions, end.ToAct().Need)
		}
		adv, err = ai.New(club, 0, 5).Advise(ctx, end, 5)
		if err != nil || len(adv) == 0 {
			t.Fatalf("%s: club's advice after the match: %d shots, %v", v.name, len(adv), err)
		}
		d = newDigest()
		d.advice(adv)
		line(v.name+" midgame", d, adv[0])
	}

	beginner := levelNamed(t, "beginner")
	tab := variantTable(t, "pockets", 2)
	players := []ai.Player{ai.New(beginner, 0, 6), ai.New(beginner, 0, 7)}
	var before rules.Colourless
	_, rec, err := ai.Play(ctx, tab, players, []ai.Noise{beginner.Noise, beginner.Noise}, 8,
		func(t game.Table, r ai.Transcript) bool {
			n := len(r.Actions)
			if n == 0 || r.Actions[n-1].Kind != game.Buy {
				before = t.Match().Colourless
				return false
			}
			return true
		})
	if err != nil {
		t.Fatalf("pockets: Play: %v", err)
	}
	last := rec.Actions[len(rec.Actions)-1]
	if last.Kind != game.Buy {
		t.Fatalf("pockets: a game of beginners without a purchase (%d actions)", len(rec.Actions))
	}
	got += fmt.Sprintf("pockets first purchase at action %d by player %d: %+v, holding %+v, banked %+v, pockets %v\n",
		len(rec.Actions), last.Seat, last.Buy, before.Held[last.Seat], before.Banked[last.Seat], before.Owner)

	golden.Check(t, "testdata/variants.golden", []byte(got), *update)
}

// A whole game of every variant between two levels is legal, ends with a
// winner, and replays bit for bit from its actions, purchases included
// (RULES §14); the higher level, here the casual one, wins more often than
// not only over many games (carrom bench ai -rules), so this checks no
// winner.
func TestVariantPlayReplays(t *testing.T) {
	beginner, casual := levelNamed(t, "beginner"), levelNamed(t, "casual")
	for _, v := range []struct {
		name    string
		players int
	}{{"point", 3}, {"three", 3}, {"pockets", 2}} {
		t.Run(v.name, func(t *testing.T) {
			tab := variantTable(t, v.name, v.players)
			var players []ai.Player
			var noises []ai.Noise
			for s := range v.players {
				l := []ai.Level{beginner, casual}[s%2]
				players = append(players, ai.New(l, 0, uint64(10+s)))
				noises = append(noises, l.Noise)
			}
			end, rec, err := ai.Play(t.Context(), tab, players, noises, 11, nil)
			if err != nil {
				t.Fatalf("Play: %v", err)
			}
			m := end.Match()
			if m.Awaiting != rules.AwaitNothing || m.Winner < 0 || int(m.Winner) >= v.players {
				t.Fatalf("Play ended awaiting %v, winner %d; want the game over with a winner", m.Awaiting, m.Winner)
			}
			buys := 0
			for _, a := range rec.Actions {
				if a.Kind == game.Buy {
					buys++
				}
			}
			if v.name == "pockets" && buys < 4 {
				t.Errorf("%d purchases; the winner owns all four pockets, so want 4 or more", buys)
			}
			again, err := game.Replay(end.Config(), rec.Actions, nil)
			if err != nil {
				t.Fatalf("Replay: %v", err)
			}
			if again.Match() != m {
				t.Errorf("Replay gives match %+v; want %+v", again.Match(), m)
			}
			for s := range v.players {
				if rec.Scoring[s] > rec.Strokes[s] {
					t.Errorf("player %d: %d scoring strokes of %d", s, rec.Scoring[s], rec.Strokes[s])
				}
			}
		})
	}
}
