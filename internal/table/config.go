package server

import (
	"fmt"
	"net/http"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// shown is the configuration as others see it: no seats' keepers, and no
// seed of a rated match still in play.
func shown(c protocol.TableConfig, over bool) protocol.TableConfig {
	c.Keep = nil
	if c.Rated && !over {
		c.Seed = 0
	}
	return c
}

// Errors of table requests, with the HTTP status each answers with; those
// a player meets at the table with a code the page says in his language.
var (
	ErrBadConfig  = httpapi.New(http.StatusBadRequest, "bad table configuration")
	ErrNotYours   = httpapi.NewCoded(http.StatusForbidden, "not_your_turn", "you do not hold the seat to act")
	ErrSeatTaken  = httpapi.NewCoded(http.StatusConflict, "seat_taken", "seat taken")
	ErrNotStarted = httpapi.NewCoded(http.StatusConflict, "not_started", "waiting for players to take their seats")
	ErrTableGone  = httpapi.NewCoded(http.StatusGone, "table_gone", "table closed")
	ErrNoSeat     = httpapi.NewCoded(http.StatusBadRequest, "no_seat", "no such seat")
	ErrTooMany    = httpapi.ErrTooMany
	// errMatchOver is rules.ErrMatchIsOver said to the player who acts.
	errMatchOver = httpapi.NewCoded(http.StatusConflict, "match_over", "the match is over")
)

// gameConfig is the game c asks for, or why it is bad.
func gameConfig(c protocol.TableConfig, p physics.Params) (game.Config, error) {
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
		if s.Kind != protocol.SeatHuman && s.Kind != protocol.SeatComputer {
			return game.Config{}, fmt.Errorf("server: seat %d kind %q: %w", i, s.Kind, ErrBadConfig)
		}
	}
	return game.Config{Rules: r, Players: c.Players, Physics: p}, nil
}
