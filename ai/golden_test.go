package ai_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"hash"
	"math"
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/golden"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// digest hashes the bits of every figure it is given.
type digest struct{ h hash.Hash }

func newDigest() digest { return digest{sha256.New()} }

func (d digest) floats(xs ...float64) {
	for _, x := range xs {
		binary.Write(d.h, binary.LittleEndian, math.Float64bits(x))
	}
}

func (d digest) shot(s physics.Shot) {
	fmt.Fprintf(d.h, "%d ", s.Base)
	d.floats(s.X, s.Dir.X, s.Dir.Y, s.Speed)
}

func (d digest) advice(adv []ai.Advice) {
	for _, a := range adv {
		fmt.Fprintf(d.h, "%v %s %d ", a.Kind, a.Target, a.Pocket)
		d.shot(a.Shot)
		d.floats(a.Success, a.Value)
	}
}

func levelNamed(t *testing.T, name string) ai.Level {
	t.Helper()
	l, err := ai.LevelByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func (d digest) String() string { return fmt.Sprintf("%x", d.h.Sum(nil)) }

// TestGoldenDecisions pins seeded computer play to the last bit: the
// club's advice at the break, a short match of the club against the
// expert under their noise (every stroke as executed, and the pieces where
// they stop), and the expert's advice in the position it leaves. The
// search, the noise draws and the sweep's angles are the same on every
// build: CI runs this test in a default build, with GOAMD64=v3 and on
// arm64, and each must give these bits.
func TestGoldenDecisions(t *testing.T) {
	ctx := context.Background()
	club, expert := levelNamed(t, "club"), levelNamed(t, "expert")
	tab, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	var got string
	line := func(name string, d digest, first ai.Advice) {
		got += fmt.Sprintf("%s sha256 %s\n", name, d)
		s := first.Shot
		got += fmt.Sprintf("%s first %v x %.17g dir (%.17g, %.17g) speed %.17g success %.17g value %.17g\n",
			name, first.Kind, s.X, s.Dir.X, s.Dir.Y, s.Speed, first.Success, first.Value)
	}

	adv, err := ai.New(club, 0, 1).Advise(ctx, tab, 1)
	if err != nil || len(adv) == 0 {
		t.Fatalf("club's advice at the break: %d shots, %v", len(adv), err)
	}
	d := newDigest()
	d.advice(adv)
	line("break", d, adv[0])

	const actions = 4
	players := []ai.Player{ai.New(club, 0, 2), ai.New(expert, 0, 3)}
	end, rec, err := ai.Play(ctx, tab, players, []ai.Noise{club.Noise, expert.Noise}, 4,
		func(_ game.Table, r ai.Transcript) bool { return len(r.Actions) >= actions })
	if err != nil {
		t.Fatalf("Play: %v", err)
	}
	d = newDigest()
	for _, a := range rec.Actions {
		fmt.Fprintf(d.h, "%d %v ", a.Seat, a.Kind)
		d.shot(a.Shot)
		d.floats(a.At.X, a.At.Y)
	}
	for _, p := range end.Pieces() {
		fmt.Fprintf(d.h, "%s %v ", p.ID, p.Kind)
		d.floats(p.Pos.X, p.Pos.Y)
	}
	got += fmt.Sprintf("match sha256 %s\nmatch actions %d pieces %d\n", d, len(rec.Actions), len(end.Pieces()))

	if end.ToAct().Need != game.NeedStrike {
		t.Fatalf("after %d actions the table needs %v; want a stroke", actions, end.ToAct().Need)
	}
	adv, err = ai.New(expert, 0, 5).Advise(ctx, end, 5)
	if err != nil || len(adv) == 0 {
		t.Fatalf("expert's advice after the match: %d shots, %v", len(adv), err)
	}
	d = newDigest()
	d.advice(adv)
	line("midgame", d, adv[0])

	const file = "testdata/decisions.golden"
	golden.Check(t, file, []byte(got), *update)
}
