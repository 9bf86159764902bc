package server

import (
	"fmt"
	"net/http"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// TableConfig is what a table is created with.
type TableConfig struct {
	Rules   string       `json:"rules"`   // "icf", "family", "point", "three" or "pockets"
	Players int          `json:"players"` // 2 or 4; 2 to 4 for point and pockets, 3 for three
	Clock   int          `json:"clock"`   // seconds per stroke: 0 (off), 15 or 30 (RULES TM-1)
	Seats   []SeatConfig `json:"seats"`
	// Seed makes the computer players' choices and hands, and the tosses,
	// reproducible. A rated table's is drawn by the server and shown only
	// once its match is over: whoever knew it could foresee the tie-break
	// toss (RULES B-8) of every position.
	Seed uint64 `json:"seed"`
	// Rated: the match is rated (Glicko-2), every seat an account's.
	Rated bool `json:"rated,omitempty"`
	// Keep is, for a rematch, the hash of the browser token each seat is
	// kept for ("" for a seat anyone may take): the seat of a player who
	// has not asked for the rematch waits for his own click. Stored with
	// the table, never shown.
	Keep []string `json:"keep,omitempty"`
}

// shown is the configuration as others see it: no seats' keepers, and no
// seed of a rated match still in play.
func (c TableConfig) shown(over bool) TableConfig {
	c.Keep = nil
	if c.Rated && !over {
		c.Seed = 0
	}
	return c
}

// SeatConfig says who plays a seat.
type SeatConfig struct {
	Kind  SeatKind `json:"kind"`
	Level string   `json:"level,omitempty"` // for a computer
}

// SeatKind is who plays a seat: a person or a computer.
type SeatKind string

// The kinds of seats.
const (
	SeatHuman    SeatKind = "human"
	SeatComputer SeatKind = "computer"
)

// Errors of table requests, with the HTTP status each answers with.
var (
	ErrBadConfig  = httpapi.New(http.StatusBadRequest, "bad table configuration")
	ErrNotYours   = httpapi.New(http.StatusForbidden, "you do not hold the seat to act")
	ErrSeatTaken  = httpapi.New(http.StatusConflict, "seat taken")
	ErrNotStarted = httpapi.New(http.StatusConflict, "waiting for players to take their seats")
	ErrTableGone  = httpapi.New(http.StatusGone, "table closed")
	ErrNoSeat     = httpapi.New(http.StatusBadRequest, "no such seat")
	ErrTooMany    = httpapi.New(http.StatusTooManyRequests, "too many")
)

func (c TableConfig) game(p physics.Params) (game.Config, error) {
	r, err := rules.ByName(c.Rules)
	if err != nil {
		return game.Config{}, fmt.Errorf("server: %v: %w", err, ErrBadConfig)
	}
	if lo, hi := r.Seats(); c.Players < lo || c.Players > hi || r.Variant == nil && c.Players == 3 {
		return game.Config{}, fmt.Errorf("server: %d players for %s: %w", c.Players, r.Name, ErrBadConfig)
	}
	if c.Clock != 0 && c.Clock != 15 && c.Clock != 30 {
		return game.Config{}, fmt.Errorf("server: clock %d s, want 0, 15 or 30: %w", c.Clock, ErrBadConfig)
	}
	if len(c.Seats) != c.Players {
		return game.Config{}, fmt.Errorf("server: %d seats for %d players: %w", len(c.Seats), c.Players, ErrBadConfig)
	}
	for i, s := range c.Seats {
		if s.Kind != SeatHuman && s.Kind != SeatComputer {
			return game.Config{}, fmt.Errorf("server: seat %d kind %q: %w", i, s.Kind, ErrBadConfig)
		}
	}
	return game.Config{Rules: r, Players: c.Players, Physics: p}, nil
}
