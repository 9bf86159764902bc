package rating_test

import (
	"errors"
	"math"
	"testing"

	"github.com/carrom-game/carrom/internal/rating"
)

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and
// to 1700/300, with τ = 0.5, and ends at 1464.06/151.52/0.05999. The
// paper rounds every intermediate to four decimals (μ' = −0.2069,
// φ' = 0.8722): unrounded, the rating is 1464.0507, so the rating is
// checked to 0.01 and its Glicko-2 value to the paper's four decimals.
func TestGlickmanExample(t *testing.T) {
	p := rating.Player{R: 1500, RD: 200, Vol: 0.06}
	got, err := p.Update([]rating.Game{
		{Opponent: rating.Player{R: 1400, RD: 30}, Score: 1},
		{Opponent: rating.Player{R: 1550, RD: 100}, Score: 0},
		{Opponent: rating.Player{R: 1700, RD: 300}, Score: 0},
	}, rating.Tau)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.R-1464.06) > 0.01 || math.Abs(got.RD-151.52) > 0.005 || math.Abs(got.Vol-0.05999) > 0.00001 {
		t.Errorf("Update = %.4f/%.4f/%.6f; want 1464.06/151.52/0.05999", got.R, got.RD, got.Vol)
	}
	mu, phi := (got.R-1500)/173.7178, got.RD/173.7178
	if math.Round(mu*1e4) != -2069 || math.Round(phi*1e4) != 8722 {
		t.Errorf("μ', φ' = %.6f, %.6f; want −0.2069, 0.8722 to four decimals", mu, phi)
	}
}

func TestIdle(t *testing.T) {
	p := rating.Player{R: 1500, RD: 200, Vol: 0.06}
	// Step 6 alone: φ* = √(φ² + σ²) on the Glicko-2 scale.
	want := math.Sqrt(math.Pow(200/173.7178, 2)+0.06*0.06) * 173.7178
	if got := p.Idle(1); math.Abs(got.RD-want) > 1e-9 || got.R != 1500 || got.Vol != 0.06 {
		t.Errorf("Idle(1) = %+v; want RD %.4f, R and Vol unchanged", got, want)
	}
	if got, _ := p.Update(nil, rating.Tau); got != p.Idle(1) {
		t.Errorf("Update(no games) = %+v; want Idle(1) = %+v", got, p.Idle(1))
	}
	if got := p.Idle(10000); got.RD != rating.InitialRD {
		t.Errorf("Idle(10000).RD = %v; want the cap %v", got.RD, rating.InitialRD)
	}
}

func TestExpected(t *testing.T) {
	a, b := rating.Player{R: 1700, RD: 50, Vol: 0.06}, rating.Player{R: 1500, RD: 50, Vol: 0.06}
	if ea, eb := rating.Expected(a, b), rating.Expected(b, a); ea <= 0.5 || math.Abs(ea+eb-1) > 1e-12 {
		t.Errorf("Expected = %v and %v; want the stronger above ½ and the two summing to 1", ea, eb)
	}
	if got := rating.Expected(b, b); got != 0.5 {
		t.Errorf("Expected(equal) = %v; want 0.5", got)
	}
}

func TestBadScore(t *testing.T) {
	p := rating.New()
	for _, s := range []float64{-0.1, 1.5, math.NaN()} {
		if got, err := p.Update([]rating.Game{{Opponent: rating.New(), Score: s}}, rating.Tau); !errors.Is(err, rating.ErrScore) || got != p {
			t.Errorf("Update(score %v) = %+v, %v; want p unchanged and ErrScore", s, got, err)
		}
	}
}

func TestPeriod(t *testing.T) {
	start := rating.Player{R: 1600, RD: 80, Vol: 0.06}
	now := rating.Player{R: 1620, RD: 75, Vol: 0.06}
	p := rating.Period{Day: 10, Start: start, Now: now}
	if got := p.StartOf(10); got != start {
		t.Errorf("StartOf(same day) = %+v; want the period's start %+v", got, start)
	}
	if got := p.StartOf(11); got != now {
		t.Errorf("StartOf(next day) = %+v; want the last rating %+v", got, now)
	}
	if got := p.StartOf(13); got != now.Idle(2) {
		t.Errorf("StartOf(three days on) = %+v; want two idle periods %+v", got, now.Idle(2))
	}
}

func TestTeam(t *testing.T) {
	got := rating.Team([]rating.Player{{R: 1400, RD: 30, Vol: 0.06}, {R: 1600, RD: 40, Vol: 0.06}})
	if got.R != 1500 || math.Abs(got.RD-math.Sqrt((900+1600)/2.0)) > 1e-12 {
		t.Errorf("Team = %+v; want R 1500, RD √1250", got)
	}
}
