package board

// The figures of the ICF equipment laws (RULES §1), in SI units: metres and
// kilograms. Where the laws give a tolerance, both ends are named; Standard
// uses the maximum sizes, as the project's defaults.
const (
	SurfaceSideMin = 0.7350 // m, playing surface side, least allowed
	SurfaceSideMax = 0.7400 // m, playing surface side, largest allowed

	FrameBreadthMin = 0.0635 // m, cushion breadth
	FrameBreadthMax = 0.0760 // m
	FrameHeightMin  = 0.0190 // m, cushion height above the surface
	FrameHeightMax  = 0.0254 // m

	PocketDiameter          = 0.0445 // m, round corner holes tangent to both frame edges
	PocketDiameterTolerance = 0.0015 // m, ±

	BaselineLength          = 0.4700 // m, each of the two base lines of a side
	BaselineLengthTolerance = 0.0030 // m, ±
	BaselineFromFrame       = 0.1015 // m, from the frame to the outer base line
	BaselineSpacing         = 0.0318 // m, from the outer to the inner base line
	BaselineOuterWidthMin   = 0.0050 // m, thickness of the outer base line
	BaselineOuterWidthMax   = 0.0065 // m

	BaseCircleDiameter     = 0.0318 // m, closing each end of the base lines
	BaseCircleCoreDiameter = 0.0254 // m, its red core
	BaseCircleGap          = 0.0127 // m, approximate gap between adjacent sides' circles, as the laws state it

	ArrowLengthMax     = 0.2670 // m, the arrow on each diagonal
	ArrowShortOfPocket = 0.0500 // m, from the arrow's end to the pocket's edge

	CentreCircleDiameter          = 0.0318 // m, red
	CentreCircleDiameterTolerance = 0.0016 // m, ±
	OuterCircleDiameter           = 0.1700 // m
	OuterCircleDiameterTolerance  = 0.0030 // m, ±

	CoinDiameterMin  = 0.0302 // m, carrom men and queen
	CoinDiameterMax  = 0.0318 // m
	CoinThicknessMin = 0.0070 // m
	CoinThicknessMax = 0.0090 // m
	CoinMassMin      = 0.0050 // kg
	CoinMassMax      = 0.0055 // kg

	StrikerDiameterMax = 0.0413 // m
	StrikerMassMax     = 0.0150 // kg

	WhiteCount = 9 // carrom men of each colour
	BlackCount = 9
	QueenCount = 1

	// MinRuns is the surface-quality law: a 15 g striker struck with maximum
	// force from a base line makes at least 3½ runs of the board.
	MinRuns = 3.5
)

// Spec is one board and set of pieces. Every figure is configurable; the
// derived positions (base lines, circles, pockets, arrows, the break) are
// methods computed from it.
type Spec struct {
	Side                 float64 // m, playing surface side
	FrameBreadth         float64 // m
	PocketDiameter       float64 // m
	BaselineLength       float64 // m
	BaselineFromFrame    float64 // m
	BaselineSpacing      float64 // m
	BaseCircleDiameter   float64 // m
	ArrowLength          float64 // m
	ArrowShortOfPocket   float64 // m
	CentreCircleDiameter float64 // m
	OuterCircleDiameter  float64 // m
	CoinDiameter         float64 // m
	CoinMass             float64 // kg
	StrikerDiameter      float64 // m
	StrikerMass          float64 // kg
}

// Standard returns the ICF board with the largest pieces the laws allow
// (coin 3.18 cm / 5.5 g, striker 4.13 cm / 15 g).
func Standard() Spec {
	return Spec{
		Side:                 SurfaceSideMax,
		FrameBreadth:         FrameBreadthMax,
		PocketDiameter:       PocketDiameter,
		BaselineLength:       BaselineLength,
		BaselineFromFrame:    BaselineFromFrame,
		BaselineSpacing:      BaselineSpacing,
		BaseCircleDiameter:   BaseCircleDiameter,
		ArrowLength:          ArrowLengthMax,
		ArrowShortOfPocket:   ArrowShortOfPocket,
		CentreCircleDiameter: CentreCircleDiameter,
		OuterCircleDiameter:  OuterCircleDiameter,
		CoinDiameter:         CoinDiameterMax,
		CoinMass:             CoinMassMax,
		StrikerDiameter:      StrikerDiameterMax,
		StrikerMass:          StrikerMassMax,
	}
}

// Half is the distance from the centre to each frame edge.
func (s Spec) Half() float64 { return float64(s.Side / 2) }

// CoinRadius is the radius of a carrom man or the queen.
func (s Spec) CoinRadius() float64 { return float64(s.CoinDiameter / 2) }

// StrikerRadius is the radius of the striker.
func (s Spec) StrikerRadius() float64 { return float64(s.StrikerDiameter / 2) }

// PocketRadius is the radius of a pocket.
func (s Spec) PocketRadius() float64 { return float64(s.PocketDiameter / 2) }

// OuterRadius is the radius of the outer circle.
func (s Spec) OuterRadius() float64 { return float64(s.OuterCircleDiameter / 2) }

// CentreRadius is the radius of the centre circle.
func (s Spec) CentreRadius() float64 { return float64(s.CentreCircleDiameter / 2) }

// BaseCircleRadius is the radius of a base circle.
func (s Spec) BaseCircleRadius() float64 { return float64(s.BaseCircleDiameter / 2) }
