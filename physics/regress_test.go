package physics_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/physics/physicstest"
	"github.com/carrom-game/carrom/record"
)

// regress is a stroke that once broke the engine: testdata/regress/NAME.json.
type regress struct {
	What   string `json:"what"` // what broke
	Params struct {
		ECoinCoin, EStrikerCoin, ECushion, MuCoin, MuStriker, Dwell *float64
	} `json:"params"` // what differs from Default
	// Discs are pieces in record's JSON form with their velocities, m/s.
	Discs []struct {
		record.Piece
		VX float64 `json:"vx"`
		VY float64 `json:"vy"`
	} `json:"discs"`
}

// TestRegress runs every stroke that once broke the engine through the
// invariants; with the default parameters it must also end before the cap.
func TestRegress(t *testing.T) {
	names, err := filepath.Glob("testdata/regress/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no regressions in testdata/regress: %v", err)
	}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			var r regress
			if err := json.Unmarshal(data, &r); err != nil {
				t.Fatal(err)
			}
			p := physics.Default()
			custom := false
			for _, f := range []struct {
				v   *float64
				dst *float64
			}{{r.Params.ECoinCoin, &p.ECoinCoin}, {r.Params.EStrikerCoin, &p.EStrikerCoin}, {r.Params.ECushion, &p.ECushion},
				{r.Params.MuCoin, &p.MuCoin}, {r.Params.MuStriker, &p.MuStriker}, {r.Params.Dwell, &p.Dwell}} {
				if f.v != nil {
					*f.dst, custom = *f.v, true
				}
			}
			var s physics.State
			for _, d := range r.Discs {
				pc, err := d.ToPiece()
				if err != nil {
					t.Fatal(err)
				}
				s.Discs = append(s.Discs, physics.Disc{ID: pc.ID, Kind: pc.Kind, Pos: pc.Pos, Vel: board.Vec{X: d.VX, Y: d.VY}})
			}
			res, err := physics.Simulate(p, s)
			if err != nil {
				t.Fatalf("%s: Simulate: %v", r.What, err)
			}
			if err := physicstest.Check(p, s, res); err != nil {
				t.Errorf("%s: %v", r.What, err)
			}
			if res.Capped && !custom {
				t.Errorf("%s: capped after %d events", r.What, len(res.Events))
			}
		})
	}
}
