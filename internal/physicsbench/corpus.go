package physicsbench

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
)

// Stroke is one shot on a table of pieces at rest.
type Stroke struct {
	Pieces []board.Piece
	Shot   physics.Shot
}

// CorpusSeed and CorpusSize make the committed mid-game corpus.
const (
	CorpusSeed = 20261122
	CorpusSize = 200
)

//go:embed testdata/midgame.jsonl
var midgame []byte

// Midgame returns the committed corpus of mid-game strokes: Generate's
// output for CorpusSeed and CorpusSize on the default parameters.
func Midgame() []Stroke {
	s, err := Decode(midgame)
	if err != nil {
		panic("physicsbench: corrupt corpus: " + err.Error())
	}
	return s
}

// wire is a stroke's line in the corpus file; its pieces are in record's
// JSON form.
type wire struct {
	Seat   board.Base     `json:"seat"`
	X      float64        `json:"x"`
	Dir    [2]float64     `json:"dir"`
	Speed  float64        `json:"speed"`
	Pieces []record.Piece `json:"pieces"`
}

// Encode writes strokes as JSON Lines, one stroke a line.
func Encode(strokes []Stroke) []byte {
	var b bytes.Buffer
	for _, s := range strokes {
		w := wire{Seat: s.Shot.Base, X: s.Shot.X, Dir: [2]float64{s.Shot.Dir.X, s.Shot.Dir.Y}, Speed: s.Shot.Speed, Pieces: record.PiecesOf(s.Pieces)}
		line, err := json.Marshal(w)
		if err != nil {
			panic(err) // only finite floats are generated
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Decode reads what Encode writes.
func Decode(data []byte) ([]Stroke, error) {
	var out []Stroke
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		var w wire
		if err := json.Unmarshal(sc.Bytes(), &w); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		pieces, err := record.ToPieces(w.Pieces)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, Stroke{Pieces: pieces, Shot: physics.Shot{Base: w.Seat, X: w.X, Dir: board.Vec{X: w.Dir[0], Y: w.Dir[1]}, Speed: w.Speed}})
	}
	return out, sc.Err()
}

// Generate returns n mid-game strokes drawn from seed: 3 to 15 coins at
// rest anywhere on the surface clear of the pockets, a legal striker
// position for a random seat, aimed at one of the coins give or take a
// few degrees, at 20% to 100% of the maximum speed.
func Generate(p physics.Params, seed uint64, n int) []Stroke {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	sp := p.Spec
	out := make([]Stroke, 0, n)
	for len(out) < n {
		seat := board.Base(rng.IntN(board.Bases))
		var pieces []board.Piece
		count := 3 + rng.IntN(13)
		whites, blacks, queen := 0, 0, false
		for tries := 0; len(pieces) < count && tries < 1000; tries++ {
			lim := sp.Half() - sp.CoinRadius()
			at := board.Vec{X: round((2*rng.Float64() - 1) * lim), Y: round((2*rng.Float64() - 1) * lim)}
			if !clear(p, at, sp.CoinRadius(), pieces) {
				continue
			}
			var pc board.Piece
			switch r := rng.IntN(19); {
			case r == 0 && !queen:
				queen = true
				pc = board.Piece{ID: "q", Kind: board.Queen}
			case r < 10 && whites < board.WhiteCount:
				whites++
				pc = board.Piece{ID: fmt.Sprintf("w%d", whites), Kind: board.White}
			case blacks < board.BlackCount:
				blacks++
				pc = board.Piece{ID: fmt.Sprintf("b%d", blacks), Kind: board.Black}
			default:
				continue
			}
			pc.Pos = at
			pieces = append(pieces, pc)
		}
		var x float64
		legal := false
		for tries := 0; tries < 100 && !legal; tries++ {
			x = round((2*rng.Float64() - 1) * sp.BaselineLength / 2)
			legal = sp.StrikerLegal(seat, x, pieces) == nil
		}
		if !legal || len(pieces) == 0 {
			continue
		}
		from := sp.StrikerAt(seat, x)
		aim := pieces[rng.IntN(len(pieces))].Pos.Sub(from).Unit()
		// Turn the aim by up to ±0.1 rad (a small-angle rotation, made unit).
		aim = aim.Add(aim.Rot90().Scale(0.2 * (rng.Float64() - 0.5))).Unit()
		dir := board.Vec{X: round(aim.Dot(seat.Right())), Y: round(aim.Dot(seat.Forward()))}
		speed := round((0.2 + 0.8*rng.Float64()) * p.MaxSpeed)
		out = append(out, Stroke{Pieces: pieces, Shot: physics.Shot{Base: seat, X: x, Dir: dir, Speed: speed}})
	}
	return out
}

// round keeps a generated figure to a micrometre, so the corpus reads well.
func round(x float64) float64 {
	const k = 1e6
	r := float64(int64(x*k+0.5)) / k
	if x < 0 {
		r = -float64(int64(-x*k+0.5)) / k
	}
	return r
}

// clear reports whether a coin at c is on the surface, away from the
// pockets, and clear of every piece.
func clear(p physics.Params, c board.Vec, r float64, pieces []board.Piece) bool {
	for k := board.Pocket(0); k < board.Pockets; k++ {
		if c.Dist(p.Spec.PocketCentre(k)) < p.CaptureRadius+r {
			return false
		}
	}
	for _, pc := range pieces {
		if c.Dist(pc.Pos) <= r+p.Spec.Radius(pc.Kind) {
			return false
		}
	}
	return true
}
