package web

import "github.com/carrom-game/carrom/board"

// clientConfig is what the page is given at load: the board's markings in
// metres, computed by package board so the drawing matches the referee's
// geometry exactly, and the computer levels to offer.
type clientConfig struct {
	Geometry geometry `json:"geometry"`
	Levels   []string `json:"levels"`
}

type pt [2]float64

func ptOf(v board.Vec) pt { return pt{v.X, v.Y} }

// geometry is board.Spec with its derived markings, indexed by seat
// position (0 bottom, counter-clockwise) and pocket number.
type geometry struct {
	Half             float64     `json:"half"`
	Frame            float64     `json:"frame"`
	PocketRadius     float64     `json:"pocket_radius"`
	CoinRadius       float64     `json:"coin_radius"`
	StrikerRadius    float64     `json:"striker_radius"`
	Midline          float64     `json:"midline"`
	BaseCircleRadius float64     `json:"base_circle_radius"`
	BaseCoreRadius   float64     `json:"base_core_radius"`
	CentreRadius     float64     `json:"centre_radius"`
	OuterRadius      float64     `json:"outer_radius"`
	OuterLineWidth   float64     `json:"outer_line_width"`
	Pockets          [4]pt       `json:"pockets"`
	Baselines        [4][2][2]pt `json:"baselines"` // per seat: outer, inner; each two ends
	BaseCircles      [4][2]pt    `json:"base_circles"`
	Arrows           [4][2]pt    `json:"arrows"` // per pocket: the end towards the centre, the end towards the pocket
}

func geometryOf(sp board.Spec) geometry {
	g := geometry{
		Half: sp.Half(), Frame: sp.FrameBreadth, PocketRadius: sp.PocketRadius(),
		CoinRadius: sp.CoinRadius(), StrikerRadius: sp.Radius(board.Striker),
		Midline: sp.Midline(), BaseCircleRadius: sp.BaseCircleRadius(),
		// The core keeps the laws' proportion to the circle when a spec
		// changes the circle's size.
		BaseCoreRadius: sp.BaseCircleRadius() * board.BaseCircleCoreDiameter / board.BaseCircleDiameter,
		CentreRadius:   sp.CentreRadius(), OuterRadius: sp.OuterRadius(),
		OuterLineWidth: (board.BaselineOuterWidthMin + board.BaselineOuterWidthMax) / 2,
	}
	for i := range board.Bases {
		s := board.Base(i)
		outer, inner := sp.Baselines(s)
		g.Baselines[i] = [2][2]pt{{ptOf(outer[0]), ptOf(outer[1])}, {ptOf(inner[0]), ptOf(inner[1])}}
		c := sp.BaseCircles(s)
		g.BaseCircles[i] = [2]pt{ptOf(c[0]), ptOf(c[1])}
	}
	for i := range board.Pockets {
		p := board.Pocket(i)
		g.Pockets[i] = ptOf(sp.PocketCentre(p))
		inner, outer := sp.Arrow(p)
		g.Arrows[i] = [2]pt{ptOf(inner), ptOf(outer)}
	}
	return g
}
