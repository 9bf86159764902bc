package physicsbench

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/physics/physicstest"
)

var update = flag.Bool("update", false, "rewrite testdata/midgame.jsonl from the generator")

// TestCorpus pins the committed corpus to the generator: the file is what
// Generate makes from CorpusSeed, and it reads back to the same strokes.
func TestCorpus(t *testing.T) {
	want := Encode(Generate(physics.Default(), CorpusSeed, CorpusSize))
	if *update {
		if err := os.WriteFile("testdata/midgame.jsonl", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("testdata/midgame.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("testdata/midgame.jsonl differs from Generate(%d, %d); run go test -update", CorpusSeed, CorpusSize)
	}
	if again := Encode(Midgame()); !bytes.Equal(again, got) {
		t.Errorf("Encode(Decode(corpus)) differs from the corpus")
	}
}

// TestCorpusStrokes runs every stroke of the corpus through the invariants.
func TestCorpusStrokes(t *testing.T) {
	p := physics.Default()
	sim, err := physics.NewSimulator(p)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range Midgame() {
		start, err := physics.Place(p, s.Pieces, s.Shot)
		if err != nil {
			t.Fatalf("stroke %d: Place: %v", i, err)
		}
		r, err := sim.Simulate(start)
		if err != nil {
			t.Fatalf("stroke %d: Simulate: %v", i, err)
		}
		if err := physicstest.Check(p, start, r); err != nil {
			t.Errorf("stroke %d: %v", i, err)
		}
	}
}
