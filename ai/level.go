package ai

import (
	"fmt"
	"strings"
)

// Budget is how hard a player thinks before a stroke. It is counted in
// simulations, never in time, so that a seed gives the same game on any
// machine and under any load; the time a decision takes is measured by
// carrom bench ai (docs/ai.md gives the figures).
type Budget struct {
	PerTarget    int  // striker positions tried per coin and pocket for a direct cut
	Offsets      bool // direct cuts aimed beside the pocket's centre too
	Rebounds     bool // striker off a frame edge
	Combinations bool // striker onto a coin onto the target
	Safety       bool // soft touches when nothing pockets
	Position     bool // judge the position left, for oneself and the opponent
	Sweep        bool // add the shots a fan of exact simulations finds (not at the break)
	Screen       int  // noise draws each candidate is screened with; 0: once as meant
	Keep         int  // candidates that go on to noisy samples
	Samples      int  // noise samples per kept candidate
	Final        int  // best candidates sampled twice as much again
	// Deep is the most pieces on the board at which the search goes
	// deeper: a simulation of a few pieces costs a fraction of one of
	// nineteen, so the same time buys the fine sweep, twice the kept
	// candidates and four times the samples.
	Deep int
	// Simulations bounds the strokes one decision simulates: the
	// candidates and the sweep vary with the position, and the level's
	// settings keep them under this, which aitest.Exercise checks.
	Simulations int
}

// Level is a computer opponent: how hard it thinks and how steady its hand.
type Level struct {
	Name   string
	Budget Budget
	Noise  Noise
}

// Levels returns the levels from the weakest to the strongest. docs/ai.md
// gives the figures each one reaches.
func Levels() []Level {
	return []Level{
		{
			Name:   "beginner",
			Budget: Budget{PerTarget: 1, Keep: 4, Samples: 2, Simulations: 500},
			Noise:  Noise{X: 0.010, Angle: 6, Speed: 0.10},
		},
		{
			Name:   "casual",
			Budget: Budget{PerTarget: 2, Position: true, Keep: 8, Samples: 6, Simulations: 1000},
			Noise:  Noise{X: 0.006, Angle: 3.5, Speed: 0.05},
		},
		{
			Name:   "club",
			Budget: Budget{PerTarget: 3, Rebounds: true, Safety: true, Position: true, Keep: 24, Samples: 16, Final: 4, Simulations: 2500},
			Noise:  Noise{X: 0.003, Angle: 1.8, Speed: 0.025},
		},
		{
			Name:   "expert",
			Budget: Budget{PerTarget: 4, Offsets: true, Rebounds: true, Combinations: true, Safety: true, Position: true, Sweep: true, Screen: 12, Keep: 96, Samples: 48, Final: 12, Deep: 4, Simulations: 250000},
			Noise:  Noise{X: 0.0015, Angle: 0.8, Speed: 0.01},
		},
	}
}

// LevelNames returns the names of Levels, in their order.
func LevelNames() []string {
	var names []string
	for _, l := range Levels() {
		names = append(names, l.Name)
	}
	return names
}

// LevelByName returns the level called name.
func LevelByName(name string) (Level, error) {
	for _, l := range Levels() {
		if l.Name == name {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("ai: no level %q (have %s)", name, strings.Join(LevelNames(), ", "))
}
